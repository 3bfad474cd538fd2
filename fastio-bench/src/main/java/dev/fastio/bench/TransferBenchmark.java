package dev.fastio.bench;

import dev.fastio.FastChannels;
import dev.fastio.TransferStrategy;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * A whole file to a target: {@code FileChannel.transferTo} called in a loop until every byte is
 * moved ({@code jdk}, the baseline), {@code FastChannels.transferTo} with the adaptive choice
 * ({@code fastio}), and each strategy forced ({@code kernel}, {@code mapped}, {@code readWrite}).
 * One chart and one row set per target: a file rewritten from position 0 (FILE), a loopback socket
 * drained by a thread (SOCKET), {@code Channels.newChannel(OutputStream)} (OTHER). The source is in
 * the page cache. Score: transfers per second.
 */
public class TransferBenchmark extends TransferBenchmarkBase {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  @Param({"FILE", "SOCKET", "OTHER"})
  public String target;

  @Override
  protected long size() {
    return size;
  }

  @Override
  protected String target() {
    return target;
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
