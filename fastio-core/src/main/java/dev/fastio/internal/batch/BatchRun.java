package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.Uninterruptibly;
import dev.fastio.internal.jfr.Jfr;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One run of a {@code DigestBatch}: hashes many files with {@link FileReads#digest} on hashing
 * threads and hands the results to the calling thread in input order.
 *
 * <p>{@link Pipeline#PARALLEL}: every hashing thread takes the next file, largest first, and reads
 * and hashes it itself (SSDs, the page cache). {@link Pipeline#SEQUENTIAL}: a {@link
 * SequentialReader} reads the files in order into the page cache, and the hashing threads hash each
 * from the cache once it is read, so the device sees one sequential reader (spinning disks) and
 * each result is, by construction, what {@code FastFiles.digest} returns.
 */
public final class BatchRun {
  /** Receives the results; called on the calling thread, in input order. */
  public interface Sink {
    /**
     * File {@code index} is finished: exactly one of {@code digest} and {@code error} is non-null.
     *
     * @param index the file's index in the input
     * @param digest its digest, or null
     * @param error what stopped it, or null
     */
    void done(int index, byte[] digest, IOException error);
  }

  /** Told of progress on the hashing threads, concurrently. */
  public interface Progress {
    /** A progress that hears nothing. */
    Progress NONE =
        new Progress() {
          @Override
          public void bytes(long bytes) {}

          @Override
          public void finished(int index, byte[] digest, IOException error) {}
        };

    /**
     * More bytes were hashed (about every MiB, and at the end of each file).
     *
     * @param bytes the bytes, positive
     */
    void bytes(long bytes);

    /**
     * File {@code index} finished (any order).
     *
     * @param index the file's index in the input
     * @param digest its digest, or null
     * @param error what stopped it, or null
     */
    void finished(int index, byte[] digest, IOException error);
  }

  /**
   * How a run hashes.
   *
   * @param algorithm a {@code MessageDigest} algorithm offered by a provider
   * @param threads hashing threads, at least 1
   * @param pipeline how files are read
   * @param progress told of bytes and files as they are hashed; {@link Progress#NONE} for none
   * @param engine what computes the digests; {@link Engine#MD5_LANES} only for MD5, where
   *     available, and only with {@link Pipeline#PARALLEL}: a sequential run takes {@link
   *     Engine#MESSAGE_DIGEST} instead (see {@link Engine#forPipeline})
   */
  public record Options(
      String algorithm, int threads, Pipeline pipeline, Progress progress, Engine engine) {
    /** Checks the options, and gives a sequential run the engine it can feed. */
    public Options {
      Objects.requireNonNull(algorithm, "algorithm");
      Objects.requireNonNull(pipeline, "pipeline");
      Objects.requireNonNull(progress, "progress");
      Objects.requireNonNull(engine, "engine");
      if (threads < 1) {
        throw new IllegalArgumentException("threads < 1: " + threads);
      }
      engine = engine.forPipeline(pipeline);
    }
  }

  private static final Integer POISON = -1;

  private final List<? extends Path> paths;
  private final Options options;
  private final AtomicReferenceArray<Object> results;
  private final Object lock = new Object();
  private Throwable failure; // guarded by lock
  private volatile boolean cancelled;

  /** PARALLEL: the next index into {@link #order}. */
  private final AtomicInteger next = new AtomicInteger();

  /** PARALLEL: the indexes of the files, largest first (so no large file is left for the end). */
  private int[] order;

  /** PARALLEL: the thread loading the next files' first bytes, or null where they look cached. */
  private ParallelReadAhead readAhead;

  /** PARALLEL: the least bytes of file starts worth a read-ahead thread and a cache probe. */
  private static final long READ_AHEAD_MIN = 64L << 20;

  /** SEQUENTIAL: the indexes of the files read, in order. */
  private final BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();

  /** SEQUENTIAL: the bytes read ahead of the hashing. */
  private final ReadAheadBudget budget;

  private BatchRun(List<? extends Path> paths, Options options) {
    this.paths = paths;
    this.options = options;
    this.results = new AtomicReferenceArray<>(paths.size());
    this.budget =
        new ReadAheadBudget(
            Settings.BATCH_READ_AHEAD,
            options.pipeline() == Pipeline.SEQUENTIAL ? paths.size() : 0);
  }

  /**
   * Hashes {@code paths} and passes each result to {@code sink} on the calling thread, in input
   * order. Returns when all are delivered; if the sink throws or the thread is interrupted, the
   * hashing threads are stopped (each finishes its current file) before this returns.
   *
   * @param paths the files, without nulls, not changed while the run lasts
   * @param options how to hash
   * @param sink receives the results
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public static void run(List<? extends Path> paths, Options options, Sink sink)
      throws InterruptedException {
    new BatchRun(paths, options).deliver(sink);
  }

  private void deliver(Sink sink) throws InterruptedException {
    int n = paths.size();
    if (n == 0) {
      return;
    }
    Object event = Jfr.beginDigestBatch();
    deliver(sink, n);
    if (event != null) {
      Jfr.commitDigestBatch(
          event,
          options.algorithm(),
          options.engine().describe(options.algorithm()),
          n,
          options.threads(),
          options.pipeline().name());
    }
  }

  private void deliver(Sink sink, int n) throws InterruptedException {
    List<Thread> threads = start(Math.min(options.threads(), n));
    try {
      for (int i = 0; i < n; i++) {
        Object r = await(i);
        results.set(i, null); // delivered: let it go
        if (r instanceof IOException e) {
          sink.done(i, null, e);
        } else {
          sink.done(i, (byte[]) r, null);
        }
      }
    } finally {
      stop(threads);
    }
  }

  private List<Thread> start(int hashers) {
    List<Thread> threads = new ArrayList<>();
    if (options.pipeline() == Pipeline.PARALLEL) {
      long[] sizes = new long[paths.size()];
      order = largestFirst(paths, sizes);
      readAhead = readAhead(sizes);
    }
    for (int i = 0; i < hashers; i++) {
      threads.add(start("fastio-digest-" + i, this::hashLoop));
    }
    if (readAhead != null) {
      threads.add(start("fastio-digest-readahead", readAhead));
    }
    if (options.pipeline() == Pipeline.SEQUENTIAL) {
      threads.add(
          start(
              "fastio-digest-reader",
              new SequentialReader(
                  paths, budget, Settings.BATCH_READ_AHEAD, queue::add, hashers, this)));
    }
    return threads;
  }

  /**
   * The read-ahead of a parallel run, or null: off by setting, too little to load, or the files
   * look cached already ({@link CacheProbe}).
   */
  private ParallelReadAhead readAhead(long[] sizes) {
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
            this);
    return r.bytes() < READ_AHEAD_MIN || CacheProbe.looksCached(paths) ? null : r;
  }

  private static Thread start(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Stops the threads after their current file and waits for them; an interrupt is kept. */
  private void stop(List<Thread> threads) {
    cancelled = true;
    budget.cancel();
    if (readAhead != null) {
      readAhead.advanced(); // wakes it to see the run is over
    }
    queue.clear();
    for (int i = 0; i < threads.size(); i++) {
      queue.add(POISON);
    }
    for (Thread t : threads) {
      Uninterruptibly.await(t::join); // the threads stop after their current file: wait for them
    }
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

  /** True once the run is over (delivered, failed or interrupted): threads stop. */
  boolean isCancelled() {
    return cancelled;
  }

  /** Ends the run with {@code e}, thrown on the calling thread. */
  void fail(Throwable e) {
    synchronized (lock) {
      if (failure == null) {
        failure = e;
      }
      lock.notifyAll();
    }
  }

  private void hashLoop() {
    try {
      if (options.engine() == Engine.MD5_LANES) {
        new LaneHashing(this).hash();
        return;
      }
      MessageDigest md = newDigest();
      for (int i; !cancelled && (i = nextIndex()) >= 0; ) {
        hash(i, md);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // only the run interrupts nothing: end quietly
    } catch (RuntimeException | Error e) {
      fail(e);
    }
  }

  /**
   * The next file to hash, or -1 when there is none or the run is over; an interrupt of the hashing
   * thread also ends its part (the interrupt status is kept).
   */
  int nextIndexOrNone() {
    if (cancelled) {
      return -1;
    }
    try {
      return nextIndex();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** File {@code i}. */
  Path path(int i) {
    return paths.get(i);
  }

  /** Tells the progress of {@code bytes} more bytes hashed. */
  void reportBytes(long bytes) {
    options.progress().bytes(bytes);
  }

  /** The next file to hash, or -1 when there is none. */
  private int nextIndex() throws InterruptedException {
    if (options.pipeline() == Pipeline.SEQUENTIAL) {
      return queue.take();
    }
    int k = next.getAndIncrement();
    if (readAhead != null) {
      readAhead.advanced();
    }
    return k < order.length ? order[k] : -1;
  }

  private MessageDigest newDigest() {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance(options.algorithm());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unknown digest algorithm: " + options.algorithm(), e);
    }
    Progress p = options.progress();
    return p == Progress.NONE ? md : new CountingDigest(md, p::bytes);
  }

  private void hash(int i, MessageDigest md) {
    byte[] digest = null;
    IOException error = null;
    try {
      digest = FileReads.digest(paths.get(i), md, ReadStrategy.AUTO);
    } catch (IOException e) {
      error = e;
    }
    complete(i, digest, error);
  }

  /** File {@code i} is finished: exactly one of {@code digest} and {@code error} is non-null. */
  void complete(int i, byte[] digest, IOException error) {
    options.progress().finished(i, digest, error);
    if (options.pipeline() == Pipeline.SEQUENTIAL) {
      budget.release(i);
    }
    synchronized (lock) {
      results.set(i, digest != null ? digest : error);
      lock.notifyAll();
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
