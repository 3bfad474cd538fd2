package dev.fastio.internal.platform;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The {@link ByteSearch} on eight bytes at a time in a {@code long}: a byte equal to the value
 * sought is a zero byte of the word XOR the value repeated, and {@link #zeros(long)} flags exactly
 * those (no false positive above a true zero, unlike the shorter {@code (x - 0x01..) & ~x} form).
 */
final class SwarByteSearch implements ByteSearch {
  static final SwarByteSearch INSTANCE = new SwarByteSearch();

  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Values below this (LF, CR, NUL) are searched with a cheaper test of each word first: whether it
   * has a byte up to the larger value at all.
   */
  private static final int SMALL = 0x20;

  private SwarByteSearch() {}

  @Override
  public String name() {
    return "swar 8x8-bit";
  }

  @Override
  public long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs) {
    return pairs && a != b ? countPairs(buf, from, to, a, b) : countAny(buf, from, to, a, b);
  }

  /**
   * {@link #count} without pairs. A byte's flag is the high bit of its byte of the word; the flags
   * of four words, shifted by 0 to 3 bits, cannot collide, so one {@code bitCount} counts four
   * words. The order of the bytes in a word does not matter here. Two values below {@link #SMALL}
   * skip the four words at once when none has a byte that low (for one value the exact test is as
   * cheap as that first one).
   */
  private static long countAny(ByteBuffer buf, int from, int to, byte a, byte b) {
    long pa = (a & 0xFF) * ONES;
    long pb = (b & 0xFF) * ONES;
    boolean two = a != b;
    long bound = two ? bound(a, b) : 0;
    long n = 0;
    int i = from;
    for (; i + 4 * Long.BYTES <= to; i += 4 * Long.BYTES) {
      long w0 = buf.getLong(i);
      long w1 = buf.getLong(i + Long.BYTES);
      long w2 = buf.getLong(i + 2 * Long.BYTES);
      long w3 = buf.getLong(i + 3 * Long.BYTES);
      if (bound != 0 && noneBelow(w0, w1, w2, w3, bound)) {
        continue;
      }
      long m0 = hits(w0, pa, pb, two);
      long m1 = hits(w1, pa, pb, two);
      long m2 = hits(w2, pa, pb, two);
      long m3 = hits(w3, pa, pb, two);
      n += Long.bitCount(m0 | (m1 >>> 1) | (m2 >>> 2) | (m3 >>> 3));
    }
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      n += Long.bitCount(hits(buf.getLong(i), pa, pb, two));
    }
    for (; i < to; i++) {
      byte v = buf.get(i);
      n += v == a || v == b ? 1 : 0;
    }
    return n;
  }

  /**
   * The larger of two values plus one, repeated in each byte, if below {@link #SMALL} (LF, CR, NUL:
   * most words of text have no byte that low); else 0, for no first test.
   */
  private static long bound(byte a, byte b) {
    int max = Math.max(a & 0xFF, b & 0xFF);
    return max < SMALL ? (max + 1) * ONES : 0;
  }

  /**
   * Whether none of four words has a byte below {@code bound}'s: {@code (w - bound) & ~w} has a
   * byte's high bit set for the lowest such byte (which never borrows), so the test has no false
   * negative, for a bound up to 0x80.
   */
  private static boolean noneBelow(long w0, long w1, long w2, long w3, long bound) {
    return ((((w0 - bound) & ~w0)
                | ((w1 - bound) & ~w1)
                | ((w2 - bound) & ~w2)
                | ((w3 - bound) & ~w3))
            & HIGHS)
        == 0;
  }

  /**
   * The flags of the bytes of {@code w} equal to {@code pa}'s byte or, if {@code two}, {@code
   * pb}'s.
   */
  private static long hits(long w, long pa, long pb, boolean two) {
    return two ? zeros(w ^ pa) | zeros(w ^ pb) : zeros(w ^ pa);
  }

  /**
   * {@link #count} with pairs: a {@code b} directly followed by an {@code a} counts once. Four
   * words a step, skipped together as in {@link #countAny}; a pair's flag is its {@code a}'s, so
   * the pairs of four words are counted by one {@code bitCount} too.
   */
  private static long countPairs(ByteBuffer buf, int from, int to, byte a, byte b) {
    long pa = (a & 0xFF) * ONES;
    long pb = (b & 0xFF) * ONES;
    boolean little = buf.order() == ByteOrder.LITTLE_ENDIAN;
    long bound = bound(a, b);
    long n = 0;
    long carry = 0; // 1 if the byte before the word is a b
    int i = from;
    for (; i + 4 * Long.BYTES <= to; i += 4 * Long.BYTES) {
      long w0 = word(buf, i, little);
      long w1 = word(buf, i + Long.BYTES, little);
      long w2 = word(buf, i + 2 * Long.BYTES, little);
      long w3 = word(buf, i + 3 * Long.BYTES, little);
      if (bound != 0 && noneBelow(w0, w1, w2, w3, bound)) {
        carry = 0; // the last byte is no b either
        continue;
      }
      long a0 = zeros(w0 ^ pa);
      long a1 = zeros(w1 ^ pa);
      long a2 = zeros(w2 ^ pa);
      long a3 = zeros(w3 ^ pa);
      long b0 = zeros(w0 ^ pb);
      long b1 = zeros(w1 ^ pb);
      long b2 = zeros(w2 ^ pb);
      long b3 = zeros(w3 ^ pb);
      long p0 = pairs(a0, b0, carry);
      long p1 = pairs(a1, b1, b0 >>> 63);
      long p2 = pairs(a2, b2, b1 >>> 63);
      long p3 = pairs(a3, b3, b2 >>> 63);
      carry = b3 >>> 63;
      long any = (a0 | b0) | ((a1 | b1) >>> 1) | ((a2 | b2) >>> 2) | ((a3 | b3) >>> 3);
      n += Long.bitCount(any) - Long.bitCount(p0 | (p1 >>> 1) | (p2 >>> 2) | (p3 >>> 3));
    }
    for (; i + Long.BYTES <= to; i += Long.BYTES) {
      long w = word(buf, i, little);
      long ma = zeros(w ^ pa);
      long mb = zeros(w ^ pb);
      n += Long.bitCount(ma | mb) - Long.bitCount(pairs(ma, mb, carry));
      carry = mb >>> 63;
    }
    for (; i < to; i++) {
      byte v = buf.get(i);
      if (v == a || v == b) {
        n += carry == 1 && v == a ? 0 : 1;
      }
      carry = v == b ? 1 : 0;
    }
    return n;
  }

  /**
   * The flags of a word's {@code a}s directly after a {@code b}: {@code mb} moved up a byte, the
   * previous word's last byte ({@code carry} 1 if a {@code b}) before the first.
   */
  private static long pairs(long ma, long mb, long carry) {
    return ((mb << 8) | (carry << 7)) & ma;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Where both values are below {@link #SMALL}, the words with no byte up to the larger one (see
   * {@link #noneBelow}), most words of text, are passed over in a loop of their own, which holds
   * nothing but that test: twice as fast as testing them in the loop that writes positions. A heap
   * buffer's words are read from its array, a fifth faster than through the buffer.
   */
  @Override
  public int find(ByteBuffer buf, int from, int to, byte a, byte b, int[] out) {
    long pa = (a & 0xFF) * ONES;
    long pb = (b & 0xFF) * ONES;
    long bound = bound(a, b);
    long stop =
        buf.hasArray()
            ? findInArray(buf.array(), buf.arrayOffset(), from, to, pa, pb, bound, out)
            : findInBuffer(buf, from, to, pa, pb, bound, out);
    int i = (int) (stop >>> 32);
    int n = (int) stop;
    for (; i < to && n <= out.length - STEP; i++) {
      byte v = buf.get(i);
      if (v == a || v == b) {
        out[n++] = i;
      }
    }
    return n;
  }

  /**
   * The words of {@code array[from + shift, to + shift)}: their positions written to {@code out};
   * returns where the search stopped (high half) and how many it wrote (low half).
   */
  private static long findInArray(
      byte[] array, int shift, int from, int to, long pa, long pb, long bound, int[] out) {
    int limit = out.length - STEP;
    int last = to - Long.BYTES;
    int n = 0;
    int i = from;
    while (n <= limit) {
      long w = 0;
      for (; i <= last; i += Long.BYTES) {
        w = (long) LONGS.get(array, i + shift);
        if (bound == 0 || ((w - bound) & ~w & HIGHS) != 0) {
          break; // a word that may hold either value
        }
      }
      if (i > last) {
        break;
      }
      n = hits(w, pa, pb, i, out, n);
      i += Long.BYTES;
    }
    return (long) i << 32 | n;
  }

  /** {@link #findInArray} through the buffer's own reads (direct and mapped buffers). */
  private static long findInBuffer(
      ByteBuffer buf, int from, int to, long pa, long pb, long bound, int[] out) {
    boolean little = buf.order() == ByteOrder.LITTLE_ENDIAN;
    int limit = out.length - STEP;
    int last = to - Long.BYTES;
    int n = 0;
    int i = from;
    while (n <= limit) {
      long w = 0;
      for (; i <= last; i += Long.BYTES) {
        w = word(buf, i, little);
        if (bound == 0 || ((w - bound) & ~w & HIGHS) != 0) {
          break; // a word that may hold either value
        }
      }
      if (i > last) {
        break;
      }
      n = hits(w, pa, pb, i, out, n);
      i += Long.BYTES;
    }
    return (long) i << 32 | n;
  }

  /**
   * Writes the positions of the bytes of the word {@code w} at {@code i} equal to {@code pa}'s or
   * {@code pb}'s byte into {@code out} from {@code n}; returns the new count.
   */
  private static int hits(long w, long pa, long pb, int i, int[] out, int n) {
    long hits = zeros(w ^ pa) | zeros(w ^ pb);
    int k = n;
    while (hits != 0) {
      out[k++] = i + (Long.numberOfTrailingZeros(hits) >>> 3);
      hits &= hits - 1;
    }
    return k;
  }

  @Override
  public int indexOf(ByteBuffer buf, int from, int to, byte a, byte b) {
    if (buf.hasArray()) {
      int shift = buf.arrayOffset();
      int i = indexOf(buf.array(), from + shift, to + shift, a, b);
      return i < 0 ? -1 : i - shift;
    }
    long pa = (a & 0xFF) * ONES;
    long pb = (b & 0xFF) * ONES;
    long bound = bound(a, b);
    boolean little = buf.order() == ByteOrder.LITTLE_ENDIAN;
    int i = from;
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long w = word(buf, i, little);
      if (bound != 0 && ((w - bound) & ~w & HIGHS) == 0) {
        continue; // neither value in this word
      }
      long hits = zeros(w ^ pa) | zeros(w ^ pb);
      if (hits != 0) {
        return i + (Long.numberOfTrailingZeros(hits) >>> 3);
      }
    }
    for (; i < to; i++) {
      byte v = buf.get(i);
      if (v == a || v == b) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The index of the first byte of {@code array[from, to)} equal to {@code a} or {@code b}, or -1:
   * {@link #indexOf(ByteBuffer, int, int, byte, byte)} of a heap buffer, on its array.
   */
  static int indexOf(byte[] array, int from, int to, byte a, byte b) {
    long pa = (a & 0xFF) * ONES;
    long pb = (b & 0xFF) * ONES;
    long bound = bound(a, b);
    int i = from;
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long w = (long) LONGS.get(array, i);
      if (bound != 0 && ((w - bound) & ~w & HIGHS) == 0) {
        continue; // neither value in this word
      }
      long hits = zeros(w ^ pa) | zeros(w ^ pb);
      if (hits != 0) {
        return i + (Long.numberOfTrailingZeros(hits) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (array[i] == a || array[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /** The word at {@code i}, its first byte lowest. */
  private static long word(ByteBuffer buf, int i, boolean little) {
    long w = buf.getLong(i);
    return little ? w : Long.reverseBytes(w);
  }

  /** The high bit of each byte of {@code x} that is zero, and no other bit. */
  private static long zeros(long x) {
    return ~(((x & LOW7) + LOW7) | x | LOW7);
  }
}
