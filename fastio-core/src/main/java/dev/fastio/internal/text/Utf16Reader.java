package dev.fastio.internal.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The characters of UTF-16 text ({@code UTF-16}, {@code UTF-16BE}, {@code UTF-16LE}) from a byte
 * stream: those of an {@code InputStreamReader} with the charset's decoder, and its exceptions,
 * made faster. The JDK's decoder turns each two bytes into the character they encode, except
 * surrogates (paired, or malformed) and, on some JDKs, U+FFFE and U+FEFF; so the bytes are turned
 * into characters by a bulk copy in the byte order, and wherever the copy holds a surrogate, U+FFFE
 * or U+FEFF, the characters from there are made by the charset's own decoder instead, one decoder
 * for the whole stream (bytes it cannot use yet stay in the buffer). {@code UTF-16}'s first two
 * bytes always go through that decoder, which reads its byte order mark from them (FE FF big-endian
 * or FF FE little-endian, dropped; anything else big-endian), and the copy takes the same order.
 *
 * <p>Not thread-safe: used under a {@code BufferedReader}'s lock. Closing it closes the stream.
 */
final class Utf16Reader extends Reader {
  private static final int BUFFER = 16 * 1024;

  private final InputStream in;
  private final Charset charset;
  private final byte[] buf = new byte[BUFFER];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean closed;
  private ByteOrder order; // null until UTF-16's first two bytes are read
  private CharsetDecoder decoder; // made on the first step the copy does not take
  private int leftover = -1; // the second character decoded for a read of one character

  /** Whether {@code cs} is read by this reader. */
  static boolean reads(Charset cs) {
    return cs.equals(StandardCharsets.UTF_16)
        || cs.equals(StandardCharsets.UTF_16BE)
        || cs.equals(StandardCharsets.UTF_16LE);
  }

  Utf16Reader(InputStream in, Charset charset) {
    this.in = Objects.requireNonNull(in);
    this.charset = charset;
    if (charset.equals(StandardCharsets.UTF_16BE)) {
      order = ByteOrder.BIG_ENDIAN;
    } else if (charset.equals(StandardCharsets.UTF_16LE)) {
      order = ByteOrder.LITTLE_ENDIAN;
    }
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
    while (true) {
      if (limit - pos < 2 && !eof) {
        fill();
        continue;
      }
      if (order == null) {
        if (limit - pos < 2) {
          return decode(cbuf, off, len); // fewer than two bytes in all: as the decoder sees them
        }
        int n = start(cbuf, off, len);
        if (n > 0) {
          return n;
        }
        continue;
      }
      if (limit - pos >= 2) {
        int n = copy(cbuf, off, len);
        if (n > 0) {
          return n;
        }
        n = decode(cbuf, off, len);
        if (n > 0) {
          return n;
        }
        if (!eof) {
          fill(); // the decoder waits for the other half of a surrogate pair
          continue;
        }
      }
      if (pos == limit) {
        return -1;
      }
      return decode(cbuf, off, len); // a last odd byte, or half a pair: the decoder's error
    }
  }

  /**
   * {@code UTF-16}'s start: the byte order from its first two bytes, and those two bytes through
   * the decoder, which reads its byte order mark from them (so that it decodes what follows in that
   * order); returns the characters it made (0 for a mark, or half a surrogate pair).
   */
  private int start(char[] cbuf, int off, int len) throws IOException {
    int mark = (buf[pos] & 0xFF) << 8 | (buf[pos + 1] & 0xFF);
    order = mark == 0xFFFE ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    ByteBuffer src = ByteBuffer.wrap(buf, pos, 2);
    CharBuffer dst = CharBuffer.wrap(cbuf, off, len);
    CoderResult result = decoder().decode(src, dst, false);
    pos = src.position();
    if (result.isError()) {
      result.throwException();
    }
    return dst.position() - off;
  }

  /**
   * Copies the characters of whole byte pairs into {@code cbuf} up to the first surrogate, U+FFFE
   * or U+FEFF, and returns how many (0 if the first is one).
   */
  private int copy(char[] cbuf, int off, int len) {
    int n = Math.min(len, (limit - pos) >>> 1);
    ByteBuffer.wrap(buf, pos, n << 1).order(order).asCharBuffer().get(cbuf, off, n);
    for (int i = off, end = off + n; i < end; i++) {
      char c = cbuf[i];
      if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFEFF') {
        n = i - off;
        break;
      }
    }
    pos += n << 1;
    return n;
  }

  /**
   * Decodes from {@code pos} with the JDK's decoder as far as it goes, and returns how many
   * characters it made; throws its error.
   */
  private int decode(char[] cbuf, int off, int len) throws IOException {
    if (len == 1) {
      return decodeOne(cbuf, off);
    }
    ByteBuffer src = ByteBuffer.wrap(buf, pos, limit - pos);
    CharBuffer dst = CharBuffer.wrap(cbuf, off, len);
    CoderResult result = decoder().decode(src, dst, eof);
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
  private int decodeOne(char[] cbuf, int off) throws IOException {
    char[] two = new char[2];
    int n = decode(two, 0, 2);
    if (n <= 0) {
      return n;
    }
    cbuf[off] = two[0];
    if (n == 2) {
      leftover = two[1];
    }
    return 1;
  }

  /** The charset's own decoder, which has seen every byte before {@code pos} it was to see. */
  private CharsetDecoder decoder() {
    if (decoder == null) {
      decoder = charset.newDecoder();
    }
    return decoder;
  }

  /** Moves the unread bytes to the start and reads more after them; sets {@code eof} at the end. */
  private void fill() throws IOException {
    System.arraycopy(buf, pos, buf, 0, limit - pos);
    limit -= pos;
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
