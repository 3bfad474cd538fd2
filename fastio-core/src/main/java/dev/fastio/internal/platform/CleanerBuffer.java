package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * The JDK 17 native buffer: a page-aligned slice of {@code ByteBuffer.allocateDirect}, freed
 * through {@code sun.misc.Unsafe.invokeCleaner} where the runtime allows it (else by the GC).
 */
final class CleanerBuffer extends NativeBuffer {
  /** The allocation, {@code PAGE - 1} bytes more than the buffer: what the cleaner frees. */
  private final ByteBuffer raw;

  CleanerBuffer(int capacity) {
    this(AlignedBuffers.padded(capacity), capacity);
  }

  private CleanerBuffer(ByteBuffer raw, int capacity) {
    super(AlignedBuffers.slice(raw, capacity));
    this.raw = raw;
  }

  @Override
  void free() {
    UnsafeAccess.free(raw); // the JDK frees a buffer by the one allocated, not by a slice
  }
}
