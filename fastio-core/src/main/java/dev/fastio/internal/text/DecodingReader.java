package dev.fastio.internal.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The characters of text from a byte stream: those of an {@code InputStreamReader} with the
 * charset's decoder, and its exceptions, made faster where the decoder would only copy. The bytes
 * are turned into characters by a {@link Copy} (one per charset family: UTF-16 byte pairs, UTF-32
 * quads, ASCII bytes, single bytes by a table) up to the first unit it does not take, and from
 * there by the charset's own decoder, one for the whole stream (bytes it cannot use yet stay in the
 * buffer), which hands back to the copy where its {@code Copy} says it may. For x-ISCII91 ({@link
 * Copy#HOLD}) that decoder is fastio's {@link IsciiDecoder}, which gives the JDK decoder's
 * characters and whose state decides where ASCII bytes are copied.
 *
 * <p>The start: the first {@link Copy#head} bytes always go through the decoder, which reads a byte
 * order mark from them; for {@code UTF-16}, {@code x-UTF-16LE-BOM} and {@code UTF-32}, which detect
 * their byte order, the copy takes the order the mark gives (little-endian for FF FE, FF FE 00 00;
 * big-endian for FE FF, 00 00 FE FF; else the charset's: little-endian for {@code x-UTF-16LE-BOM}).
 *
 * <p>Lines: {@code FastFiles.lines} and {@code readAllLines} read the charsets of the copies of one
 * byte a unit ({@link #readsLines}) through {@link #readLine}, which makes a line of ASCII bytes
 * the copy takes straight from the bytes, without characters (and any other line from the
 * characters {@link #read} makes), and those of {@link Copy#PAIRS}, whose text is one line, through
 * {@link #readLine} too, which decodes it into one array; UTF-16 and UTF-32 through a {@code
 * BufferedReader}.
 *
 * <p>Not thread-safe: used under a {@code BufferedReader}'s lock, or by one stream. Closing it
 * closes the stream.
 */
final class DecodingReader extends Reader {
  private static final int BUFFER = 16 * 1024;

  /** The most characters {@link #restAsLine} makes room for before it has decoded any. */
  private static final int FIRST_LINE = 1 << 22;

  /** A {@code resume} not known yet: the decoder may hold a state the copy cannot follow. */
  private static final int NEVER = Integer.MAX_VALUE;

  private final InputStream in;
  private Copy copy; // DETECT until the decoder has chosen a charset, then that charset's
  private char[] table; // the copy's single bytes in this charset, or null (ASCII)
  private int cap; // the bytes of buf in use: DETECT_BUFFER while DETECT's decoder chooses
  private boolean detecting; // DETECT's decoder has not chosen yet
  private final CharsetDecoder decoder;
  private final IsciiDecoder holding; // the decoder of the HOLD copy, else null
  private final byte[] buf = new byte[BUFFER];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean told; // the decoder was told the input ends
  private boolean closed;
  private boolean started; // the head went through the decoder
  private ByteOrder order; // the byte order of the copy; null until the head is read, if detected
  private int leftover = -1; // the second character decoded for a read of one character
  private int resume; // where in buf the copy may take bytes again (a stateful copy), or NEVER
  private char[] chars; // characters decoded for readLine past the line it gave: [charPos, charEnd)
  private int charPos;
  private int charEnd;
  private boolean skipLf; // readLine's last line ended in CR: an LF next belongs to it
  private long copied; // characters the copy made (not the decoder)

  /**
   * A reader of {@code in} in {@code cs}, decoding with {@code decoder} (new, reporting errors, of
   * {@code cs}) where {@code copy} (for {@code cs}) does not take the bytes.
   */
  DecodingReader(InputStream in, Copy copy, CharsetDecoder decoder) {
    this.in = Objects.requireNonNull(in);
    this.copy = copy;
    char[] singles = Copy.table(decoder.charset());
    this.holding = copy == Copy.HOLD ? holding(decoder, singles) : null;
    this.table = holding == null ? singles : null;
    this.detecting = copy == Copy.DETECT;
    this.cap = detecting ? Copy.DETECT_BUFFER : BUFFER;
    this.decoder = holding == null ? decoder : holding;
    this.order = copy.order(decoder.charset());
    this.started = copy.head(decoder.charset()) == 0;
    this.resume = copy == Copy.PAIRS ? NEVER : 0; // PAIRS copies nothing
  }

  /** fastio's decoder in place of {@code decoder}, of the same charset, errors and replacement. */
  private static IsciiDecoder holding(CharsetDecoder decoder, char[] table) {
    IsciiDecoder d = new IsciiDecoder(decoder.charset(), table);
    d.onMalformedInput(decoder.malformedInputAction())
        .onUnmappableCharacter(decoder.unmappableCharacterAction())
        .replaceWith(decoder.replacement());
    return d;
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
    while (true) {
      if (charPos < charEnd) { // characters readLine decoded past its last line
        if (skipLf && chars[charPos] == '\n') {
          charPos++;
        }
        skipLf = false;
        int n = Math.min(len, charEnd - charPos);
        System.arraycopy(chars, charPos, cbuf, off, n);
        charPos += n;
        if (n > 0) {
          return n;
        }
        continue;
      }
      int n = readChars(cbuf, off, len, true);
      if (skipLf && n > 0) { // readLine's last line ended in CR: an LF next belongs to it
        skipLf = false;
        if (cbuf[off] == '\n') {
          System.arraycopy(cbuf, off + 1, cbuf, off, n - 1);
          if (n == 1) {
            continue;
          }
          return n - 1;
        }
      }
      return n;
    }
  }

  /**
   * {@link #read}, but for what {@link #readLine} left; if not {@code mayRead}, of the bytes in the
   * buffer only: 0 where it would read the stream.
   */
  private int readChars(char[] cbuf, int off, int len, boolean mayRead) throws IOException {
    if (leftover >= 0) {
      cbuf[off] = (char) leftover;
      leftover = -1;
      return 1;
    }
    int width = copy.width();
    while (true) {
      if (limit - pos < width && !eof) {
        if (!mayRead) {
          return 0;
        }
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
        int n = holding != null ? copyHolding(cbuf, off, len) : copy(cbuf, off, len);
        if (n > 0) {
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
          if (!mayRead) {
            return 0;
          }
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
   * The copy's characters of the units at {@code pos} (where it may take them), up to {@code len}.
   */
  private int copy(char[] cbuf, int off, int len) {
    int n = pos >= resume ? copy.copy(buf, pos, limit, order, table, cbuf, off, len) : 0;
    pos += n * copy.width();
    copied += n;
    return n;
  }

  /**
   * The {@link #holding} decoder's characters of the bytes at {@code pos} (at least one), up to
   * {@code len}, where they are its held character and ASCII bytes: the held character if it comes
   * with the next byte whatever that is, then the ASCII bytes from there as their characters where
   * the decoder gives them so, but for the last one if it is late (which then holds that one: its
   * byte is taken, its character not made yet). May take a byte and make no character.
   */
  private int copyHolding(char[] cbuf, int off, int len) {
    int n = 0;
    int h = holding.takeHeld();
    if (h >= 0) {
      cbuf[off + n++] = (char) h;
    }
    if (holding.copiesAscii()) {
      int k = Copy.copyAscii(buf, pos, limit, cbuf, off + n, len - n, false);
      if (k > 0) {
        byte last = buf[pos + k - 1];
        pos += k;
        if (holding.late()) {
          holding.holds(last);
          k--;
        } else {
          holding.took(last);
        }
        n += k;
      }
    }
    copied += n;
    return n;
  }

  /** The characters the copy made so far, not the decoder (line terminators included). */
  long copied() {
    return copied;
  }

  /**
   * Whether {@link #readLine} is faster than a {@code BufferedReader} over this reader: for a copy
   * of one byte a unit, whose ASCII lines it makes straight from the bytes (other lines, and all in
   * the copies with a table, from the characters {@link #read} makes, without a second buffer); and
   * for {@link Copy#PAIRS}, whose one line it decodes into one array.
   */
  boolean readsLines() {
    return copy.width() == 1 || copy == Copy.PAIRS;
  }

  /**
   * The next line, as {@link java.io.BufferedReader#readLine()} over this reader gives it (ended by
   * LF, CR or CR LF, the terminator dropped), or null at the end: a line of bytes the copy takes
   * (ASCII) is made straight from them, as a Latin-1 {@code String}, any other of the characters
   * {@link #read} makes. A {@link #read} after it gives the characters it decoded past the line,
   * without an LF that ends a line ended by CR, as {@code BufferedReader}'s {@code read} does.
   *
   * @throws IOException as {@link #read} throws it, after the lines before the bad bytes
   */
  String readLine() throws IOException {
    if (closed) {
      throw new IOException("Stream closed");
    }
    if (copy == Copy.PAIRS && charPos == charEnd && leftover < 0) {
      return restAsLine();
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
      int h = holding != null && pos < limit ? holding.takeHeld() : -1;
      if (h >= 0) { // a character the decoder gives with the next byte, whatever it is
        copied++;
        if (skipLf && h == '\n') {
          skipLf = false;
          continue;
        }
        skipLf = h == '\r';
        if (h == '\n' || h == '\r') {
          return line == null ? "" : line.toString();
        }
        line = append(line, String.valueOf((char) h));
        continue;
      }
      if (copy.width() == 1 && table == null && pos < limit && copiesBytes()) {
        if (skipLf) {
          byte b = buf[pos];
          if (b == '\n') {
            skipLf = false;
            pos++;
            copied++;
            took(b);
            continue;
          }
          if (b == '\r' || copy.lineEnd(buf, pos, pos + 1) > pos) {
            skipLf = false; // else bytes the decoder takes: they may make no character (an escape)
          }
        }
        int end = copy.lineEnd(buf, pos, limit);
        boolean late = holding != null && holding.late(); // it gives a byte's character after it
        boolean ends = end < limit && (buf[end] == '\n' || buf[end] == '\r');
        if (ends && late && end + 1 == limit) {
          end++; // a line end the decoder gives only if a byte follows (at the end it drops it)
        } else if (ends) {
          copied += end - pos + 1;
          String ascii = new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
          skipLf = buf[end] == '\r';
          took(buf[end]);
          pos = end + 1;
          return line == null ? ascii : line.append(ascii).toString();
        }
        if (end > pos) {
          // a late decoder gives the last byte's character only with a byte after it
          int taken = late ? end - 1 : end;
          copied += taken - pos;
          if (taken > pos) {
            line = append(line, new String(buf, pos, taken - pos, StandardCharsets.ISO_8859_1));
          }
          if (taken < end) {
            holding.holds(buf[taken]);
          } else {
            took(buf[end - 1]);
          }
          pos = end;
        }
        if (end == limit) {
          continue; // the rest of the line is still to read
        }
      }
      if (chars == null) {
        chars = new char[BUFFER / 2];
      }
      int n = readChars(chars, 0, chars.length, true);
      if (n < 0) {
        return line == null ? null : line.toString();
      }
      charPos = 0;
      charEnd = n;
    }
  }

  /**
   * Whether {@link #readLine} may make characters of ASCII bytes itself here: where the copy may
   * resume, or where the {@link #holding} decoder says so.
   */
  private boolean copiesBytes() {
    return holding != null ? holding.copiesAscii() : pos >= resume;
  }

  /** The bytes through {@code last} were taken as their characters: the decoder's state follows. */
  private void took(byte last) {
    if (holding != null) {
      holding.took(last);
    }
  }

  /**
   * {@link #readLine} in a charset none of whose characters is LF or CR ({@link Copy#PAIRS}), with
   * no characters decoded ahead: the rest of the text, which is one line, decoded straight into one
   * array as the stream is read (sized by what the stream says is left, doubled if more comes);
   * null at the end. The decoder's error is thrown as soon as its bytes are read, after the
   * characters before it are dropped with the line, as a {@code BufferedReader}'s readLine drops
   * them.
   */
  private String restAsLine() throws IOException {
    char[] line = new char[lineCapacity(0)];
    int n = 0;
    while (true) {
      if (line.length - n < 2) {
        line = Arrays.copyOf(line, lineCapacity(n));
        if (line.length - n < 2) {
          throw new OutOfMemoryError(
              "Required array size too large"); // a line too long, as the JDK
        }
      }
      if (limit - pos < 2 && !eof) {
        fill();
        continue;
      }
      int got = decode(line, n, line.length - n, limit);
      if (got < 0) {
        return n == 0 ? null : new String(line, 0, n);
      }
      if (got == 0 && !eof) {
        fill(); // the decoder waits for the second byte of a pair
      }
      n += got;
    }
  }

  /**
   * A capacity for {@link #restAsLine}'s line of {@code n} characters so far: room for what the
   * buffer and the stream say is left, at least double, at first at most {@link #FIRST_LINE}.
   */
  private int lineCapacity(int n) {
    long left = (limit - pos + (long) Math.max(0, inAvailable())) / copy.width() + 2;
    long capacity = n == 0 ? Math.min(left, FIRST_LINE) : Math.max(2L * n, n + left);
    return (int) Math.min(capacity, Integer.MAX_VALUE - 8);
  }

  /** The stream's bytes left without blocking, as it estimates them; 0 if it cannot tell. */
  private int inAvailable() {
    try {
      return in.available();
    } catch (IOException e) {
      return 0;
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
    if (!copy.stateful()) { // a holding decoder's window ends at a line's end, not in a character
      return eof && holding == null ? limit : copy.decodeEnd(buf, pos, limit, true);
    }
    if (resume != NEVER && resume > pos) {
      return resume;
    }
    int end = copy.decodeEnd(buf, pos, limit, resume != NEVER);
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
      boolean big = head == 2 && (buf[pos] & 0xFF) == 0xFE && (buf[pos + 1] & 0xFF) == 0xFF;
      for (int i = 2; i < head; i++) {
        little &= buf[pos + i] == 0;
      }
      order =
          little
              ? ByteOrder.LITTLE_ENDIAN
              : big ? ByteOrder.BIG_ENDIAN : Copy.defaultOrder(decoder.charset());
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
   * Decodes from {@code pos} to at most {@code end} with the decoder as far as it goes, and returns
   * how many characters it made; throws its error. The decoder is told the input ends when it is
   * given the last byte of the stream, and from then on is given every byte left (once told, it
   * must be told so every time).
   */
  private int decode(char[] cbuf, int off, int len, int end) throws IOException {
    if (len == 1) {
      return decodeOne(cbuf, off, end);
    }
    int to = told ? limit : end;
    ByteBuffer src = ByteBuffer.wrap(buf, pos, to - pos);
    CharBuffer dst = CharBuffer.wrap(cbuf, off, len);
    told = eof && to == limit;
    CoderResult result = decoder.decode(src, dst, told);
    if (src.position() == pos && result.isUnderflow() && to < limit) {
      src = ByteBuffer.wrap(buf, pos, limit - pos); // a character past the end given: all bytes
      told = eof;
      result = decoder.decode(src, dst, told);
    }
    pos = src.position();
    int n = dst.position() - off;
    if (copy.stateful()
        && resume != NEVER
        && (pos > resume || !copy.leavesStateKnown(cbuf, off, off + n))) {
      resume = NEVER; // the decoder went past the window, or may have left the copy's state
    }
    if (detecting && decoder.isCharsetDetected()) {
      chosen();
    }
    if (result.isError() && n == 0) {
      result.throwException();
    }
    if (n == 0 && eof && pos == limit) {
      return -1;
    }
    return n;
  }

  /**
   * DETECT's decoder has chosen a charset: from here on the copy is that charset's (from where the
   * decoder stopped if it keeps no state, else once it is back in the copy's state), if it has a
   * copy of one byte a unit, else none.
   */
  private void chosen() {
    detecting = false;
    cap = BUFFER;
    Charset chosen = decoder.detectedCharset();
    Copy next = Copy.of(chosen);
    if (next == null || next.width() != 1) {
      resume = NEVER; // DETECT's copy, which never takes bytes again
      return;
    }
    copy = next;
    table = Copy.table(chosen);
    resume = next.stateful() ? NEVER : pos;
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
    int n = in.read(buf, limit, cap - limit);
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
    if (charPos == charEnd && leftover < 0 && limit > pos) {
      decodeBuffered(); // the JDK's reader has already decoded them: bytes that make no character
    }
    if (skipLf) { // as BufferedReader's: an LF that ends readLine's last line is not a character
      if (charPos == charEnd && (leftover >= 0 || limit > pos || inReady())) {
        charsOf(true);
      }
      if (charPos < charEnd) {
        if (chars[charPos] == '\n') {
          charPos++;
        }
        skipLf = false;
      }
    }
    return charPos < charEnd || leftover >= 0 || limit > pos || inReady();
  }

  /**
   * Decodes the bytes in the buffer, without reading the stream, for {@link #ready}: where the
   * decoder takes them and makes no character (a held character, an escape), nothing is left to be
   * ready, as in the JDK's reader, which decodes all it has read; where they hold an error, they
   * stay (to fail the next read).
   */
  private void decodeBuffered() throws IOException {
    try {
      charsOf(false);
    } catch (CharacterCodingException e) {
      charPos = charEnd = 0; // the bytes before the error made no character: the error stays
    }
  }

  /** Reads characters into {@link #chars} (empty before), reading the stream if {@code mayRead}. */
  private void charsOf(boolean mayRead) throws IOException {
    if (chars == null) {
      chars = new char[BUFFER / 2];
    }
    int n = readChars(chars, 0, chars.length, mayRead);
    charPos = 0;
    charEnd = Math.max(n, 0);
  }

  /** Whether the stream has bytes to read without blocking; false if it cannot tell. */
  private boolean inReady() {
    return inAvailable() > 0; // a stream that cannot tell is not ready, as for the JDK's reader
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }
}
