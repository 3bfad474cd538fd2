package dev.fastio.internal.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A byte sought in a range of a byte array eight bytes at a time (SWAR: a byte equal to the one
 * sought is a zero byte of the word XOR the pattern; the lowest flagged byte is exact, a borrow
 * only flags bytes above it). For {@code LineScanner.Line}, whose bytes are a range of a buffer.
 */
public final class ByteArraySearch {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private ByteArraySearch() {}

  /**
   * The index in {@code a} of the first {@code b} in {@code a[from, to)}, or -1.
   *
   * @param a the array
   * @param from the first index searched, 0 or more
   * @param to the end of the range, at most {@code a.length}
   * @param b the byte sought
   * @return its index, or -1
   */
  public static int indexOf(byte[] a, int from, int to, byte b) {
    long pattern = (b & 0xFFL) * ONES;
    int i = from;
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long w = (long) LONGS.get(a, i) ^ pattern;
      long found = (w - ONES) & ~w & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (a[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
