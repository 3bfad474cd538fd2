package dev.fastio.internal.io;

import java.util.concurrent.CountDownLatch;

/**
 * Waits that an interrupt does not cut short: the wait goes on, and the interrupt is kept for the
 * caller (the thread's status is set again once the wait is over).
 */
public final class Uninterruptibly {
  /** A blocking wait that throws {@link InterruptedException}, such as a latch's or a join. */
  public interface Wait {
    void await() throws InterruptedException;
  }

  private Uninterruptibly() {}

  /**
   * Runs {@code wait} until it returns, again after each interrupt; sets the interrupt status again
   * if it was interrupted.
   *
   * @param wait the wait, such as {@code latch::await} or {@code thread::join}
   */
  public static void await(Wait wait) {
    boolean interrupted = false;
    while (true) {
      try {
        wait.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for {@code latch} to count down, as {@link #await} waits. */
  public static void await(CountDownLatch latch) {
    await(
        new Wait() {
          @Override
          public void await() throws InterruptedException {
            latch.await();
          }
        });
  }

  /** Waits for {@code thread} to end, as {@link #await} waits. */
  public static void join(Thread thread) {
    await(
        new Wait() {
          @Override
          public void await() throws InterruptedException {
            thread.join();
          }
        });
  }
}
