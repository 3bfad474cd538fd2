package dev.fastio.internal;

import java.lang.foreign.Arena;
import java.nio.ByteBuffer;

/**
 * A direct buffer freed by {@link #close()}, not by the garbage collector (see the JDK 17 version for
 * why).
 *
 * <p>This is the JDK 22+ implementation (multi-release overlay): the memory is a segment of a shared
 * {@link Arena}, freed by closing it, without {@code sun.misc.Unsafe}. Shared, so that the buffer may
 * be used and closed by any thread, one at a time. A view used after {@link #close()} throws {@link
 * IllegalStateException}; it never reads freed memory.
 */
public final class DirectBuffer implements AutoCloseable {
  private final Arena arena;
  private final ByteBuffer buffer;
  private boolean closed;

  private DirectBuffer(Arena arena, ByteBuffer buffer) {
    this.arena = arena;
    this.buffer = buffer;
  }

  /**
   * A new zeroed direct buffer of {@code capacity} bytes, page-aligned in memory (see {@link
   * IoBuffers#allocateAligned}).
   */
  // Ownership of the arena passes to the DirectBuffer, whose close() closes it.
  @SuppressWarnings("MustBeClosedChecker")
  public static DirectBuffer allocate(int capacity) {
    Arena arena = Arena.ofShared();
    try {
      return new DirectBuffer(arena, arena.allocate(capacity, IoBuffers.PAGE).asByteBuffer());
    } catch (RuntimeException | Error e) {
      arena.close();
      throw e;
    }
  }

  /** The buffer: position 0, limit and capacity as allocated. */
  public ByteBuffer buffer() {
    return buffer;
  }

  /** Frees the memory now. Idempotent. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      arena.close();
    }
  }
}
