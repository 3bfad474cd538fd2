package dev.fastio.tests.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnmappableCharacterException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@code FastFiles.lines} (sequential and parallel), {@code readAllLines} and {@code
 * newBufferedReader} against the JDK's, over files built to hit every line-ending case: LF, CR and
 * CR LF in any mix, empty lines, no final terminator, a byte order mark, multi-byte UTF-8
 * characters, malformed and unmappable bytes, lines far longer than the buffer, in charsets that
 * are split at newlines (single- and multi-byte) and one that is not. The same lines, or the same
 * exception class and input length. The internal reader is also run with first buffers of a few
 * bytes and parts of a few bytes, so that lines cross buffer ends and part boundaries everywhere.
 */
// Each stream is opened in a lambda or argument and closed by collect/consume's
// try-with-resources, which Error Prone does not follow.
@SuppressWarnings("StreamResourceLeak")
class LinesPropertiesTest {
  private static Path dir;
  private static int counter;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-lines");
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  @Provide
  Arbitrary<Charset> charsets() {
    return Arbitraries.of(
        StandardCharsets.UTF_8,
        StandardCharsets.UTF_8,
        StandardCharsets.ISO_8859_1,
        StandardCharsets.US_ASCII,
        Charset.forName("windows-1252"),
        StandardCharsets.UTF_16,
        Charset.forName("Shift_JIS"),
        Charset.forName("EUC-KR"),
        Charset.forName("GBK"),
        Charset.forName("Big5"),
        Charset.forName("IBM037"),
        Charset.forName("IBM1047"),
        Charset.forName("IBM01140"));
  }

  /**
   * Files of pieces: words, terminators of every kind (and EBCDIC's: 0x25 or 0x15, 0x0D),
   * multi-byte and bad bytes, long runs.
   */
  @Provide
  Arbitrary<byte[]> contents() {
    Arbitrary<byte[]> piece =
        Arbitraries.oneOf(
            Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(12).map(Ascii::bytes),
            Arbitraries.of("\n", "\r", "\r\n", "\n\n", "\r\r\n", "\n\r").map(Ascii::bytes),
            Arbitraries.of( // EBCDIC's LF (0x25, 0x15) and CR
                new byte[] {0x25},
                new byte[] {0x15},
                new byte[] {0x0D, 0x25},
                new byte[] {0x0D, 0x15},
                new byte[] {0x25, 0x0D}),
            Arbitraries.of("\u00e9", "\u20ac", "\ud83d\ude00", "\ufffd")
                .map(s -> s.getBytes(StandardCharsets.UTF_8)),
            Arbitraries.of(
                new byte[] {(byte) 0xff},
                new byte[] {(byte) 0xc3},
                new byte[] {(byte) 0xe2, (byte) 0x82},
                new byte[] {(byte) 0x81},
                new byte[] {(byte) 0x80}),
            Arbitraries.integers().between(100, 3000).map(n -> Ascii.bytes("x".repeat(n))));
    Arbitrary<List<byte[]>> pieces = piece.list().ofMaxSize(40);
    return Arbitraries.oneOf(
        pieces.map(LinesPropertiesTest::concat), pieces.map(l -> withBom(concat(l))));
  }

  @Property(tries = 1500, seed = "20261126", edgeCases = EdgeCasesMode.NONE)
  void linesAndReadAllLinesEqualTheJdk(
      @ForAll("contents") byte[] content, @ForAll("charsets") Charset cs) throws Exception {
    Path file = TestSupport.write(dir, "lines-" + counter++, content);
    Outcome all = Outcome.of(() -> Files.readAllLines(file, cs), file);
    assertEquals(all, Outcome.of(() -> FastFiles.readAllLines(file, cs), file), "readAllLines");
    Outcome lines = Outcome.of(() -> collect(() -> Files.lines(file, cs)), file);
    assertEquals(lines, Outcome.of(() -> collect(() -> FastFiles.lines(file, cs)), file), "lines");
    assertEquals(
        lines,
        Outcome.of(() -> collect(() -> FastFiles.lines(file, cs).parallel()), file),
        "parallel");
    assertEquals(all, Outcome.of(() -> readLines(file, cs), file), "newBufferedReader");
    Files.delete(file);
  }

  @Property(tries = 1500, seed = "20261127", edgeCases = EdgeCasesMode.NONE)
  void tinyBuffersAndPartsGiveTheSameLines(
      @ForAll("contents") byte[] content,
      @ForAll("charsets") Charset cs,
      @ForAll @IntRange(min = 1, max = 300) int minSplit,
      @ForAll @IntRange(min = 1, max = 70) int initial,
      @ForAll boolean parallel)
      throws Exception {
    if (!TextTestHook.splitsAtNewlines(cs) || content.length == 0) {
      return; // read through a Reader, or not at all
    }
    Path file = TestSupport.write(dir, "tiny-" + counter++, content);
    Outcome expected = Outcome.of(() -> collect(() -> Files.lines(file, cs)), file);
    Outcome actual =
        Outcome.of(
            () -> collect(() -> TextTestHook.lines(file, cs, parallel, minSplit, initial)), file);
    if (parallel && expected.thrown() != null) {
      // which bad line a parallel run meets first is not defined: the kind of failure is
      assertEquals(expected.thrown(), actual.thrown(), "parallel failure");
    } else {
      assertEquals(expected, actual, "minSplit " + minSplit + ", buffer " + initial);
    }
    Files.delete(file);
  }

  /**
   * Short files of high bytes mixed with LF, CR and the ASCII bytes that are second bytes of
   * multi-byte characters, in the multi-byte charsets read from their bytes: every lead byte meets
   * every terminator, where a decoder that took an LF or CR into a character would see another line
   * than the bytes' split (as EUC-JP's decoder does after 0x8F, which is why EUC-JP is read through
   * a reader).
   */
  @Property(tries = 3000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void leadBytesBeforeTerminatorsFailAsTheJdk(
      @ForAll("byteSoup") byte[] content, @ForAll("multiByte") Charset cs) throws Exception {
    Path file = TestSupport.write(dir, "soup-" + counter++, content);
    assertEquals(
        Outcome.of(() -> Files.readAllLines(file, cs), file),
        Outcome.of(() -> FastFiles.readAllLines(file, cs), file),
        "readAllLines");
    assertEquals(
        Outcome.of(() -> collect(() -> Files.lines(file, cs)), file),
        Outcome.of(() -> collect(() -> FastFiles.lines(file, cs)), file),
        "lines");
    Files.delete(file);
  }

  @Provide
  Arbitrary<Charset> multiByte() {
    return Arbitraries.of("Shift_JIS", "windows-31j", "EUC-KR", "x-windows-949", "GBK", "Big5")
        .map(Charset::forName);
  }

  @Provide
  Arbitrary<byte[]> byteSoup() {
    Arbitrary<Byte> b =
        Arbitraries.oneOf(
            Arbitraries.of(
                (byte) 'a',
                (byte) '\n',
                (byte) '\r',
                (byte) 0x30,
                (byte) 0x40,
                (byte) 0x5c,
                (byte) 0x7e),
            Arbitraries.bytes().between((byte) 0x80, (byte) 0xff));
    return b.array(byte[].class).ofMaxSize(32);
  }

  /**
   * UTF-16 text of units that the decoder treats apart (surrogates, paired or not, U+FFFE, U+FEFF,
   * both byte orders' marks), LF and CR in either byte order, an odd last byte; some files longer
   * than the reader's 16 KiB buffer, so that such units meet its ends. On JDK 17 the JDK's reader
   * resets the decoder at the end of the input (JDK-8292043, fixed in JDK 20), so that {@code
   * UTF-16} text marked little-endian (x-UTF-16LE-BOM text marked big-endian) and ending in half a
   * character is read in the charset's first byte order at its end: fastio fails there as the newer
   * JDKs do (docs/lines.md, "Deviation"); on JDK 17 this asserts only fastio's failure for every
   * such text ending in an odd byte or a high surrogate, where only some differ from the JDK's
   * reading.
   */
  @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void utf16EqualsTheJdk(@ForAll("utf16") byte[] content, @ForAll("utf16Charsets") Charset cs)
      throws Exception {
    if (Runtime.version().feature() < 20 && endsInHalfAfterMark(content, cs)) {
      Path file = TestSupport.write(dir, "utf16-" + counter++, content);
      Outcome fast = Outcome.of(() -> FastFiles.readAllLines(file, cs), file);
      assertEquals(MalformedInputException.class, fast.thrown(), "JDK-8292043");
      Files.delete(file);
    } else {
      assertReadAsTheJdk(content, cs);
    }
  }

  /**
   * UTF-32 text of units that the decoder treats apart (supplementary characters, values past
   * U+10FFFF, both byte orders' marks, surrogates, which it passes), LF and CR, each unit in either
   * byte order, up to three bytes left over at the end; some files longer than the reader's buffer.
   */
  @Property(tries = 600, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void utf32EqualsTheJdk(@ForAll("utf32") byte[] content, @ForAll("utf32Charsets") Charset cs)
      throws Exception {
    assertReadAsTheJdk(content, cs);
  }

  @Provide
  Arbitrary<Charset> utf32Charsets() {
    return Arbitraries.of("UTF-32", "UTF-32BE", "UTF-32LE", "X-UTF-32BE-BOM", "X-UTF-32LE-BOM")
        .map(Charset::forName);
  }

  @Provide
  Arbitrary<byte[]> utf32() {
    Arbitrary<Integer> special =
        Arbitraries.of(
            0x0A,
            0x0D,
            0xFEFF,
            0xFFFE,
            0xFFFE0000,
            0xD800,
            0xDC00,
            0x1F600,
            0x10FFFF,
            0x110000,
            0xFFFFFFFF,
            0x4E2D,
            0xE9,
            0x0A0D,
            0);
    return Combinators.combine(
            units(special, 200, 4_000, 10_000),
            Arbitraries.longs(),
            Arbitraries.integers().between(0, 3))
        .as(LinesPropertiesTest::utf32Bytes);
  }

  /** The units in a byte order drawn for each from {@code seed}, and {@code extra} bytes after. */
  private static byte[] utf32Bytes(List<Integer> units, long seed, int extra) {
    java.util.Random orders = new java.util.Random(seed);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int u : units) {
      boolean big = orders.nextBoolean();
      for (int i = 0; i < 4; i++) {
        b.write(u >>> (big ? 24 - 8 * i : 8 * i));
      }
    }
    for (int i = 0; i < extra; i++) {
      b.write((int) seed >>> i);
    }
    return b.toByteArray();
  }

  /**
   * Text in a multi-byte charset that fastio decodes with a copy of its single bytes (EUC-JP,
   * GB18030, x-IBM942, the ISO-2022 and EBCDIC double-byte charsets and the others {@code
   * TextTestHook.decoderOf} names), as its encoder writes it, with bytes that are not text inserted
   * anywhere (a lead byte before LF or CR, 0x8F, digits after a lead byte, escapes, SO and SI, an
   * SI inside a double byte): the same lines and characters, or the same exception.
   */
  @Property(tries = 800, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void copiedMultiByteEqualsTheJdk(
      @ForAll("copiedMultiByteCharsets") Charset cs,
      @ForAll("mixedText") String text,
      @ForAll("noise") byte[] noise,
      @ForAll @IntRange(min = 0, max = 1_000_000) int at)
      throws Exception {
    assertReadAsTheJdk(withNoise(text, cs, noise, at), cs);
  }

  /**
   * fastio's reader under {@code newBufferedReader} in every charset it takes, read directly in
   * reads of one, two, a few and thousands of characters over a stream that returns a few bytes or
   * thousands at a time, against the JDK's {@code InputStreamReader} read the same way: the same
   * characters, or the same exception after at least the characters the JDK's gave (it fails as
   * soon as a chunk it decodes holds an error, fastio after giving the characters before it).
   */
  @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void decodingReaderReadsAsTheJdkAtAnyReadSize(
      @ForAll("decodedCharsets") Charset cs,
      @ForAll("mixedText") String text,
      @ForAll("noise") byte[] noise,
      @ForAll @IntRange(min = 0, max = 1_000_000) int at,
      @ForAll long seed)
      throws Exception {
    byte[] content = withNoise(text, cs, noise, at);
    Assume.that(Runtime.version().feature() >= 20 || !endsInHalfAfterMark(content, cs));
    Read jdk = Read.of(new InputStreamReader(new Trickle(content, seed), cs.newDecoder()), seed);
    Read fast = Read.of(TextTestHook.reader(new Trickle(content, seed), cs), seed);
    if (resetsAtEnd(cs) && fast.failure() != null && !fast.failure().equals(jdk.failure())) {
      assertTrue(fast.failure().startsWith("malformed "), "JDK-8292043");
      assertTrue(errorAt(content, cs) >= content.length - 8, "JDK-8292043 is about the end");
      assertEquals(beforeError(content, cs), fast.chars(), "fastio gives every character before");
      return;
    }
    assertEquals(jdk.failure(), fast.failure(), "failure");
    if (jdk.failure() == null) {
      assertEquals(jdk.chars(), fast.chars());
    } else {
      assertTrue(fast.chars().startsWith(jdk.chars()), "fastio gives what the JDK gave first");
      assertEquals(beforeError(content, cs), fast.chars(), "fastio gives every character before");
    }
  }

  /**
   * The lines fastio reads through its reader in every charset it takes (for the copies of one byte
   * a unit made by its own {@code readLine}), over a stream returning 1-3 or thousands of bytes a
   * read, against a {@code BufferedReader} over the JDK's {@code InputStreamReader}: the same
   * lines, or the same exception after every whole line before the bad bytes.
   */
  @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void decodedLinesAreTheJdks(
      @ForAll("decodedCharsets") Charset cs,
      @ForAll("mixedText") String text,
      @ForAll("noise") byte[] noise,
      @ForAll @IntRange(min = 0, max = 1_000_000) int at,
      @ForAll long seed)
      throws Exception {
    byte[] content = withNoise(text, cs, noise, at);
    Assume.that(Runtime.version().feature() >= 20 || !endsInHalfAfterMark(content, cs));
    List<String> jdk = new ArrayList<>();
    String jdkFailure =
        failure(
            () -> {
              jdkLines(new Trickle(content, seed), cs, jdk);
              return null;
            });
    List<String> fast = new ArrayList<>();
    String fastFailure =
        failure(
            () -> {
              TextTestHook.readLines(new Trickle(content, seed), cs, fast);
              return null;
            });
    boolean reset = resetsAtEnd(cs) && fastFailure != null && !fastFailure.equals(jdkFailure);
    if (reset) {
      assertTrue(fastFailure.startsWith("malformed "), "JDK-8292043");
      assertTrue(errorAt(content, cs) >= content.length - 8, "JDK-8292043 is about the end");
    } else {
      assertEquals(jdkFailure, fastFailure, "failure");
    }
    if (jdkFailure == null && !reset) {
      assertEquals(jdk, fast);
    } else {
      List<String> before = new ArrayList<>();
      String text0 = beforeError(content, cs);
      jdkLines(
          new java.io.ByteArrayInputStream(text0.getBytes(StandardCharsets.UTF_8)),
          StandardCharsets.UTF_8,
          before);
      if (!text0.isEmpty() && !text0.endsWith("\n") && !text0.endsWith("\r")) {
        before.remove(before.size() - 1); // the line with the bad bytes
      }
      assertEquals(before, fast, "every whole line before the bad bytes");
    }
  }

  private static void jdkLines(InputStream in, Charset cs, List<String> sink) throws IOException {
    try (java.io.BufferedReader reader =
        new java.io.BufferedReader(new InputStreamReader(in, cs.newDecoder()))) {
      for (String line; (line = reader.readLine()) != null; ) {
        sink.add(line);
      }
    }
  }

  /** The exception of {@code call} as {@link Read} names it, or null. */
  private static String failure(TestSupport.IoCall<?> call) throws Exception {
    try {
      call.call();
      return null;
    } catch (MalformedInputException e) {
      return "malformed " + e.getInputLength();
    } catch (UnmappableCharacterException e) {
      return "unmappable " + e.getInputLength();
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** {@code text} in {@code cs} with {@code noise} inserted at {@code at} (modulo its length). */
  private static byte[] withNoise(String text, Charset cs, byte[] noise, int at) {
    byte[] encoded = text.getBytes(encoder(cs, at));
    int p = at % (encoded.length + 1);
    return concat(
        List.of(
            Arrays.copyOfRange(encoded, 0, p),
            noise,
            Arrays.copyOfRange(encoded, p, encoded.length)));
  }

  /** Where the charset's decoder meets the first error in {@code content}, or its length. */
  private static int errorAt(byte[] content, Charset cs) {
    ByteBuffer in = ByteBuffer.wrap(content);
    cs.newDecoder().decode(in, CharBuffer.allocate(2 * content.length + 2), true);
    return in.position();
  }

  /** The characters the charset's decoder makes of {@code content} before its first error. */
  private static String beforeError(byte[] content, Charset cs) {
    CharBuffer out = CharBuffer.allocate(2 * content.length + 2);
    cs.newDecoder().decode(ByteBuffer.wrap(content), out, true);
    return out.flip().toString();
  }

  /**
   * The charsets fastio's reader reads, but x-JISAutoDetect, whose choice of charset depends on the
   * bytes the reader hands its decoder, so that only a stream of full reads (a file's, as the
   * file-based properties use) gives the JDK's choice.
   */
  @Provide
  Arbitrary<Charset> decodedCharsets() {
    return Arbitraries.of(
        Charset.availableCharsets().values().stream()
            .filter(cs -> TextTestHook.decoderOf(cs).equals("DecodingReader"))
            .filter(cs -> !cs.name().equals("x-JISAutoDetect"))
            .toList());
  }

  /** What a reader gave, read in sizes drawn from a seed, and its exception with input length. */
  private record Read(String chars, String failure) {
    static Read of(Reader reader, long seed) {
      java.util.Random sizes = new java.util.Random(seed);
      StringBuilder b = new StringBuilder();
      char[] chunk = new char[9000];
      try (reader) {
        while (true) {
          int[] choice = {1, 2, 1 + sizes.nextInt(9), 8192, 1 + sizes.nextInt(9000)};
          int n = reader.read(chunk, 0, choice[sizes.nextInt(choice.length)]);
          if (n < 0) {
            return new Read(b.toString(), null);
          }
          b.append(chunk, 0, n);
        }
      } catch (MalformedInputException e) {
        return new Read(b.toString(), "malformed " + e.getInputLength());
      } catch (UnmappableCharacterException e) {
        return new Read(b.toString(), "unmappable " + e.getInputLength());
      } catch (IOException e) {
        return new Read(b.toString(), e.toString());
      }
    }
  }

  /** A stream of {@code bytes} that gives one to three bytes or up to 20,000 a read. */
  private static final class Trickle extends InputStream {
    private final byte[] bytes;
    private final java.util.Random sizes;
    private int pos;

    Trickle(byte[] bytes, long seed) {
      this.bytes = bytes;
      this.sizes = new java.util.Random(~seed);
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (pos == bytes.length) {
        return -1;
      }
      int most = sizes.nextInt(4) == 0 ? 1 + sizes.nextInt(3) : 1 + sizes.nextInt(20_000);
      int n = Math.min(Math.min(len, bytes.length - pos), most);
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  @Provide
  Arbitrary<Charset> copiedMultiByteCharsets() {
    return Arbitraries.of(
        Charset.availableCharsets().values().stream()
            .filter(cs -> !cs.name().toUpperCase(Locale.ROOT).contains("UTF"))
            .filter(cs -> TextTestHook.decoderOf(cs).equals("DecodingReader"))
            .toList());
  }

  @Provide
  Arbitrary<String> mixedText() {
    Arbitrary<Integer> cp =
        Arbitraries.frequencyOf(
            Tuple.of(40, Arbitraries.integers().between('a', 'z')),
            Tuple.of(4, Arbitraries.of((int) '\n', (int) '\r', (int) '0', (int) '~')),
            Tuple.of(10, Arbitraries.integers().between(0x4E00, 0x9FFF)),
            Tuple.of(3, Arbitraries.integers().between(0x3041, 0x30FF)),
            Tuple.of(2, Arbitraries.integers().between(0xAC00, 0xD7A3)),
            Tuple.of(2, Arbitraries.of(0xE9, 0xFC, 0xA5, 0x203E, 0xFFFD)),
            Tuple.of(1, Arbitraries.integers().between(0x20000, 0x2A6DF)));
    return text(cp, 40, 20_000, 1);
  }

  /**
   * Text of the code points {@code cp}: up to {@code few} of them, or in {@code longOnes} tries of
   * 10 from 8,000 to {@code most}.
   */
  private static Arbitrary<String> text(Arbitrary<Integer> cp, int few, int most, int longOnes) {
    return Arbitraries.frequencyOf(
            Tuple.of(10 - longOnes, cp.list().ofMaxSize(few)),
            Tuple.of(longOnes, cp.list().ofMinSize(8_000).ofMaxSize(most)))
        .map(
            cps -> {
              StringBuilder b = new StringBuilder();
              cps.forEach(b::appendCodePoint);
              return b.toString();
            });
  }

  @Provide
  Arbitrary<byte[]> noise() {
    Arbitrary<Byte> b =
        Arbitraries.of(
            (byte) '\n',
            (byte) '\r',
            (byte) 0x8E,
            (byte) 0x8F,
            (byte) 0x81,
            (byte) 0x30,
            (byte) 0xA1,
            (byte) 0xFE,
            (byte) 0xFF,
            (byte) 0x80,
            (byte) 0x00,
            (byte) 0x1B,
            (byte) '(',
            (byte) '$',
            (byte) 'B',
            (byte) 0x0E,
            (byte) 0x0F);
    Arbitrary<byte[]> shifts =
        Arbitraries.of(
            // JIS X 0208, then SO (kana) saving it, ASCII, and SI bringing 0208 back
            new byte[] {
              0x1B, '$', 'B', 0x30, 0x21, 0x0E, 0x31, 0x1B, '(', 'B', 'A', 0x0F, 'B', 'C'
            },
            new byte[] {0x0E, 0x31, 0x0F, 'A', 0x0E, 0x32},
            new byte[] {0x1B, '(', 'J', 0x5C, 0x7E, 0x1B, '(', 'B', 0x5C, 0x7E},
            new byte[] {0x1B, '$', 'B', 0x30, 0x1B, '(', 'B', 'A'},
            new byte[] {0x1B, '$', '(', 'D', 0x30, 0x21, 0x1B, '(', 'B', '\n'},
            // a CR, bytes that make no character, an LF: one line end
            new byte[] {'a', '\r', 0x1B, '(', 'B', '\n', 'b'},
            new byte[] {'a', '\r', 0x0E, 0x0F, '\n', 'b'},
            new byte[] {'a', '\r', 0x1B, '(', 'J', '\n', 'b', 0x1B, '(', 'B'},
            // ISO-2022-KR and -CN: a designation, then an SI inside a double byte and after one
            new byte[] {0x1B, '$', ')', 'C', 0x0E, 0x30, 0x0F, 'A', 'A', 0x0F, 'B'},
            new byte[] {0x1B, '$', ')', 'A', 0x0E, 0x30, 0x30, 0x0F, '\n'},
            new byte[] {0x1B, 'N', 0x30, 0x0F, 'A', 0x1B, 0x0F},
            // EBCDIC: LF (0x25, 0x15) and CR, and double bytes between SO and SI
            new byte[] {0x25, 0x0D, 0x15, 0x0E, 0x45, 0x45, 0x0F, (byte) 0xC1, 0x0E, 0x40, 0x40},
            new byte[] {0x0E, 0x0F, 0x0F, 0x0E, 0x25});
    return Arbitraries.frequencyOf(
        Tuple.of(2, Arbitraries.just(new byte[0])),
        Tuple.of(2, b.array(byte[].class).ofMinSize(1).ofMaxSize(6)),
        Tuple.of(1, shifts));
  }

  /**
   * {@code content} in {@code cs} read by {@code readAllLines}, {@code lines} and {@code
   * newBufferedReader} as the JDK's read it: the same lines and characters, or the same exception.
   */
  private void assertReadAsTheJdk(byte[] content, Charset cs) throws Exception {
    Path file = TestSupport.write(dir, "decoded-" + counter++, content);
    assertSameOutcome(
        Outcome.of(() -> Files.readAllLines(file, cs), file),
        Outcome.of(() -> FastFiles.readAllLines(file, cs), file),
        cs,
        "readAllLines");
    assertSameOutcome(
        Outcome.of(() -> collect(() -> Files.lines(file, cs)), file),
        Outcome.of(() -> collect(() -> FastFiles.lines(file, cs)), file),
        cs,
        "lines");
    assertSameOutcome(
        Outcome.of(() -> readChars(Files.newBufferedReader(file, cs)), file),
        Outcome.of(() -> readChars(FastFiles.newBufferedReader(file, cs)), file),
        cs,
        "newBufferedReader");
    assertSameOutcome(
        Outcome.of(() -> readLines(Files.newBufferedReader(file, cs)), file),
        Outcome.of(() -> readLines(FastFiles.newBufferedReader(file, cs)), file),
        cs,
        "newBufferedReader().readLine()");
    Files.delete(file);
  }

  private static List<String> readLines(java.io.BufferedReader reader) throws IOException {
    try (reader) {
      List<String> lines = new ArrayList<>();
      for (String line; (line = reader.readLine()) != null; ) {
        lines.add(line);
      }
      return lines;
    }
  }

  /**
   * {@code newBufferedReader}'s reader in every charset fastio decodes, used as programs use a
   * {@code BufferedReader}: lines, single characters, runs of characters, skips, marks and resets
   * in any order, over a stream returning 1-3 or thousands of bytes a read, against a {@code
   * BufferedReader} over the JDK's reader used the same way: the same result at every step (text
   * without decoding errors, which the others check).
   */
  @Property(tries = 600, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void bufferedReaderIsTheJdksInAnyUse(
      @ForAll("decodedCharsets") Charset cs, @ForAll("mixedText") String text, @ForAll long seed)
      throws Exception {
    assertUsedAsTheJdk(withNoise(text, cs, new byte[0], 0), cs, seed);
  }

  /** {@link #bufferedReaderIsTheJdksInAnyUse} of {@code content} (assumed without errors). */
  private static void assertUsedAsTheJdk(byte[] content, Charset cs, long seed) throws Exception {
    Assume.that(decodes(content, cs));
    try (java.io.BufferedReader jdk =
            new java.io.BufferedReader(new InputStreamReader(new Trickle(content, seed), cs));
        java.io.BufferedReader fast = TextTestHook.bufferedReader(new Trickle(content, seed), cs)) {
      java.util.Random ops = new java.util.Random(seed);
      int sinceMark = -1;
      for (int step = 0; step < 10_000; step++) {
        int op = ops.nextInt(10);
        int n = 1 + ops.nextInt(op == 6 ? 9_000 : 40);
        String a;
        String b;
        int consumed = n;
        if (op < 4) {
          a = jdk.readLine();
          b = fast.readLine();
          consumed = a == null ? 0 : a.length() + 2;
        } else if (op == 4) {
          a = String.valueOf(jdk.read());
          b = String.valueOf(fast.read());
        } else if (op <= 6) {
          a = take(jdk, n);
          b = take(fast, n);
        } else if (op == 7) {
          a = String.valueOf(skip(jdk, n));
          b = String.valueOf(skip(fast, n));
        } else if (op == 8) {
          jdk.mark(20_000);
          fast.mark(20_000);
          sinceMark = 0;
          continue;
        } else {
          if (sinceMark < 0) {
            continue;
          }
          jdk.reset();
          fast.reset();
          sinceMark = -1; // a mark is good for one reset here
          continue;
        }
        assertEquals(a, b, "step " + step + ", operation " + op);
        if (sinceMark >= 0) {
          sinceMark += consumed;
          if (sinceMark > 10_000) {
            sinceMark = -1; // past what the mark holds: no reset
          }
        }
        if (a == null) {
          return; // both at the end
        }
      }
    }
  }

  /**
   * x-ISCII91, whose decoder holds a vowel sign back and then stays one character late (fastio's
   * reader decodes it with a decoder of its own and copies ASCII lines in both states): Hindi and
   * ASCII text as its encoder writes it, with vowel signs, nukta, halant, ATR and EXT, bytes of no
   * character and line ends inserted anywhere, read by {@code readAllLines}, {@code lines}, {@code
   * newBufferedReader} (whole, at any read size over a trickling stream, by lines, and in any use)
   * as the JDK's read it.
   */
  @Property(tries = 400, seed = "20261129", edgeCases = EdgeCasesMode.NONE)
  void iscii91EqualsTheJdk(
      @ForAll("hindiText") String text,
      @ForAll("isciiNoise") byte[] noise,
      @ForAll @IntRange(min = 0, max = 1_000_000) int at,
      @ForAll long seed)
      throws Exception {
    Charset cs = Charset.forName("x-ISCII91");
    assertReadAsTheJdk(withNoise(text, cs, noise, at), cs);
    decodingReaderReadsAsTheJdkAtAnyReadSize(cs, text, noise, at, seed);
    decodedLinesAreTheJdks(cs, text, noise, at, seed);
    assertUsedAsTheJdk(withNoise(text, cs, noise, at), cs, seed); // last: assumes no errors
  }

  /**
   * fastio's x-ISCII91 decoder against the JDK's, called as a program may call a decoder: bytes of
   * every kind (isciiNoise) and ASCII given in parts of 0 to 5 bytes, into outputs of 0 to 3
   * characters left (so that it overflows anywhere), the input's end told with its last part, then
   * flushed, reporting or replacing errors: the same result of every call, the same bytes taken,
   * the same characters.
   */
  @Property(tries = 3000, seed = "20261129", edgeCases = EdgeCasesMode.NONE)
  void isciiDecoderIsTheJdks(
      @ForAll("isciiBytes") byte[] content, @ForAll boolean replace, @ForAll long seed) {
    Charset cs = Charset.forName("x-ISCII91");
    java.nio.charset.CodingErrorAction action =
        replace
            ? java.nio.charset.CodingErrorAction.REPLACE
            : java.nio.charset.CodingErrorAction.REPORT;
    assertEquals(
        decodeInParts(cs.newDecoder(), content, action, seed),
        decodeInParts(TextTestHook.isciiDecoder(cs), content, action, seed));
  }

  /**
   * Every call's result and position and the characters, as {@link #isciiDecoderIsTheJdks} calls.
   */
  private static String decodeInParts(
      java.nio.charset.CharsetDecoder decoder,
      byte[] content,
      java.nio.charset.CodingErrorAction action,
      long seed) {
    decoder.onMalformedInput(action).onUnmappableCharacter(action);
    java.util.Random r = new java.util.Random(seed);
    StringBuilder log = new StringBuilder();
    StringBuilder chars = new StringBuilder();
    ByteBuffer in = ByteBuffer.wrap(content);
    in.limit(0);
    for (int calls = 0; calls < 10 * content.length + 20; calls++) {
      in.limit(Math.min(content.length, in.limit() + r.nextInt(6)));
      boolean end = in.limit() == content.length;
      CharBuffer out = CharBuffer.allocate(r.nextInt(4));
      java.nio.charset.CoderResult result = decoder.decode(in, out, end);
      chars.append(out.flip());
      log.append(result).append('@').append(in.position()).append(' ');
      if (result.isError()) {
        return log + "| " + chars;
      }
      if (end && result.isUnderflow()) {
        break;
      }
    }
    for (int calls = 0; calls < 10; calls++) {
      CharBuffer out = CharBuffer.allocate(r.nextInt(3));
      java.nio.charset.CoderResult result = decoder.flush(out);
      chars.append(out.flip());
      log.append("flush ").append(result).append(' ');
      if (result.isUnderflow()) {
        break;
      }
    }
    return log + "| " + chars;
  }

  @Provide
  Arbitrary<byte[]> isciiBytes() {
    return Arbitraries.frequencyOf(
            Tuple.of(3, isciiNoise().map(b -> b.length == 0 ? new byte[] {'b'} : b)),
            Tuple.of(
                1, Arbitraries.integers().between(0, 255).map(i -> new byte[] {i.byteValue()})))
        .list()
        .ofMaxSize(30)
        .map(parts -> concat(parts));
  }

  @Provide
  Arbitrary<String> hindiText() {
    Arbitrary<Integer> cp =
        Arbitraries.frequencyOf(
            Tuple.of(30, Arbitraries.integers().between('a', 'z')),
            Tuple.of(6, Arbitraries.of((int) '\n', (int) '\r', (int) ' ')),
            Tuple.of(12, Arbitraries.integers().between(0x0901, 0x0970)),
            Tuple.of(6, Arbitraries.of(0x093F, 0x0940, 0x0907, 0x0964, 0x093C, 0x094D, 0x200D)));
    return text(cp, 60, 40_000, 2);
  }

  /**
   * x-ISCII91 bytes the decoder treats apart: characters it holds back (candrabindu A1, vowel I A6,
   * vowel sign I DB, danda EA), halant (E8), nukta (E9), ATR and EXT (EF, F0), bytes of no
   * character (90, FF), ZWJ (D9), line ends.
   */
  @Provide
  Arbitrary<byte[]> isciiNoise() {
    return Arbitraries.of(
            (byte) 0xA1,
            (byte) 0xA6,
            (byte) 0xDB,
            (byte) 0xEA,
            (byte) 0xE8,
            (byte) 0xE9,
            (byte) 0xEF,
            (byte) 0xF0,
            (byte) 0x90,
            (byte) 0xFF,
            (byte) 0xD9,
            (byte) '\n',
            (byte) '\r',
            (byte) 'a')
        .array(byte[].class)
        .ofMaxSize(8);
  }

  /**
   * The charset that writes text for {@code cs}: {@code cs}, but for the two without an encoder:
   * ISO-2022-CN as x-ISO-2022-CN-GB writes it (the same decoder reads both), x-JISAutoDetect as one
   * of the three it chooses among, by {@code pick}.
   */
  private static Charset encoder(Charset cs, int pick) {
    if (cs.canEncode()) {
      return cs;
    }
    if (cs.name().equals("x-JISAutoDetect")) {
      return Charset.forName(List.of("EUC-JP", "ISO-2022-JP", "Shift_JIS").get(pick % 3));
    }
    return Charset.forName("x-ISO-2022-CN-GB");
  }

  /** Whether {@code content} decodes in {@code cs} without an error. */
  private static boolean decodes(byte[] content, Charset cs) {
    try {
      cs.newDecoder().decode(ByteBuffer.wrap(content));
      return true;
    } catch (java.nio.charset.CharacterCodingException e) {
      return false;
    }
  }

  /** Up to {@code n} characters of {@code reader}, fewer only at its end. */
  private static String take(Reader reader, int n) throws IOException {
    char[] chunk = new char[n];
    int got = 0;
    while (got < n) {
      int r = reader.read(chunk, got, n - got);
      if (r < 0) {
        break;
      }
      got += r;
    }
    return new String(chunk, 0, got);
  }

  /** Skips up to {@code n} characters of {@code reader}, fewer only at its end; how many. */
  private static long skip(Reader reader, int n) throws IOException {
    long skipped = 0;
    while (skipped < n) {
      long k = reader.skip(n - skipped);
      if (k <= 0 && reader.read() < 0) {
        break;
      } else if (k <= 0) {
        k = 1;
      }
      skipped += k;
    }
    return skipped;
  }

  /**
   * Equal outcomes; but on JDK 17, in the stateful charsets (ISO-2022-*, EBCDIC double-byte), where
   * the JDK's reader resets the decoder at the end of the input (JDK-8292043, docs/lines.md
   * "Deviation") and so reads the last bytes of a character begun in another state as ASCII,
   * fastio's {@code MalformedInputException} (as JDK 20 and newer throw it).
   */
  private static void assertSameOutcome(Outcome jdk, Outcome fast, Charset cs, String what) {
    if (resetsAtEnd(cs) && fast.thrown() != null && !jdk.equals(fast)) {
      Class<?> expected =
          what.equals("lines") ? UncheckedIOException.class : MalformedInputException.class;
      assertEquals(expected, fast.thrown(), what + ", JDK-8292043");
    } else {
      assertEquals(jdk, fast, what);
    }
  }

  /**
   * Whether the JDK's reader of {@code cs} differs from fastio's at the end by JDK-8292043 (a
   * stateful charset: ISO-2022-*, the EBCDIC double-byte ones).
   */
  private static boolean resetsAtEnd(Charset cs) {
    String copy = TextTestHook.copyOf(cs);
    return Runtime.version().feature() < 20
        && (copy.equals("ISO_2022_JP") || copy.equals("SHIFT_IN") || copy.equals("DETECT"));
  }

  @Provide
  Arbitrary<Charset> utf16Charsets() {
    return Arbitraries.of(
        StandardCharsets.UTF_16,
        StandardCharsets.UTF_16BE,
        StandardCharsets.UTF_16LE,
        Charset.forName("x-UTF-16LE-BOM"));
  }

  @Provide
  Arbitrary<byte[]> utf16() {
    Arbitrary<Integer> special =
        Arbitraries.of(
            0x000A, 0x000D, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFE, 0xFEFF, 0x00E9, 0x4E2D, 0x0A0D,
            0xFFFD, 0x0000);
    return Combinators.combine(
            units(special, 60, 8_000, 20_000),
            Arbitraries.longs(),
            Arbitraries.of(false, false, true))
        .as(LinesPropertiesTest::utf16Bytes);
  }

  /**
   * Code units: mostly up to 24 of {@code special} and letters, one time in ten {@code min} to
   * {@code max} of them with {@code textPerSpecial} letters to a special unit (files past the
   * reader's buffer).
   */
  private static Arbitrary<List<Integer>> units(
      Arbitrary<Integer> special, int textPerSpecial, int min, int max) {
    Arbitrary<Integer> text = Arbitraries.integers().between('a', 'z');
    Arbitrary<List<Integer>> few = Arbitraries.oneOf(special, text).list().ofMaxSize(24);
    Arbitrary<List<Integer>> many =
        Arbitraries.frequencyOf(Tuple.of(1, special), Tuple.of(textPerSpecial, text))
            .list()
            .ofMinSize(min)
            .ofMaxSize(max);
    return Arbitraries.frequencyOf(Tuple.of(9, few), Tuple.of(1, many));
  }

  /** The units in a byte order drawn for each from {@code seed}, and an odd last byte if asked. */
  private static byte[] utf16Bytes(List<Integer> units, long seed, boolean odd) {
    java.util.Random orders = new java.util.Random(seed);
    byte[] b = new byte[2 * units.size() + (odd ? 1 : 0)];
    for (int i = 0; i < units.size(); i++) {
      int u = units.get(i);
      boolean big = orders.nextBoolean();
      b[2 * i] = (byte) (big ? u >> 8 : u);
      b[2 * i + 1] = (byte) (big ? u : u >> 8);
    }
    if (odd) {
      b[b.length - 1] = (byte) seed;
    }
    return b;
  }

  /** {@code UTF-16} text that starts FF FE and ends in an odd byte or a high surrogate. */
  private static boolean endsInHalfAfterMark(byte[] b, Charset cs) {
    boolean little =
        cs.equals(StandardCharsets.UTF_16)
            && b.length >= 2
            && (b[0] & 0xFF) == 0xFF
            && (b[1] & 0xFF) == 0xFE;
    boolean big =
        cs.name().equals("x-UTF-16LE-BOM")
            && b.length >= 2
            && (b[0] & 0xFF) == 0xFE
            && (b[1] & 0xFF) == 0xFF;
    if (!little && !big) {
      return false;
    }
    int units = (b.length - 2) / 2;
    int hi = little ? 2 * units + 1 : 2 * units;
    int lo = little ? 2 * units : 2 * units + 1;
    int last = units == 0 ? 0 : (b[hi] & 0xFF) << 8 | (b[lo] & 0xFF);
    return b.length % 2 == 1 || Character.isHighSurrogate((char) last);
  }

  private static String readChars(java.io.BufferedReader reader) throws IOException {
    try (reader) {
      StringBuilder text = new StringBuilder();
      char[] chunk = new char[7];
      for (int n; (n = reader.read(chunk)) >= 0; ) {
        text.append(chunk, 0, n);
      }
      return text.toString();
    }
  }

  private static List<String> collect(TestSupport.IoCall<Stream<String>> open) throws Exception {
    try (Stream<String> lines = open.call()) {
      return lines.toList();
    }
  }

  private static List<String> readLines(Path file, Charset cs) throws IOException {
    try (java.io.BufferedReader r = FastFiles.newBufferedReader(file, cs)) {
      return r.lines().toList();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static byte[] concat(List<byte[]> pieces) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    pieces.forEach(b::writeBytes);
    return b.toByteArray();
  }

  private static byte[] withBom(byte[] content) {
    byte[] b = new byte[content.length + 3];
    b[0] = (byte) 0xef;
    b[1] = (byte) 0xbb;
    b[2] = (byte) 0xbf;
    System.arraycopy(content, 0, b, 3, content.length);
    return b;
  }

  private static final class Ascii {
    static byte[] bytes(String s) {
      return s.getBytes(StandardCharsets.ISO_8859_1);
    }
  }
}
