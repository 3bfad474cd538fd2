package dev.fastio.internal.io;

import java.nio.file.Path;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.io} holds. It lives in the
 * test sources, in the library's package (the tests run on the class path), so nothing in the
 * shipped jar exists for tests alone.
 */
public final class IoTestHook {
  private IoTestHook() {}

  /** The capacity of a pooled buffer for whole-file reads, digests and transfers. */
  public static int readBufferCapacity() {
    return BufferPool.READS.capacity();
  }

  /** The size of a pooled buffer for a buffered chunked scan: the bytes one chunk reads. */
  public static int chunkBufferSize() {
    return BufferPool.CHUNKS.size();
  }

  /** How many buffers each pool keeps. */
  public static int poolSlots() {
    return BufferPool.slots();
  }

  /** Whether {@code path} lives on a rotational disk. */
  public static boolean isRotational(Path path) {
    return BlockDevices.isRotational(path);
  }
}
