package dev.fastio.internal.stream;

import dev.fastio.internal.transfer.Transfers;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Moves bytes from a file channel to a channel with fastio's adaptive transfer ({@link
 * Transfers#transfer(FileChannel, long, long, WritableByteChannel)}, what {@code
 * FastChannels.transferTo} runs), in one call, or in slices of at most {@link
 * ProgressReports#SLICE} bytes with a progress report after each. The only place this package calls
 * the transfer code.
 */
final class SlicedTransfer {
  private SlicedTransfer() {}

  /**
   * {@code FastChannels.transferTo(source, position, count, target)}, reporting to {@code progress}
   * if it is not null; interruptible as that method is.
   */
  static long transfer(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      ProgressReports progress)
      throws IOException {
    if (progress == null) {
      return move(source, position, count, target);
    }
    // A file that reports size 0 (/proc) is read to its end in one call: from past its size of 0
    // the transfer moves nothing, as the JDK's does.
    long slice = count > ProgressReports.SLICE && source.size() > 0 ? ProgressReports.SLICE : count;
    long done = 0;
    while (true) {
      long step = Math.min(slice, count - done);
      long n = move(source, position + done, step, target);
      done += n;
      if (n < step || done == count) {
        break; // end of file, or a non-blocking target that took less
      }
      progress.moved(done);
    }
    progress.end(done);
    return done;
  }

  /**
   * {@link #transfer} with the calling thread's interrupt status cleared while the bytes move and
   * set again after: an interrupt that came before is held back, as the JDK's streams hold it back;
   * one that arrives while the bytes move still closes both channels.
   */
  static long transferHoldingInterrupt(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      ProgressReports progress)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      return transfer(source, position, count, target, progress);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static long move(
      FileChannel source, long position, long count, WritableByteChannel target)
      throws IOException {
    return Transfers.transfer(source, position, count, target);
  }
}
