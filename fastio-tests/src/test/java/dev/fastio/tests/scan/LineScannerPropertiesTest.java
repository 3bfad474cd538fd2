package dev.fastio.tests.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastioTestHook;
import dev.fastio.LineScanner;
import dev.fastio.LineScanner.Terminators;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@code LineScanner} against a reference split of the bytes (itself checked against {@code
 * BufferedReader.readLine} for the JDK's line ends): files of words, every mix of LF, CR and CR LF,
 * NULs and semicolons, multi-byte and malformed UTF-8, runs of up to 3,000 bytes; every kind of
 * terminators; parts of 1 to 300 bytes and 1 to 3 threads, so that lines cross part boundaries
 * everywhere; regular files (mapped parts) and files of a zip file system (read sequentially,
 * through a first buffer of the part size, so lines cross every refill). The same lines, at the
 * same offsets, in order; {@code countLines} their number; a maximum line length fails exactly the
 * files with a longer line.
 */
class LineScannerPropertiesTest {
  private static final Terminators NUL = Terminators.of((byte) 0);
  private static final Terminators SEMICOLON = Terminators.of((byte) ';');

  private static Path dir;
  private static FileSystem zip;
  private static int counter;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-scan");
    zip =
        FileSystems.newFileSystem(
            URI.create("jar:" + dir.resolve("files.zip").toUri()), Map.of("create", "true"));
  }

  @AfterContainer
  static void removeDir() throws IOException {
    zip.close();
    TestSupport.deleteTree(dir);
  }

  @Provide
  Arbitrary<byte[]> contents() {
    Arbitrary<byte[]> piece =
        Arbitraries.oneOf(
            Arbitraries.strings()
                .withCharRange('a', 'z')
                .ofMaxLength(12)
                .map(LineScannerPropertiesTest::latin1),
            Arbitraries.of("\n", "\r", "\r\n", "\n\n", "\r\r\n", "\n\r", "\0", ";", "\r;\n")
                .map(LineScannerPropertiesTest::latin1),
            Arbitraries.of("\u00e9", "\u20ac", "\ud83d\ude00", "\ufffd")
                .map(s -> s.getBytes(StandardCharsets.UTF_8)),
            Arbitraries.of(new byte[] {(byte) 0xff}, new byte[] {(byte) 0xe2, (byte) 0x82}),
            Arbitraries.integers().between(60, 3000).map(n -> latin1("x".repeat(n))));
    return piece.list().ofMaxSize(40).map(LineScannerPropertiesTest::concat);
  }

  @Provide
  Arbitrary<Terminators> terminators() {
    return Arbitraries.of(Terminators.LINES, Terminators.LINES, Terminators.LF, NUL, SEMICOLON);
  }

  @Property(tries = 1500, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void sameLinesAtTheSameOffsetsInOrder(
      @ForAll("contents") byte[] content,
      @ForAll("terminators") Terminators terminators,
      @ForAll @IntRange(min = 0, max = 300) int partSize,
      @ForAll @IntRange(min = 1, max = 3) int threads,
      @ForAll boolean sequential)
      throws Exception {
    Path file = write(content, sequential);
    List<String> expected = split(content, terminators);
    LineScanner scanner = parts(terminators, threads, partSize).build();
    List<String> lines = offsetsAndLines(scanner, file);
    assertEquals(expected, lines, "parts of " + partSize + ", " + threads + " threads");
    assertEquals(expected.size(), scanner.countLines(file), "countLines");
    AtomicInteger containers = new AtomicInteger();
    List<String> unordered = unorderedOffsetsAndLines(scanner, file, containers);
    assertEquals(expected, unordered, "unordered collector, lines sorted by offset");
    assertTrue(containers.get() <= threads, containers + " containers for " + threads + " threads");
    Files.delete(file);
  }

  @Property(tries = 800, seed = "20261129", edgeCases = EdgeCasesMode.NONE)
  void aLineOverTheMaximumFailsTheScanAndNoOtherDoes(
      @ForAll("contents") byte[] content,
      @ForAll("terminators") Terminators terminators,
      @ForAll @IntRange(min = 0, max = 3200) int max,
      @ForAll @IntRange(min = 0, max = 300) int partSize,
      @ForAll boolean sequential)
      throws Exception {
    Path file = write(content, sequential);
    List<String> expected = split(content, terminators);
    int longest = expected.stream().mapToInt(s -> s.length() - s.indexOf(':') - 1).max().orElse(0);
    LineScanner scanner = parts(terminators, 2, partSize).maxLineLength(max).build();
    Outcome outcome = Outcome.of(() -> offsetsAndLines(scanner, file), file);
    if (longest > max) {
      assertEquals(IOException.class, outcome.thrown(), "longest " + longest + ", max " + max);
    } else {
      assertEquals(Outcome.of(() -> expected, file), outcome, "longest " + longest);
    }
    Files.delete(file);
  }

  /** The reference split checked against the JDK for the terminators it shares. */
  @Property(tries = 500, seed = "20261130", edgeCases = EdgeCasesMode.NONE)
  void theReferenceSplitIsTheJdks(@ForAll("contents") byte[] content) throws IOException {
    String text = new String(content, StandardCharsets.ISO_8859_1);
    List<String> jdk = new BufferedReader(new StringReader(text)).lines().toList();
    List<String> reference =
        split(content, Terminators.LINES).stream()
            .map(s -> s.substring(s.indexOf(':') + 1))
            .toList();
    assertEquals(jdk, reference);
    assertTrue(jdk.size() <= content.length);
  }

  /**
   * A builder of scanners of {@code terminators} on {@code threads} threads, parts of {@code
   * partSize} bytes.
   */
  private static LineScanner.Builder parts(Terminators terminators, int threads, int partSize) {
    return FastioTestHook.chunkSize(
        LineScanner.builder().terminators(terminators).threads(threads), partSize);
  }

  /**
   * "offset:line" for each line {@code scanner} finds in {@code file}, as {@link #split} makes
   * them.
   */
  private static List<String> offsetsAndLines(LineScanner scanner, Path file) throws IOException {
    return scanner.scan(
        file,
        Collectors.mapping(
            line -> line.offset() + ":" + line.toString(StandardCharsets.ISO_8859_1),
            Collectors.toList()));
  }

  /**
   * As {@link #offsetsAndLines} with an {@code UNORDERED} collector, which gets a container per
   * scanning thread (each made is counted in {@code containers}), the lines sorted by offset.
   */
  private static List<String> unorderedOffsetsAndLines(
      LineScanner scanner, Path file, AtomicInteger containers) throws IOException {
    List<String> lines =
        scanner.scan(
            file,
            Collector.<LineScanner.Line, List<String>>of(
                () -> {
                  containers.incrementAndGet();
                  return new ArrayList<>();
                },
                (list, line) ->
                    list.add(line.offset() + ":" + line.toString(StandardCharsets.ISO_8859_1)),
                (a, b) -> {
                  a.addAll(b);
                  return a;
                },
                Collector.Characteristics.UNORDERED,
                Collector.Characteristics.IDENTITY_FINISH));
    lines.sort(Comparator.comparingLong(s -> Long.parseLong(s.substring(0, s.indexOf(':')))));
    return lines;
  }

  private static Path write(byte[] content, boolean sequential) throws IOException {
    Path file = (sequential ? zip.getPath("/") : dir).resolve("scan-" + counter++);
    Files.write(file, content);
    return file;
  }

  /** "offset:line" for each line, terminators cut as the Javadoc of {@code Terminators} says. */
  private static List<String> split(byte[] b, Terminators t) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < b.length; i++) {
      if (!ends(b[i], t)) {
        continue;
      }
      lines.add(start + ":" + new String(b, start, i - start, StandardCharsets.ISO_8859_1));
      if (t == Terminators.LINES && b[i] == '\r' && i + 1 < b.length && b[i + 1] == '\n') {
        i++;
      }
      start = i + 1;
    }
    if (start < b.length) {
      lines.add(start + ":" + new String(b, start, b.length - start, StandardCharsets.ISO_8859_1));
    }
    return lines;
  }

  private static boolean ends(byte b, Terminators t) {
    if (t == Terminators.LINES) {
      return b == '\n' || b == '\r';
    }
    return b == (t == Terminators.LF ? '\n' : t == NUL ? 0 : ';');
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] concat(List<byte[]> pieces) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    pieces.forEach(b::writeBytes);
    return b.toByteArray();
  }
}
