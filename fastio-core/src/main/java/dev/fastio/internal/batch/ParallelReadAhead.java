package dev.fastio.internal.batch;

import java.nio.file.Path;

/**
 * The read-ahead thread of a {@link Pipeline#PARALLEL} batch whose files are not cached: it loads
 * the first {@link #HEAD} bytes of each regular file into the page cache, in the order the hashing
 * threads take the files, at most a budget of bytes ahead of them. A hashing thread then finds the
 * start of its next files cached instead of waiting for one read from the device after another, and
 * the kernel's own read-ahead, begun here, goes on through the rest of a large file as the hashing
 * reads it. Files already taken are loaded too: a hashing thread of the multi-buffer MD5 takes 8 or
 * 16 files at once and reads each a buffer at a time. The hashing threads read every byte
 * themselves, as in any parallel batch; this thread only starts the device's work sooner and keeps
 * more of it in flight, and a start that is cached already costs it next to nothing.
 */
final class ParallelReadAhead implements Runnable {
  /** Bytes loaded from the start of each file. */
  static final long HEAD = 4L << 20;

  /** The files in the order the hashing threads take them, as a feed knows them. */
  interface Order {
    /**
     * The position of the next file to load, {@code k} or one after it where the files from {@code
     * k} are no longer known (a stream's paths already delivered); waits until that file is known;
     * -1 once there is none, or the run is over.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    int await(int k) throws InterruptedException;

    /** The file at position {@code k}, known by {@link #await}. */
    Path path(int k);

    /**
     * The size of {@code path}, the file at position {@code k}: negative for a path not to load.
     */
    long size(int k, Path path);

    /** How many files of the order the hashing threads have taken. */
    int taken();
  }

  private final Order order;
  private final long limit;
  private final Delivery delivery;

  /** The bytes loaded per position: {@code heads[k % heads.length]} for the positions counted. */
  private final long[] heads; // guarded by this

  private int counted; // guarded by this: the first position whose head counts in ahead
  private long ahead; // guarded by this: the bytes loaded for positions [counted, the next)
  private boolean waiting; // guarded by this

  /**
   * @param order the files in the order the hashing threads take them
   * @param window more than the most positions a file {@link Order#await} gives can be ahead of the
   *     first file not taken
   * @param limit the bytes this thread may load for files not taken yet
   */
  ParallelReadAhead(Order order, int window, long limit, Delivery delivery) {
    this.order = order;
    this.limit = limit;
    this.delivery = delivery;
    this.heads = new long[Math.max(1, window)];
  }

  /** The bytes loaded of a path of {@code size}: none for an empty file or one not to load. */
  static long head(long size) {
    return size <= 0 ? 0 : Math.min(size, HEAD);
  }

  @Override
  public void run() {
    try (PageCacheLoader loader = new PageCacheLoader(delivery)) {
      for (int k = order.await(0); k >= 0; k = order.await(k + 1)) {
        Path path = order.path(k);
        long head = head(order.size(k, path));
        if (!awaitRoom(k, head)) {
          return;
        }
        if (head > 0) {
          loader.load(path, head); // taken or not: a lane reads its file slowly
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      delivery.fail(e);
    }
  }

  /**
   * Waits while the bytes loaded for files not taken yet, with the {@code head} of file {@code k},
   * would pass the limit (one file always fits), then counts it; false once the batch is over.
   */
  private synchronized boolean awaitRoom(int k, long head) throws InterruptedException {
    while (true) {
      int from = Math.min(order.taken(), k);
      for (; counted < from; counted++) { // taken meanwhile: no longer ahead
        ahead -= heads[counted % heads.length];
        heads[counted % heads.length] = 0;
      }
      if (delivery.isCancelled() || ahead == 0 || ahead + head <= limit) {
        break;
      }
      waiting = true;
      wait();
    }
    waiting = false;
    if (delivery.isCancelled()) {
      return false;
    }
    ahead += head; // positions skipped by await were never counted: theirs is 0
    heads[k % heads.length] = head;
    return true;
  }

  /** A hashing thread took a file, or the batch is over: wakes the thread if it waits for room. */
  synchronized void advanced() {
    if (waiting) {
      notifyAll();
    }
  }
}
