package dev.fastio.internal.mapping;

import dev.fastio.internal.jfr.Jfr;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One daemon thread, started the first time it is given work, running the work handed to it in
 * order. Where a thread cannot be started, {@link #submit} says so and the caller does the work
 * itself.
 */
final class BackgroundWorker {
  private final String name;
  private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();

  /** 0: not started; 1: running; -1: could not be started. */
  private volatile int state;

  BackgroundWorker(String name) {
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
      Runnable body =
          new Runnable() {
            @Override
            public void run() {
              loop();
            }
          };
      Thread thread = new Thread(null, body, name, 256 * 1024, false);
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
  // reader's contract and a JDK 22+ arena refuses to close, stays mapped); the failure is recorded
  // as a dev.fastio.BackgroundFailure JFR event.
  private void loop() {
    while (true) {
      try {
        queue.take().run();
      } catch (InterruptedException e) {
        // nobody but fastio has reason to interrupt this thread; go on
      } catch (Throwable e) {
        failed(e);
      }
    }
  }

  /** Records a failed task; never throws, so that the thread goes on. */
  private void failed(Throwable failure) {
    try {
      Jfr.backgroundFailure(name, failure);
    } catch (Throwable recording) {
      // the event cannot be made (no memory): the thread goes on all the same
    }
  }
}
