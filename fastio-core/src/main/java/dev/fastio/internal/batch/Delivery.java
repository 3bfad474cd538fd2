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
 * <p>The results wait in a ring of {@code capacity} slots: file {@code i} in slot {@code i %
 * capacity}. A run over a list has a slot per file; a run over a stream has fewer, and its feed
 * takes file {@code i} only once {@link #awaitRoom} says that every file up to {@code i - capacity}
 * is delivered. The number of files is known from the start, or once the feed {@link #end}s.
 *
 * <p>Thread-safe: {@link #complete}, {@link #fail}, {@link #end}, {@link #awaitRoom}, {@link
 * #cancel} and {@link #isCancelled} from any thread; {@link #deliver} or {@link #deliverReady} from
 * the calling thread only.
 */
final class Delivery {
  /** Receives the results, in input order. */
  interface Receiver {
    /**
     * File {@code index} is finished: exactly one of {@code digest} and {@code error} is non-null.
     */
    void done(int index, byte[] digest, IOException error);
  }

  private final AtomicReferenceArray<Object> results;
  private final int capacity;
  private final Object lock = new Object();
  private int files; // guarded by lock; -1 until known
  private Throwable failure; // guarded by lock: thrown instead of the next result
  private Throwable endFailure; // guarded by lock: thrown after the last result
  private int delivered; // guarded by lock: the files before it are delivered
  private boolean roomAwaited; // guarded by lock: the feed waits for a slot
  private int awaited = -1; // guarded by lock: the result the calling thread waits for, or -1
  private volatile boolean cancelled;

  /**
   * A delivery of {@code files} results, each with its slot.
   *
   * @param files the number of files, known
   */
  static Delivery of(int files) {
    return new Delivery(Math.max(files, 1), files);
  }

  /**
   * A delivery of as many results as the feed {@link #end}s with, {@code capacity} waiting at most.
   *
   * @param capacity the files taken but not delivered at most, at least 1
   */
  static Delivery streaming(int capacity) {
    return new Delivery(capacity, -1);
  }

  private Delivery(int capacity, int files) {
    this.capacity = capacity;
    this.results = new AtomicReferenceArray<>(capacity);
    this.files = files;
  }

  /**
   * Hands every result to {@code sink} in input order, waiting for each.
   *
   * @throws InterruptedException if the calling thread is interrupted while waiting
   * @throws RuntimeException or {@link Error} the run {@link #fail}ed with, the sink's own, or
   *     (after the last result) the one the feed {@link #end}ed with
   */
  void deliver(Receiver sink) throws InterruptedException {
    for (int i = 0; ; i++) {
      Object r = await(i);
      if (r == null) {
        return;
      }
      results.set(i % capacity, null); // delivered: let it go
      handOver(sink, i, r);
    }
  }

  /**
   * Hands the results that are done, from the first not delivered yet, to {@code sink} in input
   * order, without waiting: for a run whose calling thread hashes, after each file. Stops while the
   * thread is interrupted (its status kept), as {@link #deliver} stops before the next result.
   * Calling thread only, and not with {@link #deliver}.
   *
   * @return whether every result is delivered
   */
  boolean deliverReady(Receiver sink) {
    while (!Thread.currentThread().isInterrupted()) {
      int i;
      Object r;
      synchronized (lock) {
        i = delivered;
        if (files >= 0 && i >= files) {
          return true;
        }
        r = results.get(i % capacity);
        if (r == null) {
          if (failure != null) {
            throwUnchecked(failure); // another thread of the run failed (the read-ahead)
          }
          return false;
        }
        results.set(i % capacity, null); // delivered: let it go
        delivered = i + 1;
      }
      handOver(sink, i, r);
    }
    return false;
  }

  /** Hands result {@code r} of file {@code i}, a digest or an IOException, to {@code sink}. */
  private static void handOver(Receiver sink, int i, Object r) {
    if (r instanceof IOException e) {
      sink.done(i, null, e);
    } else {
      sink.done(i, (byte[]) r, null);
    }
  }

  /** File {@code i} is finished: exactly one of {@code digest} and {@code error} is non-null. */
  void complete(int i, byte[] digest, IOException error) {
    synchronized (lock) {
      results.set(i % capacity, digest != null ? digest : error);
      if (i == awaited) {
        lock.notifyAll(); // else the calling thread finds it when it comes to it, unwoken
      }
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

  /**
   * The feed has no more files: there are {@code count}; {@code e}, if not null, is thrown on the
   * calling thread after the last of them is delivered.
   */
  void end(int count, Throwable e) {
    synchronized (lock) {
      files = count;
      endFailure = e;
      lock.notifyAll();
    }
  }

  /**
   * Waits until file {@code i} has a slot (every file up to {@code i - capacity} delivered); false
   * if the run is over first.
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  boolean awaitRoom(int i) throws InterruptedException {
    synchronized (lock) {
      while (i - delivered >= capacity && !cancelled) {
        roomAwaited = true;
        lock.wait();
      }
      return !cancelled;
    }
  }

  /** The run is over (delivered, failed or interrupted): every thread of it stops. */
  void cancel() {
    synchronized (lock) {
      cancelled = true;
      lock.notifyAll();
    }
  }

  /** True once {@link #cancel()} was called. */
  boolean isCancelled() {
    return cancelled;
  }

  /** Result {@code i} (a digest or an IOException), or null after the last one. */
  private Object await(int i) throws InterruptedException {
    synchronized (lock) {
      delivered = i;
      if (roomAwaited) {
        roomAwaited = false;
        lock.notifyAll();
      }
      while (true) {
        if (Thread.interrupted()) {
          throw new InterruptedException("digest batch interrupted");
        }
        if (files >= 0 && i >= files) {
          if (endFailure != null) {
            throwUnchecked(endFailure);
          }
          return null;
        }
        Object r = results.get(i % capacity);
        if (r != null) {
          awaited = -1;
          return r;
        }
        if (failure != null) {
          throwUnchecked(failure);
        }
        awaited = i;
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
