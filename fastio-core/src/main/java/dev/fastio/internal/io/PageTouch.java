package dev.fastio.internal.io;

import java.nio.ByteBuffer;

/**
 * The page-touch loop behind {@code MappedFiles.loadFully}: reads one byte of every page of a
 * buffer so the kernel faults the page in.
 *
 * <p>The bytes read are summed into a value written to a {@code volatile} field and returned; the
 * JIT cannot prove either unused, so it cannot delete the loop (HotSpot once removed the JDK's own
 * {@code load()} loop, whose result went nowhere). The test suite checks residency with the loop
 * compiled by C2.
 */
public final class PageTouch {
  /**
   * Distance between two touched bytes: 4 KiB, the smallest page size of the platforms the JDK runs
   * on, so every page is touched on every platform (on 16 KiB or 64 KiB page systems a page is
   * touched more than once, at no cost beyond a cached load).
   */
  public static final int STRIDE = 4096;

  /** The sink: written with every result, so the JIT must compute it. */
  // Written, never read, on purpose: a volatile store the JIT must perform, so the loop stays.
  @SuppressWarnings({"NonFinalStaticField", "UnusedVariable"})
  private static volatile int sink;

  private PageTouch() {}

  /**
   * Touches one byte in every page of {@code buffer[0, capacity)}, whatever its position and limit.
   *
   * <p>Call it inside the {@code try} that catches the mapping fault of a truncated file, followed
   * by {@code Faults.deliverPending()}: the fault error is asynchronous.
   *
   * @return the sum of the bytes read (meaningless but computed)
   */
  public static int touch(ByteBuffer buffer) {
    int x = touch(buffer, 0, buffer.capacity(), STRIDE);
    sink = x;
    return x;
  }

  /**
   * Touches {@code buffer[from]}, then every {@code stride} bytes, then {@code buffer[to - 1]},
   * with absolute reads (no buffer state changes; safe on a buffer shared between threads). The
   * last byte is touched because the buffer need not start on a page boundary.
   *
   * @return the sum of the bytes read; also written to the sink
   */
  public static int touch(ByteBuffer buffer, int from, int to, int stride) {
    if (from >= to) {
      return 0;
    }
    int x = read(buffer.duplicate().clear(), from, to, stride); // absolute reads up to the capacity
    sink = x;
    return x;
  }

  /**
   * Reads {@code buffer[from]}, then every {@code stride} bytes, then {@code buffer[to - 1]}, with
   * absolute reads within the buffer's limit, and returns their sum, which the caller must keep (in
   * a field) so the JIT cannot drop the reads: no copy of the buffer, no sink. For a hot path that
   * owns the buffer, such as a chunk about to be handed out.
   */
  public static int read(ByteBuffer buffer, int from, int to, int stride) {
    int x = 0;
    for (int i = from;
        i < to && i >= 0;
        i += stride) { // i >= 0: no overflow near Integer.MAX_VALUE
      x += buffer.get(i);
    }
    return x + buffer.get(to - 1);
  }
}
