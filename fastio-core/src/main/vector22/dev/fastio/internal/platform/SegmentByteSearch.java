package dev.fastio.internal.platform;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The {@link ByteSearch} on {@code jdk.incubator.vector} for JDK 22 and newer, whose API reads a
 * vector from a {@code MemorySegment} (here one over the buffer): one compare per value over the
 * preferred byte vector, the hits as a bit mask. Loaded only by {@link VectorByteSearchLookup};
 * compiled into the jar's {@code META-INF/versions/22} overlay.
 */
final class SegmentByteSearch implements ByteSearch {
  private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
  private static final int N = SPECIES.length();

  SegmentByteSearch() {
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
    MemorySegment segment = whole(buf);
    int limit = out.length - STEP;
    int n = 0;
    int i = from;
    for (; i + N <= to && n <= limit; i += N) {
      ByteVector v = ByteVector.fromMemorySegment(SPECIES, segment, i, ByteOrder.LITTLE_ENDIAN);
      long hits = v.eq(a).or(v.eq(b)).toLong();
      while (hits != 0) {
        out[n++] = i + Long.numberOfTrailingZeros(hits);
        hits &= hits - 1;
      }
    }
    return SwarByteSearch.find(buf, i, to, a, b, out, n);
  }

  @Override
  public long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs) {
    MemorySegment segment = whole(buf);
    long n = 0;
    long carry = 0; // 1 if the last byte of the previous vector is a b
    int i = from;
    for (; i + N <= to; i += N) {
      ByteVector v = ByteVector.fromMemorySegment(SPECIES, segment, i, ByteOrder.LITTLE_ENDIAN);
      long ma = v.eq(a).toLong();
      long mb = a == b ? 0 : v.eq(b).toLong();
      n += Long.bitCount(ma | mb);
      if (pairs) {
        n -= Long.bitCount(((mb << 1) | carry) & ma);
        carry = mb >>> (N - 1);
      }
    }
    return n + SwarByteSearch.count(buf, i, to, a, b, pairs, carry == 1);
  }

  /** The bytes from index 0 to the limit (a segment of a buffer starts at its position). */
  private static MemorySegment whole(ByteBuffer buf) {
    return MemorySegment.ofBuffer(buf.position() == 0 ? buf : buf.duplicate().position(0));
  }
}
