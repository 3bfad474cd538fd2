package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.io.Placement;
import dev.fastio.internal.jfr.Jfr;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.WritableByteChannel;

/**
 * One transfer: the strategy chosen, the fallbacks from the kernel path, and the loop that runs
 * until every byte is moved.
 *
 * <p>The source's size costs a system call, as much as a small transfer's own on some systems, so
 * it is read only where it is needed: where the choice depends on it and the count does not say it
 * ({@link Transfers#SIZED_FROM_COUNT}), for a mapping, for positional reads from a position past 0
 * (a file of {@code /proc} reads from any position, but the JDK transfers nothing from past its
 * size of 0), and where a strategy moved less than asked (end of file, a shrunk source, or a
 * refusal).
 */
final class TransferRun {
  private final FileChannel source;
  private final long position;
  private final long count;
  private final WritableByteChannel target;
  private final TransferOptions options;
  private final TransferPolicy policy;
  private final TargetKind kind;

  /** The strategy the policy chose, and the one moving the bytes (another after a fallback). */
  private TransferStrategy chosen;

  private TransferStrategy strategy;

  /** The bytes to move: the count until the source's size is known. */
  private long amount;

  private boolean sized;

  /** Where a file target writes the first byte, once asked; else -1. */
  private long written = -1;

  private long done;

  TransferRun(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferOptions options) {
    this.source = source;
    this.position = position;
    this.count = count;
    this.target = target;
    this.options = options;
    this.policy = options.policy();
    this.kind = TargetKind.of(target);
    this.amount = count;
  }

  /** Moves the bytes; returns how many. */
  long run() throws IOException {
    if (!choose()) {
      return 0;
    }
    Object event = options.recordEvent() ? Jfr.beginTransfer() : null;
    strategy = chosen;
    if (!avoidKernelWhereItFailsOrIsSlow()) {
      return 0;
    }
    loop();
    if (done == 0) {
      Transfers.checkModes(source, target); // nothing written: the mode errors are still the JDK's
    }
    if (event != null) {
      String from = strategy != chosen ? chosen.name() : "";
      Jfr.commitTransfer(event, strategy.name(), from, kind.name(), done, Targets.refusals());
    }
    return done;
  }

  /**
   * The policy's choice, by the count or, where the count does not say it, the bytes there are.
   *
   * @return false if there is nothing to move ({@code position} is past the end)
   */
  private boolean choose() throws IOException {
    chosen = policy.choose(kind, count);
    if (chosen == TransferStrategy.MAPPED
        || (chosen == TransferStrategy.READ_WRITE && position > 0)
        || (count >= Transfers.SIZED_FROM_COUNT && chosen != policy.choose(kind, 0))) {
      long size = size();
      if (pastEnd(size)) {
        return false;
      }
      if (size == 0) {
        // What /proc and /sys files report: read to end of file, as the JDK does from JDK 21 on.
        chosen = TransferStrategy.READ_WRITE;
      } else {
        amount = Math.min(count, size - position);
        chosen = policy.choose(kind, amount);
      }
    }
    return true;
  }

  /**
   * Takes another strategy than the kernel's for a file target the kernel path refuses (an
   * append-mode one) or would copy to slowly (offsets 1 to 31 bytes apart modulo a page).
   *
   * @return false if there is nothing to move
   */
  private boolean avoidKernelWhereItFailsOrIsSlow() throws IOException {
    if (strategy != TransferStrategy.KERNEL || kind != TargetKind.FILE) {
      return true;
    }
    FileChannel file = (FileChannel) target;
    if (Targets.kernelRefused(kind, Targets.isAppendMode(file))) {
      // Chosen by the bytes there are, not by a count such as Long.MAX_VALUE; the amount stays the
      // count, narrowed by the loop's first short move.
      long size = sized ? -1 : source.size();
      if (size >= 0 && pastEnd(size)) {
        return false;
      }
      strategy = fallback(size < 0 ? amount : Math.min(amount, size - position));
    } else if (policy.strategy().isEmpty() && amount >= Transfers.KERNEL_OFFSETS_CHECKED) {
      written = Targets.writeOffset(file);
      if (written >= 0 && Placement.slowCopy(position, written)) {
        // Its reads and writes are placed; the kernel's copy is not. Recorded as taken over from
        // KERNEL.
        strategy = TransferStrategy.READ_WRITE;
        return sizeForPositionalReads();
      }
    }
    return true;
  }

  /**
   * Sizes the source before positional reads from past position 0, as {@link #choose} does.
   *
   * @return false if there is nothing to move
   */
  private boolean sizeForPositionalReads() throws IOException {
    if (sized || position == 0) {
      return true;
    }
    long size = size();
    if (pastEnd(size)) {
      return false; // from past the size of a /proc file the JDK transfers nothing
    }
    if (size > 0) {
      amount = Math.min(count, size - position);
    }
    return true;
  }

  private void loop() throws IOException {
    boolean blocking = !(target instanceof SelectableChannel sc) || sc.isBlocking();
    while (done < amount) {
      long request =
          strategy == TransferStrategy.KERNEL
              ? Math.min(amount - done, Moves.KERNEL_CHUNK)
              : amount - done;
      long n =
          Moves.move(
              strategy,
              source,
              position + done,
              request,
              target,
              options.mappedWindow(),
              written < 0 ? -1 : written + done);
      done += n;
      if (n < request && (!blocking || !goOnAfterShortMove(n))) {
        break; // a non-blocking target took what it could, or nothing more can be moved
      }
    }
  }

  /**
   * After a strategy moved {@code n} bytes, fewer than asked, to a blocking target: learns why and
   * sets up the rest.
   *
   * @return false if the transfer ends here
   */
  private boolean goOnAfterShortMove(long n) throws IOException {
    if (n > 0) {
      // Less than asked: the JDK's kernel path may do that, or the file ends before the count.
      if (!sized) {
        long size = size();
        if (size > 0) {
          amount = Math.max(done, Math.min(count, size - position));
        }
      }
      return true;
    }
    long size = size();
    if (size == 0 && position == 0 && done == 0 && strategy != TransferStrategy.READ_WRITE) {
      // An empty file, or one of /proc or /sys, from which JDK 17 transfers nothing: read it.
      strategy = TransferStrategy.READ_WRITE;
      return true;
    }
    if (position + done >= size || strategy != TransferStrategy.KERNEL) {
      // End of file (shorter than the count, or shrunk meanwhile); or the target accepted nothing:
      // return what was moved, never spin.
      return false;
    }
    // The kernel path moved nothing where bytes remain: fall back, and remember it for this kind
    // of target in this condition only.
    boolean append = kind == TargetKind.FILE && Targets.isAppendMode((FileChannel) target);
    Targets.refuseKernel(kind, append);
    amount = Math.max(done, Math.min(count, size - position));
    strategy = fallback(amount - done);
    return true;
  }

  /** The strategy that takes over from a refused kernel path: the one chosen for other targets. */
  private TransferStrategy fallback(long remaining) {
    return remaining >= policy.otherMappedThreshold()
        ? TransferStrategy.MAPPED
        : TransferStrategy.READ_WRITE;
  }

  private long size() throws IOException {
    sized = true;
    return source.size();
  }

  /**
   * True if {@code FileChannel.transferTo} moves nothing from {@link #position} of a source of
   * {@code size} bytes: past the end, or at the end of a file that is not empty (a file of {@code
   * /proc} reports 0 and is read from position 0). Then the modes are checked, as the JDK does.
   */
  private boolean pastEnd(long size) throws IOException {
    boolean past = position > size || (size > 0 && position == size);
    if (past) {
      Transfers.checkModes(source, target);
    }
    return past;
  }
}
