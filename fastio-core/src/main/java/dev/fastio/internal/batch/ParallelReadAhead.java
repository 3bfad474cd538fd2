package dev.fastio.internal.batch;

import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;

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

  private final List<? extends Path> paths;
  private final int[] order;
  private final long[] prefix; // prefix[k]: the bytes loaded for order[0] to order[k - 1]
  private final long limit;
  private final IntSupplier taken;
  private final Delivery delivery;
  private boolean waiting; // guarded by this

  /**
   * @param order the indexes of {@code paths} in the order the hashing threads take them
   * @param sizes per path, a regular file's size, or a negative number for a path not to load
   * @param limit the bytes this thread may load for files not taken yet
   * @param taken how many files of {@code order} the hashing threads have taken
   */
  ParallelReadAhead(
      List<? extends Path> paths,
      int[] order,
      long[] sizes,
      long limit,
      IntSupplier taken,
      Delivery delivery) {
    this.paths = paths;
    this.order = order;
    this.limit = limit;
    this.taken = taken;
    this.delivery = delivery;
    this.prefix = new long[order.length + 1];
    for (int k = 0; k < order.length; k++) {
      prefix[k + 1] = prefix[k] + head(sizes[order[k]]);
    }
  }

  /** The bytes loaded of a path of {@code size}: none for an empty file or one not to load. */
  private static long head(long size) {
    return size <= 0 ? 0 : Math.min(size, HEAD);
  }

  /** The bytes this thread would load in all. */
  long bytes() {
    return prefix[order.length];
  }

  @Override
  public void run() {
    try (PageCacheLoader loader = new PageCacheLoader(delivery)) {
      for (int k = 0; k < order.length && awaitRoom(k); k++) {
        long head = prefix[k + 1] - prefix[k];
        if (head > 0) {
          loader.load(paths.get(order[k]), head); // taken or not: a lane reads its file slowly
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      delivery.fail(e);
    }
  }

  /**
   * Waits while the bytes loaded for files not taken yet, with file {@code k}'s, would pass the
   * limit (one file always fits); false once the batch is over.
   */
  private synchronized boolean awaitRoom(int k) throws InterruptedException {
    while (!delivery.isCancelled()
        && prefix[k + 1] - prefix[Math.min(taken.getAsInt(), k)] > limit) {
      waiting = true;
      wait();
    }
    waiting = false;
    return !delivery.isCancelled();
  }

  /** A hashing thread took a file, or the batch is over: wakes the thread if it waits for room. */
  synchronized void advanced() {
    if (waiting) {
      notifyAll();
    }
  }
}
