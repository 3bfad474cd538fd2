package dev.fastio.bench;

import dev.fastio.FastChannels;
import dev.fastio.TransferStrategy;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole file to a target: {@code FileChannel.transferTo} called in a loop until every byte is
 * moved ({@code jdk}, the baseline), {@code FastChannels.transferTo} with the adaptive choice
 * ({@code fastio}), and each strategy forced ({@code kernel}, {@code mapped}, {@code readWrite}).
 * One chart and one row set per target: a file rewritten from position 0 (FILE), a loopback socket
 * drained by a thread (SOCKET), {@code Channels.newChannel(OutputStream)} (OTHER). The source is in
 * the page cache. Score: transfers per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class TransferBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  @Param({"FILE", "SOCKET", "OTHER"})
  public String target;

  private FileChannel source;
  private TransferTarget out;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    source = FileChannel.open(BenchFiles.file(size));
    out = TransferTarget.open(target, size);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    out.close();
    source.close();
  }

  @Benchmark
  public long jdk() throws IOException {
    return out.jdkLoop(source, 0, size);
  }

  @Benchmark
  public long fastio() throws IOException {
    return FastChannels.transferTo(source, 0, size, out.ready()) + out.counted();
  }

  @Benchmark
  public long kernel() throws IOException {
    return forced(TransferStrategy.KERNEL);
  }

  @Benchmark
  public long mapped() throws IOException {
    return forced(TransferStrategy.MAPPED);
  }

  @Benchmark
  public long readWrite() throws IOException {
    return forced(TransferStrategy.READ_WRITE);
  }

  private long forced(TransferStrategy strategy) throws IOException {
    return FastChannels.transferTo(source, 0, size, out.ready(), strategy) + out.counted();
  }
}
