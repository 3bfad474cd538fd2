package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The streams against the JDK's ({@code Files.newInputStream}, {@code newOutputStream}, {@code
 * write}, {@code copy}) as oracle: the same sequence of calls, with request sizes, skips and option
 * sets drawn at random, on twin files of sizes clustered at 0, 1, 8 KiB, 64 KiB and 1 MiB (each
 * plus and minus one) and the pooled buffer's size, gives the same results and the same files.
 * Seeds are fixed; jqwik's own edge cases are off (the generators are made of the boundaries).
 */
// The drop-ins return the very path given, as Files does: identity is what is compared.
@SuppressWarnings("ReferenceEquality")
class StreamsPropertiesTest {
  private static Path dir;
  private static int counter;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-streams");
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  private static final List<Integer> BOUNDARIES =
      List.of(0, 1, 8191, 8192, 8193, 65535, 65536, 65537, 69632, 1048575, 1048576, 1048577);

  /**
   * The boundaries, a byte or two off them, random sizes up to 3 MiB, and sizes from 4 MiB (from
   * which a stream reads a regular file from a mapping) to 9 MiB.
   */
  @Provide
  Arbitrary<Integer> sizes() {
    Arbitrary<Integer> boundaries = Arbitraries.of(BOUNDARIES);
    return Arbitraries.oneOf(
        boundaries,
        Combinators.combine(boundaries, Arbitraries.integers().between(-2, 2))
            .as((b, d) -> Math.max(0, b + d)),
        Arbitraries.integers().between(0, 300_000),
        Arbitraries.integers().between(1 << 20, 3 << 20),
        Arbitraries.of((4 << 20) - 1, 4 << 20, (4 << 20) + 1),
        Arbitraries.integers().between(4 << 20, 9 << 20));
  }

  /** One call on an input stream, with its argument. */
  record Call(String name, long arg) {}

  @Provide
  Arbitrary<List<Call>> readCalls() {
    Arbitrary<Integer> lengths =
        Arbitraries.oneOf(Arbitraries.of(BOUNDARIES), Arbitraries.integers().between(0, 5 << 20));
    Arbitrary<Call> call =
        Arbitraries.oneOf(
            lengths.map(n -> new Call("read", n)),
            lengths.map(n -> new Call("read", n)),
            Arbitraries.just(new Call("readByte", 0)),
            Arbitraries.longs().between(-200_000, 2_000_000).map(n -> new Call("skip", n)),
            Arbitraries.just(new Call("available", 0)),
            lengths.map(n -> new Call("readNBytes", n)),
            lengths.map(n -> new Call("readNBytesInto", n)));
    Arbitrary<Call> last =
        Arbitraries.of(
            new Call("readAllBytes", 0), new Call("transferTo", 0), new Call("close", 0));
    return Combinators.combine(call.list().ofMaxSize(12), last)
        .as(
            (calls, end) -> {
              List<Call> all = new ArrayList<>(calls);
              all.add(end);
              return all;
            });
  }

  @Property(tries = 200, seed = "20261125", edgeCases = EdgeCasesMode.NONE)
  void readsSkipsAndTransfersEqualTheJdk(
      @ForAll("sizes") int size, @ForAll long seed, @ForAll("readCalls") List<Call> calls)
      throws Exception {
    Path file = TestSupport.write(dir, "in-" + counter++, TestSupport.randomBytes(seed, size));
    try (InputStream jdk = Files.newInputStream(file);
        InputStream ours = FastFiles.newInputStream(file)) {
      for (int i = 0; i < calls.size(); i++) {
        Call c = calls.get(i);
        Outcome expected = Outcome.of(() -> apply(jdk, c), file);
        Outcome actual = Outcome.of(() -> apply(ours, c), file);
        assertEquals(expected, actual, "call " + i + " " + c + " of " + calls + ", size " + size);
      }
    } finally {
      Files.delete(file);
    }
  }

  private static Object apply(InputStream in, Call c) throws IOException {
    int n = (int) c.arg();
    switch (c.name()) {
      case "read" -> {
        byte[] b = new byte[n + 3];
        int r = in.read(b, 3, n);
        return r + ":" + Arrays.hashCode(b);
      }
      case "readByte" -> {
        return in.read();
      }
      case "skip" -> {
        return in.skip(c.arg());
      }
      case "available" -> {
        return in.available();
      }
      case "readNBytes" -> {
        return in.readNBytes(n);
      }
      case "readNBytesInto" -> {
        byte[] b = new byte[n];
        int r = in.readNBytes(b, 0, n);
        return r + ":" + Arrays.hashCode(b);
      }
      case "readAllBytes" -> {
        return in.readAllBytes();
      }
      case "transferTo" -> {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long t = in.transferTo(out);
        return t + ":" + Arrays.hashCode(out.toByteArray());
      }
      default -> {
        in.close();
        return "closed";
      }
    }
  }

  /** Option sets for opening a file to write, valid and not. */
  @Provide
  Arbitrary<Set<OpenOption>> writeOptions() {
    List<OpenOption> pool =
        List.of(
            StandardOpenOption.WRITE,
            StandardOpenOption.APPEND,
            StandardOpenOption.CREATE,
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.SYNC,
            StandardOpenOption.SPARSE,
            StandardOpenOption.READ,
            LinkOption.NOFOLLOW_LINKS);
    return Arbitraries.of(pool).set().ofMaxSize(4);
  }

  /**
   * Sizes of writes: boundaries and random lengths, each from a random offset of a larger array.
   */
  @Provide
  Arbitrary<List<Integer>> writeSizes() {
    return Arbitraries.oneOf(
            Arbitraries.of(BOUNDARIES), Arbitraries.integers().between(-1, 300_000))
        .list()
        .ofMaxSize(6);
  }

  @Property(tries = 200, seed = "20261126", edgeCases = EdgeCasesMode.NONE)
  void writesEqualTheJdk(
      @ForAll boolean existing,
      @ForAll("writeOptions") Set<OpenOption> options,
      @ForAll("writeSizes") List<Integer> writes,
      @ForAll long seed)
      throws Exception {
    int id = counter++;
    Path jdkFile = dir.resolve("out-jdk-" + id);
    Path ourFile = dir.resolve("out-fastio-" + id);
    if (existing) {
      byte[] before = TestSupport.randomBytes(seed + 1, 70_000);
      Files.write(jdkFile, before);
      Files.write(ourFile, before);
    }
    OpenOption[] opts = options.toArray(new OpenOption[0]);
    Outcome jdk =
        Outcome.of(() -> write(Files.newOutputStream(jdkFile, opts), writes, seed), jdkFile);
    Outcome ours =
        Outcome.of(() -> write(FastFiles.newOutputStream(ourFile, opts), writes, seed), ourFile);
    assertEquals(jdk, ours, options + " " + writes);
    assertEquals(Files.exists(jdkFile), Files.exists(ourFile));
    if (Files.exists(jdkFile)) {
      assertArrayEquals(Files.readAllBytes(jdkFile), Files.readAllBytes(ourFile));
    }
    Files.deleteIfExists(jdkFile);
    Files.deleteIfExists(ourFile);
  }

  /** Writes each size from offset 1 of an array one larger; -1 is a single {@code write(int)}. */
  private static Object write(OutputStream out, List<Integer> writes, long seed)
      throws IOException {
    try (out) {
      for (int n : writes) {
        if (n < 0) {
          out.write((int) seed);
        } else {
          out.write(TestSupport.randomBytes(seed + n, n + 1), 1, n);
        }
      }
    }
    return "written";
  }

  @Property(tries = 150, seed = "20261127", edgeCases = EdgeCasesMode.NONE)
  void writeOfAnArrayEqualsTheJdk(
      @ForAll("sizes") int size,
      @ForAll("writeOptions") Set<OpenOption> options,
      @ForAll boolean existing,
      @ForAll long seed)
      throws Exception {
    int id = counter++;
    Path jdkFile = dir.resolve("w-jdk-" + id);
    Path ourFile = dir.resolve("w-fastio-" + id);
    if (existing) {
      Files.write(jdkFile, new byte[100_000]);
      Files.write(ourFile, new byte[100_000]);
    }
    byte[] bytes = TestSupport.randomBytes(seed, size);
    OpenOption[] opts = options.toArray(new OpenOption[0]);
    Outcome jdk = Outcome.of(() -> Files.write(jdkFile, bytes, opts) == jdkFile, jdkFile);
    Outcome ours = Outcome.of(() -> FastFiles.write(ourFile, bytes, opts) == ourFile, ourFile);
    assertEquals(jdk, ours, options.toString());
    if (Files.exists(jdkFile)) {
      assertArrayEquals(Files.readAllBytes(jdkFile), Files.readAllBytes(ourFile));
    }
    Files.deleteIfExists(jdkFile);
    Files.deleteIfExists(ourFile);
  }

  /** Where a stream copy reads from. */
  enum Source {
    BYTE_ARRAY,
    FILE_INPUT_STREAM,
    FILE_INPUT_STREAM_AFTER_SKIP,
    FASTIO_STREAM,
    JDK_STREAM
  }

  @Property(tries = 150, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
  void streamCopiesEqualTheJdk(@ForAll("sizes") int size, @ForAll Source source, @ForAll long seed)
      throws Exception {
    byte[] content = TestSupport.randomBytes(seed, size);
    int id = counter++;
    Path file = TestSupport.write(dir, "c-src-" + id, content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(size, FastFiles.copy(file, out));
    assertArrayEquals(content, out.toByteArray());
    Path jdkTarget = dir.resolve("c-jdk-" + id);
    Path ourTarget = dir.resolve("c-fastio-" + id);
    long jdk;
    long ours;
    try (InputStream a = open(source, file, content);
        InputStream b = open(source, file, content)) {
      jdk = Files.copy(a, jdkTarget);
      ours = FastFiles.copy(b, ourTarget);
      assertEquals(a.read(), b.read(), "both at the end");
    }
    assertEquals(jdk, ours);
    assertArrayEquals(Files.readAllBytes(jdkTarget), Files.readAllBytes(ourTarget));
    for (Path p : List.of(file, jdkTarget, ourTarget)) {
      Files.delete(p);
    }
  }

  private static InputStream open(Source source, Path file, byte[] content) throws IOException {
    return switch (source) {
      case BYTE_ARRAY -> new ByteArrayInputStream(content);
      case FILE_INPUT_STREAM -> new FileInputStream(file.toFile());
      case FILE_INPUT_STREAM_AFTER_SKIP -> {
        InputStream in = new FileInputStream(file.toFile());
        in.skip(content.length / 3);
        yield in;
      }
      case FASTIO_STREAM -> FastFiles.newInputStream(file);
      case JDK_STREAM -> Files.newInputStream(file);
    };
  }
}
