package dev.fastio.internal.batch;

/**
 * How many bytes the sequential reader has read ahead of the hashing: it reserves each file's size
 * before reading it and waits while the files read but not yet hashed hold more than the budget; a
 * file's share is given back when its hash is done. One file always fits, however large.
 * Thread-safe.
 */
final class ReadAheadBudget {
  private final long limit;
  private final long[] reserved; // per file, its share of held
  private long held;
  private boolean cancelled;

  ReadAheadBudget(long limit, int files) {
    this.limit = limit;
    this.reserved = new long[files];
  }

  /** Waits until {@code size} more bytes fit (or the batch is cancelled), then holds them. */
  synchronized void reserve(int index, long size) throws InterruptedException {
    while (!cancelled && held > 0 && held + size > limit) {
      wait();
    }
    held += size;
    reserved[index] = size;
  }

  /** Gives back file {@code index}'s share, if it held one. */
  synchronized void release(int index) {
    held -= reserved[index];
    reserved[index] = 0;
    notifyAll();
  }

  /** Wakes a waiting reader for good: the batch is over. */
  synchronized void cancel() {
    cancelled = true;
    notifyAll();
  }
}
