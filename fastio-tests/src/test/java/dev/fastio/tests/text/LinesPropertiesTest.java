package dev.fastio.tests.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.FastFiles;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
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
   * than the reader's 16 KiB buffer, so that such units meet its ends.
   */
  @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void utf16EqualsTheJdk(@ForAll("utf16") byte[] content, @ForAll("utf16Charsets") Charset cs)
      throws Exception {
    assertReadAsTheJdk(content, cs);
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

  /** The multi-byte charsets but UTF-8, UTF-16 and UTF-32: the probe admits some, not others. */
  @Provide
  Arbitrary<Charset> copiedMultiByteCharsets() {
    return Arbitraries.of(
        Charset.availableCharsets().values().stream()
            .filter(cs -> !cs.name().toUpperCase(Locale.ROOT).contains("UTF"))
            .filter(cs -> cs.canEncode() && cs.newEncoder().maxBytesPerChar() > 1)
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
   * x-ISCII91, whose decoder holds a vowel sign back and then stays one character late (fastio's
   * reader decodes it with a decoder of its own and copies ASCII lines in both states): Hindi and
   * ASCII text as its encoder writes it, with vowel signs, nukta, halant, ATR and EXT, bytes of no
   * character and line ends inserted anywhere, read by {@code readAllLines}, {@code lines}, {@code
   * newBufferedReader} (whole and by lines) as the JDK's read it.
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

  private static void assertSameOutcome(Outcome jdk, Outcome fast, Charset cs, String what) {
    assertEquals(jdk, fast, what + " in " + cs);
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
