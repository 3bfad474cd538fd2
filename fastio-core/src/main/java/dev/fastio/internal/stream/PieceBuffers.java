package dev.fastio.internal.stream;

import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.BufferPool.PooledBuffer;
import dev.fastio.internal.io.Placement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The buffers streams read and write their pieces through: one of the process-wide pool of {@link
 * BufferPool#READS} for the duration of a call, while streams hold fewer than {@link
 * BufferPool#slots()} of them; beyond that, none ({@link #take()} returns null), and the stream
 * hands the caller's array to the channel in pieces of the same size, which the JDK copies through
 * a temporary direct buffer it keeps per thread (one piece large, not growing with the request).
 *
 * <p>Why a bound: the pool keeps {@code slots()} buffers and makes a new one whenever it is empty,
 * which it drops to the garbage collector if the pool is full on release. More threads reading than
 * slots would then allocate native memory on every read, released only by a GC.
 */
final class PieceBuffers {
  private static final AtomicInteger TAKEN = new AtomicInteger();

  /** How far past {@link Placement#of(long)} a piece is put: 32 bytes, a multiple of 32. */
  static final int PLACEMENT_SHIFT = 32;

  private PieceBuffers() {}

  /** A pooled buffer for one call, or null when streams hold as many as the pool keeps. */
  static PooledBuffer take() {
    if (TAKEN.incrementAndGet() > BufferPool.slots()) {
      TAKEN.decrementAndGet();
      return null;
    }
    try {
      return BufferPool.READS.acquire();
    } catch (RuntimeException | Error e) { // no native memory left for a new one
      TAKEN.decrementAndGet();
      throw e;
    }
  }

  /** Gives back a buffer of {@link #take()}; null is ignored. */
  static void give(PooledBuffer buffer) {
    if (buffer != null) {
      buffer.close();
      TAKEN.decrementAndGet();
    }
  }

  /** The most bytes one piece holds: a pooled buffer's size. */
  static int pieceSize() {
    return BufferPool.READS.capacity();
  }

  /**
   * Where in a pooled buffer to put the bytes of file offset {@code position}: {@link
   * #PLACEMENT_SHIFT} bytes past the place {@link Placement#of(long)} gives (the same offset modulo
   * 32 as the file's, where the kernel's copy runs at full speed on processors that are slow 1 to
   * 31 bytes off), so that the buffer's bytes do not lie at the same offset within a page as the
   * page-cache bytes they are copied from, which some processors copy more slowly (see {@code
   * docs/maintainer-guide.md}). 32 to 63.
   */
  static int placement(long position) {
    return Placement.of(position) + PLACEMENT_SHIFT;
  }
}
