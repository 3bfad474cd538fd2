package dev.fastio.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongConsumer;

/**
 * The implementation of {@code DigestBatch}: hashes many files with {@link FileDigest} on worker threads
 * and hands the results to the calling thread in input order.
 *
 * <p>Two pipelines. {@link #PARALLEL}: every worker takes the next file, largest first, and reads and
 * hashes it itself (SSDs, the page cache). {@link #SEQUENTIAL}: one reader thread reads the files one
 * after another, in order, into the page cache (through {@code /dev/null}, or into a buffer it
 * discards), at most {@link #READ_AHEAD} bytes ahead of the
 * hashing; the workers then hash each file with {@link FileDigest} from the cache, so the device sees
 * one sequential reader (spinning disks) and the result is, by construction, what {@code
 * FastFiles.digest} returns. Only regular files are read ahead: FIFOs and devices go straight to the
 * workers, so nothing is consumed twice.
 */
public final class BatchDigest {
  /** Parallel readers (each worker reads its own file). */
  public static final int PARALLEL = 0;

  /** One sequential reader feeding the page cache ahead of the hashing workers. */
  public static final int SEQUENTIAL = 1;

  /** How far (bytes) the sequential reader may run ahead of the hashing ({@code fastio.batch.readAhead}). */
  public static final long READ_AHEAD = Long.getLong("fastio.batch.readAhead", 256L << 20);

  private static final int READ_CHUNK = 1 << 20;

  /** Files {@link #looksCached} asks at most. */
  static final int CACHE_SAMPLES = 16;

  /** Bytes of each file {@link #looksCached} asks about. */
  static final long CACHE_PROBE = 64L << 20;

  /** Bytes per transfer to {@code /dev/null}: small enough that a cancelled batch stops soon. */
  private static final long PRELOAD_STEP = 8L << 20;
  private static final Object POISON = new Object();

  /** Receives the results; {@link #done} is called on the calling thread, in input order. */
  public interface Sink {
    /** File {@code index} is finished: exactly one of {@code digest} and {@code error} is non-null. */
    void done(int index, byte[] digest, IOException error);
  }

  /** Called on worker threads, concurrently: bytes hashed, and each file as it finishes. */
  public interface Progress {
    /** {@code bytes} more bytes were hashed (about every MiB, and at the end of each file). */
    void bytes(long bytes);

    /** File {@code index} finished (any order). */
    void finished(int index, byte[] digest, IOException error);
  }

  private final List<? extends Path> paths;
  private final String algorithm;
  private final int threads;
  private final int pipeline;
  private final Progress progress;
  private final AtomicReferenceArray<Object> results;
  private final AtomicInteger next = new AtomicInteger();
  /** PARALLEL: the indexes of the files, largest first (so no large file is left for the end). */
  private int[] order;
  private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
  private final Object lock = new Object();
  private long readAhead; // bytes read ahead whose hashing is not finished; guarded by lock
  private final long[] reserved; // per file, its share of readAhead; guarded by lock
  private Throwable failure; // guarded by lock
  private volatile boolean cancelled;

  private BatchDigest(
      List<? extends Path> paths, String algorithm, int threads, int pipeline, Progress progress) {
    this.paths = paths;
    this.algorithm = algorithm;
    this.threads = threads;
    this.pipeline = pipeline;
    this.progress = progress;
    this.results = new AtomicReferenceArray<>(paths.size());
    this.reserved = new long[pipeline == SEQUENTIAL ? paths.size() : 0];
  }

  /**
   * Hashes {@code paths} on {@code threads} workers and passes each result to {@code sink} on the calling
   * thread, in input order. Returns when all are delivered; if the sink throws or the thread is
   * interrupted, the workers are stopped (each finishes its current file) before this returns.
   *
   * @param progress may be null
   */
  public static void run(
      List<? extends Path> paths,
      String algorithm,
      int threads,
      int pipeline,
      Progress progress,
      Sink sink)
      throws InterruptedException {
    new BatchDigest(paths, algorithm, threads, pipeline, progress).run(sink);
  }

  private void run(Sink sink) throws InterruptedException {
    int n = paths.size();
    if (n == 0) {
      return;
    }
    List<Thread> workers = new ArrayList<>();
    int count = Math.min(threads, n);
    if (pipeline == PARALLEL) {
      order = largestFirst(paths);
    }
    for (int i = 0; i < count; i++) {
      workers.add(start("fastio-digest-" + i, this::hashLoop));
    }
    if (pipeline == SEQUENTIAL) {
      workers.add(start("fastio-digest-reader", this::readLoop));
    }
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
      cancelled = true;
      queue.clear();
      for (int i = 0; i < count; i++) {
        queue.add(POISON);
      }
      synchronized (lock) {
        lock.notifyAll();
      }
      boolean interrupted = false;
      for (Thread t : workers) {
        while (true) {
          try {
            t.join();
            break;
          } catch (InterruptedException e) {
            interrupted = true; // the workers stop after their current file: wait for them
          }
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
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

  private static Thread start(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private MessageDigest newDigest() {
    try {
      MessageDigest md = MessageDigest.getInstance(algorithm);
      if (progress == null) {
        return md;
      }
      Progress p = progress;
      LongConsumer bytes = p::bytes;
      return new CountingDigest(md, bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unknown digest algorithm: " + algorithm, e);
    }
  }

  private void hashLoop() {
    try {
      MessageDigest md = newDigest();
      while (!cancelled) {
        int i;
        if (pipeline == SEQUENTIAL) {
          Object item = queue.take();
          if (item == POISON) {
            return;
          }
          i = (Integer) item;
        } else {
          int k = next.getAndIncrement();
          if (k >= order.length) {
            return;
          }
          i = order[k];
        }
        hash(i, md);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // only the pipeline interrupts nothing: end quietly
    } catch (RuntimeException | Error e) {
      fail(e);
    }
  }

  private void hash(int i, MessageDigest md) {
    Path path = paths.get(i);
    Object result;
    byte[] digest = null;
    IOException error = null;
    try {
      digest = FileDigest.digest(path, md, ReadAll.Strategy.AUTO);
      result = digest;
    } catch (IOException e) {
      error = e;
      result = e;
    }
    if (progress != null) {
      progress.finished(i, digest, error);
    }
    synchronized (lock) {
      results.set(i, result);
      if (pipeline == SEQUENTIAL) {
        readAhead -= reserved[i];
        reserved[i] = 0;
      }
      lock.notifyAll();
    }
  }

  private void fail(Throwable e) {
    synchronized (lock) {
      if (failure == null) {
        failure = e;
      }
      lock.notifyAll();
    }
  }

  /**
   * The sequential reader: reads each regular file into the page cache, then hands it to a worker.
   *
   * <p>Where {@code /dev/null} can be opened, the file is "read" by transferring it there: the kernel
   * fills the page cache (reading ahead sequentially) and copies nothing, so the reader costs the
   * hashing threads no CPU when the files are already cached. Elsewhere it reads into a buffer it
   * discards.
   */
  private void readLoop() {
    ByteBuffer buffer = IoBuffers.allocateAligned(READ_CHUNK);
    FileChannel sink = openDevNull();
    try {
      for (int i = 0; i < paths.size() && !cancelled; i++) {
        Path path = paths.get(i);
        long size = regularFileSize(path);
        if (size <= 0) {
          queue.add(i); // empty, missing, FIFO, device: the worker reports or reads it
          continue;
        }
        reserve(i, size);
        boolean large = size > READ_AHEAD / 2;
        if (large) {
          queue.add(i); // the worker follows the reader through the file
        }
        preload(path, size, buffer, sink);
        if (!large) {
          queue.add(i);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      fail(e);
    } finally {
      closeQuietly(sink);
    }
  }

  private static FileChannel openDevNull() {
    try {
      return FileChannel.open(java.nio.file.Paths.get("/dev/null"), StandardOpenOption.WRITE);
    } catch (IOException | RuntimeException e) {
      return null; // not a Unix system: read into a buffer
    }
  }

  private static void closeQuietly(FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException e) {
        // /dev/null: nothing was written that could be lost
      }
    }
  }

  /**
   * The indexes of {@code paths} by decreasing size (files that cannot be sized last, in input order):
   * with the files handed out in this order, the workers finish together instead of one hashing the
   * last large file alone.
   */
  private static int[] largestFirst(List<? extends Path> paths) {
    int n = paths.size();
    Integer[] order = new Integer[n];
    long[] sizes = new long[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
      sizes[i] = regularFileSize(paths.get(i));
    }
    java.util.Arrays.sort(order, (a, b) -> Long.compare(sizes[b], sizes[a])); // stable: input order
    return java.util.Arrays.stream(order).mapToInt(Integer::intValue).toArray();
  }

  /**
   * True if the files look cached already, so that a sequential reader would only get in the way: up
   * to {@link #CACHE_SAMPLES} of them, spread over the list, are asked whether the first {@link
   * #CACHE_PROBE} bytes are resident ({@code mincore} on a mapping released at once); the first that is
   * not answers false. Files that cannot be mapped (empty, FIFOs, devices, errors) are skipped; false if
   * none can be asked.
   */
  public static boolean looksCached(List<? extends Path> paths) {
    int n = paths.size();
    int samples = Math.min(n, CACHE_SAMPLES);
    boolean asked = false;
    for (int k = 0; k < samples; k++) {
      Path path = paths.get((int) ((long) k * n / samples));
      long size = regularFileSize(path);
      if (size <= 0) {
        continue;
      }
      try (Mapping m = Mapping.open(path, 0, Math.min(size, CACHE_PROBE), MappedRegion.MAX_WINDOW)) {
        if (!m.isLoaded()) {
          return false;
        }
        asked = true;
      } catch (IOException | RuntimeException e) {
        // gone, or not mappable: ask the next one
      }
    }
    return asked;
  }

  private static long regularFileSize(Path path) {
    try {
      BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
      return a.isRegularFile() ? a.size() : -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Waits until {@code size} more bytes fit in the read-ahead budget (one file always fits). */
  private void reserve(int index, long size) throws InterruptedException {
    synchronized (lock) {
      while (!cancelled && readAhead > 0 && readAhead + size > READ_AHEAD) {
        lock.wait();
      }
      readAhead += size;
      reserved[index] = size;
    }
  }

  /**
   * Reads {@code path}'s first {@code size} bytes into the page cache and discards them, through {@code
   * sink} ({@code /dev/null}) when there is one, else through {@code buffer}; errors are the worker's to
   * report.
   */
  private void preload(Path path, long size, ByteBuffer buffer, FileChannel sink) {
    try (FileChannel ch = FileChannel.open(path, ReadAll.READ)) {
      long done = 0;
      while (done < size && !cancelled) {
        long n;
        if (sink != null) {
          n = ch.transferTo(done, Math.min(size - done, PRELOAD_STEP), sink);
          if (n <= 0) {
            return; // end of file (it shrank), or the kernel declined: the worker reads the rest
          }
        } else {
          buffer.clear();
          n = ch.read(buffer);
          if (n < 0) {
            return;
          }
        }
        done += n;
      }
    } catch (IOException | RuntimeException e) {
      // vanished, unreadable, interrupted: the worker hashes it and reports the error
    }
  }
}
