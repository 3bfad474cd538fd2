package dev.fastio.bench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the transfer benchmarks share: the JMH settings, a cached source file of {@link #size()}
 * bytes, a target of the kind {@link #target()} names (see {@link TransferTarget}), and the
 * baseline {@code jdk}: {@code FileChannel.transferTo} called in a loop until every byte is moved.
 * Score: transfers per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public abstract class TransferBenchmarkBase {
  /** The source, open for the whole trial. */
  protected FileChannel source;

  /** The target, open for the whole trial. */
  protected TransferTarget out;

  /** The bytes each transfer moves: the subclass's {@code size} parameter. */
  protected abstract long size();

  /** The kind of target: the subclass's {@code target} parameter. */
  protected abstract String target();

  /** Opens the source and the target, outside the measurement. */
  @Setup(Level.Trial)
  public void setup() throws IOException {
    source = FileChannel.open(BenchFiles.file(size()));
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
    return out.jdkLoop(source, 0, size());
  }
}
