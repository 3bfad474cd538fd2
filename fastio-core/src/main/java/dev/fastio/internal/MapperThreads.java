package dev.fastio.internal;

import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two background daemon threads, each started the first time it is given work, that do work for
 * readers of mapped windows off the readers' own threads:
 *
 * <ul>
 *   <li>{@code fastio-mapper} runs {@link #release}: it unmaps a window the reader has moved away
 *       from, so that the reader does not wait for the {@code munmap} of every page of it and, on
 *       JDK 22 and newer, the handshake with every Java thread that closing a shared {@code Arena}
 *       makes;
 *   <li>{@code fastio-prefault} runs {@link #prefault}: it reads one byte of every page of the
 *       rest of a window a reader is reading in order, so that the page faults which map those
 *       pages into the process happen there, while the reader works on the bytes before them. It
 *       is the work the reader's own first reads would do, done earlier and on another core.
 * </ul>
 *
 * <p>Releases have a thread of their own so that no reader's release waits behind another reader's
 * prefault (of a file read from a slow disk, say). A release handed over with the window's prefault
 * {@linkplain Prefault#cancel() cancels} it before it unmaps, which waits for at most one page; a
 * window released anywhere else must have its prefault cancelled first. So no window is unmapped
 * while a prefault reads it.
 *
 * <p>Each reader hands over at most one window at a time and waits for it ({@link Release#await()})
 * before it reports itself closed, so the windows mapped stay bounded (the one in use and one being
 * released) and none is left when the reader's {@code close} returns. The JDK's own mapped buffers
 * are released later still, by the garbage collector's cleaner thread, when it gets to them.
 *
 * <p>Where a thread cannot be started, windows are released on the caller's thread, or not
 * prefaulted.
 */
final class MapperThreads {
  private MapperThreads() {}

  private static final Worker RELEASES = new Worker("fastio-mapper");
  private static final Worker PREFAULTS = new Worker("fastio-prefault");

  /** A window handed over for release; {@link #isDone()} once it is unmapped. */
  static final class Release implements Runnable {
    private final MappedRegion region;
    private final Prefault prefault;
    private final CountDownLatch done = new CountDownLatch(1);

    private Release(MappedRegion region, Prefault prefault) {
      this.region = region;
      this.prefault = prefault;
    }

    /** True once the window is released. */
    boolean isDone() {
      return done.getCount() == 0;
    }

    /** Waits until the window is released; an interrupt is kept for the caller, not acted on. */
    void await() {
      awaitUninterruptibly(done);
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
   * The pages of part of a window, to be faulted in on the background thread. {@link #stop()} asks
   * it to end early; {@link #cancel()} also waits until it no longer reads the window.
   */
  static final class Prefault implements Runnable {
    /** Bytes touched between two deliveries of a fault error. */
    private static final int BLOCK = 64 * PageTouch.STRIDE;

    private static final int QUEUED = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;

    private final ByteBuffer window;
    private final int from;
    private final int to;
    private final AtomicInteger state = new AtomicInteger(QUEUED);
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile boolean stop;

    /** The sum of the bytes read, kept so that the JIT cannot drop the reads. */
    @SuppressWarnings("UnusedVariable") // written, never read, on purpose: keeps the reads
    private int touched;

    private Prefault(ByteBuffer window, int from, int to) {
      this.window = window;
      this.from = from;
      this.to = to;
    }

    /** Asks the prefault to end, without waiting. */
    void stop() {
      stop = true;
    }

    /**
     * Ends the prefault and returns once it no longer reads the window (at most one page later),
     * so that the window can be released. An interrupt is kept, not acted on.
     */
    void cancel() {
      stop = true;
      if (state.compareAndSet(QUEUED, DONE)) {
        done.countDown(); // never started: it never will
        return;
      }
      awaitUninterruptibly(done);
    }

    @Override
    public void run() {
      if (!state.compareAndSet(QUEUED, RUNNING)) {
        return; // cancelled before it started
      }
      try {
        touch();
      } finally {
        state.set(DONE);
        done.countDown();
      }
    }

    // The reads and the delivery of their fault error happen inside this try: a window of a file
    // truncated meanwhile faults beyond the new end, and the reader's own read of those bytes
    // reports it; here the prefault just ends. The stop flag is read before every page, so a cancel
    // waits for at most one page fault (one disk read, for a file not cached).
    private void touch() {
      int x = 0;
      try {
        pages:
        for (int block = from; block < to; block += BLOCK) {
          int end = Math.min(to, block + BLOCK);
          for (int i = block; i < end; i += PageTouch.STRIDE) {
            if (stop) {
              break pages;
            }
            x += window.get(i);
          }
          if (end == to) {
            x += window.get(to - 1); // the last page, where from is not a page boundary
          }
          Faults.deliverPending();
        }
        Faults.deliverPending();
      } catch (InternalError e) {
        if (!Faults.isMappingFault(e)) {
          throw e;
        }
      }
      touched = x;
    }
  }

  /**
   * Hands {@code region} over to the release thread. The caller must have delivered any fault error
   * pending from its reads of the region ({@link Faults#deliverPending()}) first: the error belongs
   * to the thread that read.
   *
   * @param prefault the window's prefault, stopped now and cancelled before the window is unmapped;
   *     or null
   * @return the release, to wait for; already done if the region was released on this thread
   */
  static Release release(MappedRegion region, Prefault prefault) {
    if (prefault != null) {
      prefault.stop(); // ends it while the release waits its turn
    }
    Release release = new Release(region, prefault);
    if (!RELEASES.submit(release)) {
      release.run();
    }
    return release;
  }

  /**
   * Releases {@code region} on this thread, after cancelling its prefault, if any, so that the
   * prefault thread no longer reads it. The caller must have delivered any fault error pending from
   * its own reads of the region first.
   */
  static void releaseNow(MappedRegion region, Prefault prefault) {
    try {
      if (prefault != null) {
        prefault.cancel();
      }
    } finally {
      region.close();
    }
  }

  /**
   * Asks the prefault thread to fault in the pages of {@code window[from, to)} (absolute reads of a
   * buffer whose memory must stay mapped until the prefault is {@linkplain Prefault#cancel()
   * cancelled}, directly or by a {@link #release} given it). Call it with no fault error pending.
   *
   * @return the prefault, to stop or cancel; already done where there is no prefault thread
   */
  static Prefault prefault(ByteBuffer window, int from, int to) {
    Prefault prefault = new Prefault(window, from, to);
    if (!PREFAULTS.submit(prefault)) {
      prefault.cancel(); // never runs
    }
    return prefault;
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** One daemon thread running the work handed to it, in order. */
  private static final class Worker {
    private final String name;
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();

    /** 0: not started; 1: running; -1: could not be started. */
    private volatile int state;

    Worker(String name) {
      this.name = name;
    }

    /** Queues {@code work}; false if there is no thread to run it. */
    boolean submit(Runnable work) {
      if (state == 0) {
        start();
      }
      if (state < 0) {
        return false;
      }
      queue.add(work);
      return true;
    }

    private synchronized void start() {
      if (state != 0) {
        return;
      }
      try {
        Thread thread = new Thread(null, this::loop, name, 256 * 1024, false);
        thread.setDaemon(true);
        thread.setContextClassLoader(null); // keeps no application class loader reachable
        thread.start();
        state = 1;
      } catch (OutOfMemoryError | SecurityException e) { // no thread to be had
        state = -1;
      }
    }

    // Throwable: whatever a task throws, the thread goes on, since readers wait for its work (a
    // window whose release failed, because a user's thread still reads a chunk of it against the
    // reader's contract and a JDK 22+ arena refuses to close, stays mapped).
    private void loop() {
      while (true) {
        try {
          queue.take().run();
        } catch (InterruptedException e) {
          // nobody but fastio has reason to interrupt this thread; go on
        } catch (Throwable e) {
          // go on with the next task
        }
      }
    }
  }
}
