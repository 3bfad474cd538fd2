package dev.fastio.internal;

import java.nio.ByteBuffer;

/**
 * A direct buffer freed by {@link #close()}, not by the garbage collector: a reader that allocates one
 * per file would otherwise pile up native memory until a GC, and on JDK 17 make {@code
 * ByteBuffer.allocateDirect} call {@code System.gc()} and sleep once {@code -XX:MaxDirectMemorySize} is
 * reached (measured: a scan with a 1 MiB buffer per reader ran 3 times slower than with a pooled one).
 *
 * <p>This is the JDK 17 implementation: {@code ByteBuffer.allocateDirect}, freed through {@code
 * sun.misc.Unsafe.invokeCleaner} where the runtime allows it (else by the GC). The JDK 22+ overlay
 * allocates in a shared {@code Arena}. The buffer and every view of it must not be used after {@link
 * #close()}: on this implementation the memory is freed.
 */
public final class DirectBuffer implements AutoCloseable {
  /** The allocation, {@link IoBuffers#PAGE} - 1 bytes more than the buffer; close() frees it. */
  private final ByteBuffer raw;

  private final ByteBuffer buffer;
  private boolean closed;

  private DirectBuffer(ByteBuffer raw, int capacity) {
    this.raw = raw;
    this.buffer = IoBuffers.alignedSlice(raw, capacity);
  }

  /**
   * A new zeroed direct buffer of {@code capacity} bytes, page-aligned in memory (see {@link
   * IoBuffers#allocateAligned}).
   */
  public static DirectBuffer allocate(int capacity) {
    return new DirectBuffer(IoBuffers.allocatePadded(capacity), capacity);
  }

  /** The buffer: position 0, limit and capacity as allocated. */
  public ByteBuffer buffer() {
    return buffer;
  }

  /** Frees the memory now where the runtime allows, else leaves it to the GC. Idempotent. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      MappedRegion.release(raw); // the JDK frees a buffer by the one allocated, not by a slice
    }
  }
}
