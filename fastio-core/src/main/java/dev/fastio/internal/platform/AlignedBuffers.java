package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * Direct buffers that start at a page boundary in memory. {@code ByteBuffer.allocateDirect} gives
 * only {@code malloc}'s 16-byte alignment, and the kernel copies from the page cache fastest into a
 * buffer that lies a multiple of 32 bytes from the bytes it copies modulo a page (see {@code
 * io.Placement} and {@code docs/maintainer-guide.md}).
 */
public final class AlignedBuffers {
  /**
   * The alignment of every buffer the kernel fills for fastio: 4096 bytes (a page on x86-64; on
   * systems of 16 or 64 KiB pages, a boundary the kernel's copy aligns to all the same).
   */
  public static final int PAGE = 4096;

  private AlignedBuffers() {}

  /**
   * A new direct buffer of exactly {@code capacity} bytes that starts at a page boundary, freed by
   * the garbage collector.
   *
   * @throws ArithmeticException if {@code capacity + PAGE - 1} overflows an int
   */
  public static ByteBuffer allocate(int capacity) {
    return slice(padded(capacity), capacity);
  }

  /**
   * A new direct buffer of {@code capacity + PAGE - 1} bytes: room for {@link #slice} to find
   * {@code capacity} page-aligned bytes in it.
   *
   * @throws ArithmeticException if that size overflows an int
   */
  static ByteBuffer padded(int capacity) {
    return ByteBuffer.allocateDirect(Math.addExact(capacity, PAGE - 1));
  }

  /**
   * The {@code capacity} bytes of {@code raw} from its first page boundary on; {@code raw} is
   * direct, of at least {@code capacity + PAGE - 1} bytes, and stays reachable as long as the slice
   * is (a slice refers to it).
   */
  static ByteBuffer slice(ByteBuffer raw, int capacity) {
    int misalignment = raw.alignmentOffset(0, PAGE);
    return raw.slice(misalignment == 0 ? 0 : PAGE - misalignment, capacity);
  }
}
