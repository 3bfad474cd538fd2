package dev.fastio.internal.mapping;

import dev.fastio.internal.io.Uninterruptibly;
import dev.fastio.internal.platform.MappedRegion;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code fastio-unmapper} daemon thread: it unmaps a window a reader has moved away from, so
 * that the reader does not wait for the {@code munmap} of every page of it and, on JDK 22 and
 * newer, the handshake with every Java thread that closing a shared {@code Arena} makes. Where the
 * thread cannot be started, windows are released on the caller's thread.
 *
 * <p>Releases have a thread of their own, apart from the {@link Prefaulter}'s, so that no reader's
 * release waits behind another reader's prefault (of a file read from a slow disk, say). A release
 * handed over with the window's prefault cancels it before it unmaps; a window released anywhere
 * else must have its prefault cancelled first. So no window is unmapped while a prefault reads it.
 *
 * <p>Each reader hands over at most one window at a time and waits for it ({@link Release#await()})
 * before it reports itself closed, so the windows mapped stay bounded (the one in use and one being
 * released) and none is left when the reader's {@code close} returns.
 */
public final class Unmapper {
  private static final BackgroundWorker WORKER = new BackgroundWorker("fastio-unmapper");

  private Unmapper() {}

  /** A window handed over for release; {@link #isDone()} once it is unmapped. */
  public static final class Release implements Runnable {
    private final MappedRegion region;
    private final Prefaulter.Prefault prefault;
    private final CountDownLatch done = new CountDownLatch(1);

    private Release(MappedRegion region, Prefaulter.Prefault prefault) {
      this.region = region;
      this.prefault = prefault;
    }

    /** True once the window is released. */
    public boolean isDone() {
      return done.getCount() == 0;
    }

    /** Waits until the window is released; an interrupt is kept for the caller, not acted on. */
    public void await() {
      Uninterruptibly.await(done);
    }

    @Override
    public void run() {
      try {
        releaseNow(region, prefault); // no fault is pending here: a prefault delivers its own
      } finally {
        done.countDown();
      }
    }
  }

  /**
   * Hands {@code region} over to the release thread. The caller must have delivered any fault error
   * pending from its reads of the region ({@code Faults.deliverPending()}) first: the error belongs
   * to the thread that read.
   *
   * @param prefault the window's prefault, stopped now and cancelled before the window is unmapped;
   *     or null
   * @return the release, to wait for; already done if the region was released on this thread
   */
  public static Release release(MappedRegion region, Prefaulter.Prefault prefault) {
    if (prefault != null) {
      prefault.stop(); // ends it while the release waits its turn
    }
    Release release = new Release(region, prefault);
    if (!WORKER.submit(release)) {
      release.run();
    }
    return release;
  }

  /**
   * Releases {@code region} on this thread, after cancelling its prefault, if any, so that the
   * prefault thread no longer reads it. The caller must have delivered any fault error pending from
   * its own reads of the region first.
   */
  public static void releaseNow(MappedRegion region, Prefaulter.Prefault prefault) {
    try {
      if (prefault != null) {
        prefault.cancel();
      }
    } finally {
      region.close();
    }
  }
}
