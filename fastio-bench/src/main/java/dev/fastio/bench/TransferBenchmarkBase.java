package dev.fastio.bench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the transfer benchmarks share: a cached source file, a target of the kind {@link #target()}
 * names (see {@link TransferTarget}), and the baseline {@code jdk}: {@code FileChannel.transferTo}
 * called in a loop until {@link #size()} bytes from {@link #fileOffset()} are moved. Score:
 * transfers per second.
 */
public abstract class TransferBenchmarkBase extends ThroughputBenchmark {
  /** The source, open for the whole trial. */
  protected FileChannel source;

  /** The target, open for the whole trial. */
  protected TransferTarget out;

  /** The bytes each transfer moves: the subclass's {@code size} parameter. */
  protected abstract long size();

  /** The kind of target: the subclass's {@code target} parameter. */
  protected abstract String target();

  /** The source's size: {@link #size()} unless a subclass reads from further in. */
  protected long sourceSize() {
    return size();
  }

  /** Where in the source each transfer starts: 0 unless a subclass says otherwise. */
  protected long fileOffset() {
    return 0;
  }

  /** Opens the source and the target, outside the measurement. */
  @Setup(Level.Trial)
  public void setup() throws IOException {
    source = FileChannel.open(BenchFiles.file(sourceSize()));
    out = TransferTarget.open(target(), size());
  }

  /** Closes the target and the source. */
  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    out.close();
    source.close();
  }

  /**
   * The baseline: {@code FileChannel.transferTo} in a loop until every byte is moved.
   *
   * @return the bytes moved, counted
   */
  @Benchmark
  public long jdk() throws IOException {
    return out.jdkLoop(source, fileOffset(), size());
  }
}
