package dev.fastio.internal.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The characters of text from a byte stream: those of an {@code InputStreamReader} with the
 * charset's decoder, and its exceptions, made faster where the decoder would only copy. The bytes
 * are turned into characters by a {@link Copy} (one per charset family: UTF-16 byte pairs, UTF-32
 * quads, ASCII bytes) up to the first unit it does not take, and from there by the charset's own
 * decoder, one for the whole stream (bytes it cannot use yet stay in the buffer), which hands back
 * to the copy where its {@code Copy} says it may.
 *
 * <p>The start: the first {@link Copy#head} bytes always go through the decoder, which reads a byte
 * order mark from them; for {@code UTF-16} and {@code UTF-32}, which detect their byte order, the
 * copy takes the order the mark gives (little-endian for FF FE, FF FE 00 00; else big-endian).
 *
 * <p>Lines: {@code FastFiles.lines} and {@code readAllLines} read the charsets of the ASCII copies
 * ({@link #readsLines}) through {@link #readLine}, which makes a line of bytes the copy takes
 * straight from the bytes, without characters; UTF-16 and UTF-32 through a {@code BufferedReader}.
 *
 * <p>Not thread-safe: used under a {@code BufferedReader}'s lock, or by one stream. Closing it
 * closes the stream.
 */
final class DecodingReader extends Reader {
  private static final int BUFFER = 16 * 1024;

  /** A {@code resume} not known yet: the decoder may hold a state the copy cannot follow. */
  private static final int NEVER = Integer.MAX_VALUE;

  private final InputStream in;
  private final Copy copy;
  private final CharsetDecoder decoder;
  private final byte[] buf = new byte[BUFFER];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean closed;
  private boolean started; // the head went through the decoder
  private ByteOrder order; // the byte order of the copy; null until the head is read, if detected
  private int leftover = -1; // the second character decoded for a read of one character
  private int resume; // where in buf the copy may take bytes again (a stateful copy), or NEVER
  private char[] chars; // characters decoded for readLine past the line it gave: [charPos, charEnd)
  private int charPos;
  private int charEnd;
  private boolean skipLf; // readLine's last line ended in CR: an LF next belongs to it

  /**
   * A reader of {@code in} in {@code cs}, decoding with {@code decoder} (new, reporting errors, of
   * {@code cs}) where {@code copy} (for {@code cs}) does not take the bytes.
   */
  DecodingReader(InputStream in, Copy copy, CharsetDecoder decoder) {
    this.in = Objects.requireNonNull(in);
    this.copy = copy;
    this.decoder = decoder;
    this.order = copy.order(decoder.charset());
    this.started = copy.head(decoder.charset()) == 0;
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, cbuf.length);
    if (closed) {
      throw new IOException("Stream closed");
    }
    if (len == 0) {
      return 0;
    }
    if (leftover >= 0) {
      cbuf[off] = (char) leftover;
      leftover = -1;
      return 1;
    }
    int width = copy.width();
    while (true) {
      if (limit - pos < width && !eof) {
        fill();
        continue;
      }
      if (!started) {
        int head = copy.head(decoder.charset());
        if (limit - pos < head) {
          return decode(
              cbuf, off, len, limit); // fewer bytes than the head: as the decoder sees them
        }
        int n = start(cbuf, off, len, head);
        if (n > 0) {
          return n;
        }
        continue;
      }
      if (limit - pos >= width) {
        int n = pos >= resume ? copy.copy(buf, pos, limit, order, cbuf, off, len) : 0;
        if (n > 0) {
          pos += n * width;
          return n;
        }
        int before = pos;
        n = decode(cbuf, off, len, decodeEnd());
        if (n > 0) {
          return n;
        }
        if (pos != before) {
          continue; // the decoder took bytes that make no character
        }
        if (!eof) {
          fill(); // the decoder waits for the rest of a character
          continue;
        }
      }
      if (pos == limit) {
        return -1;
      }
      return decode(cbuf, off, len, limit); // a last part of a unit: the decoder's error
    }
  }

  /**
   * Whether {@link #readLine} makes lines of bytes the copy takes straight from the bytes (a copy
   * of one byte a unit); else it is no faster than a {@code BufferedReader}.
   */
  boolean readsLines() {
    return copy.width() == 1;
  }

  /**
   * The next line, as {@link java.io.BufferedReader#readLine()} over this reader gives it (ended by
   * LF, CR or CR LF, the terminator dropped), or null at the end: a line of bytes the copy takes
   * (ASCII) is made straight from them, as a Latin-1 {@code String}, any other of the characters
   * {@link #read} makes. Use it or {@code read}, not both.
   *
   * @throws IOException as {@link #read} throws it, after the lines before the bad bytes
   */
  String readLine() throws IOException {
    if (closed) {
      throw new IOException("Stream closed");
    }
    StringBuilder line = null;
    while (true) {
      if (charPos < charEnd) {
        if (skipLf) {
          skipLf = false;
          if (chars[charPos] == '\n') {
            charPos++;
            continue;
          }
        }
        int i = charPos;
        while (i < charEnd && chars[i] != '\n' && chars[i] != '\r') {
          i++;
        }
        String part = new String(chars, charPos, i - charPos);
        if (i < charEnd) {
          skipLf = chars[i] == '\r';
          charPos = i + 1;
          return line == null ? part : line.append(part).toString();
        }
        line = append(line, part);
        charPos = charEnd;
        continue;
      }
      if (pos == limit && !eof) {
        fill();
        continue;
      }
      if (copy.width() == 1 && pos < limit && pos >= resume) {
        if (skipLf) {
          byte b = buf[pos];
          if (b == '\n') {
            skipLf = false;
            pos++;
            continue;
          }
          if (b == '\r' || copy.lineEnd(buf, pos, pos + 1) > pos) {
            skipLf = false; // else bytes the decoder takes: they may make no character (an escape)
          }
        }
        int end = copy.lineEnd(buf, pos, limit);
        if (end < limit && (buf[end] == '\n' || buf[end] == '\r')) {
          String ascii = new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
          skipLf = buf[end] == '\r';
          pos = end + 1;
          return line == null ? ascii : line.append(ascii).toString();
        }
        if (end > pos) {
          line = append(line, new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1));
          pos = end;
        }
        if (end == limit) {
          continue; // the rest of the line is still to read
        }
      }
      if (chars == null) {
        chars = new char[BUFFER / 2];
      }
      int n = read(chars, 0, chars.length);
      if (n < 0) {
        return line == null ? null : line.toString();
      }
      charPos = 0;
      charEnd = n;
    }
  }

  private static StringBuilder append(StringBuilder line, String part) {
    return line == null ? new StringBuilder(part) : line.append(part);
  }

  /**
   * Where the decoder's bytes end now: for a stateful copy where the copy may resume (known, or
   * found now), or the end of the bytes; else where the copy says, and the end of the bytes at the
   * end of the stream (the decoder cannot be told the input ends inside a character).
   */
  private int decodeEnd() {
    if (!copy.stateful()) {
      return eof ? limit : copy.decodeEnd(buf, pos, limit);
    }
    if (resume != NEVER && resume > pos) {
      return resume;
    }
    int end = copy.decodeEnd(buf, pos, limit);
    resume = end < 0 ? NEVER : end;
    return end < 0 ? limit : end;
  }

  /**
   * The start: the order from the first {@code head} bytes if the charset detects it, and those
   * bytes through the decoder, which reads its byte order mark from them (so that it decodes what
   * follows in that order); returns the characters it made (0 for a mark, or half a character).
   */
  private int start(char[] cbuf, int off, int len, int head) throws IOException {
    if (order == null) {
      boolean little = (buf[pos] & 0xFF) == 0xFF && (buf[pos + 1] & 0xFF) == 0xFE;
      for (int i = 2; i < head; i++) {
        little &= buf[pos + i] == 0;
      }
      order = little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }
    started = true;
    ByteBuffer src = ByteBuffer.wrap(buf, pos, head);
    CharBuffer dst = CharBuffer.wrap(cbuf, off, len);
    CoderResult result = decoder.decode(src, dst, false);
    pos = src.position();
    if (result.isError()) {
      result.throwException();
    }
    return dst.position() - off;
  }

  /**
   * Decodes from {@code pos} to at most {@code end} with the JDK's decoder as far as it goes, and
   * returns how many characters it made; throws its error. At the end of the stream {@code end} is
   * the end of the bytes (the decoder, once told the input ends, is told so every time).
   */
  private int decode(char[] cbuf, int off, int len, int end) throws IOException {
    if (len == 1) {
      return decodeOne(cbuf, off, end);
    }
    ByteBuffer src = ByteBuffer.wrap(buf, pos, end - pos);
    CharBuffer dst = CharBuffer.wrap(cbuf, off, len);
    CoderResult result = decoder.decode(src, dst, eof);
    if (src.position() == pos && result.isUnderflow() && end < limit) {
      src = ByteBuffer.wrap(buf, pos, limit - pos); // a character past the end given: all bytes
      result = decoder.decode(src, dst, eof);
    }
    pos = src.position();
    int n = dst.position() - off;
    if (result.isError() && n == 0) {
      result.throwException();
    }
    if (n == 0 && eof && pos == limit) {
      return -1;
    }
    return n;
  }

  /**
   * {@link #decode} for a read of one character, where the decoder cannot put a surrogate pair: it
   * decodes into two places and keeps the second character (a pair's low half, or the character
   * after one the copy left to the decoder) for the next read.
   */
  private int decodeOne(char[] cbuf, int off, int end) throws IOException {
    char[] two = new char[2];
    int n = decode(two, 0, 2, end);
    if (n <= 0) {
      return n;
    }
    cbuf[off] = two[0];
    if (n == 2) {
      leftover = two[1];
    }
    return 1;
  }

  /** Moves the unread bytes to the start and reads more after them; sets {@code eof} at the end. */
  private void fill() throws IOException {
    System.arraycopy(buf, pos, buf, 0, limit - pos);
    limit -= pos;
    if (resume != NEVER) {
      resume = Math.max(0, resume - pos);
    }
    pos = 0;
    int n = in.read(buf, limit, buf.length - limit);
    if (n == 0) {
      throw new IOException("Underlying input stream returned zero bytes"); // as the JDK's reader
    }
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  @Override
  public boolean ready() throws IOException {
    if (closed) {
      throw new IOException("Stream closed");
    }
    return leftover >= 0 || limit > pos || inReady();
  }

  /** Whether the stream has bytes to read without blocking; false if it cannot tell. */
  private boolean inReady() {
    try {
      return in.available() > 0;
    } catch (IOException e) {
      return false; // as the JDK's reader: not ready
    }
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }
}
