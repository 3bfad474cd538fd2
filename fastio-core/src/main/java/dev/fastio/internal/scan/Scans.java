package dev.fastio.internal.scan;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.platform.ByteSearch;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Scans a file for lines: a regular file of the default file system with a size cut into chunks
 * ({@link ScanOptions#chunk()} bytes) mapped and scanned in parallel ({@link ChunkRunner}); any
 * other file read from the start to its end on the calling thread into one heap buffer that grows
 * to hold the longest line. A regular file is scanned up to the size it had when opened.
 */
public final class Scans {
  private static final int FIRST_BUFFER = 64 * 1024;

  private Scans() {}

  /**
   * The engine that searches for terminators.
   *
   * @return its name, e.g. {@code "vector 64x8-bit"}
   */
  public static String engine() {
    return ByteSearch.engineName();
  }

  /**
   * Hands every line of {@code path} to a sink of {@code sinks} made for its chunk, and each sink
   * to {@code inOrder} once its chunk is scanned, in file order, one at a time.
   *
   * @throws IOException as opening the file for reading throws it; a line longer than the maximum,
   *     a read that fails, or a file truncated while scanned (all naming the path)
   */
  public static <S extends LineSink> void lines(
      Path path, ScanOptions options, Supplier<S> sinks, Consumer<? super S> inOrder)
      throws IOException {
    scan(
        path,
        options,
        in -> inOrder.accept(sequential(path, in, options, sinks.get())),
        () -> new Worker(options),
        (file, size, start, chunk, worker) ->
            mappedChunk(file, size, start, chunk, worker, sinks.get()),
        inOrder);
  }

  /**
   * Hands every line of {@code path} to the sink of the thread that scans it (one sink per thread,
   * made by {@code sinks} on that thread, holding the lines of every part the thread took, part by
   * part, in no particular order of parts), and returns the sinks once the scan is done.
   *
   * @throws IOException as {@link #lines}
   */
  public static <S extends LineSink> List<S> linesPerThread(
      Path path, ScanOptions options, Supplier<S> sinks) throws IOException {
    List<S> all = new ArrayList<>();
    scan(
        path,
        options,
        in -> all.add(sequential(path, in, options, sinks.get())),
        () -> {
          Owned<S> owned = new Owned<>(new Worker(options), sinks.get());
          synchronized (all) {
            all.add(owned.sink);
          }
          return owned;
        },
        (file, size, start, chunk, owned) ->
            mappedChunk(file, size, start, chunk, owned.worker, owned.sink),
        part -> {});
    synchronized (all) { // the threads that added to it have ended
      return new ArrayList<>(all);
    }
  }

  /**
   * The lines of {@code path}: its terminators, and one more if its last byte is none. No maximum
   * line length applies.
   *
   * @throws IOException as {@link #lines}
   */
  public static long count(Path path, ScanOptions options) throws IOException {
    long[] total = new long[1];
    LineSink counter = (bytes, start, length, offset) -> total[0]++;
    scan(
        path,
        options,
        in -> sequential(path, in, withoutMaximum(options), counter),
        () -> new LineCutter(ByteSearch.get(), options),
        Scans::countChunk,
        n -> total[0] += n);
    return total[0];
  }

  /**
   * Runs {@code whole} on {@code path} read from the start to its end on this thread, unless it is
   * a regular file of the default file system with a size: then {@code part} on every {@link
   * ScanOptions#chunk()} bytes of it ({@link ChunkRunner}), with each result handed to {@code
   * inOrder} in file order.
   */
  private static <C, R> void scan(
      Path path,
      ScanOptions options,
      WholeTask whole,
      Supplier<C> contexts,
      PartTask<C, R> part,
      Consumer<? super R> inOrder)
      throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      try (ReadableByteChannel in = Files.newByteChannel(path)) {
        whole.run(in);
      }
      return;
    }
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      long size = FileKinds.regularFileSize(path) > 0 ? file.size() : 0;
      if (size == 0) {
        whole.run(file.channel());
        return;
      }
      int chunk = options.chunk();
      ChunkRunner.run(
          chunkCount(size, chunk),
          contexts,
          (i, context) -> part.run(file, size, (long) i * chunk, chunk, context),
          inOrder,
          i -> Math.min(size, (long) (i + 1) * chunk),
          options);
    }
  }

  private static int chunkCount(long size, int chunk) {
    return Math.toIntExact((size + chunk - 1) / chunk);
  }

  /**
   * The lines starting in {@code [start, start + chunk)}, from a mapping that reaches their ends,
   * copied through a {@link HeapWindow}.
   */
  private static <S extends LineSink> S mappedChunk(
      ResumableChannel file, long size, long start, int chunk, Worker worker, S sink)
      throws IOException {
    ScanOptions options = worker.options;
    LineCutter cutter = worker.cutter;
    long from = start == 0 ? 0 : start - 1; // the byte before tells whether a line starts here
    long end = Math.min(size, start + chunk);
    long to = Math.min(size, end + options.maxLineLength() + 2);
    try (MappedRegion region = map(file, from, to)) {
      ByteBuffer mapped = region.window(0).order(ByteOrder.LITTLE_ENDIAN);
      int limit = (int) (to - from);
      try {
        int q = start == 0 ? 0 : cutter.firstLineStart(mapped, 1, limit);
        if (from + q < end) {
          worker.window.lines(
              copying(mapped, q, limit), from + q, end, to == size, cutter, options, sink, false);
        }
        Faults.deliverPending();
        return sink;
      } catch (InternalError e) {
        throw truncatedOr(file.path(), e);
      } catch (LineTooLongException e) {
        throw tooLong(file.path(), e);
      }
    }
  }

  /** A source of the bytes {@code [at, limit)} of {@code mapped}, copied by its bulk get. */
  private static HeapWindow.Source copying(ByteBuffer mapped, int at, int limit) {
    int[] next = {at};
    return dst -> {
      int n = Math.min(dst.remaining(), limit - next[0]);
      if (n <= 0 && next[0] == limit) {
        return -1;
      }
      mapped.get(next[0], dst.array(), dst.arrayOffset() + dst.position(), n);
      dst.position(dst.position() + n);
      next[0] += n;
      return n;
    };
  }

  /** The lines that end in {@code [start, start + chunk)} (plus the last, unterminated, line). */
  private static long countChunk(
      ResumableChannel file, long size, long start, int chunk, LineCutter cutter)
      throws IOException {
    long from = start == 0 ? 0 : start - 1;
    long end = Math.min(size, start + chunk);
    try (MappedRegion region = map(file, from, end)) {
      ByteBuffer buf = region.window(0).order(ByteOrder.LITTLE_ENDIAN);
      int length = (int) (end - from);
      try {
        int first = (int) (start - from);
        long n = cutter.countTerminators(buf, first, length, first == 0 ? 0 : buf.get(0));
        if (end == size && !cutter.isTerminator(buf.get(length - 1))) {
          n++;
        }
        Faults.deliverPending();
        return n;
      } catch (InternalError e) {
        throw truncatedOr(file.path(), e);
      }
    }
  }

  /**
   * Maps {@code [from, to)} of the file for this thread; a file that shrank below {@code to} since
   * it was opened (which {@code FileChannel.map} reports as a failure to extend it) fails as a
   * truncated mapping does, naming the path.
   */
  private static MappedRegion map(ResumableChannel file, long from, long to) throws IOException {
    try {
      return file.map(from, to - from, MappedRegion.MAX_WINDOW, PlatformProvider.Sharing.CONFINED);
    } catch (ClosedByInterruptException e) {
      throw e;
    } catch (IOException e) {
      if (file.size() < to) {
        FileSystemException shrank =
            new FileSystemException(
                file.path().toString(), null, "the file was truncated while scanned");
        shrank.initCause(e);
        throw shrank;
      }
      throw e;
    }
  }

  /** The fault of a read of a file truncated while mapped as a checked exception, or rethrown. */
  private static IOException truncatedOr(Path path, InternalError e) {
    if (Faults.isMappingFault(e)) {
      return Faults.truncated(path, e);
    }
    throw e;
  }

  /** Reads {@code in} to its end on this thread, handing every line to {@code sink}. */
  private static <S extends LineSink> S sequential(
      Path path, ReadableByteChannel in, ScanOptions options, S sink) throws IOException {
    try {
      new HeapWindow(firstBuffer(options))
          .lines(
              in::read,
              0,
              Long.MAX_VALUE,
              true,
              new LineCutter(ByteSearch.get(), options),
              options,
              sink,
              true);
      return sink;
    } catch (LineTooLongException e) {
      throw tooLong(path, e);
    }
  }

  /** The heap buffer lines are cut in starts this large (a forced part size makes it smaller). */
  private static int firstBuffer(ScanOptions options) {
    int chunk = options.chunkSize();
    return chunk > 0 ? Math.min(chunk, FIRST_BUFFER) : FIRST_BUFFER;
  }

  private static ScanOptions withoutMaximum(ScanOptions o) {
    return new ScanOptions(
        o.first(),
        o.second(),
        o.crlf(),
        ScanOptions.MAX_LINE_LENGTH,
        o.threads(),
        o.chunkSize(),
        o.progress());
  }

  private static IOException tooLong(Path path, LineTooLongException e) {
    IOException io =
        new IOException(
            path + ": line at offset " + e.offset + " longer than maxLineLength " + e.max);
    io.initCause(e);
    return io;
  }

  /** Scans a whole channel on the calling thread. */
  @FunctionalInterface
  private interface WholeTask {
    void run(ReadableByteChannel in) throws IOException;
  }

  /** Scans the part {@code [start, start + chunk)} of a file of {@code size} bytes. */
  @FunctionalInterface
  private interface PartTask<C, R> {
    R run(ResumableChannel file, long size, long start, int chunk, C context) throws IOException;
  }

  /** A scanning thread's worker and the one sink all its parts' lines go to. */
  private static final class Owned<S> {
    final Worker worker;
    final S sink;

    Owned(Worker worker, S sink) {
      this.worker = worker;
      this.sink = sink;
    }
  }

  /** What a scanning thread keeps from one part to the next. */
  private static final class Worker {
    final ScanOptions options;
    final LineCutter cutter;
    final HeapWindow window;

    Worker(ScanOptions options) {
      this.options = options;
      this.cutter = new LineCutter(ByteSearch.get(), options);
      this.window = new HeapWindow(firstBuffer(options));
    }
  }
}
