package dev.fastio.internal.mapping;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.PageTouch;
import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.jfr.Jfr;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The implementation of {@code dev.fastio.MappedFile}: a read-only {@link MappedRegion} of a file,
 * with the file's path for error messages, a count of the fastio operations using it (so {@link
 * #close()} never unmaps under a running read) and fault handling for files truncated while mapped;
 * and {@link #loadBuffer(MappedByteBuffer)}, {@code MappedFiles.loadFully} for a buffer of the
 * caller's. Thread-safe.
 */
public final class FileMapping implements AutoCloseable {
  /**
   * Bit of {@link #state} set once {@link #close()} has begun; the other bits count active users.
   */
  private static final int CLOSED = Integer.MIN_VALUE;

  private final Path path;
  private final MappedRegion region;
  private final MappedByteBuffer[] windows;
  private final int windowSize;
  private final AtomicInteger state = new AtomicInteger();

  private FileMapping(Path path, MappedRegion region, int windowSize) {
    this.path = path;
    this.region = region;
    this.windowSize = windowSize;
    this.windows = new MappedByteBuffer[region.windowCount()];
    for (int i = 0; i < windows.length; i++) {
      windows[i] = region.window(i);
    }
  }

  /**
   * Maps {@code [position, position + size)} of the regular file {@code path} read-only; {@code
   * size < 0} means to the end of the file.
   *
   * @throws IllegalArgumentException if {@code position < 0}
   * @throws FileSystemException if the file is not a regular file, or the region ends beyond its
   *     end
   * @throws IOException if the file cannot be opened or mapped; the message names the limit to
   *     raise
   */
  public static FileMapping open(Path path, long position, long size) throws IOException {
    return open(path, position, size, PlatformProvider.Sharing.SHARED);
  }

  /**
   * As {@link #open(Path, long, long)}, for the threads {@code sharing} says.
   *
   * @param sharing {@link PlatformProvider.Sharing#CONFINED} if only the calling thread will use
   *     and close the mapping (cheaper to close on JDK 22+)
   */
  public static FileMapping open(
      Path path, long position, long size, PlatformProvider.Sharing sharing) throws IOException {
    return open(path, position, size, MappedRegion.MAX_WINDOW, sharing);
  }

  /**
   * As {@link #open(Path, long, long, PlatformProvider.Sharing)}, in windows of {@code windowSize}
   * bytes (tests reach it through their hook, to cross window boundaries in small files).
   *
   * @throws IllegalArgumentException if {@code windowSize} is out of range
   */
  static FileMapping open(
      Path path, long position, long size, int windowSize, PlatformProvider.Sharing sharing)
      throws IOException {
    Objects.requireNonNull(path, "path");
    if (position < 0) {
      throw new IllegalArgumentException("position < 0: " + position);
    }
    if (windowSize <= 0 || windowSize > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
    checkMappable(path);
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      long length = regionLength(path, file.size(), position, size);
      MappedRegion region;
      try {
        region = file.map(position, length, windowSize, sharing);
      } catch (IOException | OutOfMemoryError e) {
        throw Faults.mapFailed(path, length, e);
      }
      return new FileMapping(path, region, windowSize);
    } // the mapping outlives the channel
  }

  /**
   * Checked before opening: opening a FIFO for reading would block until a writer comes.
   *
   * @throws FileSystemException if {@code path} is not a regular file of the default file system
   */
  private static void checkMappable(Path path) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
    if (!attributes.isRegularFile()) {
      throw new FileSystemException(
          path.toString(), null, "not a regular file: " + kind(attributes));
    }
    if (!FileKinds.isDefaultFileSystem(path)) {
      throw new FileSystemException(
          path.toString(), null, "cannot be mapped: not a file of the default file system");
    }
  }

  /**
   * The bytes to map: {@code size}, or to the end of the file if negative.
   *
   * @throws FileSystemException if the region ends beyond the end of the file, or the file is a
   *     pseudo-file of size 0 whose content a mapping would not show
   */
  private static long regionLength(Path path, long fileSize, long position, long size)
      throws IOException {
    if (fileSize == 0 && FileKinds.isPseudoFile(path)) {
      throw new FileSystemException(
          path.toString(),
          null,
          "cannot be mapped: size 0 reported by a pseudo-file system (/proc, /sys)");
    }
    long length = size < 0 ? Math.max(0, fileSize - position) : size;
    if (position > fileSize || length > fileSize - position) {
      throw new FileSystemException(
          path.toString(),
          null,
          "region ["
              + position
              + ", "
              + (position + length)
              + ") ends beyond the end of file at "
              + fileSize);
    }
    return length;
  }

  private static String kind(BasicFileAttributes a) {
    if (a.isDirectory()) {
      return "a directory";
    }
    if (a.isSymbolicLink()) {
      return "a dangling or looping symbolic link";
    }
    return "a FIFO, socket or device";
  }

  /** The file, as given to {@link #open}. */
  public Path path() {
    return path;
  }

  /** The mapped length in bytes. */
  public long size() {
    return region.size();
  }

  /** The number of windows. */
  public int windowCount() {
    return windows.length;
  }

  /** The offset of window {@code i} in the mapped region. */
  public long windowPosition(int i) {
    Objects.checkIndex(i, windows.length);
    return (long) i * windowSize;
  }

  /**
   * A new read-only view of window {@code i} for a user: position 0, limit and capacity its length
   * (see {@link MappedRegion#exposedWindow}).
   *
   * @throws IllegalStateException if closed
   * @throws IndexOutOfBoundsException if {@code i} is not a window
   */
  public MappedByteBuffer window(int i) {
    Objects.checkIndex(i, windows.length);
    acquire();
    try {
      return region.exposedWindow(i);
    } finally {
      release();
    }
  }

  /**
   * Touches every page of every window so it is resident (see {@link PageTouch}).
   *
   * @return the number of pages touched
   * @throws IllegalStateException if closed
   * @throws FileSystemException naming the file if it was truncated under the mapping
   */
  public long loadFully() throws IOException {
    acquire();
    try {
      Object event = Jfr.beginLoadFully();
      long pages = touchAll(windows);
      Faults.deliverPending(); // a fault of the loop is thrown here, inside this try
      if (event != null) {
        Jfr.commitLoadFully(event, path.toString(), size(), pages);
      }
      return pages;
    } catch (InternalError e) {
      throw fault(e);
    } finally {
      release();
    }
  }

  // The mapped reads happen in this callee, so the caller's try covers them however they are
  // inlined.
  private static long touchAll(MappedByteBuffer[] windows) {
    long pages = 0;
    for (MappedByteBuffer w : windows) {
      PageTouch.touch(w);
      pages += (w.capacity() + PageTouch.STRIDE - 1) / PageTouch.STRIDE;
    }
    return pages;
  }

  /**
   * True if every page of the mapping is resident ({@code mincore}), a hint as in {@link
   * MappedByteBuffer#isLoaded()}.
   *
   * @throws IllegalStateException if closed
   */
  public boolean isLoaded() {
    acquire();
    try {
      for (MappedByteBuffer w : windows) {
        if (!w.isLoaded()) {
          return false;
        }
      }
      return true;
    } finally {
      release();
    }
  }

  /**
   * Copies {@code length} bytes from {@code position} of the mapping into {@code dst[offset..]}.
   *
   * @throws IndexOutOfBoundsException if the range is outside the mapping or {@code dst}
   * @throws IllegalStateException if closed
   * @throws FileSystemException naming the file if it was truncated under the mapping
   */
  public void read(long position, byte[] dst, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, dst.length);
    Objects.checkFromIndexSize(position, length, size());
    acquire();
    try {
      copy(windows, windowSize, position, dst, offset, length);
      Faults.deliverPending(); // a fault of the copy is thrown here, inside this try
    } catch (InternalError e) {
      throw fault(e);
    } finally {
      release();
    }
  }

  private static void copy(
      MappedByteBuffer[] windows,
      int windowSize,
      long position,
      byte[] dst,
      int offset,
      int length) {
    while (length > 0) {
      int w = (int) (position / windowSize);
      int at = (int) (position % windowSize);
      int n = Math.min(length, windows[w].capacity() - at);
      windows[w].get(at, dst, offset, n); // absolute: shared buffers are never moved
      position += n;
      offset += n;
      length -= n;
    }
  }

  /**
   * Touches every page of a buffer the caller mapped; see {@code MappedFiles.loadFully}.
   *
   * @throws FileSystemException naming the mapped file (from {@code /proc/self/maps} where it can
   *     be found) if the file was truncated under the mapping
   */
  public static void loadBuffer(MappedByteBuffer buffer) throws IOException {
    try {
      Object event = Jfr.beginLoadFully();
      PageTouch.touch(buffer);
      Faults.deliverPending(); // a fault of the loop is thrown here, inside this try
      if (event != null) {
        int bytes = buffer.capacity();
        Jfr.commitLoadFully(
            event,
            MappedFileNames.describe(buffer),
            bytes,
            (bytes + PageTouch.STRIDE - 1) / PageTouch.STRIDE);
      }
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw Faults.truncated(MappedFileNames.describe(buffer), e);
      }
      throw e;
    }
  }

  private IOException fault(InternalError e) {
    if (Faults.isMappingFault(e)) {
      return Faults.truncated(path, e);
    }
    throw e;
  }

  /** True once {@link #close()} has been called. */
  public boolean isClosed() {
    return state.get() < 0;
  }

  /**
   * Unmaps now (where the runtime allows, else leaves it to the GC), after waiting for the fastio
   * operations already running on this mapping to finish. Idempotent, any thread.
   */
  @Override
  public void close() {
    int s;
    do {
      s = state.get();
      if (s < 0) {
        return;
      }
    } while (!state.compareAndSet(s, s | CLOSED));
    while (state.get() != CLOSED) {
      LockSupport.parkNanos(10_000); // operations in flight are short: a copy or a touch loop
    }
    region.close();
  }

  private void acquire() {
    int s;
    do {
      s = state.get();
      if (s < 0) {
        throw new IllegalStateException("mapping closed: " + path);
      }
    } while (!state.compareAndSet(s, s + 1));
  }

  private void release() {
    state.decrementAndGet();
  }

  @Override
  public String toString() {
    return "MappedFile[" + path + ", " + size() + " bytes" + (isClosed() ? ", closed]" : "]");
  }
}
