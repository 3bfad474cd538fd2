package dev.fastio.internal;

import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;

/**
 * Runs a file operation the way {@code Files.readAllBytes} does: an interrupt neither closes it nor
 * aborts it, and the thread's interrupt status is set again when it returns.
 *
 * <p>{@code FileChannel}s are interruptible: an interrupt closes them. The JDK opts out with an internal
 * call; fastio clears the status for the duration of the call and, should an interrupt arrive while the
 * kernel is reading, starts the operation again on a freshly opened channel.
 */
public final class Uninterruptible {
  private Uninterruptible() {}

  /** An I/O operation that opens its own channels, so it can be run again from the start. */
  @FunctionalInterface
  public interface Operation<T> {
    /** Runs the operation from the start. */
    T run() throws IOException;
  }

  /** Runs {@code op}, again from the start if an interrupt closed its channel, keeping the status. */
  public static <T> T call(Operation<T> op) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          return op.run();
        } catch (ClosedByInterruptException e) {
          Thread.interrupted(); // clear the status the channel set, remember it, run again
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
