package dev.fastio.tests.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FastFiles.lines}, {@code readAllLines} and {@code newBufferedReader} on what is not a
 * plain file, and on files that change while read, against the JDK's methods: missing paths,
 * directories, a {@code /proc} file (size 0), a FIFO, a file appended to and one truncated during
 * the read, a parallel stream of a file of many parts, and offsets beyond 2^31 and 2^32 (a sparse
 * file). Each closes what it opened.
 */
// Each stream is opened in a lambda or argument and closed by collect/consume's
// try-with-resources, which Error Prone does not follow.
@SuppressWarnings("StreamResourceLeak")
class LinesContractTest {
  @TempDir Path dir;

  private static List<String> consume(Stream<String> lines) {
    try (lines) {
      return lines.toList();
    }
  }

  @Test
  void missingAndDirectoriesFailAsTheJdk() {
    for (Path p : List.of(dir.resolve("missing"), dir, dir.resolve("missing/child"))) {
      for (Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16)) {
        assertEquals(
            Outcome.of(() -> consume(Files.lines(p, cs)), p),
            Outcome.of(() -> consume(FastFiles.lines(p, cs)), p),
            "lines " + p + " " + cs);
        assertEquals(
            Outcome.of(() -> Files.readAllLines(p, cs), p),
            Outcome.of(() -> FastFiles.readAllLines(p, cs), p),
            "readAllLines " + p + " " + cs);
      }
    }
  }

  @Test
  void procFilesAreReadToTheirEnd() throws IOException {
    Path version = Path.of("/proc/version");
    assumeTrue(Files.isReadable(version), "Linux /proc");
    assertEquals(Files.readAllLines(version), FastFiles.readAllLines(version));
    assertEquals(consume(Files.lines(version)), consume(FastFiles.lines(version)));
  }

  /**
   * A FIFO is opened once (the JDK opens it twice, and loses the writer's bytes or blocks when the
   * writer is quick): 40 rounds, lines and readAllLines in turn, against a writer that writes at
   * once.
   */
  @Test
  void aFifoIsReadToItsEnd() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    String text = "one\r\ntwo\rthree\n\nfour";
    List<String> expected = List.of("one", "two", "three", "", "four");
    for (int round = 0; round < 40; round++) {
      Path fifo = TestSupport.fifo(dir, "fifo" + round);
      CompletableFuture<Void> writer =
          CompletableFuture.runAsync(
              () -> {
                try (OutputStream out = Files.newOutputStream(fifo)) {
                  out.write(text.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      List<String> got =
          round % 2 == 0 ? consume(FastFiles.lines(fifo)) : FastFiles.readAllLines(fifo);
      assertEquals(expected, got, "round " + round);
      writer.get(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Files.lines reads a file in UTF-8, ISO-8859-1 or US-ASCII up to its size at open, one in any
   * other charset to its end (through a reader), whichever way fastio reads it.
   */
  @Test
  void whatIsAppendedAfterOpeningIsReadAsTheJdkReadsIt() throws IOException {
    for (String name :
        List.of("UTF-8", "ISO-8859-1", "US-ASCII", "windows-1252", "Shift_JIS", "UTF-16LE")) {
      Charset cs = Charset.forName(name);
      Path jdk = TestSupport.write(dir, "grow-jdk-" + name, "a\nb\n".getBytes(cs));
      Path ours = TestSupport.write(dir, "grow-ours-" + name, "a\nb\n".getBytes(cs));
      try (Stream<String> j = Files.lines(jdk, cs);
          Stream<String> o = FastFiles.lines(ours, cs)) {
        Files.write(jdk, "c\n".getBytes(cs), StandardOpenOption.APPEND);
        Files.write(ours, "c\n".getBytes(cs), StandardOpenOption.APPEND);
        assertEquals(j.toList(), o.toList(), name);
      }
    }
  }

  /**
   * Text in a stateful charset whose last bytes are an escape cut short after the decoder's window
   * (ISO-2022-KR {@code 41 1B 0F 0E}: the window ends after the SI) fails as the JDK's: the decoder
   * is told the input ends only with all of its bytes (a first version told it at the window's end,
   * and reported a malformed input of 2 bytes, not 3).
   */
  @Test
  void anEscapeCutShortAtTheEndFailsAsTheJdk() throws Exception {
    Charset cs = Charset.forName("ISO-2022-KR");
    Path file = dir.resolve("cut-escape");
    Files.write(file, new byte[] {0x41, 0x1B, 0x0F, 0x0E});
    for (boolean lines : new boolean[] {true, false}) {
      assertEquals(
          Outcome.of(() -> read(Files.newBufferedReader(file, cs), lines), file),
          Outcome.of(() -> read(FastFiles.newBufferedReader(file, cs), lines), file),
          lines ? "readLine" : "read");
    }
  }

  /**
   * x-JISAutoDetect chooses its charset on the bytes the reader hands its decoder at the first byte
   * that is not plain ASCII, to the end of the reader's buffer: fastio's reader gives it the bytes
   * the JDK's gives it, so it chooses as there, after 0 to 20,000 ASCII bytes (buffer ends at 8,192
   * and 16,384), in {@code lines}, {@code readAllLines} and {@code newBufferedReader}. After 8,191
   * ASCII bytes, A4 A2 is Shift_JIS (half-width katakana) where the decoder sees A4 alone, EUC-JP
   * (a hiragana) where it sees both; 8F (EUC-JP's JIS X 0212 prefix) at a buffer's end leaves it
   * unable to choose until the next read; an SO before the first high byte, and ISO-2022-JP's
   * escapes, take the other paths. A file that ends inside a character: on JDK 20 and newer (JDK
   * 17's reader resets the decoder at the end, and with it the choice: docs/maintainer-guide.md,
   * "Deviation").
   */
  @Test
  void jisAutoDetectChoosesAsTheJdkReaderMakesItChoose() throws Exception {
    Charset cs = Charset.forName("x-JISAutoDetect");
    byte[][] tails = {
      repeat(new byte[] {(byte) 0xA4, (byte) 0xA2}, 100), // EUC-JP あ, or two katakana
      repeat(new byte[] {(byte) 0x8F, (byte) 0xB0, (byte) 0xA1, '\n'}, 40), // JIS X 0212
      repeat(new byte[] {0x1B, '$', 'B', 0x30, 0x21, 0x1B, '(', 'B', 'x', '\n'}, 30),
      repeat(new byte[] {0x0E, 'a', 0x0F, (byte) 0xA4, (byte) 0xA2}, 30),
      repeat(new byte[] {(byte) 0x82, (byte) 0xA0, '\r', '\n'}, 40), // Shift_JIS あ
      {(byte) 0xA4, (byte) 0xA2, (byte) 0xA1, (byte) 0xFE, (byte) 0xA4}, // ends in half
    };
    int t = 0;
    for (byte[] tail : tails) {
      boolean endsInHalf = t++ == tails.length - 1;
      if (endsInHalf && Runtime.version().feature() < 20) {
        continue;
      }
      for (int ascii : new int[] {0, 100, 8190, 8191, 8192, 16383, 20000}) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < ascii; i++) {
          b.write(i % 80 == 79 ? '\n' : 'a' + i % 26);
        }
        b.write(tail);
        Path file = dir.resolve("auto-" + t + "-" + ascii);
        Files.write(file, b.toByteArray());
        assertReadsAsTheJdk(file, cs, "tail " + t + " after " + ascii);
      }
    }
  }

  /**
   * x-ISCII91 as the JDK's reader reads it: once its decoder holds a vowel sign back (which a nukta
   * after it would change), every byte gives the character before it, so the last character of the
   * file is dropped; a nukta after the held sign, or ATR/EXT and the byte after them, end that.
   * fastio's reader, which decodes it with a decoder of its own and copies ASCII lines in both
   * states, gives the same lines and characters: here, and across its buffer's ends.
   */
  @Test
  void iscii91StaysOneCharacterLateAsTheJdk() throws Exception {
    Charset cs = Charset.forName("x-ISCII91");
    byte sign = (byte) 0xDB; // U+093F, held back
    Object[][] cases = {
      {new byte[] {'a', 'b', sign, 'c', 'd', '\n', 'e', 'f'}, List.of("ab\u093Fcd", "e")},
      {new byte[] {'a', sign, (byte) 0xE9, 'b', '\n'}, List.of("a\u0962b")},
      {new byte[] {'a', sign, 'x', (byte) 0xEF, 'y', 'z', '\n'}, List.of("a\u093Fx\uFFFDz")},
      {new byte[] {'a', sign, '\n', '\n', '\r'}, List.of("a\u093F", "")},
      {new byte[] {'a', sign, '\r', '\n', 'b', '\r'}, List.of("a\u093F", "b")},
      {new byte[] {sign, (byte) 0x90, 'a', '\n', 'b'}, List.of("\u093F\uFFFFa")},
    };
    int n = 0;
    for (Object[] c : cases) {
      Path file = dir.resolve("iscii-" + n++);
      Files.write(file, (byte[]) c[0]);
      assertEquals(c[1], Files.readAllLines(file, cs), "the JDK's lines, case " + n);
      assertReadsAsTheJdk(file, cs, "case " + n);
    }
    for (int ascii : new int[] {16383, 16384, 16385, 40000}) {
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      b.write(new byte[] {'x', sign});
      for (int i = 0; i < ascii; i++) {
        b.write(
            i % 80 == 79 ? '\n' : i % 97 == 96 ? (i % 2 == 0 ? sign : (byte) 0xE8) : 'a' + i % 26);
      }
      Path file = dir.resolve("iscii-long-" + ascii);
      Files.write(file, b.toByteArray());
      assertReadsAsTheJdk(file, cs, ascii + " bytes");
    }
    byte[] ends = new byte[32780]; // late, an LF the last byte of the reader's first 16 KiB
    Arrays.fill(ends, (byte) 'a');
    ends[1] = sign;
    ends[16383] = '\n';
    ends[32767] = '\r';
    ends[32768] = '\n';
    Path file = dir.resolve("iscii-ends");
    Files.write(file, ends);
    assertReadsAsTheJdk(file, cs, "a line end at the buffer's end");
  }

  /**
   * The charsets of two bytes a character none of which is LF or CR (JIS_X0212-1990, x-JIS0208,
   * x-IBM300, x-IBM834): a file is one line, which fastio decodes into one array as it reads, as
   * the JDK's reader gives it: empty, a few characters, a byte left over at the end, a pair of no
   * character at the start or in the middle, 60,000 bytes (past the reader's buffer); {@code
   * /dev/zero} fails at once, as there (not after reading without end).
   */
  @Test
  void aTextWithoutLineEndsIsOneLineAsTheJdk() throws Exception {
    for (String name : List.of("JIS_X0212-1990", "x-JIS0208", "x-IBM300", "x-IBM834")) {
      Charset cs = Charset.forName(name);
      StringBuilder ideographs = new StringBuilder();
      for (char c = '\u4E00'; ideographs.length() < 300; c++) {
        if (cs.newEncoder().canEncode(c)) {
          ideographs.append(c);
        }
      }
      byte[] text = ideographs.toString().repeat(100).getBytes(cs);
      byte[][] contents = {
        new byte[0],
        Arrays.copyOf(text, 6),
        Arrays.copyOf(text, 7),
        concat(new byte[] {0, 0}, Arrays.copyOf(text, 6)),
        concat(Arrays.copyOf(text, 6), new byte[] {(byte) 0xFF, (byte) 0xFF, '\n', '\r'}),
        text,
      };
      int n = 0;
      for (byte[] content : contents) {
        Path file = dir.resolve("pairs-" + name + "-" + n++);
        Files.write(file, content);
        assertReadsAsTheJdk(file, cs, name + ", case " + n);
      }
      Path zeros = Path.of("/dev/zero"); // endless, and no text: failing at once, as the JDK's
      assertEquals(
          Outcome.of(() -> firstLine(Files.lines(zeros, cs)), zeros),
          Outcome.of(() -> firstLine(FastFiles.lines(zeros, cs)), zeros),
          name + ", /dev/zero");
    }
  }

  private static String firstLine(Stream<String> lines) {
    try (lines) {
      return lines.findFirst().orElse(null);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** {@code readAllLines}, {@code lines} and {@code newBufferedReader} of fastio as the JDK's. */
  private static void assertReadsAsTheJdk(Path file, Charset cs, String what) {
    assertEquals(
        Outcome.of(() -> Files.readAllLines(file, cs), file),
        Outcome.of(() -> FastFiles.readAllLines(file, cs), file),
        "readAllLines, " + what);
    assertEquals(
        Outcome.of(() -> collect(Files.lines(file, cs)), file),
        Outcome.of(() -> collect(FastFiles.lines(file, cs)), file),
        "lines, " + what);
    for (boolean lines : new boolean[] {false, true}) {
      assertEquals(
          Outcome.of(() -> read(Files.newBufferedReader(file, cs), lines), file),
          Outcome.of(() -> read(FastFiles.newBufferedReader(file, cs), lines), file),
          "newBufferedReader, " + what + (lines ? ", by lines" : ""));
    }
  }

  private static byte[] repeat(byte[] unit, int times) {
    byte[] all = new byte[unit.length * times];
    for (int i = 0; i < times; i++) {
      System.arraycopy(unit, 0, all, i * unit.length, unit.length);
    }
    return all;
  }

  private static List<String> collect(Stream<String> lines) {
    try (lines) {
      return lines.toList();
    }
  }

  /**
   * {@code newBufferedReader} where fastio's reader makes the lines: {@code readLine} then {@code
   * ready}, {@code read}, {@code mark}, {@code reset}, {@code skip}, as the JDK's, where {@code
   * readLine} decoded past its line, or ended it with a CR whose LF follows bytes that make no
   * character, or where the bytes left make none yet (x-ISCII91's held characters: not ready);
   * after {@code close}, the JDK's exceptions (a bad argument before a closed reader).
   */
  @Test
  void newBufferedReaderMixesReadLineWithOtherCallsAsTheJdk() throws Exception {
    Object[][] cases = {
      {"GB18030", new byte[] {(byte) 0xD6, (byte) 0xD0, 0x0A, 0x78}},
      {"EUC-JP", new byte[] {'a', '\r', '\n'}},
      {"EUC-JP", new byte[] {'a', '\r', '\n', 'b', '\r'}},
      {"ISO-2022-JP", new byte[] {'a', '\r', 0x1B, '(', 'B', '\n', 'b'}},
      {"ISO-2022-KR", new byte[] {0x1B, '$', ')', 'C', 'a', '\r', 0x0E, 0x0F, '\n', 'b'}},
      {"x-IBM930", new byte[] {(byte) 0xC1, 0x0D, 0x25, (byte) 0xC2, 0x0E, 0x45, 0x45, 0x0F}},
      {"x-IBM942", new byte[] {0x5C, '\r', '\n', 0x7E, '\r'}},
      // x-ISCII91: a vowel sign left, which the decoder holds (not ready); late, one byte left
      {"x-ISCII91", new byte[] {'a', '\n', (byte) 0xDB}},
      {"x-ISCII91", new byte[] {'a', '\r', (byte) 0xDB}},
      {"x-ISCII91", new byte[] {(byte) 0xDB, 'a', '\n', 'b'}},
      {"x-ISCII91", new byte[] {(byte) 0xDB, 'a', '\r', '\n', 'b', '\r'}},
      // x-JIS0208, one line decoded into one array: whole, and failing (then ready, failing again)
      {"x-JIS0208", new byte[] {0x30, 0x21, 0x30, 0x22}},
      {"x-JIS0208", new byte[] {0x30, 0x21, (byte) 0xFF, (byte) 0xFF, 0x30, 0x22}},
    };
    String[] scripts = {"LRrrL", "LmrRrL", "LsLr", "LRLRL", "LLmLRL"};
    int i = 0;
    for (Object[] c : cases) {
      Charset cs = Charset.forName((String) c[0]);
      Path file = dir.resolve("mixed-" + i++);
      Files.write(file, (byte[]) c[1]);
      for (String script : scripts) {
        assertEquals(
            play(Files.newBufferedReader(file, cs), script),
            play(FastFiles.newBufferedReader(file, cs), script),
            c[0] + " " + script);
      }
    }
  }

  /**
   * What {@code reader} gives to {@code script} (L readLine, R ready, r read, m mark, s skip(1)),
   * then to a close and the calls after it.
   */
  private static List<String> play(java.io.BufferedReader reader, String script) {
    List<String> got = new ArrayList<>();
    try {
      for (int k = 0; k < script.length(); k++) {
        got.add(
            switch (script.charAt(k)) {
              case 'L' -> String.valueOf(reader.readLine());
              case 'R' -> "ready " + reader.ready();
              case 'r' -> "read " + reader.read();
              case 's' -> "skip " + reader.skip(1);
              default -> {
                reader.mark(100);
                yield "mark";
              }
            });
      }
      reader.close();
      reader.close();
    } catch (IOException e) {
      got.add(e.toString());
    }
    for (TestSupport.IoCall<?> after :
        List.<TestSupport.IoCall<?>>of(
            () -> reader.skip(-1),
            () -> {
              reader.mark(-1);
              return null;
            },
            reader::read,
            reader::readLine,
            reader::ready,
            () -> {
              reader.reset();
              return null;
            })) {
      try {
        got.add(String.valueOf(after.call()));
      } catch (Exception e) {
        got.add(e.toString());
      }
    }
    return got;
  }

  private static String read(java.io.BufferedReader reader, boolean lines) throws IOException {
    try (reader) {
      StringBuilder b = new StringBuilder();
      if (lines) {
        for (String line; (line = reader.readLine()) != null; ) {
          b.append(line).append('\n');
        }
      } else {
        for (int c; (c = reader.read()) >= 0; ) {
          b.append((char) c);
        }
      }
      return b.toString();
    }
  }

  /**
   * A stream of lines read through a reader gives no line after it is closed, not even one its
   * reader holds: the next line fails as the JDK's (UTF-16 under a {@code BufferedReader}, EUC-JP
   * and ISO-2022-JP through fastio's own line reader, UTF-32 under a {@code BufferedReader}).
   */
  @Test
  void aClosedStreamOfLinesGivesNoMoreLines() throws IOException {
    for (String name : List.of("UTF-16", "EUC-JP", "ISO-2022-JP", "UTF-32")) {
      Charset cs = Charset.forName(name);
      Path file = TestSupport.write(dir, "closed-" + name, "a\nb\nc\n".getBytes(cs));
      assertEquals(
          Outcome.of(() -> nextAfterClose(Files.lines(file, cs)), file),
          Outcome.of(() -> nextAfterClose(FastFiles.lines(file, cs)), file),
          name);
    }
  }

  /** The first line, then (after closing the stream) the next or what that throws. */
  private static String nextAfterClose(Stream<String> lines) {
    Iterator<String> it = lines.iterator();
    String first = it.next();
    lines.close();
    return first + " " + it.next();
  }

  /**
   * A {@code BufferedReader} with a mark asks its reader for one character where the mark's limit
   * leaves one place; UTF-16 there is a surrogate pair, which the decoder cannot put in one place
   * (the first UTF-16 reader spun for ever there).
   */
  @Test
  void aReadOfOneCharacterAtASurrogatePairGivesItsHalves() throws Exception {
    byte[] text = new byte[8191 * 2 + 4];
    for (int i = 0; i < 8191; i++) {
      text[2 * i + 1] = 'a';
    }
    text[8191 * 2] = (byte) 0xD8;
    text[8191 * 2 + 1] = 0x3D;
    text[8191 * 2 + 2] = (byte) 0xDE;
    text[8191 * 2 + 3] = 0x00;
    Path file = TestSupport.write(dir, "pair", text);
    CompletableFuture<String> read =
        CompletableFuture.supplyAsync(
            () -> {
              try (java.io.BufferedReader r =
                  FastFiles.newBufferedReader(file, StandardCharsets.UTF_16BE)) {
                r.mark(8192);
                char[] first = new char[8191];
                int n = r.read(first);
                return n
                    + " "
                    + Integer.toHexString(r.read())
                    + " "
                    + Integer.toHexString(r.read())
                    + " "
                    + r.read();
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    assertEquals("8191 d83d de00 -1", read.get(30, TimeUnit.SECONDS));
  }

  @Test
  void aFileTruncatedWhileReadEndsWhereItEnds() throws IOException {
    byte[] content = "line\n".repeat(100_000).getBytes(StandardCharsets.UTF_8);
    Path file = TestSupport.write(dir, "shrink", content);
    List<String> got = new ArrayList<>();
    try (Stream<String> lines = FastFiles.lines(file)) {
      Iterator<String> it = lines.iterator();
      got.add(it.next());
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.setLength(content.length / 2);
      }
      it.forEachRemaining(got::add);
    }
    assertTrue(got.size() <= 100_000, "no line beyond the file");
    assertTrue(got.stream().allMatch(l -> l.equals("line") || "line".startsWith(l)), "whole lines");
  }

  @Test
  void aParallelStreamOfManyPartsHasEveryLineInOrder() throws IOException {
    StringBuilder b = new StringBuilder();
    String[] ends = {"\n", "\r\n", "\r"};
    for (int i = 0; i < 400_000; i++) {
      b.append("line ").append(i).append(i % 7 == 0 ? " \u00e9\u20ac" : "").append(ends[i % 3]);
    }
    Path file = TestSupport.write(dir, "many", b.toString().getBytes(StandardCharsets.UTF_8));
    List<String> expected = Files.readAllLines(file);
    assertEquals(expected, consume(FastFiles.lines(file).parallel()));
    assertEquals(
        expected,
        consume(TextTestHook.lines(file, StandardCharsets.UTF_8, true, 4096, 64)),
        "parts of 4 KiB");
  }

  /**
   * The charsets read from their bytes (split in parallel), as the probe decides them: those whose
   * line ends are the single bytes 0x0A and 0x0D and no other character's bytes contain them, the
   * multi-byte ASCII ones among them; not those where LF is another byte or more than one (UTF-16,
   * UTF-32, EBCDIC), stateful ones (ISO-2022-JP, x-IBM930, x-ISCII91), GB18030, and EUC-JP, whose
   * decoder takes an LF or CR after 0x8F into an unmappable character. UTF-8's answer, fixed in the
   * code, is the probe's.
   */
  @Test
  void theCharsetsReadFromTheirBytes() {
    for (String name :
        List.of(
            "UTF-8",
            "US-ASCII",
            "ISO-8859-1",
            "windows-1252",
            "KOI8-R",
            "Shift_JIS",
            "windows-31j",
            "EUC-KR",
            "x-windows-949",
            "GBK",
            "Big5",
            "x-IBM942")) {
      Charset cs = Charset.forName(name);
      assertTrue(TextTestHook.splitsAtNewlines(cs), name);
      assertTrue(TextTestHook.probeAdmits(cs), name);
    }
    for (String name :
        List.of(
            "UTF-16",
            "UTF-16LE",
            "UTF-16BE",
            "UTF-32",
            "IBM037",
            "IBM1047",
            "IBM01140",
            "x-IBM930",
            "ISO-2022-JP",
            "ISO-2022-KR",
            "x-ISCII91",
            "x-JISAutoDetect",
            "GB18030",
            "EUC-JP")) {
      assertFalse(TextTestHook.splitsAtNewlines(Charset.forName(name)), name);
    }
  }

  /** Lines around 2^31 and 2^32 of a sparse file, read from an offset, split and not. */
  @Test
  void offsetsBeyondTwoAndFourGibibytes() throws IOException {
    Path file = dir.resolve("sparse");
    long[] at = {(1L << 31) - 3, (1L << 32) - 3};
    String text = "a\r\nbb\rccc\n";
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      for (long offset : at) {
        f.seek(offset - 1);
        f.write('\n');
        f.write(text.getBytes(StandardCharsets.US_ASCII));
      }
    }
    for (long offset : at) {
      long end = offset + text.length();
      for (boolean parallel : new boolean[] {false, true}) {
        assertEquals(
            List.of("a", "bb", "ccc"),
            consume(
                TextTestHook.lines(file, StandardCharsets.US_ASCII, offset, end, parallel, 1, 1)),
            "at " + offset + (parallel ? ", parallel" : ""));
      }
    }
  }
}
