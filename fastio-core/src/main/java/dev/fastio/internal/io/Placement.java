package dev.fastio.internal.io;

import dev.fastio.internal.platform.AlignedBuffers;

/**
 * Where in a page-aligned buffer to read a file's bytes so that the kernel's copies in and out of
 * it run at full speed.
 *
 * <p>On some processors the kernel's copy between the page cache and a user buffer is several times
 * slower when the destination lies 1 to 31 bytes after the source modulo a page, and fastest at
 * multiples of 32; {@code docs/maintainer-guide.md} has the figures. A buffer at a page boundary is
 * thus slow for every read from the last 31 bytes of a page of the file, and for every write to the
 * first 31; {@link #of(long, long)} avoids both.
 */
public final class Placement {
  /** The distance modulo which the kernel's copy is fastest: 32 bytes. */
  public static final int ALIGN = 32;

  private static final int PAGE = AlignedBuffers.PAGE;

  private Placement() {}

  /**
   * The index in a page-aligned buffer at which to read the file's bytes from {@code position}: the
   * same offset modulo 32 as the file's, 0 to 31. Same as {@code of(position, -1)}.
   *
   * @param position the file offset of the first byte read
   * @return 0 to 31
   */
  public static int of(long position) {
    return of(position, -1);
  }

  /**
   * The index in a page-aligned buffer at which to read the file's bytes from {@code source}: the
   * same offset modulo 32 as the source, moved on by 32 or 64 bytes where the copy out of the
   * buffer to file offset {@code target} would otherwise land 1 to 63 bytes (other than 32) after
   * its source modulo a page. At most 95; the copy into the buffer always lands a multiple of 32
   * bytes after its source.
   *
   * @param source the file offset of the first byte read
   * @param target the file offset the first byte is written to, or -1 if unknown or not a file
   * @return 0 to 95
   */
  public static int of(long source, long target) {
    int at = (int) (source & (ALIGN - 1));
    if (target >= 0) {
      // Each step moves the write's distance by 32, so two steps clear the slow distances.
      while (slowWrite((int) (target & (PAGE - 1)) - at)) {
        at += ALIGN;
      }
    }
    return at;
  }

  /**
   * True if a copy from file or buffer offset {@code source} to {@code target} is one of the slow
   * ones: the target 1 to 31 bytes after the source modulo a page. The kernel's own copy from a
   * file to a file ({@code copy_file_range}, {@code sendfile}) meets it too.
   *
   * @param source the offset copied from
   * @param target the offset copied to
   * @return true where the copy is slow
   */
  public static boolean slowCopy(long source, long target) {
    int d = (int) ((target - source) & (PAGE - 1));
    return d > 0 && d < ALIGN;
  }

  /**
   * True if a write whose source lies {@code delta} bytes before its destination is slow: 1 to 63
   * bytes modulo a page, other than 32.
   */
  private static boolean slowWrite(int delta) {
    int d = delta & (PAGE - 1);
    return d % ALIGN != 0 && d < 2 * ALIGN;
  }
}
