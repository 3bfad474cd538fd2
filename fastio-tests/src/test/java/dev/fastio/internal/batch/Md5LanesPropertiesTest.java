package dev.fastio.internal.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The multi-buffer MD5 ({@link LaneScheduler} over an {@link Md5Lanes} engine) against {@code
 * MessageDigest}: batches of 1 to 40 inputs whose lengths sit at every block and padding boundary
 * (length mod 64 in {0, 1, 55, 56, 57, 63}), random lengths up to 3 MiB, bytes handed over in heap
 * or direct buffers of sizes from 1 byte up, engines of several lane and block counts. The engine
 * is the vector one where this run resolves {@code jdk.incubator.vector} (see {@code
 * Md5LanesEngineTest}), else the scalar reference; the scalar engine is checked in every run.
 */
class Md5LanesPropertiesTest {
  /** Lengths mod 64 where padding takes one block or two, or starts a block. */
  private static final int[] PADDING_EDGES = {0, 1, 55, 56, 57, 63};

  /** How an input's bytes reach the scheduler. */
  enum Delivery {
    /** One heap buffer of the whole input. */
    WHOLE,
    /** Heap buffers of the chunk size, each a slice at an odd array offset. */
    HEAP_CHUNKS,
    /** Direct buffers of the chunk size. */
    DIRECT_CHUNKS,
    /** Heap chunks with an empty buffer before each. */
    WITH_EMPTY,
    /** One direct buffer, refilled for every chunk (a pooled buffer). */
    REUSED_DIRECT
  }

  @Provide
  Arbitrary<Integer> lengths() {
    Arbitrary<Integer> edges =
        Combinators.combine(Arbitraries.integers().between(0, 40), Arbitraries.of(0, 1, 2, 3, 4, 5))
            .as((blocks, e) -> blocks * 64 + PADDING_EDGES[e]);
    Arbitrary<Integer> nearMiB =
        Combinators.combine(Arbitraries.integers().between(-2, 2), Arbitraries.of(0, 1, 2, 3, 4, 5))
            .as((d, e) -> (1 << 20) + 64 * d + PADDING_EDGES[e]);
    return Arbitraries.frequencyOf(
        Tuple.of(80, edges),
        Tuple.of(10, Arbitraries.integers().between(0, 70_000)),
        Tuple.of(3, nearMiB),
        Tuple.of(3, Arbitraries.integers().between(0, 3 << 20)));
  }

  @Provide
  Arbitrary<List<Integer>> batches() {
    return lengths().list().ofMinSize(1).ofMaxSize(40);
  }

  @Provide
  Arbitrary<Integer> chunkSizes() {
    return Arbitraries.oneOf(
        Arbitraries.of(1, 3, 4, 63, 64, 65, 4096, 65_537, 1 << 20),
        Arbitraries.integers().between(1, 200_000));
  }

  @Property(tries = 200, seed = "20261125", edgeCases = EdgeCasesMode.NONE)
  void preferredEngineEqualsMessageDigest(
      @ForAll("batches") List<Integer> lengths,
      @ForAll("chunkSizes") int chunk,
      @ForAll Delivery delivery,
      @ForAll("blocksPerLane") int blocksPerLane,
      @ForAll long seed) {
    Md5Lanes engine =
        Md5Lanes.vectorAvailable()
            ? Md5Lanes.vector(blocksPerLane)
            : Md5Lanes.scalar(16, blocksPerLane);
    assertEqualsMessageDigest(engine, inputs(lengths, seed), chunk, delivery);
  }

  @Property(tries = 100, seed = "20261126", edgeCases = EdgeCasesMode.NONE)
  void scalarEngineEqualsMessageDigest(
      @ForAll("batches") List<Integer> lengths,
      @ForAll("chunkSizes") int chunk,
      @ForAll Delivery delivery,
      @ForAll("laneCounts") int lanes,
      @ForAll("blocksPerLane") int blocksPerLane,
      @ForAll long seed) {
    assertEqualsMessageDigest(
        Md5Lanes.scalar(lanes, blocksPerLane), inputs(lengths, seed), chunk, delivery);
  }

  @Provide
  Arbitrary<Integer> blocksPerLane() {
    return Arbitraries.of(1, 2, 3, 16, 64);
  }

  @Provide
  Arbitrary<Integer> laneCounts() {
    return Arbitraries.of(1, 2, 7, 8, 16, 64);
  }

  /**
   * Every length from 0 to 300 bytes, in one batch, through engines of 1-block and 3-block rounds.
   */
  @Property(tries = 4, seed = "20261127", edgeCases = EdgeCasesMode.NONE)
  void everySmallLength(@ForAll("blocksPerLane") int blocksPerLane, @ForAll Delivery delivery) {
    List<byte[]> inputs = new ArrayList<>();
    for (int n = 0; n <= 300; n++) {
      inputs.add(TestSupport.randomBytes(n, n));
    }
    Md5Lanes engine =
        Md5Lanes.vectorAvailable()
            ? Md5Lanes.vector(blocksPerLane)
            : Md5Lanes.scalar(8, blocksPerLane);
    assertEqualsMessageDigest(engine, inputs, 7, delivery);
  }

  static List<byte[]> inputs(List<Integer> lengths, long seed) {
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < lengths.size(); i++) {
      inputs.add(TestSupport.randomBytes(seed + i, lengths.get(i)));
    }
    return inputs;
  }

  /** Runs the scheduler and checks each input got exactly one result, the JDK's digest. */
  static void assertEqualsMessageDigest(
      Md5Lanes engine, List<byte[]> inputs, int chunk, Delivery delivery) {
    byte[][] digests = new byte[inputs.size()][];
    LaneScheduler.run(
        engine,
        inputs.size(),
        i -> new ChunkedSource(inputs.get(i), chunk, delivery),
        (i, digest, error) -> {
          assertNull(error, "input " + i);
          assertNull(digests[i], "input " + i + " delivered twice");
          digests[i] = digest;
        });
    for (int i = 0; i < inputs.size(); i++) {
      assertNotNull(digests[i], "input " + i + " not delivered");
      assertArrayEquals(
          md5(inputs.get(i)),
          digests[i],
          () ->
              engine.name()
                  + ", "
                  + engine.blocksPerLane()
                  + " blocks per lane: "
                  + describe(inputs));
    }
  }

  private static String describe(List<byte[]> inputs) {
    return Arrays.toString(inputs.stream().mapToInt(b -> b.length).toArray());
  }

  static byte[] md5(byte[] bytes) {
    try {
      return MessageDigest.getInstance("MD5").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * An input handed over in buffers of {@code chunk} bytes (the last shorter), as {@link Delivery}.
   */
  static final class ChunkedSource implements LaneScheduler.Source {
    private final byte[] bytes;
    private final int chunk;
    private final Delivery delivery;
    private int position;
    private ByteBuffer reused;
    private boolean emptyGiven;
    private boolean closed;

    ChunkedSource(byte[] bytes, int chunk, Delivery delivery) {
      this.bytes = bytes;
      this.chunk = delivery == Delivery.WHOLE ? Math.max(1, bytes.length) : chunk;
      this.delivery = delivery;
    }

    @Override
    public ByteBuffer next() throws IOException {
      if (closed) {
        throw new IOException("read after close");
      }
      if (delivery == Delivery.WITH_EMPTY && !emptyGiven) {
        emptyGiven = true;
        return ByteBuffer.allocate(0);
      }
      emptyGiven = false;
      if (position >= bytes.length) {
        return null;
      }
      int n = Math.min(chunk, bytes.length - position);
      ByteBuffer b = buffer(n);
      position += n;
      return b;
    }

    private ByteBuffer buffer(int n) {
      if (delivery == Delivery.REUSED_DIRECT) {
        if (reused == null) {
          reused = ByteBuffer.allocateDirect(chunk);
        }
        reused.clear();
        return reused.put(bytes, position, n).flip();
      }
      if (delivery == Delivery.DIRECT_CHUNKS) {
        ByteBuffer direct = ByteBuffer.allocateDirect(n + 3);
        direct.position(3).put(bytes, position, n).flip().position(3);
        return direct;
      }
      if (delivery == Delivery.HEAP_CHUNKS) {
        byte[] copy = new byte[n + 1]; // the data at array offset 1: a sliced, unaligned buffer
        System.arraycopy(bytes, position, copy, 1, n);
        return ByteBuffer.wrap(copy, 1, n).slice();
      }
      return ByteBuffer.wrap(bytes, position, n);
    }

    @Override
    public void close() throws IOException {
      if (closed) {
        throw new IOException("closed twice");
      }
      closed = true;
    }

    boolean closed() {
      return closed;
    }
  }
}
