package dev.fastio.internal.platform;

import java.nio.MappedByteBuffer;

/**
 * A read-only mapping of a file region of any size, seen as windows of at most {@link #MAX_WINDOW}
 * bytes, released by {@link #close()}. Made by {@link PlatformProvider#map}.
 *
 * <p>Window {@code i} covers the region's bytes from {@code i * windowSize}. Windows must not be
 * used after {@link #close()}: the JDK 22+ implementation then throws {@link
 * IllegalStateException}; the JDK 17 one has unmapped the memory, and a read would crash the JVM,
 * unless a window was {@linkplain #exposedWindow exposed}. Callers inside fastio never let a window
 * escape past close. {@link #window} and {@link #size()} may be called from any thread; {@link
 * #close()} once the windows are no longer read.
 */
public abstract class MappedRegion implements AutoCloseable {
  /** The largest window, in bytes: 1 GiB. */
  public static final int MAX_WINDOW = 1 << 30;

  private final long size;
  private final int windowSize;
  private final int windowCount;
  private volatile boolean closed;

  MappedRegion(long size, int windowSize) {
    this.size = size;
    this.windowSize = windowSize;
    this.windowCount = windowCount(size, windowSize);
  }

  /**
   * The number of windows of {@code windowSize} bytes a region of {@code size} bytes has.
   *
   * @throws IllegalArgumentException if {@code windowSize} is not in {@code [1, MAX_WINDOW]} or the
   *     count exceeds an int
   */
  static int windowCount(long size, int windowSize) {
    if (windowSize <= 0 || windowSize > MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
    long count = (size + windowSize - 1) / windowSize;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many windows: " + count);
    }
    return (int) count;
  }

  /**
   * The mapped length.
   *
   * @return bytes
   */
  public final long size() {
    return size;
  }

  /**
   * The number of windows.
   *
   * @return 0 for an empty region
   */
  public final int windowCount() {
    return windowCount;
  }

  /**
   * Window {@code i}: a new read-only view, position 0, limit its length.
   *
   * @param i the window's index
   * @return the view
   * @throws IllegalStateException if closed
   * @throws IndexOutOfBoundsException if {@code i} is not a window
   */
  public final MappedByteBuffer window(int i) {
    if (closed) {
      throw new IllegalStateException("mapping closed");
    }
    long offset = (long) java.util.Objects.checkIndex(i, windowCount) * windowSize;
    return view(i, offset, (int) Math.min(windowSize, size - offset));
  }

  /**
   * {@link #window(int)} for a view that leaves fastio (a user's buffer), which may be read after
   * {@link #close()}. Where reading unmapped memory would crash the JVM (JDK 17 to 21), close then
   * leaves the unmapping to the garbage collector, so such a view reads the file's bytes for as
   * long as it is reachable; elsewhere it throws {@link IllegalStateException} after close.
   *
   * @param i the window's index
   * @return the view
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer exposedWindow(int i) {
    return window(i);
  }

  /**
   * The view of window {@code i}, which starts at {@code offset} and holds {@code length} bytes.
   */
  abstract MappedByteBuffer view(int i, long offset, int length);

  /**
   * Unmaps now where the runtime allows, else leaves the windows to the GC. Idempotent.
   *
   * @throws InternalError the fault error of an earlier read of a window, should one still be
   *     pending (see {@link Faults#deliverPending()}); the mapping is released all the same
   */
  @Override
  public final void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      // Thrown here, not later: delivered inside the JDK's unmapping cleaner, a pending fault would
      // make the JDK exit the VM ("Cleaner terminated abnormally").
      Faults.deliverPending();
    } finally {
      release();
    }
  }

  /** Unmaps; called once. */
  abstract void release();
}
