package dev.fastio.internal.batch;

import dev.fastio.internal.io.Uninterruptibly;
import dev.fastio.internal.jfr.Jfr;
import dev.fastio.internal.read.FileReads;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * One run of a {@code DigestBatch}: hashes many files on hashing threads ({@link Hashers}) and
 * hands the results to the calling thread in input order ({@link Delivery}, where ordering,
 * delivery and failure live); a run of one thread in the MD5 lanes is hashed by the calling thread
 * itself. The files reach the hashing threads through the pipeline's {@link Feed}: {@link
 * ParallelFeed} (every hashing thread reads its own file, largest first) or {@link SequentialFeed}
 * (one reader thread ahead of the hashing). Every thread of a run is a daemon, started by {@link
 * #run} and stopped before it returns.
 */
public final class BatchRun {
  /** Receives the results; called on the calling thread, in input order. */
  public interface Sink {
    /**
     * File {@code index} is finished: exactly one of {@code digest} and {@code error} is non-null.
     *
     * @param index the file's index in the input
     * @param path the file
     * @param digest its digest, or null
     * @param error what stopped it, or null
     */
    void done(int index, Path path, byte[] digest, IOException error);
  }

  /**
   * Observes a run: told of the bytes hashed and of each file finished, on the hashing threads,
   * concurrently (the facade turns it into a {@code DigestBatch.Listener}).
   */
  public interface Observer {
    /** An observer that hears nothing. */
    Observer NONE =
        new Observer() {
          @Override
          public void bytes(long bytes) {}

          @Override
          public void finished(int index, Path path, byte[] digest, IOException error) {}
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
     * @param path the file
     * @param digest its digest, or null
     * @param error what stopped it, or null
     */
    void finished(int index, Path path, byte[] digest, IOException error);
  }

  /**
   * How a run hashes.
   *
   * @param algorithm a {@code MessageDigest} algorithm offered by a provider
   * @param threads hashing threads, at least 1
   * @param pipeline how files are read
   * @param observer told of bytes and files as they are hashed; {@link Observer#NONE} for none
   * @param engine what computes the digests; {@link Engine#MD5_LANES} only for MD5, where the lanes
   *     may be available ({@link Engine#of}), and only with {@link Pipeline#PARALLEL}: a sequential
   *     run takes {@link Engine#MESSAGE_DIGEST} instead (see {@link Engine#forPipeline})
   */
  public record Options(
      String algorithm, int threads, Pipeline pipeline, Observer observer, Engine engine) {
    /** Checks the options, and gives a sequential run the engine it can feed. */
    public Options {
      Objects.requireNonNull(algorithm, "algorithm");
      Objects.requireNonNull(pipeline, "pipeline");
      Objects.requireNonNull(observer, "observer");
      Objects.requireNonNull(engine, "engine");
      if (threads < 1) {
        throw new IllegalArgumentException("threads < 1: " + threads);
      }
      engine = engine.forPipeline(pipeline);
    }
  }

  /**
   * The most files of a run of one thread in the MD5 lanes that the calling thread orders, then
   * hashes itself ({@link #hashHere}): a longer list keeps its hashing thread, which hashes the
   * first files while the calling thread orders the list, so that its first results do not wait for
   * the order.
   */
  static final int HASH_HERE_MAX = 4096;

  /** The files a run over a stream takes ahead of its delivery at most. */
  public static final int STREAM_AHEAD = 4096;

  private BatchRun() {}

  /**
   * Hashes {@code paths} and passes each result to {@code sink} on the calling thread, in input
   * order. Returns when all are delivered; if the sink throws or the thread is interrupted, the
   * hashing threads are stopped (each finishes its current file) before this returns.
   *
   * @param paths the files, without nulls, not changed while the run lasts
   * @param options how to hash, with {@link Pipeline#PARALLEL} or {@link Pipeline#SEQUENTIAL}
   * @param sink receives the results
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public static void run(List<? extends Path> paths, Options options, Sink sink)
      throws InterruptedException {
    int n = paths.size();
    if (options.pipeline() == Pipeline.INLINE) {
      throw new IllegalArgumentException("an inline run is run by inline(): " + options);
    }
    if (n == 0) {
      return;
    }
    Object event = Jfr.beginDigestBatch();
    Delivery delivery = Delivery.of(n);
    int threads = Math.min(options.threads(), n);
    Feed feed =
        options.pipeline() == Pipeline.SEQUENTIAL
            ? new SequentialFeed(paths, delivery)
            : new ParallelFeed(paths, delivery, threads);
    int warmUpFiles =
        options.threads() == 1 && options.engine() == Engine.MD5_LANES && n <= HASH_HERE_MAX
            ? hashHere(feed, delivery, options, sink)
            : deliver(feed, delivery, threads, options, sink);
    commit(event, options, n, warmUpFiles);
  }

  /**
   * {@link Pipeline#INLINE}: hashes the first of {@code paths} on the calling thread, one after
   * another, as a loop of {@code FastFiles.digest} would, while their sizes (each asked of the open
   * file, as {@code digest} asks it) plus {@link Pipeline#FILE_WORK} a file come to at most {@link
   * Pipeline#INLINE_WORK}; passes each result to {@code sink}. Returns how many it hashed: the file
   * that would go over is left unread, for threads, as is one of another file system.
   *
   * @param paths the files, without nulls
   * @param options how to hash, with {@link Pipeline#INLINE}
   * @param sink receives the results, index 0 first
   * @return the files hashed, from the first
   * @throws InterruptedException if the calling thread is interrupted between files
   */
  public static int inline(List<? extends Path> paths, Options options, Sink sink)
      throws InterruptedException {
    Object event = Jfr.beginDigestBatch();
    MessageDigest md = Hashers.newDigest(options);
    long work = 0;
    int i = 0;
    for (; i < paths.size(); i++) {
      if (Thread.interrupted()) {
        throw new InterruptedException("digest batch interrupted");
      }
      Path path = paths.get(i);
      byte[] digest = null;
      IOException error = null;
      work += Pipeline.FILE_WORK;
      try {
        FileReads.Sized r = FileReads.digestAtMost(path, md, Pipeline.INLINE_WORK - work);
        if (r == null) {
          break; // too large, or of another file system: for threads
        }
        digest = r.digest();
        work += r.size();
      } catch (IOException e) {
        error = e;
      }
      options.observer().finished(i, path, digest, error);
      sink.done(i, path, digest, error);
    }
    if (i > 0) {
      commit(event, options, i, 0);
    }
    return i;
  }

  /**
   * Hashes the paths of {@code head}, then those {@code rest} gives, in order, on {@link
   * Pipeline#PARALLEL} threads, while a thread of the run takes them from {@code rest}, at most
   * {@link #STREAM_AHEAD} ahead of the delivery; passes each result to {@code sink} on the calling
   * thread, in order. What {@code rest} throws (or a null path's exception) is thrown after the
   * results of the paths before it, a checked exception wrapped in an {@link
   * IllegalStateException}; else as {@link #run(List, Options, Sink)}.
   *
   * @param head the first files, without nulls
   * @param rest the files after them, taken on a thread of the run
   * @param options how to hash, with {@link Pipeline#PARALLEL}
   * @param sink receives the results
   * @throws InterruptedException if the calling thread is interrupted while waiting
   */
  public static void run(
      List<? extends Path> head, Iterator<? extends Path> rest, Options options, Sink sink)
      throws InterruptedException {
    if (options.pipeline() != Pipeline.PARALLEL) {
      throw new IllegalArgumentException("a stream is read in parallel: " + options.pipeline());
    }
    Object event = Jfr.beginDigestBatch();
    Delivery delivery = Delivery.streaming(STREAM_AHEAD);
    Counting counted = new Counting(sink);
    int warmUpFiles =
        deliver(
            new StreamFeed(head, rest, delivery, STREAM_AHEAD),
            delivery,
            options.threads(),
            options,
            counted);
    commit(event, options, counted.files, warmUpFiles);
  }

  /** Passes results on, counting them. */
  private static final class Counting implements Sink {
    private final Sink sink;
    int files;

    Counting(Sink sink) {
      this.sink = sink;
    }

    @Override
    public void done(int i, Path path, byte[] digest, IOException error) {
      files = i + 1;
      sink.done(i, path, digest, error);
    }
  }

  private static void commit(Object event, Options options, int files, int warmUpFiles) {
    if (event != null) {
      Jfr.commitDigestBatch(
          event,
          options.algorithm(),
          options.engine().describe(options.algorithm()),
          files,
          options.threads(),
          options.pipeline().name(),
          warmUpFiles);
    }
  }

  /**
   * Runs the hashing threads and the feed's, delivering on this thread; returns the files hashed
   * while the lanes warmed up.
   */
  private static int deliver(Feed feed, Delivery delivery, int hashers, Options options, Sink sink)
      throws InterruptedException {
    List<Thread> threads = new ArrayList<>();
    Hashers run = new Hashers(options, feed, delivery);
    try {
      run.start(threads, hashers);
      feed.start(threads, hashers);
      delivery.deliver(new ToSink(feed, sink));
    } catch (SinkFailure e) {
      SinkFailure.<RuntimeException>rethrow(e.getCause());
      throw e; // not reached: rethrow throws
    } finally {
      stop(delivery, feed, threads);
    }
    return run.warmUpFiles();
  }

  /**
   * One thread of MD5 lanes: the calling thread orders the files (the feed's start, which may start
   * the read-ahead thread), then hashes them itself and delivers each result as soon as it and all
   * before it are done, between files. A hashing thread of its own would only add a thread's start
   * and a hand-over per result (docs/maintainer-guide.md). Returns the files hashed while the lanes
   * warmed up.
   */
  private static int hashHere(Feed feed, Delivery delivery, Options options, Sink sink)
      throws InterruptedException {
    List<Thread> threads = new ArrayList<>();
    Delivery.Receiver receiver = new ToSink(feed, sink);
    Hashers here = new Hashers(options, feed, delivery, receiver);
    try {
      feed.start(threads, 1);
      here.hashHere();
      boolean all = !Thread.currentThread().isInterrupted() && delivery.deliverReady(receiver);
      if (Thread.interrupted()) {
        throw new InterruptedException("digest batch interrupted");
      }
      if (!all) {
        throw new IllegalStateException("a digest batch ended with results not delivered");
      }
    } catch (SinkFailure e) {
      SinkFailure.<RuntimeException>rethrow(e.getCause());
      throw e; // not reached: rethrow throws
    } finally {
      stop(delivery, feed, threads);
    }
    return here.warmUpFiles();
  }

  /**
   * Hands each result to the sink with its path; a checked exception the sink throws undeclared
   * comes out as a {@link SinkFailure}, not to be taken for a file's failure where the sink runs
   * inside the hashing ({@link #hashHere}).
   */
  private static final class ToSink implements Delivery.Receiver {
    private final Feed feed;
    private final Sink sink;

    ToSink(Feed feed, Sink sink) {
      this.feed = feed;
      this.sink = sink;
    }

    @Override
    public void done(int i, byte[] digest, IOException error) {
      try {
        sink.done(i, feed.path(i), digest, error);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new SinkFailure(e);
      }
    }
  }

  /**
   * Carries a checked exception the sink threw without declaring it through the hashing code, where
   * an {@code IOException} would be taken for a file's failure; rethrown unchanged.
   */
  private static final class SinkFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SinkFailure(Throwable cause) {
      super(null, cause, false, false);
    }

    // Throws t, a checked exception the sink itself threw undeclared, as the sink threw it.
    @SuppressWarnings("unchecked")
    static <T extends Throwable> void rethrow(Throwable t) throws T {
      throw (T) t;
    }
  }

  /** Stops the threads after their current file and waits for them; an interrupt is kept. */
  private static void stop(Delivery delivery, Feed feed, List<Thread> threads) {
    delivery.cancel();
    feed.stop(threads.size());
    for (Thread t : threads) {
      Uninterruptibly.join(t); // the threads stop after their current file: wait for them
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
