package dev.fastio.internal.batch;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a run's hashing threads take their files from: one class per {@link Pipeline}, each with
 * the threads of its own that it starts and stops.
 *
 * <p>Thread-safe: {@link #next()}, {@link #poll()}, {@link #path} and {@link #finished} are called
 * on the hashing threads (and {@link #path} on the calling thread); {@link #start} and {@link
 * #stop} on the calling thread.
 */
interface Feed {
  /** What {@link #poll()} returns while files remain but none is ready yet. */
  int NONE_READY = LaneScheduler.Inputs.NONE_READY;

  /**
   * Starts this pipeline's own threads, if any, after the hashing threads, adding them to {@code
   * threads}; may first do work of its own on the calling thread while the hashing threads run (a
   * long list's order: {@link ParallelFeed}), returning early once the run is cancelled.
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

  /**
   * The index of the next file to hash without waiting: -1 when none is left or the run is over,
   * {@link #NONE_READY} while none is ready yet. A feed that never waits returns {@link #next()}.
   */
  int poll();

  /**
   * File {@code index}: one the feed has handed out by {@link #next()} or {@link #poll()} and whose
   * result is not delivered yet.
   */
  Path path(int index);

  /**
   * The bytes of the files not handed out yet, not counting files hashed beside the lanes ({@link
   * #besideFrom}); {@link Long#MAX_VALUE} where the feed does not know them, 0 while it has not
   * sized them yet. Called by one thread at a time.
   */
  default long bytesLeft() {
    return Long.MAX_VALUE;
  }

  /**
   * The size from which an MD5 lanes thread hashes a file with {@code MessageDigest} beside its
   * lanes ({@link Long#MAX_VALUE}: none): {@link LaneHashing#ALONE} where the feed does not know
   * the batch's sizes, else as {@link LaneHashing#besideFrom} decides for them.
   */
  default long besideFrom() {
    return LaneHashing.ALONE;
  }

  /**
   * File {@code index}'s size as the feed saw it before the file was opened (a {@code stat}), or -1
   * where it has none (not sized yet, not a regular file, empty): a hint, which the file may have
   * outgrown or fallen short of since, so that a reader that takes it must still read to the end.
   * Only a regular file is hinted; should its path name a pipe by the time it is opened (replaced
   * in between), a read that comes up short at the hinted size ends it, where a size asked of the
   * open file (0) would read the pipe to its end.
   */
  default long sizeHint(int index) {
    return -1;
  }

  /** File {@code index}'s hash is done (its result given to the run). */
  void finished(int index);

  /**
   * The run is over ({@link Delivery#cancel()} called): wakes this pipeline's own threads to stop,
   * and every one of {@code threads} waiting in {@link #next()} to return -1.
   */
  void stop(int threads);
}
