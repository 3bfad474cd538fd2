package dev.fastio.bench;

import dev.fastio.FastChannels;
import dev.fastio.TransferPolicy;
import dev.fastio.internal.transfer.TransferOptions;
import dev.fastio.internal.transfer.Transfers;
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
 * The cost of the {@code dev.fastio.Transfer} JFR event when no recording runs: {@code fastio} (the
 * public call, event code included) against {@code fastioNoEvent} (the same transfer through the
 * internal entry point with the event code left out), in the same run, at 4 KiB where a per-call
 * cost would show; {@code jdk} ({@code FileChannel.transferTo}) for scale. No recording is started:
 * the difference between the two fastio methods is what an application that does not record pays.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class TransferEventBenchmark {
  @Param({"4096"})
  public long size;

  @Param({"FILE", "OTHER"})
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
  public long fastioNoEvent() throws IOException {
    return Transfers.transfer(
            source,
            0,
            size,
            out.ready(),
            TransferOptions.of(TransferPolicy.defaults()).withoutEvent())
        + out.counted();
  }
}
