package dev.fastio.bench;

import dev.fastio.internal.batch.LaneScheduler;
import dev.fastio.internal.platform.Md5Lanes;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The multi-buffer MD5 on {@code count} in-memory buffers of {@code bufferBytes} each, one thread:
 * the {@link LaneScheduler} over an {@link Md5Lanes} engine ({@code lanes}: sources, copying into
 * the engine's blocks, padding, compressing) against {@code MessageDigest} over the same buffers
 * one after another ({@code jdk}); {@code engineOnly} compresses as many blocks with nothing copied
 * (the arithmetic ceiling). One operation hashes every buffer: bytes per second are {@code count *
 * bufferBytes} times the score. The forks resolve {@code jdk.incubator.vector}; {@code
 * engine=vector} fails where the vector engine is unavailable (see {@code
 * Md5Lanes.vectorStatus()}).
 */
public class Md5LanesBenchmark extends VectorThroughputBenchmark {
  @Param({"16"})
  public int count;

  @Param({"1048576"})
  public int bufferBytes;

  /** {@code vector} or {@code scalar}. */
  @Param({"vector"})
  public String engine;

  /** The engine's round: blocks per lane copied in and compressed at a time. */
  @Param({"16"})
  public int blocksPerLane;

  private byte[][] buffers;
  private byte[][] digests;
  private Md5Lanes lanes;
  private MessageDigest md;

  @Setup
  public void setup() throws NoSuchAlgorithmException {
    SplittableRandom random = new SplittableRandom(42);
    buffers = new byte[count][bufferBytes];
    for (byte[] b : buffers) {
      random.nextBytes(b);
    }
    digests = new byte[count][];
    if (engine.equals("vector")) {
      lanes = Md5Lanes.vector(blocksPerLane); // throws, saying why, where unavailable
    } else {
      lanes = Md5Lanes.scalar(16, blocksPerLane);
    }
    md = MessageDigest.getInstance("MD5");
  }

  @Benchmark
  public byte[][] jdk() {
    for (int i = 0; i < count; i++) {
      md.update(buffers[i]);
      digests[i] = md.digest();
    }
    return digests;
  }

  @Benchmark
  public byte[][] lanes() {
    LaneScheduler.run(
        lanes,
        count,
        i -> LaneScheduler.Source.of(ByteBuffer.wrap(buffers[i])),
        (i, digest, error) -> digests[i] = digest);
    return digests;
  }

  /** As many blocks as {@link #lanes()} hashes, compressed from words already in place. */
  @Benchmark
  public int[] engineOnly() {
    long blocks = (long) count * bufferBytes / Md5Lanes.BLOCK_BYTES / lanes.lanes();
    for (long done = 0; done < blocks; done += blocksPerLane) {
      lanes.compress(0, (int) Math.min(blocksPerLane, blocks - done));
    }
    return lanes.stateCopy();
  }
}
