package dev.fastio.tests.scan;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastioTestHook;
import dev.fastio.LineScanner;
import dev.fastio.LineScanner.Line;
import dev.fastio.LineScanner.Terminators;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LineScanner}'s contract, with {@code BufferedReader} as the oracle for lines: what fails
 * and with which exception (missing files, directories, unreadable files, lines longer than the
 * maximum, files truncated while scanned, collectors that throw), files that are not plain (FIFOs,
 * {@code /proc}), the small cases of each {@link Terminators}, lines across part boundaries (parts
 * of 1 to 300 bytes through {@link FastioTestHook#chunkSize}), offsets beyond 2^31 and 2^32 (a
 * sparse file), bytes appended during a scan, the {@link Line} methods against their {@code String}
 * equivalents, the progress listener, the engine, and that no {@code fastio-scan-*} thread and no
 * mapping of the file outlives a call.
 */
class LineScannerContractTest {
  private static final boolean VECTOR_RUN = Boolean.getBoolean("fastio.test.vector");

  @TempDir Path dir;

  // ---------------------------------------------------------------------------------------------
  // Helpers

  /** The lines as text, each byte one char (ISO-8859-1), so that any bytes compare. */
  private static Collector<Line, ?, List<String>> latin1() {
    return Collectors.mapping(l -> l.toString(StandardCharsets.ISO_8859_1), Collectors.toList());
  }

  /** The lines {@code BufferedReader.readLine} gives for {@code content} read in {@code cs}. */
  private static List<String> oracle(byte[] content, Charset cs) throws IOException {
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(new ByteArrayInputStream(content), cs))) {
      List<String> lines = new ArrayList<>();
      for (String s = r.readLine(); s != null; s = r.readLine()) {
        lines.add(s);
      }
      return lines;
    }
  }

  /** The records of {@code content} ended by {@code terminator}, each byte one char. */
  private static List<String> records(byte[] content, byte terminator) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < content.length; i++) {
      if (content[i] == terminator) {
        out.add(new String(content, start, i - start, StandardCharsets.ISO_8859_1));
        start = i + 1;
      }
    }
    if (start < content.length) {
      out.add(new String(content, start, content.length - start, StandardCharsets.ISO_8859_1));
    }
    return out;
  }

  /** A builder whose scanners cut files into parts of {@code chunk} bytes. */
  private static LineScanner.Builder parts(int chunk) {
    return FastioTestHook.chunkSize(LineScanner.builder(), chunk);
  }

  /** The bytes of {@code s}, a byte a char (ISO-8859-1). */
  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String repeat(char c, int n) {
    char[] a = new char[n];
    Arrays.fill(a, c);
    return new String(a);
  }

  /** The live threads of a scan ({@code fastio-scan-N}). */
  private static List<String> scanThreads() {
    List<String> names = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("fastio-scan-") && t.isAlive()) {
        names.add(t.getName());
      }
    }
    return names;
  }

  /**
   * Fails if a {@code fastio-scan-*} thread is alive or a mapping of a file whose path contains
   * {@code fragment} is left (where fastio unmaps at once).
   */
  private static void assertNothingLeft(String fragment) {
    assertEquals(List.of(), scanThreads(), "scan threads alive after the call");
    if (TestSupport.isLinux() && TestSupport.releasesImmediately()) {
      assertEquals(0, TestSupport.mappingsOf(fragment), "mappings of " + fragment + " left");
    }
  }

  /** The message of a line too long names the path and the line's offset. */
  private static void assertNamesPathAndOffset(IOException e, Path file, long offset) {
    String m = String.valueOf(e.getMessage());
    assertTrue(m.contains(file.toString()), "names the path: " + m);
    assertTrue(
        m.matches("(?s).*\\boffset " + offset + "\\b.*"), "names offset " + offset + ": " + m);
  }

  /** Scans a FIFO that a writer thread fills with {@code content}, a line per write. */
  private static <R> R scanFifo(
      Path fifo, byte[] content, LineScanner scanner, Collector<Line, ?, R> collector)
      throws Exception {
    Thread writer =
        new Thread(
            () -> {
              try (OutputStream out = Files.newOutputStream(fifo)) {
                int from = 0;
                for (int i = 0; i < content.length; i++) {
                  if (content[i] == '\n' || i == content.length - 1) {
                    out.write(content, from, i + 1 - from); // one write per line: many reads
                    from = i + 1;
                  }
                }
              } catch (IOException ignored) {
                // a scan that failed early closed the pipe: EPIPE
              }
            },
            "fifo-writer");
    writer.setDaemon(true);
    writer.start();
    try {
      return assertTimeoutPreemptively(
          Duration.ofSeconds(60), () -> scanner.scan(fifo, collector), "the FIFO scan hung");
    } finally {
      writer.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  /** {@code lines} lines of text, numbered, in many lengths, each ended by {@code "\n"}. */
  private static byte[] numberedLines(int lines) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < lines; i++) {
      b.append("line ").append(i).append(repeat('x', i % 37)).append('\n');
    }
    return ascii(b.toString());
  }

  // ---------------------------------------------------------------------------------------------
  // 1. Missing, directories, unreadable

  @Test
  void aMissingPathIsNoSuchFile() {
    Path missing = dir.resolve("missing");
    LineScanner scanner = LineScanner.builder().build();
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> scanner.scan(missing, latin1()));
    assertEquals(missing.toString(), e.getFile());
    e = assertThrows(NoSuchFileException.class, () -> scanner.countLines(missing));
    assertEquals(missing.toString(), e.getFile());
    assertThrows(
        NoSuchFileException.class,
        () -> scanner.scan(dir.resolve("missing/child"), Collectors.counting()));
    assertNothingLeft("missing");
  }

  /**
   * A directory fails with an {@code IOException} ("Is a directory" on Linux). The JDK's {@code
   * Files.lines(dir)} returns a stream whose consumption throws {@code UncheckedIOException} around
   * that same {@code IOException} class, and {@code Files.readAllLines(dir)} throws it directly:
   * the scanner throws the class of {@code readAllLines}' exception, the cause of {@code
   * Files.lines}'.
   */
  @Test
  void aDirectoryFailsAsTheJdkReadsIt() throws IOException {
    Class<? extends Throwable> readAllLines = TestSupport.thrown(() -> Files.readAllLines(dir));
    Throwable linesCause;
    try (var s = Files.lines(dir)) {
      UncheckedIOException u = assertThrows(UncheckedIOException.class, s::count);
      linesCause = u.getCause();
    }
    LineScanner scanner = LineScanner.builder().build();
    IOException scan = assertThrows(IOException.class, () -> scanner.scan(dir, latin1()));
    IOException count = assertThrows(IOException.class, () -> scanner.countLines(dir));
    assertEquals(readAllLines, scan.getClass(), "scan: " + scan);
    assertEquals(linesCause.getClass(), scan.getClass(), "Files.lines' cause: " + linesCause);
    assertEquals(readAllLines, count.getClass(), "countLines: " + count);
    assertNothingLeft(dir.toString());
  }

  /**
   * A file without read permission: {@code AccessDeniedException} naming it where the JDK's {@code
   * Files.readAllLines} throws that; where it reads the file (as root), the same lines.
   */
  @Test
  void anUnreadableFileIsAccessDeniedWhereTheJdkSaysSo() throws IOException {
    Path file = TestSupport.write(dir, "unreadable", ascii("a\nb\n"));
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
    } catch (UnsupportedOperationException e) {
      assumeTrue(false, "no POSIX permissions here");
    }
    LineScanner scanner = LineScanner.builder().build();
    List<String> jdk;
    try {
      jdk = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    } catch (AccessDeniedException denied) {
      AccessDeniedException e =
          assertThrows(AccessDeniedException.class, () -> scanner.scan(file, latin1()));
      assertEquals(file.toString(), e.getFile());
      assertThrows(AccessDeniedException.class, () -> scanner.countLines(file));
      return;
    }
    assertEquals(jdk, scanner.scan(file, latin1()), "read as the JDK reads it (root)");
    assertEquals(jdk.size(), scanner.countLines(file));
  }

  // ---------------------------------------------------------------------------------------------
  // 2. /proc and FIFOs

  @Test
  void procFilesOfSizeZeroGiveTheReadersLines() throws IOException {
    for (String name : List.of("/proc/version", "/proc/self/status")) {
      Path p = Paths.get(name);
      assumeTrue(Files.isReadable(p), "Linux /proc");
      assertEquals(0, Files.size(p), name + " reports size 0");
      LineScanner scanner = LineScanner.builder().build();
      List<String> got = scanner.scan(p, latin1());
      List<String> expected = oracle(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
      if (name.endsWith("status")) { // a few values (memory, switches) change between two reads
        assertEquals(expected.size(), got.size(), name + ": " + got);
        for (int i = 0; i < got.size(); i++) {
          String key = expected.get(i).split(":", 2)[0];
          assertTrue(got.get(i).startsWith(key + ":"), name + " line " + i + ": " + got.get(i));
        }
        assertEquals(expected.size(), scanner.countLines(p), name);
      } else {
        assertEquals(expected, got, name);
        assertEquals(expected.size(), scanner.countLines(p), name);
      }
      assertNothingLeft(name);
    }
  }

  @Test
  void aFifoGivesEveryLineItsWriterWrote() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    StringBuilder b = new StringBuilder();
    String[] ends = {"\n", "\r\n", "\r"};
    for (int i = 0; i < 5000; i++) {
      b.append("fifo line ").append(i).append(repeat('y', i % 300)).append(ends[i % 3]);
    }
    b.append("last, no terminator");
    byte[] content = ascii(b.toString());
    Path fifo = TestSupport.fifo(dir, "fifo-lines");
    List<String> got = scanFifo(fifo, content, LineScanner.builder().build(), latin1());
    assertEquals(oracle(content, StandardCharsets.ISO_8859_1), got);
    Path again = TestSupport.fifo(dir, "fifo-count");
    Thread writer = TestSupport.feed(again, content);
    long n =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60), () -> LineScanner.builder().build().countLines(again));
    writer.join();
    assertEquals(5001, n);
    assertNothingLeft("fifo-");
  }

  // ---------------------------------------------------------------------------------------------
  // 3. Small cases of each terminator set

  private static final List<Integer> SMALL_PARTS = List.of(0, 1, 2, 3, 5);

  /**
   * {@code content}'s lines and count with {@code terminators}, whole and in parts of 1-5 bytes.
   */
  private void assertLines(
      String name, byte[] content, Terminators terminators, List<String> expected)
      throws IOException {
    Path file = TestSupport.write(dir, name, content);
    for (int chunk : SMALL_PARTS) {
      for (int threads : List.of(1, 2)) {
        LineScanner scanner = parts(chunk).terminators(terminators).threads(threads).build();
        String where = name + ", parts of " + chunk + ", threads " + threads;
        assertEquals(expected, scanner.scan(file, latin1()), where);
        assertEquals(expected.size(), scanner.countLines(file), "countLines " + where);
      }
    }
  }

  @Test
  void smallFilesWithTheDefaultTerminators() throws IOException {
    String[][] cases = {
      {"", ""},
      {"a", "a"},
      {"a\n", "a"},
      {"\n", ""},
      {"\r\n\r", "|"},
      {"\r", ""},
      {"\n\n", "|"},
      {"a\r\nb", "a|b"},
      {"a\rb\nc\r\n", "a|b|c"},
      {"\r\r\n\n", "||"},
      {"x\n\ry", "x||y"},
    };
    for (String[] c : cases) {
      byte[] content = ascii(c[0]);
      List<String> expected = oracle(content, StandardCharsets.ISO_8859_1);
      List<String> spelled = c[0].isEmpty() ? List.of() : Arrays.asList(c[1].split("\\|", -1));
      assertEquals(spelled, expected, "the oracle agrees with the table: " + c[0]);
      assertLines(
          "small-" + Integer.toHexString(c[0].hashCode()), content, Terminators.LINES, expected);
    }
    Path empty = TestSupport.write(dir, "empty", new byte[0]);
    assertEquals(List.of(), LineScanner.builder().build().scan(empty, latin1()));
    assertEquals(0, LineScanner.builder().build().countLines(empty));
  }

  @Test
  void lfAloneKeepsTheCarriageReturn() throws IOException {
    assertLines("lf-1", ascii("a\r\nb"), Terminators.LF, List.of("a\r", "b"));
    assertLines("lf-2", ascii("\r\r\n\n\r"), Terminators.LF, List.of("\r\r", "", "\r"));
    assertLines("lf-3", ascii("one\ntwo\n"), Terminators.LF, List.of("one", "two"));
  }

  @Test
  void nulSeparatedRecords() throws IOException {
    byte[] content = ascii("./a\0./b c\0\0./d\n\r\0./last");
    List<String> expected = List.of("./a", "./b c", "", "./d\n\r", "./last");
    assertEquals(expected, records(content, (byte) 0));
    assertLines("nul-1", content, Terminators.of((byte) 0), expected);
    assertLines("nul-2", ascii("\0"), Terminators.of((byte) 0), List.of(""));
    assertLines("nul-3", ascii("x\0"), Terminators.of((byte) 0), List.of("x"));
    assertLines(
        "ff",
        new byte[] {1, -1, -1, 2},
        Terminators.of((byte) -1),
        List.of("\u0001", "", "\u0002"));
  }

  /**
   * Random bytes rich in CR, LF and NUL, through parts of 1 to 300 bytes and 1 to 3 threads, with
   * each terminator set: the oracle's lines and count.
   */
  @Test
  void linesAcrossTinyPartsAreTheOracles() throws IOException {
    SplittableRandom r = new SplittableRandom(20_260_301);
    Path file = dir.resolve("tiny-parts");
    for (int round = 0; round < 400; round++) {
      int size = r.nextInt(3000);
      int density = 1 + r.nextInt(60);
      byte[] content = new byte[size];
      for (int i = 0; i < size; i++) {
        int k = r.nextInt(density);
        content[i] =
            k == 0 ? (byte) '\n' : k == 1 ? (byte) '\r' : k == 2 ? 0 : (byte) (' ' + r.nextInt(90));
      }
      Files.write(file, content);
      int chunk = 1 + r.nextInt(300);
      int threads = 1 + r.nextInt(3);
      int kind = round % 3;
      Terminators t =
          kind == 0 ? Terminators.LINES : kind == 1 ? Terminators.LF : Terminators.of((byte) 0);
      List<String> expected =
          kind == 0
              ? oracle(content, StandardCharsets.ISO_8859_1)
              : records(content, kind == 1 ? (byte) '\n' : 0);
      LineScanner scanner =
          parts(chunk)
              .terminators(t)
              .threads(threads)
              .maxLineLength(LineScanner.MAX_LINE_LENGTH)
              .build();
      String where = "round " + round + ", " + t + ", parts of " + chunk + ", threads " + threads;
      assertEquals(expected, scanner.scan(file, latin1()), where);
      assertEquals(expected.size(), scanner.countLines(file), "countLines " + where);
    }
    assertNothingLeft("tiny-parts");
  }

  // ---------------------------------------------------------------------------------------------
  // 4. maxLineLength

  private static final int MAX = 100;

  /** Parts of 1, 7 and 64 bytes, and the default parts. */
  private static final List<Integer> MAX_PARTS = List.of(1, 7, 64, 0);

  private void assertPasses(String name, String text, int max) throws IOException {
    byte[] content = ascii(text);
    Path file = TestSupport.write(dir, name, content);
    List<String> expected = oracle(content, StandardCharsets.ISO_8859_1);
    for (int chunk : MAX_PARTS) {
      LineScanner scanner = parts(chunk).maxLineLength(max).threads(2).build();
      String where = name + " (max " + max + ", parts of " + chunk + ")";
      List<String> got;
      try {
        got = scanner.scan(file, latin1());
      } catch (IOException e) {
        throw new AssertionError(where + ": no line is longer than " + max + ", yet " + e, e);
      }
      assertEquals(expected, got, where);
      assertEquals(expected.size(), scanner.countLines(file), where);
    }
    assertNothingLeft(name);
  }

  private void assertTooLong(String name, String text, int max, long offset) throws IOException {
    Path file = TestSupport.write(dir, name, ascii(text));
    for (int chunk : MAX_PARTS) {
      for (int threads : List.of(1, 2)) {
        LineScanner scanner = parts(chunk).maxLineLength(max).threads(threads).build();
        IOException e = assertThrows(IOException.class, () -> scanner.scan(file, latin1()), name);
        assertNamesPathAndOffset(e, file, offset);
        assertNothingLeft(name);
      }
    }
    // countLines applies no maximum to a regular file
    long expected = oracle(ascii(text), StandardCharsets.ISO_8859_1).size();
    assertEquals(expected, parts(7).maxLineLength(max).build().countLines(file), name);
  }

  @Test
  void aLineLongerThanTheMaximumFailsNamingThePathAndOffset() throws IOException {
    String x = repeat('x', MAX + 1);
    assertTooLong("long-first", x + "\nshort\n", MAX, 0);
    assertTooLong("long-after-short", "ab\ncd\r\n" + x + "\nshort\n", MAX, 7);
    assertTooLong("long-last-unterminated", "ab\n" + x, MAX, 3);
    assertTooLong("long-alone-unterminated", x, MAX, 0);
    assertTooLong("long-crlf", "ab\r\n" + x + "\r\n", MAX, 4);
    assertTooLong("long-zero", "a\n\n", 0, 0);
  }

  /** A line of exactly the maximum, alone in its file. */
  @Test
  void aLineOfTheMaximumAloneInItsFilePasses() throws IOException {
    String x = repeat('x', MAX);
    assertPasses("max-alone-lf", x + "\n", MAX);
    assertPasses("max-alone-crlf", x + "\r\n", MAX);
    assertPasses("max-alone-unterminated", x, MAX);
    assertPasses("max-zero", "\n", 0);
  }

  /**
   * A line of exactly the maximum (or shorter) after other lines passes, also when its terminator
   * lies beyond the previous line's start plus the maximum (the search window of the previous line:
   * the first version reported such a line too long).
   */
  @Test
  void aLineOfTheMaximumAfterOtherLinesPasses() {
    String x = repeat('x', MAX);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      b.append(repeat((char) ('a' + i % 26), 60)).append('\n'); // 60-byte lines, max 100
    }
    assertAll(
        () -> assertPasses("max-after-short", "ab\n" + x + "\n", MAX),
        () -> assertPasses("max-after-short-unterminated", "ab\n" + x, MAX),
        () -> assertPasses("max-after-short-crlf", "ab\r\n" + x + "\r\n", MAX),
        () -> assertPasses("shorter-lines", "a\nbbb\n", 3),
        () -> assertPasses("sixty-byte-lines", b.toString(), MAX),
        () -> assertPasses("max-zero-empty-lines", "\n\r\n\r", 0),
        () -> assertTooLong("long-zero-after-empty", "\n\na\n", 0, 2));
  }

  @Test
  void aLineTooLongInAFifoFailsNamingThePathAndOffset() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    int max = 70_000; // beyond the first 64 KiB buffer: the buffer grows to max + 2
    String x = repeat('x', max + 1);
    byte[] content = ascii("ab\ncd\n" + x + "\nshort\n");
    Path fifo = TestSupport.fifo(dir, "fifo-long");
    LineScanner scanner = LineScanner.builder().maxLineLength(max).build();
    IOException e =
        assertThrows(IOException.class, () -> scanFifo(fifo, content, scanner, latin1()));
    assertNamesPathAndOffset(e, fifo, 6);
    byte[] atMax = ascii(repeat('y', max) + "\r\n" + repeat('z', max));
    Path fifo2 = TestSupport.fifo(dir, "fifo-at-max");
    assertEquals(
        List.of(repeat('y', max), repeat('z', max)), scanFifo(fifo2, atMax, scanner, latin1()));
    assertNothingLeft("fifo-");
  }

  // ---------------------------------------------------------------------------------------------
  // 5. Offsets beyond 2^31 and 2^32

  /** Writes {@code text} at {@code at} in the file and in the model of its bytes. */
  private static void put(RandomAccessFile f, Map<Long, Byte> model, long at, String text)
      throws IOException {
    byte[] b = ascii(text);
    f.seek(at);
    f.write(b);
    for (int i = 0; i < b.length; i++) {
      model.put(at + i, b[i]);
    }
  }

  /** The model's bytes {@code [from, to)}, NUL where nothing was written. */
  private static String text(Map<Long, Byte> model, long from, long to) {
    assertTrue(to - from < 4096, "a fixture line starting with text is short");
    StringBuilder b = new StringBuilder();
    for (long p = from; p < to; p++) {
      b.append((char) (model.getOrDefault(p, (byte) 0) & 0xFF));
    }
    return b.toString();
  }

  /**
   * A sparse file of 4 GiB + 3 MiB: an LF at the end of every MiB (so that its NULs are lines of
   * under 1 MiB), and lines written across 2^31 and 2^32 (a CR LF split by each, lines across part
   * boundaries, a last line without terminator). The lines that start with a byte other than NUL,
   * with their offsets, and the count (for the default terminators and for NUL) are those of a
   * model of the bytes written. Parts of 32 MiB and lines of at most 33 MiB: the scan searches at
   * most a line's maximum ahead of each part's end, so the default 64 MiB would read the NULs many
   * times over; no line of the file is longer than 1 MiB.
   */
  @Test
  void offsetsBeyondTwoAndFourGibibytesInASparseFile() throws Exception {
    assumeTrue(
        Files.getFileStore(dir).getUsableSpace() > (1L << 30), "too little space for the test");
    long size = (1L << 32) + (3L << 20);
    Path file = dir.resolve("sparse-scan");
    TreeMap<Long, Byte> model = new TreeMap<>();
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
      for (long at = (1L << 20) - 1; at < size; at += 1L << 20) {
        put(f, model, at, "\n");
      }
      for (long a : new long[] {1L << 31, 1L << 32}) {
        put(f, model, a - 7, "\nsplit\r\nnext " + a + "\n"); // CR at a - 1, LF at a
        put(f, model, a - (32L << 20) - 9, "\nacross the part boundary\r"); // parts of 32 MiB
        put(f, model, a + 5000, "\n\u00e9t\u00e9 " + a + "\r\r\n");
      }
      String last = "\nthe last line, no terminator";
      put(f, model, size - last.length(), last);
    }
    assertEquals(size, Files.size(file), "every text written lies inside the file");
    List<String> out = new ArrayList<>();
    int status = TestSupport.run(out, "stat", "-c", "%b", file.toString());
    assumeTrue(
        status == 0 && Long.parseLong(out.get(0).trim()) * 512 < (256L << 20),
        "the file system keeps no sparse files: " + out);

    // The model: lines of the default terminators, and NUL records.
    List<String> expected = new ArrayList<>();
    long lines = 0;
    long lineStart = 0;
    long skipLf = -1;
    for (Map.Entry<Long, Byte> e : model.entrySet()) {
      long p = e.getKey();
      byte b = e.getValue();
      if ((b != '\n' && b != '\r') || p == skipLf) {
        continue;
      }
      if (p > lineStart && model.getOrDefault(lineStart, (byte) 0) != 0) {
        expected.add(lineStart + ":" + text(model, lineStart, p));
      }
      lines++;
      boolean crlf = b == '\r' && model.getOrDefault(p + 1, (byte) 0) == '\n';
      skipLf = crlf ? p + 1 : -1;
      lineStart = crlf ? p + 2 : p + 1;
    }
    if (lineStart < size) {
      lines++;
      expected.add(lineStart + ":" + text(model, lineStart, size));
    }
    long nonNul = model.values().stream().filter(b -> b != 0).count();
    long records = size - nonNul + (model.getOrDefault(size - 1, (byte) 0) != 0 ? 1 : 0);
    assertTrue(
        expected.contains(((1L << 31) + 1) + ":next " + (1L << 31))
            && expected.contains(((1L << 32) - 6) + ":split"),
        "the model: " + expected);

    Collector<Line, ?, List<String>> textLines =
        Collectors.filtering(
            l -> l.length() > 0 && l.byteAt(0) != 0,
            Collectors.mapping(
                l -> l.offset() + ":" + l.toString(StandardCharsets.ISO_8859_1),
                Collectors.toList()));
    LineScanner scanner = parts(32 << 20).maxLineLength(33 << 20).threads(2).build();
    assertEquals(expected, scanner.scan(file, textLines));
    assertEquals(lines, LineScanner.builder().build().countLines(file), "countLines");
    assertEquals(
        records,
        LineScanner.builder().terminators(Terminators.of((byte) 0)).build().countLines(file),
        "countLines of NUL records");
    assertNothingLeft("sparse-scan");
  }

  // ---------------------------------------------------------------------------------------------
  // 6. Truncation while scanning

  private static final int BIG = 256 << 20;

  /** A file of {@code size} bytes of 64-byte lines. */
  private static void writeLines(Path file, int size) throws IOException {
    byte[] line = ascii(repeat('t', 63) + "\n");
    byte[] block = new byte[1 << 20];
    for (int i = 0; i < block.length; i += line.length) {
      System.arraycopy(line, 0, block, i, line.length);
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      for (int done = 0; done < size; done += block.length) {
        out.write(block, 0, Math.min(block.length, size - done));
      }
    }
  }

  /** Counts lines; the accumulator that has seen {@code after} lines in all truncates the file. */
  private static Collector<Line, long[], Long> truncatingAfter(Path file, long after) {
    AtomicLong seen = new AtomicLong();
    AtomicBoolean done = new AtomicBoolean();
    return Collector.of(
        () -> new long[1],
        (acc, line) -> {
          acc[0] += line.length();
          if (seen.incrementAndGet() >= after && done.compareAndSet(false, true)) {
            truncate(file, 4096);
          }
        },
        (a, b) -> {
          a[0] += b[0];
          return a;
        },
        a -> a[0]);
  }

  private static void truncate(Path file, long size) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertTruncated(Path file, Throwable thrown) {
    FileSystemException e =
        assertInstanceOf(
            FileSystemException.class,
            thrown,
            "not a FileSystemException naming the path: " + thrown);
    assertEquals(file.toString(), e.getFile(), String.valueOf(e));
  }

  /**
   * A 256 MiB file truncated to 4 KiB by the collector after a few thousand lines, with one thread
   * and with two: a {@code FileSystemException} naming the path, never an {@code InternalError},
   * and nothing left, with either engine ({@link
   * #aTruncationDuringAWarmScanFailsQuicklyInAChildJvm} also runs it in a child JVM, where a crash
   * cannot take the other tests with it).
   */
  @Test
  void aFileTruncatedWhileScannedFailsNamingThePath() throws IOException {
    Path file = dir.resolve("truncated-big");
    for (int threads : List.of(1, 2)) {
      writeLines(file, BIG);
      LineScanner scanner = LineScanner.builder().threads(threads).build();
      Collector<Line, long[], Long> truncating = truncatingAfter(file, 3000 + threads);
      Throwable thrown = assertThrows(Throwable.class, () -> scanner.scan(file, truncating));
      assertFalse(thrown instanceof InternalError, "an InternalError escaped: " + thrown);
      assertTruncated(file, thrown);
      assertNothingLeft("truncated-big");
    }
  }

  /**
   * Run in a child JVM by {@link #aTruncationDuringAWarmScanFailsQuicklyInAChildJvm}: scans a 128
   * MiB file ten times (enough for C2 to compile the search), then scans 256 MiB files that the
   * collector truncates, once with one thread and up to seven times with two (while under 60 s),
   * and prints a {@code ROUND} line for each (threads, milliseconds, what was thrown and the file
   * it names), then {@code DONE}.
   */
  public static final class TruncationProbe {
    private TruncationProbe() {}

    public static void main(String[] args) throws IOException {
      Path dir = Paths.get(args[0]);
      System.out.println("engine=" + LineScanner.engine());
      Path warm = dir.resolve("warm");
      writeLines(warm, 128 << 20);
      for (int i = 0; i < 5; i++) {
        LineScanner.builder().threads(2).build().scan(warm, Collectors.counting());
        LineScanner.builder().threads(2).build().scan(warm, Collectors.summingLong(Line::length));
      }
      Files.delete(warm);
      Path file = dir.resolve("truncated-warm");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      for (int round = 0; round < 8 && System.nanoTime() < deadline; round++) {
        int threads = round == 0 ? 1 : 2; // two threads: a part scanned while another truncates
        writeLines(file, BIG);
        long t0 = System.nanoTime();
        String outcome;
        try {
          long n =
              LineScanner.builder()
                  .threads(threads)
                  .build()
                  .scan(file, truncatingAfter(file, 3000 + round));
          outcome = "result=" + n;
        } catch (FileSystemException e) {
          outcome = "thrown=" + e.getClass().getName() + " file=" + e.getFile();
        } catch (IOException | RuntimeException | Error e) {
          outcome = "thrown=" + e.getClass().getName() + " message=" + e.getMessage();
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.println("ROUND threads=" + threads + " ms=" + ms + " " + outcome);
      }
      System.out.println("DONE");
    }
  }

  /** What a child JVM running {@link TruncationProbe} printed, and how it ended. */
  private record ProbeRun(List<String> out, int status, String crash) {}

  private ProbeRun runTruncationProbe(int run) throws Exception {
    Path runDir = Files.createDirectory(dir.resolve("probe-" + run));
    List<String> jvmArgs = TestSupport.thisJvmArgs(); // the same engine as here
    jvmArgs.add("-XX:ErrorFile=" + runDir.resolve("hs_err_%p.log"));
    List<String> cmd = TestSupport.javaCommand(jvmArgs, TruncationProbe.class, runDir.toString());
    Path out = runDir.resolve("probe.out");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(runDir.resolve("probe.err").toFile())
            .start();
    if (!TestSupport.awaitOrKill(p, 3, TimeUnit.MINUTES)) {
      p.waitFor(); // killed: judged below by its exit status and output
    }
    StringBuilder crash = new StringBuilder();
    try (var s = Files.list(runDir)) {
      for (Path f : s.collect(Collectors.toList())) {
        if (f.getFileName().toString().startsWith("hs_err")) {
          for (String l : Files.readAllLines(f, StandardCharsets.ISO_8859_1)) {
            if (l.startsWith("# ") && !l.startsWith("#  ") && crash.length() < 2000) {
              crash.append(l).append(" / ");
            }
          }
        }
      }
    }
    return new ProbeRun(
        Files.readAllLines(out, StandardCharsets.UTF_8), p.exitValue(), crash.toString());
  }

  /**
   * A truncation during a scan whose search C2 has compiled, in a child JVM with this JVM's options
   * (so with its engine and platform; three child JVMs where the engine is the vector one, until
   * one dies): every round fails with a {@code FileSystemException} naming the path, within 10 s,
   * and the JVM lives. Its first runs found three faults, now fixed: the first vector engine read
   * vectors straight from the mapping (a vector load from a {@code MemorySegment} over a mapping is
   * not fault-checked as {@code Unsafe} reads are: the child died of SIGBUS); with SWAR a round
   * with two threads took tens of seconds (a search read on through the truncated range, a fault
   * per read, to its end); and a part mapped after the file shrank failed with the JDK's plain
   * {@code IOException}.
   */
  @Test
  void aTruncationDuringAWarmScanFailsQuicklyInAChildJvm() throws Exception {
    assumeTrue(TestSupport.isLinux(), "SIGBUS on a truncated mapping");
    int runs = LineScanner.engine().startsWith("vector") ? 3 : 1;
    List<Executable> checks = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      ProbeRun r = runTruncationProbe(run);
      String where = "child " + run + " (" + (r.out().isEmpty() ? "?" : r.out().get(0)) + ")";
      Path file = dir.resolve("probe-" + run).resolve("truncated-warm");
      checks.add(
          () -> assertEquals(0, r.status(), where + " died: " + r.crash() + " after " + r.out()));
      checks.add(
          () ->
              assertEquals(
                  "DONE", r.out().isEmpty() ? "" : r.out().get(r.out().size() - 1), where));
      for (String round : r.out()) {
        if (!round.startsWith("ROUND ")) {
          continue;
        }
        checks.add(
            () ->
                assertTrue(
                    round.endsWith("thrown=java.nio.file.FileSystemException file=" + file),
                    where + ": a FileSystemException naming the path: " + round));
        long ms = Long.parseLong(round.replaceAll(".* ms=(\\d+) .*", "$1"));
        checks.add(() -> assertTrue(ms < 10_000, where + ": failed within 10 s: " + round));
      }
      if (r.status() != 0) {
        break;
      }
    }
    assertAll(checks);
  }

  /**
   * The collector truncates the file on the last line of the first part (64 KiB), so that the next
   * part is mapped after the truncation: still a {@code FileSystemException} naming the path. Fails
   * at the time of writing: {@code Scans.mappedChunk} (and {@code countChunk}) let the JDK's {@code
   * IOException("Channel not open for writing - cannot extend file to required size")} from {@code
   * FileChannel.map} through.
   */
  @Test
  void aPartMappedAfterTheFileShrankFailsNamingThePath() throws IOException {
    Path file = dir.resolve("truncated-part");
    int part = 64 << 10;
    writeLines(file, 1 << 20);
    AtomicBoolean done = new AtomicBoolean();
    Collector<Line, ?, Long> truncating =
        Collectors.summingLong(
            line -> {
              if (line.offset() + line.length() + 1 == part && done.compareAndSet(false, true)) {
                truncate(file, 4096); // the last line of part 0: no byte is read after it
              }
              return 1;
            });
    Throwable scan =
        assertThrows(Throwable.class, () -> parts(part).threads(1).build().scan(file, truncating));
    assertTruncated(file, scan);
    assertNothingLeft("truncated-part");

    writeLines(file, 1 << 20);
    AtomicBoolean once = new AtomicBoolean();
    LineScanner counting =
        parts(part)
            .threads(1)
            .progressListener(
                total -> {
                  if (once.compareAndSet(false, true)) {
                    truncate(file, 4096);
                  }
                })
            .build();
    Throwable count = assertThrows(Throwable.class, () -> counting.countLines(file));
    assertTruncated(file, count);
    assertNothingLeft("truncated-part");
  }

  // ---------------------------------------------------------------------------------------------
  // 7. Growth

  @Test
  void bytesAppendedDuringAScanAreNotSeen() throws IOException {
    for (int chunk : List.of(0, 2, 5, 4096)) {
      for (int threads : List.of(1, 2)) {
        Path file = TestSupport.write(dir, "grows-" + chunk + "-" + threads, ascii("a\nb\nc"));
        AtomicBoolean appended = new AtomicBoolean();
        Collector<Line, ?, List<String>> appending =
            Collectors.mapping(
                line -> {
                  if (appended.compareAndSet(false, true)) {
                    append(file, "d\ne\n");
                  }
                  return line.toString(StandardCharsets.ISO_8859_1);
                },
                Collectors.toList());
        LineScanner scanner = parts(chunk).threads(threads).build();
        String where = "parts of " + chunk + ", threads " + threads;
        assertEquals(List.of("a", "b", "c"), scanner.scan(file, appending), where);
        assertEquals("a\nb\ncd\ne\n", Files.readString(file, StandardCharsets.ISO_8859_1));

        Files.write(file, ascii("a\nb\nc"));
        AtomicBoolean grown = new AtomicBoolean();
        LineScanner counting =
            parts(chunk)
                .threads(threads)
                .progressListener(
                    total -> {
                      if (grown.compareAndSet(false, true)) {
                        append(file, "d\ne\n");
                      }
                    })
                .build();
        assertEquals(3, counting.countLines(file), "countLines " + where);
      }
    }
    // a large file grown while its many parts are scanned on two threads
    byte[] content = numberedLines(200_000);
    Path big = TestSupport.write(dir, "grows-big", content);
    AtomicBoolean appended = new AtomicBoolean();
    Collector<Line, ?, Long> appending =
        Collectors.summingLong(
            line -> {
              if (appended.compareAndSet(false, true)) {
                append(big, "more\n".repeat(1000));
              }
              return 1;
            });
    assertEquals(200_000L, parts(64 << 10).threads(2).build().scan(big, appending));
    assertNothingLeft("grows-");
  }

  private static void append(Path file, String text) {
    try {
      Files.write(file, ascii(text), StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // 8. Nothing left, and the collector's exceptions

  @Test
  void nothingOutlivesACallThatSucceedsOrFails() throws Exception {
    byte[] content = numberedLines(100_000); // about 3.4 MB: many parts of 64 KiB
    Path file = TestSupport.write(dir, "leftovers", content);
    long lines = 100_000;
    for (int threads : List.of(1, 2, 4)) {
      LineScanner scanner = parts(64 << 10).threads(threads).build();
      assertEquals(lines, scanner.scan(file, Collectors.counting()));
      assertNothingLeft("leftovers");
      assertEquals(lines, scanner.countLines(file));
      assertNothingLeft("leftovers");

      // the collector's accumulator throws in a part in the middle: that same exception
      IllegalStateException boom = new IllegalStateException("boom");
      Collector<Line, ?, Long> throwing =
          Collectors.summingLong(
              line -> {
                if (line.offset() >= content.length / 2
                    && line.offset() < content.length / 2 + 50) {
                  throw boom;
                }
                return 1;
              });
      assertSame(
          boom, assertThrows(IllegalStateException.class, () -> scanner.scan(file, throwing)));
      assertNothingLeft("leftovers");

      // an error, from the combiner
      AssertionError error = new AssertionError("combiner");
      Collector<Line, long[], Long> badCombiner =
          Collector.of(
              () -> new long[1],
              (a, l) -> a[0]++,
              (a, b) -> {
                throw error;
              },
              a -> a[0]);
      assertSame(error, assertThrows(AssertionError.class, () -> scanner.scan(file, badCombiner)));
      assertNothingLeft("leftovers");

      // a line too long in a part in the middle
      LineScanner strict = parts(64 << 10).threads(threads).maxLineLength(40).build();
      IOException tooLong =
          assertThrows(IOException.class, () -> strict.scan(file, Collectors.counting()));
      assertTrue(tooLong.getMessage().contains(file.toString()), tooLong.getMessage());
      assertNothingLeft("leftovers");
    }
    // a progress listener that throws ends the scan with its exception
    UnsupportedOperationException stop = new UnsupportedOperationException("stop");
    LineScanner stopping =
        parts(64 << 10)
            .threads(2)
            .progressListener(
                total -> {
                  throw stop;
                })
            .build();
    assertSame(
        stop,
        assertThrows(
            UnsupportedOperationException.class, () -> stopping.scan(file, Collectors.counting())));
    assertNothingLeft("leftovers");
  }

  // ---------------------------------------------------------------------------------------------
  // 9. Collect order, Line methods, builder checks

  @Test
  void collectedInFileOrderOnAnyNumberOfThreads() throws IOException {
    StringBuilder b = new StringBuilder();
    String[] ends = {"\n", "\r\n", "\r"};
    SplittableRandom r = new SplittableRandom(9);
    for (int i = 0; b.length() < 50_000_000; i++) {
      b.append("line ").append(i);
      if (i % 7 == 0) {
        b.append(" \u00e9t\u00e9 \u20ac \ud83d\ude00");
      }
      if (i % 100_003 == 0) {
        b.append(repeat('L', 100_000 + r.nextInt(100_000))); // across several parts
      }
      if (i % 13 == 0) {
        b.append(ends[r.nextInt(3)]); // an empty line
      }
      b.append(ends[i % 3]);
    }
    byte[] content = b.toString().getBytes(StandardCharsets.UTF_8);
    Path file = TestSupport.write(dir, "ordered", content);
    List<String> expected = oracle(content, StandardCharsets.UTF_8);
    for (int threads : List.of(1, 2, 4)) {
      LineScanner scanner = parts(64 << 10).threads(threads).build();
      List<String> got =
          scanner.scan(file, Collectors.mapping(Line::toString, Collectors.toList()));
      assertEquals(expected.size(), got.size(), "threads " + threads);
      assertTrue(expected.equals(got), "threads " + threads + ": not the oracle's lines");
      assertEquals(expected.size(), scanner.countLines(file), "threads " + threads);
    }
    List<String> defaults =
        LineScanner.builder()
            .build()
            .scan(file, Collectors.mapping(Line::toString, Collectors.toList()));
    assertTrue(expected.equals(defaults), "default parts: not the oracle's lines");
    assertNothingLeft("ordered");
  }

  /** Each {@link Line} method against the {@code String} of the line's bytes, one char a byte. */
  private static void checkLine(Line line, long expectedOffset, String s, List<String> problems) {
    String at = "line at " + line.offset() + " (" + s + "): ";
    if (line.offset() != expectedOffset) {
      problems.add(at + "offset " + line.offset() + ", expected " + expectedOffset);
    }
    if (line.length() != s.length()) {
      problems.add(at + "length " + line.length());
      return;
    }
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (line.byteAt(i) != (byte) s.charAt(i)) {
        problems.add(at + "byteAt " + i);
      }
    }
    int[] froms = {Integer.MIN_VALUE, -5, 0, 1, n / 3, n / 2, n - 1, n, n + 3, Integer.MAX_VALUE};
    for (char c : new char[] {'a', ' ', '\u00e9', '#', 'z'}) {
      if (line.indexOf((byte) c) != s.indexOf(c)) {
        problems.add(at + "indexOf " + c);
      }
    }
    for (int from : froms) {
      if (n > 0 && line.indexOf((byte) s.charAt(n / 2), from) != s.indexOf(s.charAt(n / 2), from)) {
        problems.add(at + "indexOf(byte, " + from + ")");
      }
      for (String needle : List.of("ab", "a", "#no#", n > 4 ? s.substring(n - 4) : "zz")) {
        byte[] nb = ascii(needle);
        if (line.indexOf(nb, from) != s.indexOf(needle, Math.max(0, from))) {
          problems.add(at + "indexOf(\"" + needle + "\", " + from + ")");
        }
        if (line.regionMatches(from, nb) != s.startsWith(needle, from)) {
          problems.add(at + "regionMatches(" + from + ", \"" + needle + "\")");
        }
      }
    }
    int from = n / 4;
    int to = n - n / 4;
    if (!Arrays.equals(line.toByteArray(from, to), ascii(s.substring(from, to)))) {
      problems.add(at + "toByteArray(" + from + ", " + to + ")");
    }
    if (!Arrays.equals(line.toByteArray(), ascii(s))) {
      problems.add(at + "toByteArray()");
    }
    if (!line.toString(from, to, StandardCharsets.ISO_8859_1).equals(s.substring(from, to))) {
      problems.add(at + "toString(from, to, cs)");
    }
    String utf8 = new String(ascii(s), StandardCharsets.UTF_8);
    if (!line.toString().equals(utf8) || !line.toString(StandardCharsets.UTF_8).equals(utf8)) {
      problems.add(at + "toString()");
    }
    ByteBuffer view = line.asByteBuffer();
    if (view.position() != 0 || view.limit() != n || !view.isReadOnly()) {
      problems.add(at + "asByteBuffer " + view);
    }
    byte[] viewed = new byte[view.remaining()];
    view.duplicate().get(viewed);
    if (!Arrays.equals(viewed, ascii(s))) {
      problems.add(at + "asByteBuffer's bytes");
    }
    try {
      view.put(0, (byte) 1);
      problems.add(at + "asByteBuffer is writable");
    } catch (ReadOnlyBufferException | IndexOutOfBoundsException expected) {
      // read-only
    }
    List<Runnable> bad =
        List.of(
            () -> line.byteAt(-1),
            () -> line.byteAt(n),
            () -> line.toByteArray(-1, 0),
            () -> line.toByteArray(0, n + 1),
            () -> line.toByteArray(1, 0),
            () -> line.toString(0, n + 1, StandardCharsets.UTF_8),
            () -> line.toString(-1, n, StandardCharsets.UTF_8));
    for (int i = 0; i < bad.size(); i++) {
      try {
        bad.get(i).run();
        problems.add(at + "no IndexOutOfBoundsException from bad index case " + i);
      } catch (IndexOutOfBoundsException expected) {
        // as documented
      }
    }
    try {
      line.indexOf(new byte[0], 0);
      problems.add(at + "indexOf(empty) did not throw");
    } catch (IllegalArgumentException expected) {
      // as documented
    }
  }

  /** The lines of {@code content} and their offsets, for {@link Terminators#LINES}. */
  private static List<long[]> lineSpans(byte[] content) {
    List<long[]> spans = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < content.length; i++) {
      if (content[i] == '\n' || content[i] == '\r') {
        spans.add(new long[] {start, i});
        if (content[i] == '\r' && i + 1 < content.length && content[i + 1] == '\n') {
          i++;
        }
        start = i + 1;
      }
    }
    if (start < content.length) {
      spans.add(new long[] {start, content.length});
    }
    return spans;
  }

  private static byte[] lineMethodsContent() {
    StringBuilder b = new StringBuilder();
    String[] ends = {"\n", "\r\n", "\r"};
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 400; i++) {
      int len = r.nextInt(i % 10 == 0 ? 300 : 30);
      for (int k = 0; k < len; k++) {
        int c = r.nextInt(8);
        b.append(c == 0 ? 'a' : c == 1 ? 'b' : c == 2 ? ' ' : c == 3 ? '\u00e9' : (char) ('c' + c));
      }
      b.append(ends[i % 3]);
    }
    return b.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void lineMethodsAgreeWithStringOnes() throws Exception {
    byte[] content = lineMethodsContent();
    List<long[]> spans = lineSpans(content);
    Path file = TestSupport.write(dir, "line-methods", content);
    for (int chunk : List.of(0, 7, 64, 300)) {
      for (int threads : List.of(1, 2)) {
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        Collector<Line, ?, List<Long>> checking =
            Collectors.mapping(
                line -> {
                  checkSpan(line, content, spans, problems);
                  return line.offset();
                },
                Collectors.toList());
        List<Long> offsets = parts(chunk).threads(threads).build().scan(file, checking);
        String where = "parts of " + chunk + ", threads " + threads;
        assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), where);
        assertEquals(spans.size(), offsets.size(), where);
        for (int i = 0; i < spans.size(); i++) {
          assertEquals(spans.get(i)[0], offsets.get(i), where + ", line " + i);
        }
      }
    }
    // a FIFO: lines from the growing heap buffer of the sequential path
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    Path fifo = TestSupport.fifo(dir, "fifo-methods");
    List<String> problems = Collections.synchronizedList(new ArrayList<>());
    Collector<Line, ?, Long> checking =
        Collectors.summingLong(
            line -> {
              checkSpan(line, content, spans, problems);
              return 1;
            });
    assertEquals(
        (long) spans.size(), scanFifo(fifo, content, LineScanner.builder().build(), checking));
    assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())), "FIFO");
  }

  /** {@link #checkLine} against the line of {@code spans} that starts at {@code line}'s offset. */
  private static void checkSpan(
      Line line, byte[] content, List<long[]> spans, List<String> problems) {
    long[] span = findSpan(spans, line.offset());
    String s =
        span == null
            ? "?"
            : new String(
                content, (int) span[0], (int) (span[1] - span[0]), StandardCharsets.ISO_8859_1);
    checkLine(line, span == null ? -1 : span[0], s, problems);
  }

  private static long[] findSpan(List<long[]> spans, long offset) {
    int lo = 0;
    int hi = spans.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long start = spans.get(mid)[0];
      if (start == offset) {
        return spans.get(mid);
      } else if (start < offset) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return null;
  }

  @Test
  void builderArgumentsAreChecked() {
    LineScanner.Builder b = LineScanner.builder();
    assertEquals(
        "threads < 1: 0",
        assertThrows(IllegalArgumentException.class, () -> b.threads(0)).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.threads(-7))
            .getMessage()
            .contains("-7"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.maxLineLength(-1))
            .getMessage()
            .endsWith(": -1"));
    int tooLong = LineScanner.MAX_LINE_LENGTH + 1;
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.maxLineLength(tooLong))
            .getMessage()
            .endsWith(": " + tooLong));
    assertThrows(NullPointerException.class, () -> b.terminators(null));
    b.maxLineLength(0).maxLineLength(LineScanner.MAX_LINE_LENGTH).threads(1).progressListener(null);
    LineScanner scanner = b.build();
    assertThrows(NullPointerException.class, () -> scanner.scan(null, Collectors.counting()));
    assertThrows(NullPointerException.class, () -> scanner.countLines(null));
    assertEquals(64 << 20, LineScanner.DEFAULT_MAX_LINE_LENGTH);
    assertEquals(512 << 20, LineScanner.MAX_LINE_LENGTH);
  }

  // ---------------------------------------------------------------------------------------------
  // 10. Progress

  /** Records the values, and whether two calls ever overlapped. */
  private static final class Progress implements dev.fastio.ProgressListener {
    final List<Long> values = Collections.synchronizedList(new ArrayList<>());
    final AtomicBoolean inside = new AtomicBoolean();
    final AtomicBoolean overlapped = new AtomicBoolean();

    @Override
    public void bytesMoved(long total) {
      if (!inside.compareAndSet(false, true)) {
        overlapped.set(true);
      }
      try {
        values.add(total);
        long until = System.nanoTime() + 20_000; // widen the window a concurrent call would hit
        while (System.nanoTime() < until) {
          Thread.onSpinWait();
        }
      } finally {
        inside.set(false);
      }
    }

    void assertGrowsTo(long size, String where) {
      assertFalse(overlapped.get(), where + ": two calls at once");
      assertFalse(values.isEmpty(), where + ": no call");
      assertEquals(size, values.get(values.size() - 1), where + ": the last is the size " + values);
      for (int i = 1; i < values.size(); i++) {
        assertTrue(values.get(i) > values.get(i - 1), where + ": strictly growing " + values);
      }
      assertTrue(values.get(0) >= 0, where);
    }
  }

  @Test
  void progressGrowsToTheFileSizeOneCallAtATime() throws IOException {
    byte[] content = numberedLines(60_000); // about 2 MB
    Path file = TestSupport.write(dir, "progress", content);
    for (int threads : List.of(1, 2, 4)) {
      for (int chunk : List.of(0, 4096, 64 << 10)) {
        Progress p = new Progress();
        LineScanner scanner = parts(chunk).threads(threads).progressListener(p).build();
        assertEquals(60_000L, scanner.scan(file, Collectors.counting()));
        String where = "scan, threads " + threads + ", parts of " + chunk;
        p.assertGrowsTo(content.length, where);
        int part = chunk == 0 ? 8 << 20 : chunk;
        for (long v : p.values) {
          assertTrue(v % part == 0 || v == content.length, where + ": a part's end " + v);
        }
        Progress c = new Progress();
        assertEquals(
            60_000L, parts(chunk).threads(threads).progressListener(c).build().countLines(file));
        c.assertGrowsTo(content.length, "countLines, threads " + threads + ", parts of " + chunk);
      }
    }
    Path empty = TestSupport.write(dir, "progress-empty", new byte[0]);
    Progress e = new Progress();
    LineScanner.builder().progressListener(e).build().scan(empty, Collectors.counting());
    assertEquals(List.of(0L), e.values, "an empty file reports 0 once");
  }

  /**
   * The sequential path (a FIFO) reports as {@code ProgressListener} says: strictly growing, the
   * last the bytes read, never a value twice (the first version repeated the last value when the
   * last read ended with a terminator, or a read completed no line).
   */
  @Test
  void progressOfAFifoStrictlyGrowsToItsLength() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    byte[] content = numberedLines(3000);
    Path fifo = TestSupport.fifo(dir, "fifo-progress");
    Progress p = new Progress();
    assertEquals(
        3000L,
        scanFifo(
            fifo,
            content,
            LineScanner.builder().progressListener(p).build(),
            Collectors.counting()));
    p.assertGrowsTo(content.length, "FIFO");
  }

  // ---------------------------------------------------------------------------------------------
  // 11. Engine

  /**
   * {@code "vector Nx8-bit"} where {@code jdk.incubator.vector} is resolved (N the byte lanes of
   * the preferred vector: four times the int lanes of the vector MD5 engine's name) unless this JVM
   * has {@code -Dfastio.scan.vector=false}; {@code "swar 8x8-bit"} elsewhere.
   */
  @Test
  void theEngineIsTheVectorOneExactlyWhereTheModuleIsResolved() {
    boolean resolved = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    assertEquals(VECTOR_RUN, resolved, "surefire's fastio.test.vector and --add-modules disagree");
    String engine = LineScanner.engine();
    boolean off = "false".equalsIgnoreCase(System.getProperty("fastio.scan.vector", "").trim());
    if (!resolved || off || Runtime.version().feature() < 22) {
      assertEquals("swar 8x8-bit", engine); // JDK 17's vector search allocates per step: SWAR
      return;
    }
    String md5 = PlatformTestHook.md5VectorStatus();
    assumeFalse(
        md5.startsWith("unavailable: the preferred") || md5.contains("fewer than 256"),
        "vectors too narrow here: " + md5);
    assumeTrue(md5.startsWith("vector "), "the MD5 lanes tell no vector width here: " + md5);
    int intLanes = Integer.parseInt(md5.substring("vector ".length(), md5.indexOf('x')));
    assertEquals("vector " + 4 * intLanes + "x8-bit", engine);
  }

  /** Prints the engine: run in a child JVM. */
  public static final class EngineProbe {
    private EngineProbe() {}

    public static void main(String[] args) {
      System.out.println("engine=" + LineScanner.engine());
    }
  }

  @Test
  void fastioScanVectorFalseTurnsTheVectorEngineOff() throws Exception {
    List<String> cmd =
        TestSupport.javaCommand(
            List.of("--add-modules", "jdk.incubator.vector", "-Dfastio.scan.vector=false"),
            EngineProbe.class);
    Path out = dir.resolve("probe.out");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertTrue(TestSupport.awaitOrKill(p, 2, TimeUnit.MINUTES), "child timed out");
    assertEquals(0, p.exitValue());
    assertEquals(List.of("engine=swar 8x8-bit"), Files.readAllLines(out, StandardCharsets.UTF_8));
  }

  @Test
  void aFifoThatEndsAtOnceHasNoLines() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mkfifo");
    Path fifo = TestSupport.fifo(dir, "fifo-empty");
    Thread writer = TestSupport.feed(fifo, new byte[0]);
    List<String> got =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60), () -> LineScanner.builder().build().scan(fifo, latin1()));
    writer.join();
    assertEquals(List.of(), got);
  }
}
