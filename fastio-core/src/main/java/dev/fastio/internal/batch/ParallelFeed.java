package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link Pipeline#PARALLEL}: every hashing thread takes the next file, largest first, and reads and
 * hashes it itself (SSDs, the page cache). Where the files do not look cached, a {@link
 * ParallelReadAhead} thread loads their starts ahead of the hashing. Thread-safe.
 */
final class ParallelFeed implements Feed {
  /** The least bytes of file starts worth a read-ahead thread and a cache probe. */
  private static final long READ_AHEAD_MIN = 64L << 20;

  private final List<? extends Path> paths;

  /** The indexes of the files, largest first (so no large file is left for the end). */
  private final int[] order;

  /**
   * {@code smallBytesFrom[k]}: the bytes of the regular files of {@code order[k..]} smaller than
   * {@link LaneHashing#ALONE}.
   */
  private final long[] smallBytesFrom;

  /** The next index into {@link #order}. */
  private final AtomicInteger next = new AtomicInteger();

  /** The thread loading the next files' first bytes, or null where none is worth it. */
  private final ParallelReadAhead readAhead;

  /** Orders {@code paths} (one {@code stat} each) and sets up the read-ahead, if any. */
  ParallelFeed(List<? extends Path> paths, Delivery delivery) {
    this.paths = paths;
    long[] sizes = new long[paths.size()];
    this.order = largestFirst(paths, sizes);
    this.smallBytesFrom = new long[order.length + 1];
    for (int k = order.length - 1; k >= 0; k--) {
      long size = sizes[order[k]];
      smallBytesFrom[k] = smallBytesFrom[k + 1] + LaneHashing.laneBytes(size);
    }
    this.readAhead = readAhead(paths, sizes, delivery);
  }

  /**
   * The read-ahead of the run, or null: off by setting, too little to load, or the files look
   * cached already ({@link CacheProbe}).
   */
  private ParallelReadAhead readAhead(List<? extends Path> paths, long[] sizes, Delivery delivery) {
    if (!Settings.BATCH_PARALLEL_READ_AHEAD) {
      return null;
    }
    ParallelReadAhead r =
        new ParallelReadAhead(
            paths,
            order,
            sizes,
            Settings.BATCH_READ_AHEAD,
            () -> Math.min(next.get(), order.length),
            delivery);
    return r.bytes() < READ_AHEAD_MIN || CacheProbe.looksCached(paths) ? null : r;
  }

  @Override
  public void start(List<Thread> threads, int hashers) {
    if (readAhead != null) {
      threads.add(BatchRun.daemon("fastio-digest-readahead", readAhead));
    }
  }

  @Override
  public int next() {
    int k = next.getAndIncrement();
    if (readAhead != null) {
      readAhead.advanced();
    }
    return k < order.length ? order[k] : -1;
  }

  @Override
  public int poll() {
    return next();
  }

  @Override
  public long bytesLeft() {
    return smallBytesFrom[Math.min(next.get(), order.length)];
  }

  @Override
  public Path path(int index) {
    return paths.get(index);
  }

  @Override
  public void finished(int index) {}

  @Override
  public void stop(int threads) {
    if (readAhead != null) {
      readAhead.advanced(); // wakes it to see the run is over
    }
  }

  /**
   * The indexes of {@code paths} in the order the hashing threads take them: first the paths that
   * fail at once (missing, unreadable, directories), so that the results after them in input order
   * are not held back, then regular files by decreasing size (so that the threads finish together
   * instead of one hashing the last large file alone), then FIFOs and devices; in input order where
   * these are equal. Fills {@code sizes} with each regular file's size, -1 for the other paths.
   */
  private static int[] largestFirst(List<? extends Path> paths, long[] sizes) {
    int n = paths.size();
    Integer[] order = new Integer[n];
    long[] keys = new long[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
      keys[i] = orderKey(paths.get(i));
      sizes[i] = keys[i] == Long.MAX_VALUE ? -1 : keys[i];
    }
    Arrays.sort(order, (a, b) -> Long.compare(keys[b], keys[a])); // stable: input order
    return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }

  /**
   * Long.MAX_VALUE where the path fails at once (its attributes cannot be read, or a directory), a
   * regular file's size, or -1 (FIFOs, devices).
   */
  private static long orderKey(Path path) {
    try {
      BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
      if (a.isDirectory()) {
        return Long.MAX_VALUE;
      }
      return a.isRegularFile() ? a.size() : -1;
    } catch (IOException | RuntimeException e) {
      return Long.MAX_VALUE;
    }
  }
}
