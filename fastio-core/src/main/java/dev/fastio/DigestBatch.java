package dev.fastio;

import dev.fastio.internal.batch.BatchRun;
import dev.fastio.internal.batch.Engine;
import dev.fastio.internal.batch.Pipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.stream.Stream;

/**
 * Digests of many files at once, on several threads, with one result per file: the job of {@code
 * md5sum} over a directory tree.
 *
 * <pre>{@code
 * DigestBatch batch = DigestBatch.builder("MD5").threads(4).build();
 * for (DigestBatch.Result r : batch.digestAll(paths)) {
 *   System.out.println(r.isSuccess() ? r.toHex() + "  " + r.path() : r.path() + ": " + r.error());
 * }
 * }</pre>
 *
 * <p>Each file's digest is what {@link FastFiles#digest(Path, String)} returns for it (the same
 * bytes hashed, the same exceptions); a file that cannot be read gives a result holding its {@link
 * IOException}, and the other files go on. Files are hashed concurrently, but results are returned
 * and delivered in the order of the input.
 *
 * <p><b>Reading.</b> {@link Reading#PARALLEL} lets every worker thread read its own file, the
 * largest files first so that the threads finish together (best on SSDs, network storage and a warm
 * page cache); paths that fail at once (missing, unreadable, directories) go before them, so that
 * their failed results, which take no time, do not hold back the delivery of the results after
 * them. Where the files do not look cached (asked as below) and their starts come to enough data, a
 * parallel batch also runs a read-ahead thread that loads the start of each regular file into the
 * page cache, in the order the workers take them, at most {@code fastio.batch.readAhead} bytes
 * ahead of them, so that the device always has work in flight; the workers still read every byte
 * themselves ({@code fastio.batch.parallelReadAhead=false} turns the thread off). {@link
 * Reading#SEQUENTIAL} has one reader thread read the files in input order into the page cache, a
 * bounded number of bytes (system property {@code fastio.batch.readAhead}) ahead of the workers,
 * which then hash from the cache: a spinning disk sees one sequential stream instead of seeks
 * between files. Where {@code /dev/null} exists the reader moves the bytes there with {@code
 * FileChannel.transferTo} ({@code sendfile} on Linux), which fills the page cache without copying,
 * so it takes no CPU from the hashing when the files are cached already. {@link Reading#AUTO}, the
 * default, picks {@code SEQUENTIAL} when the first file lives on a block device Linux reports as
 * rotational ({@code /sys/class/block/DEV/queue/ rotational}) and the files are not in the page
 * cache already, and {@code PARALLEL} otherwise (other systems, SSDs, tmpfs, overlay and network
 * mounts, files already cached, and the paravirtual disks of virtual machines, virtio-blk and
 * Xen's, which report themselves rotational whatever the host keeps them on). Whether they are
 * cached is asked of a few files spread over the list ({@code mincore} on a mapping of their start,
 * released at once); one that is not makes the batch sequential. Only regular files are read ahead;
 * FIFOs and devices are read once, by a worker.
 *
 * <p><b>Engines.</b> Digests are computed by one {@link MessageDigest} per worker, one file after
 * another, except for MD5 where the JDK's Vector API is in use: there each worker hashes as many
 * files at once as a vector register holds ints, one per lane, each file read in order through a
 * buffer of its own, and a lane whose file ends takes the next file at once; the digests are the
 * same. That needs the incubator module resolved ({@code java --add-modules jdk.incubator.vector},
 * which makes the JVM print one warning line at start-up), the C2 compiler, vectors of at least 256
 * bits, and a JDK on which fastio enables the lanes by default (system property {@code
 * fastio.md5.vector}: {@code false} turns them off, {@code true} allows them on any JDK). Until the
 * JIT has compiled the lanes they are many times slower than {@code MessageDigest}, so a batch
 * hashes with {@code MessageDigest} until the lanes are measured faster: its first worker warms
 * them up between small files, or, where the files are large and the work is long (about 512 MiB
 * hashed in the JVM and known to be left in the batch), the workers move to the lanes at once and
 * warm them up on the files, which pays there; a run of less work does not move to the lanes early
 * (their compilation would cost more than they win back), and loads them only if it hashes for more
 * than 2 s, or if asked which engine it uses ({@link #engine()}, {@link #toString()}, the {@code
 * dev.fastio.DigestBatch} JFR event when recorded: the lookup, once per JVM, takes some tens of
 * milliseconds). From then on, for the rest of the JVM's life, MD5 batches use the lanes from their
 * first file (system property {@code fastio.md5.warmUp=false} uses them at once). {@link #engine()}
 * says which engine a batch uses when it reads in parallel. A batch that reads sequentially ({@link
 * Reading#SEQUENTIAL}, or {@code AUTO} on a rotational disk whose files are not cached) hashes with
 * one {@code MessageDigest} per worker: its reader hands the files over one at a time, which would
 * leave all lanes but one idle whenever files are larger than the read-ahead, and a device that
 * needs a sequential reader is slower than one {@code MessageDigest} anyway.
 *
 * <p><b>Small batches.</b> A batch of a few files is hashed on the calling thread, one file after
 * another, as a loop of {@link FastFiles#digest(Path, String)} would, as long as their bytes are
 * too few to gain from threads (each file's size asked of the open file, as {@code digest} asks
 * it); the files from the first that would go over are hashed on threads as any batch. The {@code
 * dev.fastio.DigestBatch} JFR event records the reading {@code INLINE} for the part hashed inline
 * (a second event, the threads' part).
 *
 * <p><b>One thread.</b> A short list of files on {@code threads(1)} read {@link Reading#PARALLEL}
 * (or {@code AUTO} choosing it) for MD5 where the lanes may run (the Vector API module resolved;
 * {@link #engine()} then starts with {@code "MD5 lanes"}, unless their lookup failed) is hashed by
 * the calling thread itself, after it has sized and ordered the files: no worker thread is started
 * (the read-ahead thread may be), each result is still delivered as soon as it and all before it
 * are done, and the listener is called on the calling thread. The sink then runs between files: a
 * slow sink delays the hashing, where on a worker thread the two would overlap.
 *
 * <p><b>Threads.</b> A batch starts its worker threads (daemon threads named {@code
 * fastio-digest-N}, plus {@code fastio-digest-reader}, {@code fastio-digest-readahead} or, for a
 * stream, {@code fastio-digest-feed}) for each call and stops them before the call returns or
 * throws; large files are also faulted in ahead and unmapped on fastio's {@code fastio-prefault}
 * and {@code fastio-unmapper} daemon threads, as by {@link FastFiles#digest(Path, String)}, which
 * outlive the call. A {@code DigestBatch} is immutable and thread-safe; calls may run concurrently.
 *
 * <p><b>Memory.</b> Reads go through fastio's pooled buffers and bounded mappings per file, as
 * {@link FastFiles#digest(Path, String)}, or, for the MD5 lanes, a direct buffer per lane, freed
 * when the call returns; the sequential reader adds one direct buffer where there is no {@code
 * /dev/null}. Results not yet delivered in order are held in memory (a digest or an exception per
 * file).
 *
 * @implNote A batch of at most 64 files is hashed inline while its files' sizes plus 8 KiB a file
 *     come to at most 1 MiB. The lanes warm up between small files only after 2 s of hashing, and a
 *     stream's first 65 paths are taken on the calling thread, at most 4,096 ahead after that. A
 *     list on one thread in the MD5 lanes is hashed on the calling thread up to 4,096 files. The
 *     parallel read-ahead thread runs when the files' starts come to 64 MiB or more and loads the
 *     first 4 MiB of each; the sequential reader runs at most 256 MiB ahead by default. Whether
 *     files are cached is asked of up to 16 of them, over at most their first 64 MiB. The MD5 lanes
 *     are 16 with AVX-512 and 8 with AVX2, each lane reading through a buffer of 128 KiB (up to 132
 *     KiB with its alignment); they are enabled by default on JDK 17 and on 25 and newer. Reads use
 *     the 68 KiB pooled buffers and mappings of at most 64 MiB per file; the sequential reader's
 *     buffer holds 1 MiB. These figures may change in any release.
 * @since 0.1.0
 */
public final class DigestBatch {
  /** How files are read: see the class documentation. */
  public enum Reading {
    /** {@link #SEQUENTIAL} on a rotational disk not cached yet, {@link #PARALLEL} otherwise. */
    AUTO,
    /** One reader thread, files in order, read ahead into the page cache of the hashing threads. */
    SEQUENTIAL,
    /** Every hashing thread reads its own file. */
    PARALLEL
  }

  /**
   * Hears about a batch's progress: the bytes hashed and each file finished. Copies and transfers
   * take another listener, {@link ProgressListener}, which hears one copy's running total from one
   * thread. Both methods are called on the batch's worker threads (or on the calling thread where
   * it hashes: a small batch, one thread in the MD5 lanes), possibly concurrently from several of
   * them, so an implementation must be thread-safe; they should return quickly (they delay the
   * hashing). An exception thrown by a listener stops the batch and is rethrown by the call that
   * runs it; a checked exception thrown without being declared (possible in other JVM languages)
   * comes wrapped in an {@link IllegalStateException}, never as a file's failure. With two methods,
   * both optional, this is not a functional interface: {@link #ofBytes} and {@link #ofFiles} make
   * one from a lambda.
   *
   * @see ProgressListener
   */
  public interface Listener {
    /**
     * A listener of the bytes hashed only: {@code bytes} as {@link #bytesHashed} receives them.
     *
     * @param bytes called with each count
     * @return the listener
     * @throws NullPointerException if {@code bytes} is null
     */
    static Listener ofBytes(LongConsumer bytes) {
      Objects.requireNonNull(bytes, "bytes");
      return new Listener() {
        @Override
        public void bytesHashed(long n) {
          bytes.accept(n);
        }
      };
    }

    /**
     * A listener of the files finished only: {@code files} as {@link #fileDone} receives them.
     *
     * @param files called with each result
     * @return the listener
     * @throws NullPointerException if {@code files} is null
     */
    static Listener ofFiles(Consumer<? super Result> files) {
      Objects.requireNonNull(files, "files");
      return new Listener() {
        @Override
        public void fileDone(Result result) {
          files.accept(result);
        }
      };
    }

    /**
     * More bytes were hashed: called from time to time while a file is hashed and at the end of
     * each file. The sum over a batch is at least the bytes of all files read; a file hashed again
     * after it shrank under a mapping counts twice.
     *
     * @param bytes bytes hashed since the last call from the same thread, positive
     */
    default void bytesHashed(long bytes) {}

    /**
     * A file is finished, successfully or not; files finish in any order.
     *
     * @param result the file's result, the same object the batch delivers in order later
     */
    default void fileDone(Result result) {}
  }

  /**
   * The outcome for one file: its digest or the {@link IOException} that stopped it. Immutable: the
   * digest is copied in and out. Batches make results; an application may too (for a test, say).
   * {@link #digest()} throws for a failed result, so a record pattern that deconstructs one does
   * too: test {@link #isSuccess()} first.
   *
   * @param path the path as given to the batch
   * @param digest the digest bytes, or null if the file failed
   * @param error the exception {@link FastFiles#digest(Path, String)} would have thrown for this
   *     file (for instance {@link java.nio.file.NoSuchFileException}, {@link
   *     java.nio.file.AccessDeniedException}, or an {@code IOException} "Is a directory"), or null
   *     on success
   */
  // The array is copied in and out, and equals, hashCode and toString compare and show its bytes.
  @SuppressWarnings("ArrayRecordComponent")
  public record Result(Path path, byte[] digest, IOException error) {
    /**
     * A result, as a batch makes it.
     *
     * @throws NullPointerException if {@code path} is null
     * @throws IllegalArgumentException unless exactly one of {@code digest} and {@code error} is
     *     null
     */
    public Result {
      Objects.requireNonNull(path, "path");
      if ((digest == null) == (error == null)) {
        throw new IllegalArgumentException("exactly one of digest and error must be given");
      }
      digest = digest == null ? null : digest.clone();
    }

    /**
     * {@return true if the file was read to its end and hashed, false if {@link #error()} is set}
     */
    public boolean isSuccess() {
      return error == null;
    }

    /**
     * {@return the digest bytes, as {@link FastFiles#digest(Path, String)} returns them; a new copy
     * each call}
     *
     * @throws IllegalStateException if the file failed ({@link #error()} tells why)
     */
    @Override
    public byte[] digest() {
      if (error != null) {
        throw new IllegalStateException("no digest: " + path + " failed", error);
      }
      return digest.clone();
    }

    /**
     * {@return the digest as lowercase hexadecimal, as {@code md5sum} prints it}
     *
     * @throws IllegalStateException if the file failed ({@link #error()} tells why)
     */
    public String toHex() {
      byte[] d = digest();
      char[] out = new char[d.length * 2];
      for (int i = 0; i < d.length; i++) {
        out[2 * i] = Character.forDigit((d[i] >> 4) & 0xf, 16);
        out[2 * i + 1] = Character.forDigit(d[i] & 0xf, 16);
      }
      return new String(out);
    }

    /**
     * Equal to another result of the same path with the same digest bytes, or the same error
     * object.
     */
    @Override
    public boolean equals(Object o) {
      return o instanceof Result r
          && path.equals(r.path)
          && Arrays.equals(digest, r.digest)
          && Objects.equals(error, r.error);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * path.hashCode() + Arrays.hashCode(digest)) + Objects.hashCode(error);
    }

    /** The path and the digest in hexadecimal, or the error. */
    @Override
    public String toString() {
      return path + (error == null ? " " + toHex() : " failed: " + error);
    }
  }

  /**
   * Configures a {@link DigestBatch}. Not thread-safe; {@link #build()} may be called repeatedly.
   */
  public static final class Builder {
    private final String algorithm;
    private int threads = Runtime.getRuntime().availableProcessors();
    private Reading reading = Reading.AUTO;
    private Listener listener;

    Builder(String algorithm) {
      this.algorithm = algorithm;
    }

    /**
     * The number of hashing threads; by default {@link Runtime#availableProcessors()}.
     *
     * @param threads at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Builder threads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("threads < 1: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /**
     * How files are read; by default {@link Reading#AUTO}.
     *
     * @param reading the pipeline
     * @return this builder
     */
    public Builder reading(Reading reading) {
      this.reading = Objects.requireNonNull(reading, "reading");
      return this;
    }

    /**
     * A listener told of bytes hashed and files finished, on worker threads or the calling thread
     * (see {@link Listener}); by default none.
     *
     * @param listener the listener, or null for none
     * @return this builder
     */
    public Builder listener(Listener listener) {
      this.listener = listener;
      return this;
    }

    /**
     * Builds the batch.
     *
     * @return a new, immutable batch
     * @throws IllegalArgumentException if no provider offers the algorithm, with the {@link
     *     NoSuchAlgorithmException} as cause
     */
    public DigestBatch build() {
      try {
        MessageDigest.getInstance(algorithm);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalArgumentException("unknown digest algorithm: " + algorithm, e);
      }
      return new DigestBatch(this);
    }
  }

  private final String algorithm;
  private final int threads;
  private final Reading reading;
  private final Listener listener;

  private DigestBatch(Builder b) {
    this.algorithm = b.algorithm;
    this.threads = b.threads;
    this.reading = b.reading;
    this.listener = b.listener;
  }

  /**
   * A builder for batches of the given algorithm.
   *
   * @param algorithm a {@code MessageDigest} algorithm name such as {@code "MD5"} or {@code
   *     "SHA-256"}, matched as {@link MessageDigest#getInstance(String)} matches it
   * @return a new builder with the defaults: {@code availableProcessors} threads, {@link
   *     Reading#AUTO}, no listener
   */
  public static Builder builder(String algorithm) {
    return new Builder(Objects.requireNonNull(algorithm, "algorithm"));
  }

  /**
   * Digests all {@code paths} and returns one result per path, in the same order (duplicates
   * included).
   *
   * @param paths the files; directories, missing and unreadable files give failed results
   * @return an unmodifiable list of results, in input order
   * @throws NullPointerException if {@code paths} or one of its elements is null, before any file
   *     is read
   * @throws InterruptedException if the calling thread is interrupted while waiting; the workers
   *     finish the file each is on and are stopped before it is thrown
   */
  public List<Result> digestAll(Collection<? extends Path> paths) throws InterruptedException {
    List<Result> out = new ArrayList<>(paths.size());
    digestAll(paths, out::add);
    return List.copyOf(out);
  }

  /**
   * Digests all {@code paths} and passes each result to {@code sink} on the calling thread, in
   * input order, as soon as it and all earlier ones are done: a caller can print results while the
   * batch runs.
   *
   * @param paths the files; directories, missing and unreadable files give failed results
   * @param sink receives every result once, in input order; if it throws, the batch stops and the
   *     exception propagates unchanged (as does an unchecked exception of the listener; a checked
   *     exception the listener throws undeclared, and anything else thrown on a worker, comes
   *     wrapped in an {@link IllegalStateException})
   * @throws NullPointerException if {@code paths}, one of its elements or {@code sink} is null,
   *     before any file is read
   * @throws InterruptedException if the calling thread is interrupted while waiting; the workers
   *     finish the file each is on and are stopped before it is thrown
   */
  public void digestAll(Collection<? extends Path> paths, Consumer<? super Result> sink)
      throws InterruptedException {
    List<Path> list = List.copyOf(paths); // rejects nulls; a stable snapshot for the workers
    Objects.requireNonNull(sink, "sink");
    run(list, sink);
  }

  /**
   * Digests the paths of {@code paths} as the stream produces them and passes each result to {@code
   * sink} on the calling thread, in the stream's order, as soon as it and all earlier ones are
   * done: a walk of a tree and the hashing of the files it has found overlap, and the first results
   * are delivered while the walk goes on.
   *
   * <p>The stream is consumed once, sequentially: its first elements on the calling thread, the
   * rest on a thread of the batch ({@code fastio-digest-feed}), a bounded number of paths ahead of
   * the delivery, so a stream of any length is digested in bounded memory. The files are taken in
   * the stream's order (not the largest first, as for a collection). A stream that ends within its
   * first elements, or that {@link Reading#SEQUENTIAL} (or {@code AUTO} on a rotational disk, asked
   * of its first elements) reads, is collected first and digested as a collection. The caller
   * closes the stream; it is not used after this returns.
   *
   * @param paths the files; directories, missing and unreadable files give failed results
   * @param sink receives every result once, in the stream's order; if it throws, the batch stops
   *     and the exception propagates unchanged (as does an unchecked exception of the listener; a
   *     checked exception the listener throws undeclared comes wrapped in an {@link
   *     IllegalStateException})
   * @throws NullPointerException if {@code paths} or {@code sink} is null, before any file is read;
   *     or, as below, for a null path of the stream
   * @throws RuntimeException or {@link Error} that the stream threw (including a null path's {@link
   *     NullPointerException}), after the results of the paths before it are delivered; a checked
   *     exception it throws undeclared comes so, wrapped in an {@link IllegalStateException}
   * @throws InterruptedException if the calling thread is interrupted while waiting; the workers
   *     finish the file each is on and are stopped before it is thrown, and the thread taking the
   *     stream's paths after the path it is on
   * @implNote The first elements are up to 66; the feed runs at most 4,096 paths ahead.
   * @since 0.2.0
   */
  public void digestAll(Stream<? extends Path> paths, Consumer<? super Result> sink)
      throws InterruptedException {
    Iterator<? extends Path> it = paths.iterator();
    Objects.requireNonNull(sink, "sink");
    List<Path> first = new ArrayList<>();
    // A stream of at most one more path than a batch hashes inline is digested as a list.
    Throwable failure = take(it, first, Pipeline.INLINE_FILES + 2);
    if (failure == null && first.size() > Pipeline.INLINE_FILES + 1) {
      Pipeline pipeline = requested(reading);
      if (pipeline == null) {
        pipeline = Pipeline.auto(first);
      }
      if (pipeline == Pipeline.PARALLEL) {
        Map<Integer, Result> early = listener == null ? null : new ConcurrentHashMap<>();
        BatchRun.run(first, it, options(Pipeline.PARALLEL, early), new Delivering(early, sink));
        return;
      }
      failure = take(it, first, Integer.MAX_VALUE); // collected first, digested as a collection
    }
    run(first, sink);
    if (failure != null) {
      throw unchecked(failure);
    }
  }

  /**
   * Adds paths of {@code it} to {@code list} until it holds {@code max} or the stream ends; returns
   * what the stream threw, to be thrown after the results of the paths before it, or null.
   */
  private static Throwable take(Iterator<? extends Path> it, List<Path> list, int max) {
    try {
      while (list.size() < max && it.hasNext()) {
        list.add(Objects.requireNonNull(it.next(), "a path of the stream is null"));
      }
      return null;
    } catch (Throwable e) { // also a checked exception the stream threw undeclared
      return e;
    }
  }

  /** {@code e} to be thrown as it is, or a checked exception thrown undeclared, wrapped. */
  private static RuntimeException unchecked(Throwable e) {
    if (e instanceof Error error) {
      throw error;
    }
    return e instanceof RuntimeException r ? r : new IllegalStateException(e);
  }

  /**
   * Digests {@code list}: a short list on the calling thread as far as its files are small, the
   * rest on threads.
   */
  private void run(List<Path> list, Consumer<? super Result> sink) throws InterruptedException {
    Map<Integer, Result> early = listener == null ? null : new ConcurrentHashMap<>();
    BatchRun.Sink deliver = new Delivering(early, sink);
    int done = 0;
    if (list.size() <= Pipeline.INLINE_FILES) {
      done = BatchRun.inline(list, options(Pipeline.INLINE, early), deliver);
    }
    if (done < list.size()) {
      List<Path> rest = list.subList(done, list.size()); // indexes from 0: each run its own
      Pipeline pipeline = requested(reading);
      BatchRun.run(
          rest, options(pipeline != null ? pipeline : Pipeline.auto(rest), early), deliver);
    }
  }

  private BatchRun.Options options(Pipeline pipeline, Map<Integer, Result> early) {
    return new BatchRun.Options(
        algorithm,
        threads,
        pipeline,
        early == null ? BatchRun.Observer.NONE : new Listening(early, listener),
        // cheap: the vector engine is looked up (a known-answer check) when a run moves to it or
        // its description is asked for (engine(), toString(), a recorded JFR event)
        pipeline == Pipeline.PARALLEL ? Engine.of(algorithm) : Engine.MESSAGE_DIGEST);
  }

  /** The pipeline {@code reading} asks for, or null where fastio chooses. */
  private static Pipeline requested(Reading reading) {
    return switch (reading) {
      case SEQUENTIAL -> Pipeline.SEQUENTIAL;
      case PARALLEL -> Pipeline.PARALLEL;
      case AUTO -> null;
    };
  }

  /** Hands each result to the caller's sink: the one the listener was given, or a new one. */
  private static final class Delivering implements BatchRun.Sink {
    private final Map<Integer, Result> early;
    private final Consumer<? super Result> sink;

    Delivering(Map<Integer, Result> early, Consumer<? super Result> sink) {
      this.early = early;
      this.sink = sink;
    }

    @Override
    public void done(int index, Path path, byte[] digest, IOException error) {
      sink.accept(early == null ? new Result(path, digest, error) : early.remove(index));
    }
  }

  /** Tells the listener, and keeps each result for its delivery in order. */
  private static final class Listening implements BatchRun.Observer {
    private final Map<Integer, Result> early;
    private final Listener listener;

    Listening(Map<Integer, Result> early, Listener listener) {
      this.early = early;
      this.listener = listener;
    }

    @Override
    public void bytes(long bytes) {
      try {
        listener.bytesHashed(bytes);
      } catch (Throwable e) {
        throw unchecked(e); // a checked one wrapped: never the file's IOException
      }
    }

    @Override
    public void finished(int index, Path path, byte[] digest, IOException error) {
      Result r = new Result(path, digest, error);
      early.put(index, r);
      try {
        listener.fileDone(r);
      } catch (Throwable e) {
        throw unchecked(e); // a checked one wrapped: never the file's IOException
      }
    }
  }

  /**
   * What computes this batch's digests on this runtime when it reads in parallel: {@code
   * "MessageDigest"} (one {@link MessageDigest} per thread, one file after another), or, for MD5
   * where the Vector API is in use (see Engines in the class description), {@code "MD5 lanes:
   * vector NxM-bit"}, N the lanes, that is the files each thread hashes at once. Decided once per
   * JVM, by the first call that asks (this one, or a run that moves to the lanes): loading the
   * lanes and checking them against known answers takes some tens of milliseconds. A call that
   * reads sequentially uses {@code "MessageDigest"}; the {@code dev.fastio.DigestBatch} JFR event
   * records the engine each call used.
   *
   * @return a one-line description
   */
  public String engine() {
    return Engine.of(algorithm).describe(algorithm);
  }

  @Override
  public String toString() {
    return "DigestBatch["
        + algorithm
        + ", threads="
        + threads
        + ", reading="
        + reading
        + ", engine="
        + engine()
        + "]";
  }
}
