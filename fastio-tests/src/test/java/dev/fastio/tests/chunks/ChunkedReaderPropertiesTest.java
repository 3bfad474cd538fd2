package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastFiles;
import dev.fastio.FastioTestHook;
import dev.fastio.internal.chunks.ChunksTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
 * Random sequences of {@code next}, {@code next(max)}, {@code skip} and {@code position} over files
 * whose sizes sit at chunk, page and window boundaries (±1), with chunk sizes from 1 byte up and
 * small mapped windows, for each strategy forced and for AUTO: every chunk must equal the same
 * range of {@code Files.readAllBytes} (the JDK oracle), be read-only and hold exactly {@code
 * min(max, bytes left)} bytes, and the position must follow a model of it. jqwik's own edge cases
 * are off: the generators are made of the boundaries.
 */
class ChunkedReaderPropertiesTest {
  private static final int MAX_SIZE = 3 << 20;
  private static Path dir;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-chunked");
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  enum Kind {
    NEXT,
    NEXT_MAX,
    SKIP,
    POSITION,
    POSITION_AT_BOUNDARY,
    POSITION_FAR_BEYOND
  }

  /** One call; {@code a} and {@code b} are turned into its argument by the state it meets. */
  record Op(Kind kind, int a, int b) {}

  /** What a size is built around: the chunk size, the window size, a page, or a fixed boundary. */
  enum Base {
    CHUNK,
    WINDOW,
    PAGE,
    BOUNDARY,
    ANY
  }

  record Case(String strategy, int chunkSize, int windowSize, int size, List<Op> ops) {
    @Override
    public String toString() {
      return strategy
          + " chunk "
          + chunkSize
          + " window "
          + windowSize
          + " size "
          + size
          + " "
          + ops;
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<Integer> chunkSizes =
        Arbitraries.oneOf(
            Arbitraries.integers().between(1, 16),
            Arbitraries.of(4095, 4096, 4097, 65535, 65536, 65537, 1 << 20),
            Arbitraries.integers().between(1, 200_000));
    Arbitrary<Integer> windowSizes = Arbitraries.of(4096, 8193, 65536, 300_000, 1 << 20);
    Arbitrary<Integer> sizeSeeds = Arbitraries.integers().between(0, Integer.MAX_VALUE);
    Arbitrary<Base> bases = Arbitraries.of(Base.class);
    Arbitrary<Integer> multiples = Arbitraries.integers().between(0, 4);
    Arbitrary<Integer> offsets = Arbitraries.integers().between(-1, 1);
    Arbitrary<Op> op =
        Combinators.combine(
                Arbitraries.of(Kind.class),
                Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.integers().between(-1, 1))
            .as(Op::new);
    Arbitrary<List<Op>> ops = op.list().ofMinSize(0).ofMaxSize(25);
    return Combinators.combine(
            Arbitraries.of(ChunksTestHook.strategies()),
            chunkSizes,
            windowSizes,
            bases,
            multiples,
            offsets,
            sizeSeeds,
            ops)
        .as(
            (strategy, chunk, window, base, k, d, seed, list) -> {
              long around =
                  switch (base) {
                    case CHUNK -> (long) k * chunk;
                    case WINDOW -> (long) k * Math.max(window, chunk);
                    case PAGE -> (long) k * 4096;
                    case BOUNDARY ->
                        TestSupport.BOUNDARY_SIZES.get(seed % TestSupport.BOUNDARY_SIZES.size());
                    case ANY -> seed % 300_000;
                  };
              int size = (int) Math.max(0, Math.min(MAX_SIZE, around + d));
              return new Case(strategy, chunk, window, size, list);
            });
  }

  @Property(tries = 1000, seed = "20261201", edgeCases = EdgeCasesMode.NONE)
  void chunksEqualJdkSlicesUnderRandomMoves(@ForAll("cases") Case c) throws IOException {
    Path file = TestSupport.write(dir, "c", TestSupport.randomBytes(c.size(), c.size()));
    try {
      byte[] content = Files.readAllBytes(file);
      try (ChunkedReader chunks =
          FastioTestHook.open(file, c.chunkSize(), c.strategy(), c.windowSize())) {
        assertEquals(expectedStrategy(c), FastioTestHook.strategy(chunks), c.toString());
        assertEquals(c.size(), chunks.size());
        run(c, chunks, content);
      }
    } finally {
      Files.delete(file);
    }
  }

  private static String expectedStrategy(Case c) {
    if (c.size() == 0) {
      return "BUFFERED"; // nothing to map
    }
    if (c.strategy().equals("AUTO")) {
      return c.size() >= ChunksTestHook.MAP_THRESHOLD ? "MAPPED" : "BUFFERED";
    }
    return c.strategy();
  }

  /**
   * Applies the operations, then reads on to end of file, checking every chunk against the model.
   */
  private static void run(Case c, ChunkedReader chunks, byte[] content) throws IOException {
    int size = content.length;
    int window = Math.max(c.windowSize(), c.chunkSize());
    long model = 0;
    for (Op op : c.ops()) {
      switch (op.kind()) {
        case NEXT -> model = checkNext(chunks, content, model, c.chunkSize(), chunks.next(), op);
        case NEXT_MAX -> {
          int max = 1 + op.a() % (2 * c.chunkSize() + 2);
          ByteBuffer chunk = chunks.next(max);
          model = checkNext(chunks, content, model, Math.min(max, c.chunkSize()), chunk, op);
        }
        case SKIP -> {
          long range = 3L * c.chunkSize() + 3;
          long n = op.a() % (2 * range + 1) - range;
          if (model + n < 0) {
            assertThrows(IllegalArgumentException.class, () -> chunks.skip(n), op.toString());
          } else {
            chunks.skip(n);
            model += n;
          }
        }
        case POSITION -> {
          long p = op.a() % (size + 3L);
          chunks.position(p);
          model = p;
        }
        case POSITION_AT_BOUNDARY -> {
          long p =
              Math.max(
                  0, (long) (op.a() % 4) * (op.a() % 2 == 0 ? window : c.chunkSize()) + op.b());
          chunks.position(p);
          model = p;
        }
        case POSITION_FAR_BEYOND -> {
          long p = size + 1L + op.a();
          chunks.position(p);
          model = p;
          assertNull(chunks.next(), "beyond end of file");
          assertEquals(model, chunks.position());
          long back = op.a() % (size + 1L);
          chunks.position(back);
          model = back;
        }
      }
      assertEquals(model, chunks.position(), op.toString());
    }
    // Then on to end of file (a bounded number of chunks; a jump to the last ones if more are
    // left).
    long left = size - model;
    if (left > 2000L * c.chunkSize()) {
      model = size - 1000L * c.chunkSize() - op(c) % c.chunkSize();
      chunks.position(model);
    }
    ByteArrayOutputStream rest = new ByteArrayOutputStream();
    long from = model;
    for (ByteBuffer chunk; (chunk = chunks.next()) != null; ) {
      byte[] b = bytes(chunk);
      assertEquals(Math.min(c.chunkSize(), size - model), b.length, "chunk length at " + model);
      rest.write(b, 0, b.length);
      model += b.length;
    }
    assertEquals(Math.max(model, size), chunks.position());
    if (from < size) {
      assertArrayEquals(Arrays.copyOfRange(content, (int) from, size), rest.toByteArray());
    }
    assertNull(chunks.next(), "null again at end of file");
  }

  private static int op(Case c) {
    return c.ops().size();
  }

  private static long checkNext(
      ChunkedReader chunks, byte[] content, long model, int max, ByteBuffer chunk, Op op) {
    int size = content.length;
    if (model >= size) {
      assertNull(chunk, "at or beyond end of file: " + op);
      return model;
    }
    assertNotNull(chunk, op.toString());
    assertTrue(chunk.isReadOnly());
    assertEquals(0, chunk.position());
    int expected = (int) Math.min(max, size - model);
    byte[] b = bytes(chunk);
    assertEquals(expected, b.length, "chunk length at " + model + " " + op);
    assertArrayEquals(Arrays.copyOfRange(content, (int) model, (int) model + expected), b);
    assertEquals(model + expected, chunks.position());
    return model + expected;
  }

  private static byte[] bytes(ByteBuffer chunk) {
    byte[] b = new byte[chunk.remaining()];
    chunk.get(b);
    return b;
  }

  /**
   * A record pattern: records of {@code length} bytes, {@code gap} bytes apart (negative: back).
   */
  record Step(int length, int gap) {}

  @Provide
  Arbitrary<List<Step>> patterns() {
    Arbitrary<Integer> lengths =
        Arbitraries.oneOf(
            Arbitraries.integers().between(1, 80),
            Arbitraries.of(1023, 1024, 1025, 4095, 4096, 4097, 65535, 131071, 131072),
            Arbitraries.integers().between(1, 140_000));
    Arbitrary<Integer> gaps =
        Arbitraries.oneOf(
            Arbitraries.just(0),
            Arbitraries.integers().between(-200, 200),
            Arbitraries.of(8191, 8192, 8193, 16384, -1024),
            Arbitraries.integers().between(0, 20_000));
    return Combinators.combine(lengths, gaps).as(Step::new).list().ofMinSize(1).ofMaxSize(12);
  }

  /**
   * Record parsers through the buffered strategy, whose read-ahead serves small chunks close
   * together from the buffer (moved to its start, or sliced): a pattern of record lengths and gaps,
   * repeated to end of file over sizes around the read-ahead's steps, must give the bytes of {@code
   * Files.readAllBytes} at every record.
   */
  @Property(tries = 300, seed = "20261203", edgeCases = EdgeCasesMode.NONE)
  void recordsReadAheadEqualJdkSlices(
      @ForAll("patterns") List<Step> pattern, @ForAll("readAheadSizes") int size)
      throws IOException {
    Path file = TestSupport.write(dir, "r", TestSupport.randomBytes(size + 7L, size));
    try {
      byte[] content = Files.readAllBytes(file);
      try (ChunkedReader chunks =
          FastioTestHook.open(file, ChunksTestHook.DEFAULT_CHUNK, "BUFFERED")) {
        long model = 0;
        for (int i = 0; i < 20_000 && model < size; i++) {
          Step step = pattern.get(i % pattern.size());
          ByteBuffer chunk = chunks.next(step.length());
          int max = Math.min(step.length(), ChunksTestHook.BUFFERED_CHUNK);
          int expected = (int) Math.min(max, size - model);
          assertNotNull(chunk, "at " + model);
          assertEquals(0, chunk.position());
          assertTrue(chunk.isReadOnly());
          assertArrayEquals(
              Arrays.copyOfRange(content, (int) model, (int) model + expected),
              bytes(chunk),
              "record at " + model + " of " + step);
          model += expected;
          long target = Math.max(0, model + step.gap());
          chunks.position(target);
          model = target;
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  @Provide
  Arbitrary<Integer> readAheadSizes() {
    int k = 1024;
    return Arbitraries.oneOf(
        Arbitraries.of(0, 1, 64, 65, 16 * k, 16 * k + 64, 48 * k + 64, 112 * k + 64, 240 * k + 64)
            .flatMap(b -> Arbitraries.integers().between(Math.max(0, b - 2), b + 2)),
        Arbitraries.integers().between(0, 600_000));
  }

  /**
   * The public API over the same sizes: the whole file, chunk by chunk, and through forEachChunk.
   */
  @Property(tries = 300, seed = "20261202", edgeCases = EdgeCasesMode.NONE)
  void publicApiReadsTheWholeFile(@ForAll("cases") Case c) throws IOException {
    Path file = TestSupport.write(dir, "p", TestSupport.randomBytes(c.size() + 1L, c.size()));
    try {
      byte[] content = Files.readAllBytes(file);
      ByteArrayOutputStream all = new ByteArrayOutputStream(content.length);
      int chunk = Math.max(c.chunkSize(), 1 + content.length / 2000); // bounded number of chunks
      try (ChunkedReader reader = ChunkedReader.open(file, chunk)) {
        assertEquals(content.length, reader.size());
        assertEquals(chunk, reader.chunkSize());
        for (ByteBuffer b; (b = reader.next()) != null; ) {
          byte[] bytes = bytes(b);
          all.write(bytes, 0, bytes.length);
        }
        assertEquals(content.length, reader.position());
      }
      assertArrayEquals(content, all.toByteArray());
      ByteArrayOutputStream each = new ByteArrayOutputStream(content.length);
      long n =
          FastFiles.forEachChunk(
              file,
              b -> {
                byte[] bytes = bytes(b);
                each.write(bytes, 0, bytes.length);
              });
      assertEquals(content.length, n);
      assertArrayEquals(content, each.toByteArray());
    } finally {
      Files.delete(file);
    }
  }
}
