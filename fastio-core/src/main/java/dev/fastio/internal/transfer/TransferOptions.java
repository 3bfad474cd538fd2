package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.internal.platform.MappedRegion;
import java.util.Objects;

/**
 * How {@link Transfers#transfer} moves bytes.
 *
 * @param policy chooses the strategy (a policy that forces one forces it)
 * @param mappedWindow bytes mapped at a time by the mapped strategy, 1 to 1 GiB
 * @param recordEvent whether to emit the {@code dev.fastio.Transfer} JFR event (off only to measure
 *     what the event costs)
 */
public record TransferOptions(TransferPolicy policy, int mappedWindow, boolean recordEvent) {
  /**
   * Bytes mapped at a time by the mapped strategy: each window is written, then unmapped before the
   * next is mapped, so a transfer never holds more address space than this.
   */
  public static final int MAPPED_WINDOW = 16 << 20;

  /** Checks the options. */
  public TransferOptions {
    Objects.requireNonNull(policy, "policy");
    if (mappedWindow <= 0 || mappedWindow > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("window out of range: " + mappedWindow);
    }
  }

  /**
   * The options of {@code FastChannels.transferTo} with {@code policy}: the default window, the
   * event recorded.
   *
   * @param policy the policy
   * @return the options
   */
  public static TransferOptions of(TransferPolicy policy) {
    return new TransferOptions(policy, MAPPED_WINDOW, true);
  }

  // Only fastio-bench calls this (TransferEventBenchmark: JMH, compiled against the jar, where no
  // test hook reaches), to measure what the event costs.
  /**
   * These options without the JFR event.
   *
   * @return new options
   */
  public TransferOptions withoutEvent() {
    return new TransferOptions(policy, mappedWindow, false);
  }
}
