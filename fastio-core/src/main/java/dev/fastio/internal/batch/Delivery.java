package dev.fastio.internal.batch;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The results of one batch run, and the one place where they are ordered, delivered and failed:
 * hashing threads {@link #complete} files in any order; the calling thread {@link #deliver}s them
 * to the sink in input order, each as soon as it and all before it are done. A failure ({@link
 * #fail}: a runtime exception or error of any of the run's threads) is thrown on the calling thread
 * instead of the next result. {@link #cancel()} tells every thread of the run to stop.
 *
 * <p>Thread-safe: {@link #complete}, {@link #fail}, {@link #cancel} and {@link #isCancelled} from
 * any thread; {@link #deliver} from the calling thread only.
 */
final class Delivery {
  private final AtomicReferenceArray<Object> results;
  private final Object lock = new Object();
  private Throwable failure; // guarded by lock
  private volatile boolean cancelled;

  Delivery(int files) {
    this.results = new AtomicReferenceArray<>(files);
  }

  /**
   * Hands every result to {@code sink} in input order, waiting for each.
   *
   * @throws InterruptedException if the calling thread is interrupted while waiting
   * @throws RuntimeException or {@link Error} the run {@link #fail}ed with, or the sink's own
   */
  void deliver(BatchRun.Sink sink) throws InterruptedException {
    for (int i = 0; i < results.length(); i++) {
      Object r = await(i);
      results.set(i, null); // delivered: let it go
      if (r instanceof IOException e) {
        sink.done(i, null, e);
      } else {
        sink.done(i, (byte[]) r, null);
      }
    }
  }

  /** File {@code i} is finished: exactly one of {@code digest} and {@code error} is non-null. */
  void complete(int i, byte[] digest, IOException error) {
    synchronized (lock) {
      results.set(i, digest != null ? digest : error);
      lock.notifyAll();
    }
  }

  /** Ends the run with {@code e}, thrown on the calling thread; the first failure wins. */
  void fail(Throwable e) {
    synchronized (lock) {
      if (failure == null) {
        failure = e;
      }
      lock.notifyAll();
    }
  }

  /** The run is over (delivered, failed or interrupted): every thread of it stops. */
  void cancel() {
    cancelled = true;
  }

  /** True once {@link #cancel()} was called. */
  boolean isCancelled() {
    return cancelled;
  }

  private Object await(int i) throws InterruptedException {
    synchronized (lock) {
      while (true) {
        if (Thread.interrupted()) {
          throw new InterruptedException("digest batch interrupted");
        }
        Object r = results.get(i);
        if (r != null) {
          return r;
        }
        if (failure != null) {
          throwUnchecked(failure);
        }
        lock.wait();
      }
    }
  }

  private static void throwUnchecked(Throwable t) {
    if (t instanceof Error e) {
      throw e;
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    throw new IllegalStateException(t);
  }
}
