package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.FileKinds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@link Pipeline#PARALLEL} over a stream of paths whose end is not known: a feed thread ({@code
 * fastio-digest-feed}) takes the paths from the source one at a time, while the hashing threads
 * hash the ones before, and every hashing thread takes the next path in order, so the first results
 * are delivered while the source still produces (a walk and its hashing overlap). The feed runs at
 * most the {@link Delivery}'s capacity ahead of the delivery; the paths wait in a ring of as many
 * slots, path {@code i} in slot {@code i % capacity} until its result is delivered.
 *
 * <p>Where the paths do not look cached, a {@link ParallelReadAhead} thread loads their starts in
 * order ahead of the hashing, as for a list ({@link ParallelFeed}): the feed thread asks {@link
 * CacheProbe#residency} of every fourth of the first {@link #PROBE_AFTER} paths before it gives
 * each (before any hashing thread can read it), and starts the thread at the first that is not
 * cached. Asked only of the first: a stream whose first files are cached is hashed without.
 *
 * <p>The source's exception (whatever its {@code hasNext} or {@code next} throw, or a null path)
 * ends the feed: the files before it are hashed and delivered, then it is thrown on the calling
 * thread (a checked one wrapped in an {@code IllegalStateException}). Thread-safe.
 */
final class StreamFeed implements Feed {
  /** The paths given before the feed asks whether they look cached. */
  static final int PROBE_AFTER = 64;

  private final List<? extends Path> head;
  private final Iterator<? extends Path> source;
  private final Delivery delivery;
  private final AtomicReferenceArray<Path> ring;
  private final Object lock = new Object();
  private int produced; // guarded by lock: the paths in the ring so far
  private int taken; // guarded by lock: the paths handed to hashing threads
  private boolean ended; // guarded by lock: the source has no more
  private boolean stopped; // guarded by lock: the run is over

  // The sizes of the paths taken ahead, asked (a stat each, once) only by bytesLeft().
  private long[] sizes; // guarded by lock: of paths [taken, sized), in their slots
  private int sized; // guarded by lock
  private long sizedBytes; // guarded by lock: the sum of sizes[taken, sized)

  // The read-ahead, where the settings allow one (else null): its thread is started by the feed
  // thread where the first paths are not cached, never once the run is stopped (so that the run's
  // join sees it), and joined by the run either way.
  private final ParallelReadAhead readAhead;
  private final Thread readAheadThread;
  private volatile ParallelReadAhead readingAhead; // readAhead once its thread is started
  private boolean sawCold; // feed thread only: a path probed was not cached (the thread started)

  /**
   * A feed of the paths of {@code head}, then those of {@code source}, at most {@code capacity}
   * ahead of {@code delivery} (which must have been made with the same capacity).
   */
  StreamFeed(
      List<? extends Path> head, Iterator<? extends Path> source, Delivery delivery, int capacity) {
    this.head = head;
    this.source = source;
    this.delivery = delivery;
    this.ring = new AtomicReferenceArray<>(capacity);
    if (Settings.BATCH_PARALLEL_READ_AHEAD) {
      readAhead = new ParallelReadAhead(new Ahead(), capacity, Settings.BATCH_READ_AHEAD, delivery);
      readAheadThread = new Thread(readAhead, "fastio-digest-readahead");
      readAheadThread.setDaemon(true);
    } else {
      readAhead = null;
      readAheadThread = null;
    }
  }

  @Override
  public void start(List<Thread> threads, int hashers) {
    if (readAheadThread != null) {
      threads.add(readAheadThread); // one never started is joined at once
    }
    threads.add(
        BatchRun.daemon(
            "fastio-digest-feed",
            new Runnable() {
              @Override
              public void run() {
                produce();
              }
            }));
  }

  /** The feed thread: takes the source's paths until it ends, fails or the run is over. */
  private void produce() {
    int i = 0;
    try {
      for (; i < head.size(); i++) {
        if (!add(i, head.get(i))) {
          return;
        }
      }
      while (source.hasNext()) {
        Path p = Objects.requireNonNull(source.next(), "a path of the stream is null");
        if (!add(i, p)) {
          return;
        }
        i++;
      }
      end(i, null);
    } catch (Throwable e) { // also a checked exception the stream threw undeclared
      // The run interrupts nothing: an interrupt of a run that is over ends it quietly; any other
      // (from the stream, or from outside) is the stream's failure.
      end(i, e instanceof InterruptedException && delivery.isCancelled() ? null : e);
    }
  }

  /** Puts path {@code i} in the ring once it has room; false if the run is over first. */
  private boolean add(int i, Path p) throws InterruptedException {
    if (!delivery.awaitRoom(i)) {
      return false;
    }
    boolean cold =
        readAheadThread != null
            && !sawCold
            && i < PROBE_AFTER
            && i % (PROBE_AFTER / CacheProbe.SAMPLES) == 0
            && CacheProbe.residency(p) == CacheProbe.Residency.NOT_CACHED; // before it is given
    ring.set(i % ring.length(), p);
    synchronized (lock) {
      produced = i + 1;
      lock.notifyAll();
      if (cold && !stopped) {
        sawCold = true;
        startReadAhead();
      }
    }
    return true;
  }

  /** Starts the read-ahead thread; under the lock, so that a run stopping meanwhile joins it. */
  private void startReadAhead() {
    try {
      readAheadThread.start();
      readingAhead = readAhead;
    } catch (OutOfMemoryError e) {
      // no thread to be had (a limit of native threads): the files are hashed without it
    }
  }

  private void end(int count, Throwable e) {
    synchronized (lock) {
      ended = true;
      lock.notifyAll();
    }
    delivery.end(count, e);
  }

  @Override
  public int next() throws InterruptedException {
    int index;
    synchronized (lock) {
      while (taken == produced && !ended && !stopped) {
        lock.wait();
      }
      index = take();
    }
    if (index >= 0) {
      advanced();
    }
    return index;
  }

  @Override
  public int poll() {
    int index;
    synchronized (lock) {
      index = taken == produced && !ended && !stopped ? NONE_READY : take();
    }
    if (index >= 0) {
      advanced();
    }
    return index;
  }

  /** Wakes the read-ahead, if it runs, to see the files taken or the run over; outside the lock. */
  private void advanced() {
    ParallelReadAhead r = readingAhead;
    if (r != null) {
      r.advanced();
    }
  }

  /** The next path's index, or -1 where none is left or the run is over; under the lock. */
  private int take() {
    if (stopped || taken == produced) {
      return -1;
    }
    if (taken < sized) {
      sizedBytes -= sizes[taken % sizes.length];
    }
    return taken++;
  }

  /**
   * The sizes of the paths taken ahead (each path's {@code stat} asked once, outside the lock), or
   * {@link Long#MAX_VALUE} once the source has given a ring of paths and goes on: a stream as long
   * as what it may hold ahead is taken to be long.
   */
  @Override
  public long bytesLeft() {
    int from;
    int to;
    synchronized (lock) {
      if (!ended && produced >= ring.length()) {
        return Long.MAX_VALUE;
      }
      if (sizes == null) {
        sizes = new long[ring.length()];
      }
      from = Math.max(sized, taken);
      to = produced;
    }
    long[] found = new long[to - from];
    for (int i = from; i < to; i++) {
      found[i - from] = sizeBelowAlone(ring.get(i % ring.length()));
    }
    synchronized (lock) {
      for (int i = Math.max(from, taken); i < to; i++) { // the paths taken meanwhile are gone
        sizes[i % sizes.length] = found[i - from];
        sizedBytes += found[i - from];
      }
      sized = Math.max(sized, to);
      return sizedBytes;
    }
  }

  /** A regular file's size if below {@link LaneHashing#ALONE}, else 0. */
  private static long sizeBelowAlone(Path p) {
    try {
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
      return a.isRegularFile() ? LaneHashing.laneBytes(a.size()) : 0;
    } catch (IOException | RuntimeException e) {
      return 0; // its hashing will say what is wrong
    }
  }

  @Override
  public Path path(int index) {
    return ring.get(index % ring.length());
  }

  @Override
  public void finished(int index) {}

  @Override
  public void stop(int threads) {
    synchronized (lock) {
      stopped = true;
      lock.notifyAll();
    }
    advanced();
  }

  /** The paths in the order given, for the read-ahead: positions are the paths' indexes. */
  private final class Ahead implements ParallelReadAhead.Order {
    /** Path {@code k}, or the first not taken yet where {@code k} was taken (or replaced). */
    @Override
    public int await(int k) throws InterruptedException {
      synchronized (lock) {
        while (k >= produced && !ended && !stopped) {
          lock.wait();
        }
        return stopped || k >= produced ? -1 : Math.max(k, Math.min(taken, produced - 1));
      }
    }

    /** A path of the ring: the one at {@code k}, or, if replaced meanwhile, a later one. */
    @Override
    public Path path(int k) {
      return ring.get(k % ring.length());
    }

    /** Its {@code stat} (the feed asks no size), or -1 for a file of another file system. */
    @Override
    public long size(int k, Path path) {
      return FileKinds.isDefaultFileSystem(path) ? FileKinds.regularFileSize(path) : -1;
    }

    @Override
    public int taken() {
      synchronized (lock) {
        return taken;
      }
    }
  }
}
