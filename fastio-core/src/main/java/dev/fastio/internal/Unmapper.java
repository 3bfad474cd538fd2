package dev.fastio.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Releases mapped windows on one background daemon thread, {@code fastio-unmapper}, started the first
 * time a window is handed over, so that a reader moving on to its next window does not wait for the
 * release of the last one: {@code munmap} of every page of it and, on JDK 22 and newer, the handshake
 * with every Java thread that closing a shared {@code Arena} makes.
 *
 * <p>Each caller hands over at most one window at a time and waits for it ({@link Release#await()})
 * before it reports itself closed, so the windows mapped stay bounded (the one in use and one being
 * released) and none is left when the reader's {@code close} returns. The JDK's own mapped buffers are
 * released later still, by the garbage collector's cleaner thread, when it gets to them.
 *
 * <p>Where the thread cannot be started, the window is released on the caller's thread.
 */
final class Unmapper {
  private Unmapper() {}

  /** The windows handed over, released in order. */
  private static final LinkedBlockingQueue<Release> QUEUE = new LinkedBlockingQueue<>();

  /** 0: not started; 1: running; -1: could not be started (release on the caller's thread). */
  private static volatile int state;

  /** A window handed over for release; {@link #isDone()} once it is unmapped. */
  static final class Release {
    private final MappedRegion region;
    private final CountDownLatch done = new CountDownLatch(1);

    private Release(MappedRegion region) {
      this.region = region;
    }

    /** True once the window is released. */
    boolean isDone() {
      return done.getCount() == 0;
    }

    /** Waits until the window is released; an interrupt is kept for the caller, not acted on. */
    void await() {
      boolean interrupted = false;
      while (true) {
        try {
          done.await();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    private void run() {
      try {
        region.close(); // no fault can be pending here: this thread never reads mapped memory
      } finally {
        done.countDown();
      }
    }
  }

  /**
   * Hands {@code region} over to the background thread. The caller must have delivered any fault error
   * pending from its reads of the region ({@link Faults#deliverPending()}) first: the error belongs to
   * the thread that read.
   *
   * @return the release, to wait for; already done if the region was released on this thread
   */
  static Release release(MappedRegion region) {
    Release release = new Release(region);
    if (state == 0) {
      start();
    }
    if (state < 0) {
      release.run();
    } else {
      QUEUE.add(release);
    }
    return release;
  }

  private static synchronized void start() {
    if (state != 0) {
      return;
    }
    try {
      Thread thread = new Thread(null, Unmapper::loop, "fastio-unmapper", 256 * 1024, false);
      thread.setDaemon(true);
      thread.setContextClassLoader(null); // keeps no application class loader reachable
      thread.start();
      state = 1;
    } catch (OutOfMemoryError | SecurityException e) { // no thread to be had: release here
      state = -1;
    }
  }

  private static void loop() {
    while (true) {
      Release release;
      try {
        release = QUEUE.take();
      } catch (InterruptedException e) {
        continue; // nobody but fastio has reason to interrupt this thread; go on releasing
      }
      try {
        release.run();
      } catch (RuntimeException | Error e) {
        // A window whose release failed (a user's thread still reading a chunk of it, against the
        // reader's contract, makes a JDK 22+ arena refuse to close) stays mapped; the loop goes on.
      }
    }
  }
}
