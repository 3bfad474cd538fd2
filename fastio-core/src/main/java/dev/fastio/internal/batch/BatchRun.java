package dev.fastio.internal.batch;

import dev.fastio.internal.io.Uninterruptibly;
import dev.fastio.internal.jfr.Jfr;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One run of a {@code DigestBatch}: hashes many files on hashing threads ({@link Hashers}) and
 * hands the results to the calling thread in input order ({@link Delivery}, where ordering,
 * delivery and failure live). The files reach the hashing threads through the pipeline's {@link
 * Feed}: {@link ParallelFeed} (every hashing thread reads its own file, largest first) or {@link
 * SequentialFeed} (one reader thread ahead of the hashing). Every thread of a run is a daemon,
 * started by {@link #run} and stopped before it returns.
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

  private BatchRun() {}

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
    int n = paths.size();
    if (n == 0) {
      return;
    }
    Object event = Jfr.beginDigestBatch();
    deliver(paths, options, sink);
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

  private static void deliver(List<? extends Path> paths, Options options, Sink sink)
      throws InterruptedException {
    Delivery delivery = new Delivery(paths.size());
    Feed feed =
        options.pipeline() == Pipeline.SEQUENTIAL
            ? new SequentialFeed(paths, delivery)
            : new ParallelFeed(paths, delivery);
    int hashers = Math.min(options.threads(), paths.size());
    List<Thread> threads = new ArrayList<>();
    try {
      new Hashers(paths, options, feed, delivery).start(threads, hashers);
      feed.start(threads, hashers);
      delivery.deliver(sink);
    } finally {
      stop(delivery, feed, threads);
    }
  }

  /** Stops the threads after their current file and waits for them; an interrupt is kept. */
  private static void stop(Delivery delivery, Feed feed, List<Thread> threads) {
    delivery.cancel();
    feed.stop(threads.size());
    for (Thread t : threads) {
      Uninterruptibly.await(t::join); // the threads stop after their current file: wait for them
    }
  }

  /** Starts a daemon thread of a run. */
  static Thread daemon(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
