package dev.fastio.internal.platform;

import java.nio.ByteBuffer;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The {@link ByteSearch} on {@code jdk.incubator.vector}: one compare per value over the preferred
 * byte vector, the hits as a bit mask. Vectors are read from a heap array only: a heap buffer's
 * own, or, for a direct or mapped buffer, a copy of the next {@link #SCRATCH} bytes made with the
 * buffer's bulk get. A vector read straight from a mapping is not fault-checked (on JDK 25, a file
 * truncated under it crashes the JVM with SIGBUS), where the bulk copy raises the JDK's {@code
 * InternalError}. Loaded only by {@link VectorByteSearchLookup}; one per thread.
 */
final class VectorByteSearch implements ByteSearch {
  private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
  private static final int N = SPECIES.length();

  /** The bytes of a direct buffer copied at a time: a few pages, in the first-level cache. */
  static final int SCRATCH = 16 * 1024;

  private final byte[] scratch = new byte[SCRATCH];
  private long carry; // count: 1 if the byte before the next one counted is a b
  private boolean sawB; // count: the last vectors counted had a b (CR LF text): one pass

  VectorByteSearch() {
    if (N < 32) {
      throw new UnsupportedOperationException("the preferred byte vector has " + N + " lanes");
    }
  }

  @Override
  public String name() {
    return "vector " + N + "x8-bit";
  }

  @Override
  public int find(ByteBuffer buf, int from, int to, byte a, byte b, int[] out) {
    if (buf.hasArray()) {
      return find(buf.array(), buf.arrayOffset(), from, to, a, b, out, 0);
    }
    int n = 0;
    for (int at = from; at < to && n <= out.length - STEP; at += SCRATCH) {
      int length = Math.min(SCRATCH, to - at);
      buf.get(at, scratch, 0, length);
      n = find(scratch, -at, at, at + length, a, b, out, n);
    }
    return n;
  }

  @Override
  public int indexOf(ByteBuffer buf, int from, int to, byte a, byte b) {
    if (buf.hasArray()) {
      return indexOf(buf.array(), buf.arrayOffset(), from, to, a, b);
    }
    for (int at = from; at < to; at += SCRATCH) {
      int length = Math.min(SCRATCH, to - at);
      buf.get(at, scratch, 0, length);
      int i = indexOf(scratch, -at, at, at + length, a, b);
      if (i >= 0) {
        return i;
      }
    }
    return -1;
  }

  /** {@link #indexOf} over {@code bytes[from + shift, to + shift)}, as a buffer index. */
  private static int indexOf(byte[] bytes, int shift, int from, int to, byte a, byte b) {
    int i = from;
    for (; i + N <= to; i += N) {
      ByteVector v = ByteVector.fromArray(SPECIES, bytes, i + shift);
      long hits = v.eq(a).or(v.eq(b)).toLong();
      if (hits != 0) {
        return i + Long.numberOfTrailingZeros(hits);
      }
    }
    for (; i < to; i++) {
      byte v = bytes[i + shift];
      if (v == a || v == b) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs) {
    carry = 0;
    if (buf.hasArray()) {
      return count(buf.array(), buf.arrayOffset(), from, to, a, b, pairs);
    }
    long n = 0;
    for (int at = from; at < to; at += SCRATCH) {
      int length = Math.min(SCRATCH, to - at);
      buf.get(at, scratch, 0, length);
      n += count(scratch, -at, at, at + length, a, b, pairs);
    }
    return n;
  }

  /**
   * {@link #find} over {@code bytes[from + shift, to + shift)}, positions written as buffer
   * indexes, after {@code n} already written; returns the new count.
   */
  private static int find(
      byte[] bytes, int shift, int from, int to, byte a, byte b, int[] out, int n) {
    int limit = out.length - STEP;
    int i = from;
    for (; i + N <= to && n <= limit; i += N) {
      ByteVector v = ByteVector.fromArray(SPECIES, bytes, i + shift);
      long hits = v.eq(a).or(v.eq(b)).toLong();
      while (hits != 0) {
        out[n++] = i + Long.numberOfTrailingZeros(hits);
        hits &= hits - 1;
      }
    }
    for (; i < to && n <= limit; i++) {
      byte v = bytes[i + shift];
      if (v == a || v == b) {
        out[n++] = i;
      }
    }
    return n;
  }

  /**
   * {@link #count} over {@code bytes[from + shift, to + shift)}, carrying {@link #carry}. With
   * pairs, where the last range had no {@code b} in its vectors (text with LF alone), both values
   * are counted first without the pairs, noting any {@code b}; if there was one, the range is
   * counted again in one pass with the pairs.
   */
  private long count(byte[] bytes, int shift, int from, int to, byte a, byte b, boolean pairs) {
    if (!pairs || a == b || sawB) {
      return countInOnePass(bytes, shift, from, to, a, b, pairs);
    }
    long n = 0;
    long anyB = 0;
    int i = from;
    for (; i + N <= to; i += N) {
      ByteVector v = ByteVector.fromArray(SPECIES, bytes, i + shift);
      long mb = v.eq(b).toLong();
      n += Long.bitCount(v.eq(a).toLong() | mb);
      anyB |= mb;
    }
    if (anyB == 0) {
      if (i > from) {
        if (carry == 1 && bytes[from + shift] == a) {
          n--; // the first a ends the pair begun by the b before the range: counted there
        }
        carry = 0; // the vectors' last byte is no b
      }
      return n + countInOnePass(bytes, shift, i, to, a, b, true);
    }
    return countInOnePass(bytes, shift, from, to, a, b, true); // the range again, in one pass
  }

  /**
   * {@link #count} over {@code bytes[from + shift, to + shift)} in one pass, carrying {@link
   * #carry}; notes in {@link #sawB} whether a {@code b} was among the vectors.
   */
  private long countInOnePass(
      byte[] bytes, int shift, int from, int to, byte a, byte b, boolean pairs) {
    long n = 0;
    long c = carry;
    long anyB = 0;
    int i = from;
    for (; i + N <= to; i += N) {
      ByteVector v = ByteVector.fromArray(SPECIES, bytes, i + shift);
      long ma = v.eq(a).toLong();
      long mb = a == b ? 0 : v.eq(b).toLong();
      n += Long.bitCount(ma | mb);
      anyB |= mb;
      if (pairs) {
        n -= Long.bitCount(((mb << 1) | c) & ma);
        c = mb >>> (N - 1);
      }
    }
    for (; i < to; i++) {
      byte v = bytes[i + shift];
      if (v == a || v == b) {
        n += pairs && c == 1 && v == a ? 0 : 1;
      }
      c = v == b ? 1 : 0;
    }
    carry = c;
    sawB = anyB != 0;
    return n;
  }
}
