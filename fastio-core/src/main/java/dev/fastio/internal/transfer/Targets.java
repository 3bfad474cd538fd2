package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy.TargetKind;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * What fastio knows about transfer targets: where a file target writes, whether it is in append
 * mode, and the kernel-path refusals remembered per kind of target and condition.
 */
final class Targets {
  /** A kind of target in a condition: the key of the kernel-path refusals remembered. */
  private record Condition(TargetKind kind, boolean appendMode) {}

  /**
   * Kernel-path refusals remembered per target kind and condition. Append-mode file targets are
   * refused from the start: Linux's sendfile and copy_file_range refuse them (EINVAL, EBADF), and
   * on JDK 17 one such refusal inside {@code FileChannel.transferTo} turns sendfile off for every
   * file target of the process.
   */
  private static final Set<Condition> KERNEL_REFUSED = ConcurrentHashMap.newKeySet();

  static {
    KERNEL_REFUSED.add(new Condition(TargetKind.FILE, true));
  }

  /**
   * Whether each file target seen is in append mode, which is fixed when a channel is opened:
   * probed once per channel, then looked up. Weak keys: a closed and unreachable channel leaves the
   * map. Its monitor also serializes the probes, so that two fastio transfers never probe one
   * channel at the same time.
   */
  private static final Map<FileChannel, Boolean> APPEND_MODE =
      Collections.synchronizedMap(new WeakHashMap<>());

  private Targets() {}

  /** True if the kernel path is remembered as refused for {@code kind} in the condition given. */
  static boolean kernelRefused(TargetKind kind, boolean appendMode) {
    return KERNEL_REFUSED.contains(new Condition(kind, appendMode));
  }

  /**
   * The refusals remembered, for the transfer event: each {@code KIND} or {@code KIND append},
   * sorted, comma-separated.
   */
  static String refusals() {
    return KERNEL_REFUSED.stream()
        .map(c -> c.appendMode() ? c.kind() + " append" : c.kind().name())
        .sorted()
        .collect(Collectors.joining(", "));
  }

  /** Remembers that the kernel path moved nothing to a target of {@code kind} in this condition. */
  static void refuseKernel(TargetKind kind, boolean appendMode) {
    KERNEL_REFUSED.add(new Condition(kind, appendMode));
  }

  /**
   * True if {@code channel} was opened in append mode. There is no API to ask: an append-mode
   * {@code FileChannel} reports its size as its position whatever position it is set to, which a
   * plain one does not. A channel whose position differs from its size is not in append mode; one
   * whose position equals its size is probed once: its position is moved one byte and set back (a
   * channel in append mode ignores the move). While it is moved, a write through the same channel
   * by a thread other than fastio's would land at the moved position: {@code
   * FastChannels.transferTo} documents this. A channel with no position (a pipe or a terminal) is
   * not in append mode.
   */
  static boolean isAppendMode(FileChannel channel) throws IOException {
    Boolean known = APPEND_MODE.get(channel);
    if (known != null) {
      return known;
    }
    synchronized (APPEND_MODE) {
      known = APPEND_MODE.get(channel);
      if (known == null) {
        known = probeAppendMode(channel);
        APPEND_MODE.put(channel, known);
      }
      return known;
    }
  }

  /**
   * Records that {@code channel}, which fastio opened itself without {@code APPEND}, is not in
   * append mode, which spares it the probe.
   */
  static void notAppendMode(FileChannel channel) {
    APPEND_MODE.put(channel, Boolean.FALSE);
  }

  private static boolean probeAppendMode(FileChannel channel) throws IOException {
    long position = writeOffset(channel); // -1 for a pipe or a terminal: no end to append at
    if (position < 0 || position != channel.size()) {
      return false;
    }
    long probe = position > 0 ? position - 1 : 1;
    channel.position(probe);
    try {
      return channel.position() != probe;
    } finally {
      channel.position(position);
    }
  }

  /**
   * Where the next write to {@code file} goes (its position, which for an append-mode channel is
   * its size), or -1 if it cannot tell, as a pipe or a terminal cannot ("Illegal seek").
   *
   * @throws ClosedChannelException if the channel is closed (or, for a subclass, the thread was
   *     interrupted), as the write would have thrown
   */
  static long writeOffset(FileChannel file) throws IOException {
    try {
      return file.position();
    } catch (ClosedChannelException e) {
      throw e;
    } catch (IOException e) {
      return -1; // only a hint: the write itself says whether the target works
    }
  }
}
