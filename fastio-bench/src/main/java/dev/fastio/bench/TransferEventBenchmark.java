package dev.fastio.bench;

import dev.fastio.FastChannels;
import dev.fastio.TransferPolicy;
import dev.fastio.internal.transfer.TransferOptions;
import dev.fastio.internal.transfer.Transfers;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * The cost of the {@code dev.fastio.Transfer} JFR event when no recording runs: {@code fastio} (the
 * public call, event code included) against {@code fastioNoEvent} (the same transfer through the
 * internal entry point with the event code left out), in the same run, at 4 KiB where a per-call
 * cost would show; {@code jdk} ({@code FileChannel.transferTo}) for scale. No recording is started:
 * the difference between the two fastio methods is what an application that does not record pays.
 */
public class TransferEventBenchmark extends TransferBenchmarkBase {
  @Param({"4096"})
  public long size;

  @Param({"FILE", "OTHER"})
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
