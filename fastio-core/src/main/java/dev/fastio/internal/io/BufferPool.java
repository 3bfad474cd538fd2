package dev.fastio.internal.io;

import dev.fastio.internal.platform.AlignedBuffers;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A small, bounded pool of page-aligned direct buffers shared by all threads. Two pools: {@link
 * #READS}, for digests, streams and transfers, and {@link #CHUNKS}, for a {@code ChunkedReader}'s
 * buffered chunks and whole files read into arrays.
 *
 * <p>Each buffer has room for {@link #size()} bytes and one page more: a read placed up to 95 bytes
 * into the buffer (see {@link Placement}) still has {@code size()} bytes of room, and a read that
 * asks for one page more than a small file holds sees its end in one call.
 *
 * <p>The JDK keeps a temporary direct buffer as large as the largest request per thread, without
 * limit; a pool keeps at most {@link #slots()} buffers, so the native memory retained is at most
 * {@code slots() * (size() + 2 * PAGE - 1)} per pool for the whole process, whatever the file sizes
 * and however many threads (virtual ones included) use it. Thread-safe.
 */
public final class BufferPool {
  // Before the pools: they size their slots by it.
  private static final int SLOTS = Math.min(64, 2 * Runtime.getRuntime().availableProcessors());

  /** Digests, streams and transfers: 64 KiB (and a page) per buffer. */
  public static final BufferPool READS = new BufferPool(64 * 1024);

  /**
   * Buffered chunks (the default buffered chunk size) and whole files read into arrays: 128 KiB
   * (and a page) per buffer.
   */
  public static final BufferPool CHUNKS = new BufferPool(128 * 1024);

  private final int size;
  private final AtomicReferenceArray<PooledBuffer> slots = new AtomicReferenceArray<>(SLOTS);

  private BufferPool(int size) {
    this.size = size;
  }

  /**
   * The bytes each buffer has room for, less the spare page.
   *
   * @return bytes
   */
  public int size() {
    return size;
  }

  /**
   * The capacity of each buffer: {@link #size()} and a page.
   *
   * @return bytes
   */
  public int capacity() {
    return size + AlignedBuffers.PAGE;
  }

  /**
   * The most buffers each pool keeps: twice the processors, at most 64.
   *
   * @return the number of slots
   */
  public static int slots() {
    return SLOTS;
  }

  /**
   * A buffer owned by the caller until it closes it; taken from the pool or made anew.
   *
   * @return a cleared buffer of {@link #capacity()} bytes
   */
  public PooledBuffer acquire() {
    int n = slots.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      PooledBuffer b = slots.getAndSet((start + i) % n, null);
      if (b != null) {
        return b;
      }
    }
    return new PooledBuffer(this);
  }

  /** Puts {@code b} back, or drops it to the GC when the pool is full. */
  private void release(PooledBuffer b) {
    b.buffer.clear();
    int n = slots.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      if (slots.compareAndSet((start + i) % n, null, b)) {
        return;
      }
    }
  }

  /**
   * A pooled direct buffer, page-aligned; {@link #close()} gives it back. Not to be used after
   * close, which hands it to another thread.
   */
  public static final class PooledBuffer implements AutoCloseable {
    private final BufferPool pool;
    private final ByteBuffer buffer;

    private PooledBuffer(BufferPool pool) {
      this.pool = pool;
      this.buffer = AlignedBuffers.allocate(pool.capacity());
    }

    /**
     * The direct buffer.
     *
     * @return the same buffer until close
     */
    public ByteBuffer buffer() {
      return buffer;
    }

    /** Gives the buffer back to its pool. Call once. */
    @Override
    public void close() {
      pool.release(this);
    }
  }
}
