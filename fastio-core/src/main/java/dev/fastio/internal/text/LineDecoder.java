package dev.fastio.internal.text;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes one line's bytes into a {@code String}, failing as the JDK's stream decoder fails on
 * bytes that are not text in the charset.
 *
 * <p>The line is made with {@code new String(bytes, off, len, charset)}, the JDK's fastest decoding
 * (an ASCII or Latin-1 line is one copy). That constructor replaces what it cannot decode with
 * U+FFFD; only a line that then holds U+FFFD is decoded again, strictly, with a decoder that
 * reports errors, over the line and its terminator, as the JDK's {@code BufferedReader} saw them: a
 * genuine U+FFFD passes, a coding error throws the decoder's own {@link
 * java.nio.charset.MalformedInputException} or {@link
 * java.nio.charset.UnmappableCharacterException}.
 *
 * <p>Not thread-safe: one per reading thread.
 */
final class LineDecoder {
  private final Charset charset;
  private final boolean neverFails;
  private CharsetDecoder strict; // made on the first suspicious line

  LineDecoder(Charset charset) {
    this.charset = charset;
    this.neverFails = charset.equals(StandardCharsets.ISO_8859_1);
  }

  /**
   * The line in {@code bytes[off, off + len)}, followed there by {@code terminator} bytes of its
   * line terminator (0 for a last line without one).
   *
   * @throws CharacterCodingException if the bytes are not text in the charset
   */
  String decode(byte[] bytes, int off, int len, int terminator) throws CharacterCodingException {
    String line = new String(bytes, off, len, charset);
    if (neverFails || line.indexOf('\uFFFD') < 0) {
      return line;
    }
    if (strict == null) {
      strict =
          charset
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
    strict.reset().decode(ByteBuffer.wrap(bytes, off, len + terminator)); // throws on bad bytes
    return line;
  }
}
