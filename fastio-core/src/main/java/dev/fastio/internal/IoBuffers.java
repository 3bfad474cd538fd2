package dev.fastio.internal;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A small, bounded pool of {@link IoBuffer}s shared by all threads.
 *
 * <p>The JDK keeps a temporary direct buffer as large as the largest request per thread, without limit;
 * fastio instead reads through fixed {@link #SIZE}-byte buffers and keeps at most {@link #slots()} of
 * them, so the native memory retained is bounded by {@code slots() * SIZE} for the whole process,
 * whatever the file sizes and however many threads (virtual ones included) call it.
 */
public final class IoBuffers {
  /**
   * Bytes per buffer: 64 KiB, large enough to amortise the system call and small enough to stay in L2,
   * plus one page, so that a file of up to 64 KiB is read, and its end seen (a short read), in one
   * system call where a 64 KiB buffer needs a second read that returns 0.
   */
  public static final int SIZE = 64 * 1024 + 4096;

  private static final AtomicReferenceArray<IoBuffer> POOL =
      new AtomicReferenceArray<>(Math.min(64, 2 * Runtime.getRuntime().availableProcessors()));

  private IoBuffers() {}

  /** A buffer owned by the caller until {@link #release}; taken from the pool or made anew. */
  public static IoBuffer acquire() {
    int n = POOL.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      IoBuffer b = POOL.getAndSet((start + i) % n, null);
      if (b != null) {
        return b;
      }
    }
    return new IoBuffer();
  }

  /** Returns a buffer to the pool (or drops it to the GC when the pool is full). */
  public static void release(IoBuffer b) {
    b.direct.clear();
    int n = POOL.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      if (POOL.compareAndSet((start + i) % n, null, b)) {
        return;
      }
    }
  }

  /** The most buffers the pool keeps. */
  public static int slots() {
    return POOL.length();
  }

  /** A direct buffer for the kernel to fill. */
  public static final class IoBuffer {
    /** Direct, {@link #SIZE} bytes. */
    public final ByteBuffer direct = ByteBuffer.allocateDirect(SIZE);

    IoBuffer() {}
  }
}
