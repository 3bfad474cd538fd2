package dev.fastio.internal.batch;

import java.util.List;

/**
 * Where a run's hashing threads take their files from: one class per {@link Pipeline}, each with
 * the threads of its own that it starts and stops.
 *
 * <p>Thread-safe: {@link #next()} and {@link #finished} are called on the hashing threads; {@link
 * #start} and {@link #stop} on the calling thread.
 */
interface Feed {
  /**
   * Starts this pipeline's own threads, if any, after the hashing threads, adding them to {@code
   * threads}.
   *
   * @param hashers the number of hashing threads
   */
  void start(List<Thread> threads, int hashers);

  /**
   * The index of the next file to hash, or -1 when none is left or the run is over; may wait.
   *
   * @throws InterruptedException if the hashing thread is interrupted while waiting
   */
  int next() throws InterruptedException;

  /** File {@code index}'s hash is done (its result given to the run). */
  void finished(int index);

  /**
   * The run is over ({@link Delivery#cancel()} called): wakes this pipeline's own threads to stop,
   * and every one of {@code threads} waiting in {@link #next()} to return -1.
   */
  void stop(int threads);
}
