package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.TransferPolicy.TargetKind;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.transfer} keeps
 * package-private. It lives in the test sources, in the library's package (the tests run on the
 * class path), so nothing in the shipped jar exists for tests alone.
 */
public final class TransferTestHook {
  /** {@link Transfers#PLACED_FOR_TARGET}. */
  public static final long PLACED_FOR_TARGET = Transfers.PLACED_FOR_TARGET;

  /** {@link Transfers#KERNEL_OFFSETS_CHECKED}. */
  public static final long KERNEL_OFFSETS_CHECKED = Transfers.KERNEL_OFFSETS_CHECKED;

  /** {@link TransferOptions#MAPPED_WINDOW}. */
  public static final int MAPPED_WINDOW = TransferOptions.MAPPED_WINDOW;

  private TransferTestHook() {}

  /**
   * A transfer as {@code FastChannels.transferTo} makes it, with the strategy {@code policy}
   * chooses and the mapped strategy mapping {@code mappedWindow} bytes at a time.
   */
  public static long transfer(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferPolicy policy,
      int mappedWindow)
      throws IOException {
    return Transfers.transfer(
        source, position, count, target, new TransferOptions(policy, mappedWindow, true));
  }

  /** True if the kernel path is remembered as refused for {@code kind} in the condition given. */
  public static boolean kernelRefused(TargetKind kind, boolean appendMode) {
    return Targets.kernelRefused(kind, appendMode);
  }
}
