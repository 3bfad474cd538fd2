package dev.fastio.internal.stream;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnmappableCharacterException;
import java.util.Arrays;

/**
 * Text as {@code Files.readString} and {@code Files.writeString} turn it into bytes and back: the
 * same strings and bytes, and on bad input the same exception, {@link MalformedInputException} or
 * {@link UnmappableCharacterException} with the same input length, where the JDK refuses to
 * replace.
 *
 * <p>The JDK's rules, which its public decoders and encoders do not all follow (the JDK goes
 * through an internal path of {@code String}): for UTF-8, ISO-8859-1 and US-ASCII its own coding
 * loops, whose lengths differ from the charsets' coders in places (a malformed 3-byte UTF-8
 * sequence is reported with length 3, where the UTF-8 decoder says 1; a lone surrogate is
 * unmappable in UTF-8, where the encoder calls it malformed); for every other charset its decoder
 * or encoder, reporting errors. Here the three are coded with the JDK's fast public conversions
 * (which replace), then checked for a replacement that the input did not hold, the rare case looked
 * at closely.
 */
final class Text {
  private static final char REPLACEMENT = '\uFFFD';

  /** Bytes looked at per step when counting question marks (as a Latin-1 string, scanned fast). */
  private static final int COUNT_STEP = 64 * 1024;

  private Text() {}

  /** The charsets the JDK codes with its own loops, and all others. */
  private enum Coding {
    UTF_8,
    ISO_8859_1,
    US_ASCII,
    OTHER
  }

  // The JDK tests these very instances (StandardCharsets' own) by identity; so does this.
  @SuppressWarnings("ReferenceEquality")
  private static Coding codingOf(Charset cs) {
    if (cs == StandardCharsets.UTF_8) {
      return Coding.UTF_8;
    }
    if (cs == StandardCharsets.ISO_8859_1) {
      return Coding.ISO_8859_1;
    }
    return cs == StandardCharsets.US_ASCII ? Coding.US_ASCII : Coding.OTHER;
  }

  /** The text of {@code bytes} in {@code cs}, as {@code Files.readString} decodes it. */
  static String decode(byte[] bytes, Charset cs) throws CharacterCodingException {
    if (bytes.length == 0) {
      return "";
    }
    Coding coding = codingOf(cs);
    if (coding == Coding.UTF_8) {
      String s = new String(bytes, cs);
      if (s.indexOf(REPLACEMENT) >= 0) { // a replacement, or U+FFFD in the input itself
        int malformed = Utf8.firstMalformedLength(bytes);
        if (malformed > 0) {
          throw new MalformedInputException(malformed);
        }
      }
      return s;
    }
    if (coding == Coding.ISO_8859_1) {
      return new String(bytes, cs);
    }
    if (coding == Coding.US_ASCII) {
      String s = new String(bytes, cs);
      if (s.indexOf(REPLACEMENT) >= 0) { // only a byte above 0x7f becomes U+FFFD
        throw new MalformedInputException(1);
      }
      return s;
    }
    return decodeReporting(bytes, cs);
  }

  /** {@code cs}'s decoder, reporting errors, into an array as large as it may need. */
  private static String decodeReporting(byte[] bytes, Charset cs) throws CharacterCodingException {
    CharsetDecoder decoder = cs.newDecoder();
    char[] chars = new char[(int) (bytes.length * (double) decoder.maxCharsPerByte())];
    CharBuffer out = CharBuffer.wrap(chars);
    CoderResult result = decoder.decode(ByteBuffer.wrap(bytes), out, true);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    result = decoder.flush(out);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    return new String(chars, 0, out.position());
  }

  /** The bytes of {@code s} in {@code cs}, as {@code Files.writeString} encodes them. */
  static byte[] encode(String s, Charset cs) throws CharacterCodingException {
    if (s.isEmpty()) {
      return new byte[0];
    }
    Coding coding = codingOf(cs);
    if (coding == Coding.OTHER) {
      return encodeReporting(s, cs);
    }
    // These replace what they cannot encode with '?': more '?' out than in means an error.
    byte[] bytes = s.getBytes(cs);
    if (questionMarks(bytes) != questionMarks(s)) {
      throw firstEncodingError(s, coding);
    }
    return bytes;
  }

  /** {@code cs}'s encoder, reporting errors, into an array as large as it may need. */
  private static byte[] encodeReporting(String s, Charset cs) throws CharacterCodingException {
    CharsetEncoder encoder = cs.newEncoder();
    byte[] bytes = new byte[(int) (s.length() * (double) encoder.maxBytesPerChar())];
    ByteBuffer out = ByteBuffer.wrap(bytes);
    CoderResult result = encoder.encode(CharBuffer.wrap(s.toCharArray()), out, true);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    result = encoder.flush(out);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    return out.position() == bytes.length ? bytes : Arrays.copyOf(bytes, out.position());
  }

  /**
   * The JDK's exception for the first character of {@code s} that {@code cs} (UTF-8, ISO-8859-1 or
   * US-ASCII) cannot encode: a lone surrogate is unmappable (length 1) in UTF-8; any character
   * above 0xff is unmappable (length 1) in ISO-8859-1; in US-ASCII a character above 0x7f is
   * unmappable (length 1, or 2 for a surrogate pair) and a lone surrogate malformed (length 1).
   */
  private static CharacterCodingException firstEncodingError(String s, Coding coding) {
    int limit = coding == Coding.US_ASCII ? 0x7f : coding == Coding.ISO_8859_1 ? 0xff : -1;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean pair =
          Character.isHighSurrogate(c)
              && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1));
      if (limit < 0) { // UTF-8: only a lone surrogate fails
        if (pair) {
          i++;
        } else if (Character.isSurrogate(c)) {
          return new UnmappableCharacterException(1);
        }
      } else if (c > limit) {
        if (limit == 0xff) {
          return new UnmappableCharacterException(1);
        }
        return pair
            ? new UnmappableCharacterException(2)
            : Character.isSurrogate(c)
                ? new MalformedInputException(1)
                : new UnmappableCharacterException(1);
      }
    }
    throw new IllegalStateException("no encoding error in the text"); // the counts said there was
  }

  private static int questionMarks(String s) {
    int count = 0;
    for (int i = s.indexOf('?'); i >= 0; i = s.indexOf('?', i + 1)) {
      count++;
    }
    return count;
  }

  /** The bytes 0x3f in {@code bytes}, found by the JDK's vectorised search of a Latin-1 string. */
  private static int questionMarks(byte[] bytes) {
    int count = 0;
    for (int from = 0; from < bytes.length; from += COUNT_STEP) {
      int n = Math.min(COUNT_STEP, bytes.length - from);
      count += questionMarks(new String(bytes, from, n, StandardCharsets.ISO_8859_1));
    }
    return count;
  }
}
