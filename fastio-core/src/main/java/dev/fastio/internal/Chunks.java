package dev.fastio.internal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The implementation of {@code dev.fastio.ChunkedReader}: a file handed out as read-only chunks, from
 * mapped windows ({@link MappedChunks}) or from one reused direct buffer ({@link BufferedChunks}).
 *
 * <p>This class keeps what both strategies share: the path, the channel, the logical position, the end
 * of the bytes to read, and the checks of every call. Tests and benchmarks force a strategy through
 * {@link #open(Path, int, Strategy, int)}. One thread at a time.
 */
public abstract class Chunks implements Closeable {
  /** How the bytes are handed out; {@link #AUTO} picks by kind and size of file. */
  public enum Strategy {
    /** {@link #MAPPED} for regular files of {@link #MAP_THRESHOLD} bytes and more, else {@link #BUFFERED}. */
    AUTO,
    /** Slices of read-only windows mapped one at a time (regular files of known size only). */
    MAPPED,
    /**
     * Positional reads (relative reads on FIFOs, character devices and sockets) into one reused
     * direct buffer.
     */
    BUFFERED
  }

  /** The largest chunk size accepted: 1 GiB, the largest window {@link MappedRegion} maps. */
  public static final int MAX_CHUNK_SIZE = MappedRegion.MAX_WINDOW;

  /** Passed as a chunk size: the default of the strategy chosen. */
  public static final int DEFAULT = 0;

  /**
   * Default chunk size of the buffered strategy: 128 KiB, read into a pooled buffer ({@link
   * IoBuffers#CHUNK_SIZE}).
   */
  public static final int DEFAULT_BUFFERED_CHUNK = IoBuffers.CHUNK_SIZE;

  /** Default chunk size of the mapped strategy (slices cost the same whatever their size). */
  public static final int DEFAULT_MAPPED_CHUNK = 1 << 20;

  /** Bytes mapped at a time by the mapped strategy (at least the chunk size). */
  public static final int DEFAULT_WINDOW = 64 << 20;

  /**
   * Regular files from this size up are mapped by {@link Strategy#AUTO} ({@code
   * fastio.chunked.mapThreshold}). Measured on a 2-core VM, files cached, JMH with 3 forks on JDK 17
   * and 25 ({@code ChunkedScanBenchmark} and {@code ChunkedSkipBenchmark}, {@code fastioBuffered}
   * against {@code fastioMapped}): a full scan through the 128 KiB buffer ran 1.06 to 1.08 times as
   * fast as mapping at 16 MiB and 1.03 to 1.08 times at 32 MiB, while at 32 MiB mapping ran a
   * skip-heavy pass (64 bytes read, 8 KiB skipped) 2.0 to 2.2 times as fast as the buffer with its
   * read-ahead (782 to 853 against 392 to 399 passes/s; {@code -p size=33554432 -f 3}, both JDKs;
   * 5.2 to 5.8 times at 256 MiB in the README's report run). From 32 MiB scans lose little to
   * mapping and skips gain much.
   */
  public static final long MAP_THRESHOLD =
      Long.getLong("fastio.chunked.mapThreshold", 32 * 1024 * 1024);

  /** File-system types whose files report size 0 whatever their content. */
  private static final Set<String> PSEUDO_FILE_SYSTEMS =
      Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs");

  final Path path;
  final FileChannel channel;
  final int chunkSize;

  /**
   * The size {@link FileChannel#size()} reported at open, -1 for a FIFO, character device or socket.
   */
  private final long reportedSize;

  /**
   * No byte at or beyond this offset is handed out: the size at open, or {@link Long#MAX_VALUE} where the
   * size is not known (FIFOs, character devices, files reporting size 0), which are read to end of file.
   */
  long limit;

  /** The offset of the next byte {@link #next} hands out. */
  long position;

  private boolean closed;

  /** 1 pseudo-file, 0 not, -1 not yet asked (only files reporting size 0 are asked). */
  private int pseudo = -1;

  Chunks(Path path, FileChannel channel, int chunkSize, long reportedSize) {
    this.path = path;
    this.channel = channel;
    this.chunkSize = chunkSize;
    this.reportedSize = reportedSize;
    this.limit = reportedSize > 0 ? reportedSize : Long.MAX_VALUE;
  }

  /** Opens {@code path} with the default window size; see {@link #open(Path, int, Strategy, int)}. */
  public static Chunks open(Path path, int chunkSize, Strategy strategy) throws IOException {
    return open(path, chunkSize, strategy, DEFAULT_WINDOW);
  }

  /**
   * Opens {@code path} for chunked reading.
   *
   * <p>The file is opened first (opening a FIFO blocks until a writer opens it, as in the JDK) and
   * its size read from the open descriptor. Its kind is asked of the file system (a {@code stat} by
   * path) only where the size leaves it open: a size of 0 (empty files, pseudo-files, FIFOs,
   * character devices) or, for {@link Strategy#AUTO}, a size of at least {@link #MAP_THRESHOLD}
   * (mapped if a regular file). A file of any other size is read with positional reads: regular
   * files, and block devices, whose size the JDK reports (where it reports 0, a device is read as a
   * stream). The scheme relies on Linux's sizes: FIFOs and character devices report 0. A FIFO,
   * character device or socket is read with relative reads. A directory opens, as {@code
   * Files.newByteChannel} opens it, and fails at the first {@link #next}, with the exception
   * reading it gives ({@code Files.readAllBytes} throws the same).
   *
   * <p>Skipping the {@code stat} for most files saves a system call and a path lookup per open: on a
   * 1 MiB file read 64 bytes every 8 KiB, a build that differed only in this ran the pass at 1.03
   * times a hand-written buffer loop without the {@code stat} and 0.97 times with it ({@code
   * ChunkedSkipBenchmark}, JDK 17, 3 forks).
   *
   * @param chunkSize the most bytes a chunk holds, in {@code [1, MAX_CHUNK_SIZE]}, or {@link #DEFAULT}
   * @param strategy {@link Strategy#MAPPED} forced on a file that cannot be mapped (not regular, not of
   *     the default file system) fails with {@link FileSystemException} before the file is opened; on
   *     a regular file reporting size 0 (nothing to map: an empty file or a pseudo-file) it reads
   *     through a buffer
   * @param windowSize bytes mapped at a time by the mapped strategy; raised to the chunk size if smaller
   * @throws IllegalArgumentException if {@code chunkSize} or {@code windowSize} is out of range
   */
  public static Chunks open(Path path, int chunkSize, Strategy strategy, int windowSize)
      throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(strategy, "strategy");
    if (chunkSize != DEFAULT) {
      checkChunkSize(chunkSize);
    }
    if (windowSize < 1 || windowSize > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
    if (strategy == Strategy.MAPPED) {
      // Asked before opening: a FIFO would block the open until a writer came, only to fail then.
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      if (!attributes.isRegularFile() || !ReadAll.isDefaultFileSystem(path)) {
        throw new FileSystemException(
            path.toString(), null, "cannot be mapped: not a regular file of the default file system");
      }
    }
    FileChannel channel = FileChannel.open(path, ReadAll.READ);
    try {
      return create(path, channel, chunkSize, strategy, windowSize);
    } catch (IOException | RuntimeException | Error e) {
      try {
        channel.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Picks the strategy for the file open on {@code channel}; see {@link #open(Path, int, Strategy,
   * int)}.
   */
  private static Chunks create(
      Path path, FileChannel channel, int chunkSize, Strategy strategy, int windowSize)
      throws IOException {
    long size = channel.size(); // an fstat, or BLKGETSIZE64 for a block device
    boolean map = strategy == Strategy.MAPPED && size > 0; // checked regular before it was opened
    boolean stream = false;
    if (size == 0 || (strategy == Strategy.AUTO && size >= MAP_THRESHOLD)) {
      BasicFileAttributes attributes = kindOf(path);
      if (attributes != null) {
        map |= size > 0 && attributes.isRegularFile() && ReadAll.isDefaultFileSystem(path);
        stream = size == 0 && attributes.isOther(); // a FIFO, character device or socket
      }
    }
    if (map) {
      int chunk = chunkSize == DEFAULT ? DEFAULT_MAPPED_CHUNK : chunkSize;
      return new MappedChunks(path, channel, chunk, size, Math.max(windowSize, chunk));
    }
    int chunk = chunkSize == DEFAULT ? DEFAULT_BUFFERED_CHUNK : chunkSize;
    return new BufferedChunks(path, channel, chunk, stream ? -1 : size, stream);
  }

  /**
   * The attributes of the file at {@code path}, or null if they cannot be read any more (removed or
   * renamed since it was opened): what was opened is then read by position.
   */
  private static BasicFileAttributes kindOf(Path path) {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Checks a chunk size given by a caller.
   *
   * @throws IllegalArgumentException if not in {@code [1, MAX_CHUNK_SIZE]}
   */
  public static void checkChunkSize(int chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize < 1: " + chunkSize);
    }
    if (chunkSize > MAX_CHUNK_SIZE) {
      throw new IllegalArgumentException(
          "chunkSize > " + MAX_CHUNK_SIZE + " (1 GiB): " + chunkSize);
    }
  }

  /**
   * Feeds every chunk of {@code path} to {@code action}, in order, and returns the number of bytes fed.
   * A mapped read that faults because the file shrank, in this code or in {@code action}, is thrown as
   * the {@link FileSystemException} of {@link Faults#truncated}.
   */
  public static long forEach(Path path, Consumer<? super ByteBuffer> action) throws IOException {
    Objects.requireNonNull(action, "action");
    try (Chunks chunks = open(path, DEFAULT, Strategy.AUTO)) {
      return feed(chunks, action);
    }
  }

  // The action's reads happen in this callee, inside its own try: an asynchronous fault error of a
  // mapped read is delivered before the try ends (Faults.deliverPending) and caught here.
  private static long feed(Chunks chunks, Consumer<? super ByteBuffer> action) throws IOException {
    long total = 0;
    try {
      for (ByteBuffer chunk; (chunk = chunks.next()) != null; ) {
        total += chunk.remaining();
        action.accept(chunk);
      }
      Faults.deliverPending();
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw Faults.truncated(chunks.path, e);
      }
      throw e;
    }
    return total;
  }

  /** The next chunk of at most the chunk size, or null at end of file. */
  public final ByteBuffer next() throws IOException {
    ensureOpen();
    return read(chunkSize);
  }

  /**
   * The next chunk of at most {@code min(maxBytes, chunk size)} bytes, or null at end of file.
   *
   * @throws IllegalArgumentException if {@code maxBytes < 1}
   */
  public final ByteBuffer next(int maxBytes) throws IOException {
    ensureOpen();
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes < 1: " + maxBytes);
    }
    return read(Math.min(maxBytes, chunkSize));
  }

  /**
   * Hands out {@code min(max, bytes left)} bytes from {@link #position} and moves past them (fewer only
   * where end of file comes first), or returns null at end of file.
   */
  abstract ByteBuffer read(int max) throws IOException;

  /** The offset of the next byte {@link #next} hands out. */
  public final long position() {
    return position;
  }

  /**
   * Moves to {@code newPosition}, which may be beyond end of file.
   *
   * @throws IllegalArgumentException if {@code newPosition < 0}
   * @throws IOException if the file cannot be read again from there (a FIFO or device moved backward)
   */
  public final void position(long newPosition) throws IOException {
    ensureOpen();
    if (newPosition < 0) {
      throw new IllegalArgumentException("position < 0: " + newPosition);
    }
    checkMove(newPosition);
    position = newPosition;
  }

  /**
   * Moves by {@code n} bytes, backward if negative; a move beyond {@link Long#MAX_VALUE} stops there.
   *
   * @throws IllegalArgumentException if the move would go before the start of the file
   */
  public final void skip(long n) throws IOException {
    ensureOpen();
    long target = position + n;
    if (n > 0 && target < 0) {
      target = Long.MAX_VALUE; // overflow: as far as a position goes
    }
    if (target < 0) {
      throw new IllegalArgumentException(
          "skip(" + n + ") from position " + position + " goes before the start of the file");
    }
    checkMove(target);
    position = target;
  }

  /** Throws if the file cannot go to {@code target}; the buffered strategy refuses FIFOs backward. */
  void checkMove(long target) throws IOException {}

  /**
   * The size of the file at open (as its file system reports it; a block device's size), or -1 where
   * not known: FIFOs, character devices, sockets, and pseudo-files reporting size 0 (those of {@code
   * /proc}).
   */
  public final long size() {
    if (reportedSize != 0) {
      return reportedSize;
    }
    if (pseudo < 0) {
      pseudo = isPseudoFile(path) ? 1 : 0; // asked once: a file-store lookup costs ~100 us
    }
    return pseudo == 1 ? -1 : 0;
  }

  private static boolean isPseudoFile(Path path) {
    try {
      FileStore store = Files.getFileStore(path);
      return PSEUDO_FILE_SYSTEMS.contains(store.type());
    } catch (IOException | RuntimeException e) {
      return false; // cannot tell: an empty file then
    }
  }

  /** The file, as given to {@link #open}. */
  public final Path path() {
    return path;
  }

  /** The most bytes a chunk holds. */
  public final int chunkSize() {
    return chunkSize;
  }

  /** The strategy used, never {@link Strategy#AUTO}. */
  public abstract Strategy strategy();

  /** True once {@link #close()} has been called. */
  public final boolean isClosed() {
    return closed;
  }

  final void ensureOpen() throws ClosedChannelException {
    if (closed || !channel.isOpen()) { // an interrupt closes the channel under the reader
      throw new ClosedChannelException();
    }
  }

  /**
   * Releases the window or buffer, then closes the channel. Idempotent.
   *
   * @throws FileSystemException if a mapped read of the last chunk faulted (the file shrank) and its
   *     error was still pending
   */
  @Override
  public final void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      release();
    } finally {
      channel.close();
    }
  }

  /** Releases the strategy's window or buffer; called once, by {@link #close()}. */
  abstract void release() throws IOException;

  /** The exception for a regular file found shorter than its size at open. */
  final FileSystemException shrank(long sizeNow) {
    return new FileSystemException(
        path.toString(),
        null,
        "the file was truncated while read: "
            + sizeNow
            + " bytes now, "
            + limit
            + " when opened");
  }

  @Override
  public String toString() {
    return "ChunkedReader["
        + path
        + ", "
        + strategy()
        + ", position "
        + position
        + (closed ? ", closed]" : "]");
  }
}
