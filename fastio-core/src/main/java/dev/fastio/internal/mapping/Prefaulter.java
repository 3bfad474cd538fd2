package dev.fastio.internal.mapping;

import dev.fastio.internal.io.PageTouch;
import dev.fastio.internal.io.Uninterruptibly;
import dev.fastio.internal.platform.Faults;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code fastio-prefault} daemon thread: it reads one byte of every page of the rest of a
 * window a reader is reading in order, so that the page faults which map those pages into the
 * process happen there, while the reader works on the bytes before them. It is the work the
 * reader's own first reads would do, done earlier and on another core. Where the thread cannot be
 * started, nothing is faulted in ahead.
 *
 * <p>A window must not be unmapped while its prefault reads it: {@link Prefault#cancel()} it first
 * (the {@link Unmapper} does so for the windows handed to it), which waits for at most one page.
 */
public final class Prefaulter {
  private static final BackgroundWorker WORKER = new BackgroundWorker("fastio-prefault");

  private Prefaulter() {}

  /**
   * Asks the prefault thread to fault in the pages of {@code window[from, to)} (absolute reads of a
   * buffer whose memory must stay mapped until the prefault is {@linkplain Prefault#cancel()
   * cancelled}). Call it with no fault error pending.
   *
   * @return the prefault, to stop or cancel; already done where there is no prefault thread
   */
  public static Prefault prefault(ByteBuffer window, int from, int to) {
    Prefault prefault = new Prefault(window, from, to);
    if (!WORKER.submit(prefault)) {
      prefault.cancel(); // never runs
    }
    return prefault;
  }

  /**
   * The pages of part of a window, to be faulted in on the background thread. {@link #stop()} asks
   * it to end early; {@link #cancel()} also waits until it no longer reads the window.
   */
  public static final class Prefault implements Runnable {
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
    public void stop() {
      stop = true;
    }

    /**
     * Ends the prefault and returns once it no longer reads the window (at most one page later), so
     * that the window can be released. An interrupt is kept, not acted on.
     */
    public void cancel() {
      stop = true;
      if (state.compareAndSet(QUEUED, DONE)) {
        done.countDown(); // never started: it never will
        return;
      }
      Uninterruptibly.await(done);
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
    // reports it; here the prefault just ends. The stop flag is read before every page, so a
    // cancel waits for at most one page fault (one disk read, for a file not cached).
    private void touch() {
      int x = 0;
      try {
        for (int block = from; block < to && !stop; block += BLOCK) {
          x += touchBlock(block, Math.min(to, block + BLOCK));
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

    /** Reads one byte of every page of {@code window[start, end)}, and its last byte at the end. */
    private int touchBlock(int start, int end) {
      int x = 0;
      for (int i = start; i < end; i += PageTouch.STRIDE) {
        if (stop) {
          return x;
        }
        x += window.get(i);
      }
      if (end == to) {
        x += window.get(to - 1); // the last page, where from is not a page boundary
      }
      return x;
    }
  }
}
