package dev.fastio.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A read-only mapping of a file region of any size, cut into windows of at most {@link #MAX_WINDOW}
 * bytes, released by {@link #close()}.
 *
 * <p>This is the JDK 22+ implementation (multi-release overlay): one {@link MemorySegment} mapped by
 * {@code FileChannel.map(mode, offset, size, Arena)}, whatever its size; windows are {@code
 * MappedByteBuffer} views of it; {@link #close()} closes the arena, which unmaps at once. A window used
 * after close throws {@link IllegalStateException}; it never crashes the JVM.
 */
public final class MappedRegion implements AutoCloseable {
  /** Largest window, in bytes. */
  public static final int MAX_WINDOW = 1 << 30;

  /**
   * Whether a reader of windows should touch one byte of every page of a chunk before handing it out,
   * so that its pages are present when the caller reads them. True on this runtime: touching the pages
   * first made a 256 MiB scan 4-14 % faster (JMH, JDK 25, alternating single-fork runs of two builds).
   */
  public static final boolean TOUCH_PAGES = true;

  private final Arena arena;
  private final MemorySegment segment;
  private final int windowSize;
  private final int windowCount;
  private volatile boolean closed;

  private MappedRegion(Arena arena, MemorySegment segment, int windowSize, int windowCount) {
    this.arena = arena;
    this.segment = segment;
    this.windowSize = windowSize;
    this.windowCount = windowCount;
  }

  /**
   * Maps {@code [position, position + size)} of {@code channel} read-only, exposed in windows of at most
   * {@code windowSize} bytes.
   *
   * @param shared true for an arena any thread may use (and close), false for one confined to the
   *     calling thread (cheaper to close)
   */
  public static MappedRegion map(
      FileChannel channel, long position, long size, int windowSize, boolean shared)
      throws IOException {
    if (windowSize <= 0 || windowSize > MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
    long count = (size + windowSize - 1) / windowSize;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many windows: " + count);
    }
    if (size == 0) {
      return new MappedRegion(null, MemorySegment.NULL, windowSize, 0);
    }
    Arena arena = newArena(shared);
    try {
      MemorySegment segment = channel.map(FileChannel.MapMode.READ_ONLY, position, size, arena);
      return new MappedRegion(arena, segment, windowSize, (int) count);
    } catch (IOException | RuntimeException | Error e) {
      arena.close();
      throw e;
    }
  }

  // Ownership of the arena passes to the caller, which closes it on every path.
  @SuppressWarnings("MustBeClosedChecker")
  private static Arena newArena(boolean shared) {
    if (shared) {
      return Arena.ofShared();
    }
    return Arena.ofConfined();
  }

  /** Maps with {@link #MAX_WINDOW}-sized windows. */
  public static MappedRegion map(FileChannel channel, long position, long size, boolean shared)
      throws IOException {
    return map(channel, position, size, MAX_WINDOW, shared);
  }

  /** The mapped length in bytes. */
  public long size() {
    return segment.byteSize();
  }

  /** The number of windows. */
  public int windowCount() {
    return windowCount;
  }

  /**
   * Window {@code i}: its own read-only view, position 0, limit its length.
   *
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer window(int i) {
    if (closed) {
      throw new IllegalStateException("mapping closed");
    }
    long offset = (long) i * windowSize;
    long length = Math.min(windowSize, segment.byteSize() - offset);
    return (MappedByteBuffer) segment.asSlice(offset, length).asByteBuffer();
  }

  /**
   * {@link #window(int)} for a view that leaves fastio (a user's buffer). On this implementation the
   * same: after {@link #close()} such a view throws {@link IllegalStateException}, and close unmaps at
   * once.
   *
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer exposedWindow(int i) {
    return window(i);
  }

  /** The whole mapping as one segment (JDK 22+ only). */
  public MemorySegment segment() {
    return segment;
  }

  /** True when this region has been closed. */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Closes the arena, which unmaps at once. Idempotent.
   *
   * @throws InternalError the fault error of an earlier read of a window, should one still be pending
   *     (see {@link Faults#deliverPending()}); the mapping is released all the same
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Faults.deliverPending(); // a fault still pending from a read is thrown here, not later
    } finally {
      if (arena != null) {
        arena.close();
      }
    }
  }

  /** True when {@link #close()} unmaps at once on this runtime. */
  public static boolean releasesImmediately() {
    return true;
  }

  /** How mappings are made and released on this runtime, for diagnostics and tests. */
  public static String mechanism() {
    return "jdk22-arena";
  }

  /**
   * The native address of a direct buffer's first element, for diagnostics (naming the file behind a
   * mapping in an error message); never used to access memory.
   *
   * @return -1 if {@code buffer} is not direct or the runtime does not tell
   */
  public static long address(ByteBuffer buffer) {
    if (!buffer.isDirect()) {
      return -1;
    }
    try {
      return MemorySegment.ofBuffer(buffer).address();
    } catch (RuntimeException e) {
      return -1;
    }
  }

  /**
   * Unmaps a buffer created by {@code FileChannel.map} now, if the runtime allows. On JDK 22+ fastio
   * does not touch {@code sun.misc.Unsafe}, whose memory-access methods warn from JDK 24 on, so buffers
   * mapped by the caller through {@code FileChannel.map(mode, position, size)} are left to the GC.
   *
   * @return false: the GC releases the buffer
   */
  public static boolean release(ByteBuffer buffer) {
    if (!buffer.isDirect()) {
      throw new IllegalArgumentException("not a direct buffer: " + buffer);
    }
    return false;
  }
}
