package dev.fastio.internal.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;

/**
 * The one rule that decides where lines are found in the bytes: a charset qualifies when its line
 * ends are the single bytes 0x0A (LF) and 0x0D (CR) and no other character's bytes contain them, so
 * that the JDK's {@code BufferedReader} over its decoder ends lines exactly where those bytes are,
 * and decoding each line alone gives its characters and errors. Probed, not listed:
 *
 * <ol>
 *   <li>LF and CR encode to the single bytes 0x0A and 0x0D;
 *   <li>each byte alone decodes to LF or CR exactly when it is 0x0A or 0x0D, and no byte alone is
 *       taken without a character coming out of it (a shift into another state, a held character);
 *   <li>after each of the 65,536 two-byte prefixes without 0x0A or 0x0D, 0x0A or 0x0D and then
 *       {@code A} still decode to the line end and {@code A}: no character's bytes contain them,
 *       and no coding error swallows them (a charset of one byte a character needs no such test);
 *   <li>the encoder writes nothing when flushed after one character: it keeps no state (an escape
 *       sequence) from one character to the next.
 * </ol>
 *
 * UTF-8, US-ASCII, the ISO-8859 and windows single-byte charsets, Shift_JIS, EUC-KR, GBK and Big5
 * qualify; UTF-16 and UTF-32 (LF is two or four bytes), the EBCDIC charsets (LF is 0x25 or 0x15),
 * EUC-JP (an error takes 0x0A after 0x8F), GB18030 and the ISO-2022 charsets (state) do not. The
 * probe decodes about 0.5 MB once per multi-byte charset.
 */
final class LineEnds {
  private static final byte LF = 0x0A;
  private static final byte CR = 0x0D;

  private LineEnds() {}

  /** Whether lines in {@code cs} are found by searching its bytes for 0x0A and 0x0D. */
  static boolean areSingleBytes(Charset cs) {
    if (!cs.canEncode()) {
      return false;
    }
    CharsetEncoder encoder = cs.newEncoder();
    if (!encodesTo(encoder, '\n', LF) || !encodesTo(encoder, '\r', CR)) {
      return false;
    }
    CharsetDecoder decoder =
        cs.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    if (!eachByteAloneIsItself(decoder)) {
      return false;
    }
    boolean multiByte = encoder.maxBytesPerChar() > 1;
    return !multiByte
        || (endsSurviveEveryPrefix(decoder, LF)
            && endsSurviveEveryPrefix(decoder, CR)
            && keepsNoState(cs.newEncoder()));
  }

  private static boolean encodesTo(CharsetEncoder encoder, char c, byte b) {
    try {
      ByteBuffer bytes = encoder.reset().encode(CharBuffer.wrap(new char[] {c}));
      return bytes.remaining() == 1 && bytes.get(0) == b;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  /** Rule 2: every byte alone, decoded as the start of more input and as the whole of it. */
  private static boolean eachByteAloneIsItself(CharsetDecoder decoder) {
    ByteBuffer in = ByteBuffer.allocate(1);
    CharBuffer out = CharBuffer.allocate(8);
    for (int b = 0; b < 256; b++) {
      in.clear().put(0, (byte) b);
      out.clear();
      CoderResult r = decoder.reset().decode(in, out, false);
      if (!r.isError() && in.position() == 1 && out.position() == 0) {
        return false; // taken into the decoder's state
      }
      in.clear();
      out.clear();
      decoder.reset().decode(in, out, true);
      decoder.flush(out);
      boolean end = out.position() == 1 && (out.get(0) == '\n' || out.get(0) == '\r');
      boolean means = out.position() > 0 && (out.get(0) == '\n' || out.get(0) == '\r');
      if (means != (b == LF || b == CR) || (means && !end)) {
        return false;
      }
    }
    return true;
  }

  /** Rule 3 for {@code end}: the prefixes in one text, each followed by {@code end} and 'A'. */
  private static boolean endsSurviveEveryPrefix(CharsetDecoder decoder, byte end) {
    ByteBuffer text = ByteBuffer.allocate(4 * 65536);
    int segments = 0;
    for (int p = 0; p < 65536; p++) {
      byte first = (byte) (p >>> 8);
      byte second = (byte) p;
      if (isEnd(first) || isEnd(second)) {
        continue;
      }
      text.put(first).put(second).put(end).put((byte) 'A');
      segments++;
    }
    CharBuffer chars;
    try {
      chars = decoder.reset().decode(text.flip());
    } catch (CharacterCodingException e) {
      return false; // not with REPLACE
    }
    char c = end == LF ? '\n' : '\r';
    int found = 0;
    for (int i = 0; i + 1 < chars.length(); i++) {
      if (chars.charAt(i) == c && chars.charAt(i + 1) == 'A') {
        found++;
      }
    }
    return found == segments;
  }

  private static boolean isEnd(byte b) {
    return b == LF || b == CR;
  }

  /**
   * Rule 4: a flush after a character writes no byte, for every 97th character of the Basic
   * Multilingual Plane (an encoder that shifts does so for whole ranges of characters).
   */
  private static boolean keepsNoState(CharsetEncoder encoder) {
    CharBuffer in = CharBuffer.allocate(1);
    ByteBuffer out = ByteBuffer.allocate(64);
    for (int c = 0; c < 65536; c += 97) {
      if (Character.isSurrogate((char) c)) {
        continue;
      }
      in.clear().put(0, (char) c);
      out.clear();
      if (encoder.reset().encode(in, out, true).isError()) {
        continue; // a character the charset has not
      }
      int written = out.position();
      encoder.flush(out);
      if (out.position() != written) {
        return false;
      }
    }
    return true;
  }
}
