package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@link Pipeline#PARALLEL}: every hashing thread takes the next file, largest first, and reads and
 * hashes it itself (SSDs, the page cache). Where the files do not look cached, a {@link
 * ParallelReadAhead} thread loads their starts ahead of the hashing. Thread-safe.
 *
 * <p>The order costs a {@code stat} per file, as much as reading a small file. Up to {@link
 * #ORDER_FIRST} files are ordered before the hashing starts; a longer list is ordered by the
 * calling thread in {@link #start} while the hashing threads already take files in input order, and
 * the files not taken by then follow in the order made.
 */
final class ParallelFeed implements Feed {
  /** The least bytes of file starts worth a read-ahead thread and a cache probe. */
  private static final long READ_AHEAD_MIN = 64L << 20;

  /** Lists of up to this many files are ordered before any is hashed. */
  static final int ORDER_FIRST = 64;

  private final List<? extends Path> paths;
  private final Delivery delivery;
  private final Object lock = new Object();

  /**
   * The indexes of the files in the order the hashing threads take them: input order until {@link
   * #order()} made it, then the files taken so far and the others largest first (so no large file
   * is left for the end). Guarded by {@link #lock}.
   */
  private int[] order;

  /**
   * {@code laneBytesFrom[k]}: the bytes of the regular files of {@code order[k..]} the lanes hash
   * (smaller than {@link #besideFrom}); null until {@link #order()} made it. Guarded by {@link
   * #lock}.
   */
  private long[] laneBytesFrom;

  /** The hashing threads the run starts. */
  private final int threads;

  /** {@link #besideFrom()}: {@link LaneHashing#ALONE} until {@link #order()} sized the files. */
  private volatile long besideFrom = LaneHashing.ALONE;

  /**
   * The sizes of the regular files of more than 0 bytes, each set by {@link #order()} as soon as it
   * has the file's {@code stat}, so that a hashing thread taking the file later need not ask its
   * size again ({@link #sizeHint}); 0 where not known.
   */
  private final AtomicLongArray sizeHints;

  /** The next index into {@link #order}. Guarded by {@link #lock}. */
  private int next;

  /**
   * The thread loading the next files' first bytes, or null where none is worth it. Guarded by
   * {@link #lock}.
   */
  private ParallelReadAhead readAhead;

  /**
   * A feed of {@code paths} for {@code threads} hashing threads, ordered at once ({@code stat}
   * each) if there are few.
   */
  ParallelFeed(List<? extends Path> paths, Delivery delivery, int threads) {
    this.paths = paths;
    this.delivery = delivery;
    this.threads = threads;
    this.order = new int[paths.size()];
    this.sizeHints = new AtomicLongArray(paths.size());
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    if (paths.size() <= ORDER_FIRST) {
      order();
    }
  }

  /**
   * Orders the files not taken yet, largest first ({@code stat} each, outside the lock), and sets
   * up the read-ahead, if any.
   */
  private void order() {
    long[] sizes = new long[paths.size()];
    long[] keys = new long[paths.size()];
    for (int i = 0; i < keys.length; i++) {
      if (delivery.isCancelled()) {
        return; // the run is over: the threads take what is left in input order, or stop
      }
      keys[i] = orderKey(paths.get(i));
      sizes[i] = keys[i] == Long.MAX_VALUE ? -1 : keys[i];
      if (sizes[i] > 0) {
        sizeHints.set(i, sizes[i]);
      }
    }
    int[] ordered;
    int taken;
    synchronized (lock) {
      taken = Math.min(next, paths.size());
      ordered = largestFirst(taken, keys); // taken so far: input order [0, taken)
      long beside = besideFrom(ordered, taken, sizes, threads);
      long[] lane = new long[ordered.length + 1];
      for (int k = ordered.length - 1; k >= 0; k--) {
        lane[k] = lane[k + 1] + LaneHashing.laneBytes(sizes[ordered[k]], beside);
      }
      order = ordered;
      laneBytesFrom = lane;
      besideFrom = beside;
    }
    // The files not taken yet; the cache probe may take a while: outside the lock.
    ParallelReadAhead r = readAhead(ordered, taken, sizes);
    synchronized (lock) {
      readAhead = r;
    }
  }

  /**
   * {@link LaneHashing#besideFrom} for the files of {@code ordered} from {@code from} (not handed
   * out yet; regular files largest first), of {@code sizes} (-1: not a regular file), on {@code
   * threads} threads.
   */
  private static long besideFrom(int[] ordered, int from, long[] sizes, int threads) {
    long[] large = new long[ordered.length - from];
    int n = 0;
    long small = 0;
    for (int k = from; k < ordered.length; k++) {
      long s = sizes[ordered[k]];
      if (s >= LaneHashing.ALONE) {
        large[n++] = s; // in order
      } else if (s > 0) {
        small += s;
      }
    }
    return LaneHashing.besideFrom(Arrays.copyOf(large, n), small, threads);
  }

  /**
   * The read-ahead of the run over the files of {@code ordered} after the first {@code taken}, or
   * null: off by setting, too little to load, or the files look cached already ({@link
   * CacheProbe}).
   */
  private ParallelReadAhead readAhead(int[] ordered, int taken, long[] sizes) {
    if (!Settings.BATCH_PARALLEL_READ_AHEAD) {
      return null;
    }
    int[] rest = Arrays.copyOfRange(ordered, taken, ordered.length);
    long bytes = 0;
    for (int i : rest) {
      bytes += ParallelReadAhead.head(sizes[i]);
    }
    if (bytes < READ_AHEAD_MIN || CacheProbe.looksCached(paths)) {
      return null;
    }
    return new ParallelReadAhead(
        new ParallelReadAhead.Order() {
          @Override
          public int await(int k) {
            return k < rest.length && !delivery.isCancelled() ? k : -1;
          }

          @Override
          public Path path(int k) {
            return paths.get(rest[k]);
          }

          @Override
          public long size(int k, Path path) {
            return sizes[rest[k]];
          }

          @Override
          public int taken() {
            synchronized (lock) {
              return Math.min(next, ordered.length) - taken;
            }
          }
        },
        rest.length,
        Settings.BATCH_READ_AHEAD,
        delivery);
  }

  @Override
  public void start(List<Thread> threads, int hashers) {
    if (paths.size() > ORDER_FIRST) {
      order(); // on this thread, while the hashing threads take the first files in input order
    }
    ParallelReadAhead r;
    synchronized (lock) {
      r = readAhead;
    }
    if (r != null) {
      threads.add(BatchRun.daemon("fastio-digest-readahead", r));
    }
  }

  @Override
  public int next() {
    ParallelReadAhead r;
    int index;
    synchronized (lock) {
      int k = next;
      next = Math.min(k + 1, order.length + 1);
      index = k < order.length ? order[k] : -1;
      r = readAhead;
    }
    if (r != null) {
      r.advanced();
    }
    return index;
  }

  @Override
  public int poll() {
    return next();
  }

  @Override
  public long bytesLeft() {
    synchronized (lock) {
      return laneBytesFrom == null ? 0 : laneBytesFrom[Math.min(next, order.length)];
    }
  }

  @Override
  public long besideFrom() {
    return besideFrom;
  }

  @Override
  public Path path(int index) {
    return paths.get(index);
  }

  @Override
  public long sizeHint(int index) {
    long size = sizeHints.get(index);
    return size > 0 ? size : -1;
  }

  @Override
  public void finished(int index) {}

  @Override
  public void stop(int threads) {
    ParallelReadAhead r;
    synchronized (lock) {
      r = readAhead;
    }
    if (r != null) {
      r.advanced(); // wakes it to see the run is over
    }
  }

  /**
   * The indexes of the files in the order the hashing threads take them: the first {@code taken} in
   * input order (handed out already), then of the others first the paths that fail at once
   * (missing, unreadable, directories), so that the results after them in input order are not held
   * back, then regular files by decreasing size (so that the threads finish together instead of one
   * hashing the last large file alone), then FIFOs and devices; in input order where these are
   * equal.
   */
  private static int[] largestFirst(int taken, long[] keys) {
    int n = keys.length;
    Integer[] rest = new Integer[n - taken];
    for (int i = 0; i < rest.length; i++) {
      rest[i] = taken + i;
    }
    Arrays.sort( // stable: input order
        rest,
        new Comparator<Integer>() {
          @Override
          public int compare(Integer a, Integer b) {
            return Long.compare(keys[b], keys[a]);
          }
        });
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i < taken ? i : rest[i - taken];
    }
    return order;
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
