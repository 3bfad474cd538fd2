package dev.fastio.internal.chunks;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The implementation of {@code dev.fastio.ChunkedReader}: a file handed out as read-only chunks,
 * from mapped windows ({@link MappedChunkSource}) or from one reused direct buffer ({@link
 * BufferedChunkSource}).
 *
 * <p>This class keeps what both strategies share: the path, the channel, the logical position, the
 * end of the bytes to read, and the checks of every call. One thread at a time.
 */
public abstract class ChunkSource implements Closeable {
  /** The bytes the mapped strategy maps at a time. */
  static final int DEFAULT_WINDOW = 64 << 20;

  final Path path;
  final FileChannel channel;
  final int chunkSize;

  /**
   * The size {@link FileChannel#size()} reported at open, -1 for a FIFO, character device or
   * socket.
   */
  private final long reportedSize;

  /**
   * No byte at or beyond this offset is handed out: the size at open, or {@link Long#MAX_VALUE}
   * where the size is not known (FIFOs, character devices, files reporting size 0), which are read
   * to end of file.
   */
  long limit;

  /** The offset of the next byte {@link #next} hands out. */
  long position;

  private boolean closed;

  /** 1 pseudo-file, 0 not, -1 not yet asked (only files reporting size 0 are asked). */
  private int pseudo = -1;

  ChunkSource(Path path, FileChannel channel, int chunkSize, long reportedSize) {
    this.path = path;
    this.channel = channel;
    this.chunkSize = chunkSize;
    this.reportedSize = reportedSize;
    this.limit = reportedSize > 0 ? reportedSize : Long.MAX_VALUE;
  }

  /**
   * Opens {@code path} for chunked reading.
   *
   * <p>The file is opened first (opening a FIFO blocks until a writer opens it, as in the JDK) and
   * its size read from the open descriptor. Its kind is asked of the file system (a {@code stat} by
   * path) only where the size leaves it open: a size of 0 (empty files, pseudo-files, FIFOs,
   * character devices) or, for {@link ChunkStrategy#AUTO}, a size of at least {@code
   * fastio.chunked.mapThreshold} (mapped if a regular file). A file of any other size is read with
   * positional reads: regular files, and block devices, whose size the JDK reports (where it
   * reports 0, a device is read as a stream). The scheme relies on Linux's sizes: FIFOs and
   * character devices report 0. A FIFO, character device or socket is read with relative reads. A
   * directory opens, as {@code Files.newByteChannel} opens it, and fails at the first {@link
   * #next}, with the exception reading it gives ({@code Files.readAllBytes} throws the same).
   *
   * @param path the file
   * @param options the chunk size and strategy; {@link ChunkStrategy#MAPPED} forced on a file that
   *     cannot be mapped (not regular, not of the default file system) fails with {@link
   *     FileSystemException} before the file is opened; on a regular file reporting size 0 (nothing
   *     to map: an empty file or a pseudo-file) it reads through a buffer
   * @return the source, which the caller must close
   * @throws java.nio.channels.ClosedByInterruptException if the thread is interrupted (set on
   *     entry, or arriving while the file is opened and sized); nothing is left open, and the
   *     interrupt status stays set
   * @throws IOException as {@code FileChannel.open} throws it; nothing is left open
   */
  public static ChunkSource open(Path path, ChunkOptions options) throws IOException {
    return open(path, options, DEFAULT_WINDOW);
  }

  /**
   * {@link #open(Path, ChunkOptions)} with the bytes the mapped strategy maps at a time, 1 to 1
   * GiB, raised to the chunk size if smaller (tests reach it through their hook).
   *
   * @throws IllegalArgumentException if {@code window} is out of range
   */
  static ChunkSource open(Path path, ChunkOptions options, int window) throws IOException {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    if (window < 1 || window > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + window);
    }
    if (options.strategy() == ChunkStrategy.MAPPED) {
      checkMappable(path);
    }
    FileChannel channel = FileChannel.open(path, FileKinds.READ);
    try {
      return create(path, channel, options, window);
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
   * Asked before opening: a FIFO would block the open until a writer came, only to fail then.
   *
   * @throws FileSystemException if {@code path} is not a regular file of the default file system
   */
  private static void checkMappable(Path path) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
    if (!attributes.isRegularFile() || !FileKinds.isDefaultFileSystem(path)) {
      throw new FileSystemException(
          path.toString(), null, "cannot be mapped: not a regular file of the default file system");
    }
  }

  /** Picks the strategy for the file open on {@code channel}; see {@link #open}. */
  private static ChunkSource create(
      Path path, FileChannel channel, ChunkOptions options, int window) throws IOException {
    long size = channel.size(); // an fstat, or BLKGETSIZE64 for a block device
    ChunkStrategy strategy = options.strategy();
    boolean map = strategy == ChunkStrategy.MAPPED && size > 0; // checked regular before opening
    boolean stream = false;
    if (size == 0 || (strategy == ChunkStrategy.AUTO && size >= Settings.CHUNKED_MAP_THRESHOLD)) {
      BasicFileAttributes attributes = kindOf(path);
      if (attributes != null) {
        map |= size > 0 && attributes.isRegularFile() && FileKinds.isDefaultFileSystem(path);
        stream = size == 0 && attributes.isOther(); // a FIFO, character device or socket
      }
    }
    int chunkSize = options.chunkSize();
    if (map) {
      int chunk = chunkSize == ChunkOptions.DEFAULT_CHUNK ? ChunkOptions.MAPPED_CHUNK : chunkSize;
      return new MappedChunkSource(path, channel, chunk, size, Math.max(window, chunk));
    }
    int chunk = chunkSize == ChunkOptions.DEFAULT_CHUNK ? ChunkOptions.BUFFERED_CHUNK : chunkSize;
    return new BufferedChunkSource(path, channel, chunk, stream ? -1 : size);
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
   * Feeds every chunk of {@code path} to {@code action}, in order, and returns the number of bytes
   * fed. A mapped read that faults because the file shrank, in this code or in {@code action}, is
   * thrown as the {@link FileSystemException} of {@link Faults#truncated}.
   */
  public static long forEach(Path path, Consumer<? super ByteBuffer> action) throws IOException {
    Objects.requireNonNull(action, "action");
    try (ChunkSource chunks = open(path, ChunkOptions.DEFAULTS)) {
      return feed(chunks, action);
    }
  }

  // The action's reads happen in this callee, inside its own try: an asynchronous fault error of a
  // mapped read is delivered before the try ends (Faults.deliverPending) and caught here.
  private static long feed(ChunkSource chunks, Consumer<? super ByteBuffer> action)
      throws IOException {
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
   * Hands out {@code min(max, bytes left)} bytes from {@link #position} and moves past them (fewer
   * only where end of file comes first), or returns null at end of file.
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
   * @throws IOException if the file cannot be read again from there (a FIFO or device moved
   *     backward)
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
   * Moves by {@code n} bytes, backward if negative; a move beyond {@link Long#MAX_VALUE} stops
   * there.
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

  /**
   * Throws if the file cannot go to {@code target}; the buffered strategy refuses FIFOs backward.
   */
  void checkMove(long target) throws IOException {}

  /**
   * The size of the file at open (as its file system reports it; a block device's size), or -1
   * where not known: FIFOs, character devices, sockets, and pseudo-files reporting size 0 (those of
   * {@code /proc}).
   */
  public final long size() {
    if (reportedSize != 0) {
      return reportedSize;
    }
    if (pseudo < 0) {
      pseudo =
          FileKinds.isPseudoFile(path) ? 1 : 0; // asked once: a file-store lookup costs ~100 us
    }
    return pseudo == 1 ? -1 : 0;
  }

  /** The file, as given to {@link #open}. */
  public final Path path() {
    return path;
  }

  /** The most bytes a chunk holds. */
  public final int chunkSize() {
    return chunkSize;
  }

  /**
   * The strategy used.
   *
   * @return {@link ChunkStrategy#MAPPED} or {@link ChunkStrategy#BUFFERED}, never {@code AUTO}
   */
  public abstract ChunkStrategy strategy();

  /** True once {@link #close()} has been called. */
  public final boolean isClosed() {
    return closed;
  }

  /**
   * Throws if the source is closed.
   *
   * @throws ClosedChannelException if {@link #close()} was called, or an interrupt closed the
   *     channel
   */
  public final void ensureOpen() throws ClosedChannelException {
    if (closed || !channel.isOpen()) { // an interrupt closes the channel under the reader
      throw new ClosedChannelException();
    }
  }

  /**
   * Releases the window or buffer, then closes the channel. Idempotent.
   *
   * @throws FileSystemException if a mapped read of the last chunk faulted (the file shrank) and
   *     its error was still pending
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
        "the file was truncated while read: " + sizeNow + " bytes now, " + limit + " when opened");
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
