package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * A {@link ByteSearch} one byte at a time: the loop a search engine that lost its words or vectors
 * would run, in the tests only, as the timing guards' broken form of the engines and the engine a
 * test injects into their users.
 */
final class BytewiseSearch implements ByteSearch {
  static final BytewiseSearch INSTANCE = new BytewiseSearch();

  private BytewiseSearch() {}

  @Override
  public String name() {
    return "bytewise";
  }

  @Override
  public int indexOf(ByteBuffer buf, int from, int to, byte a, byte b) {
    for (int i = from; i < to; i++) {
      byte v = buf.get(i);
      if (v == a || v == b) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int find(ByteBuffer buf, int from, int to, byte a, byte b, int[] out) {
    int n = 0;
    int limit = out.length - STEP;
    for (int i = from; i < to && n <= limit; i++) {
      byte v = buf.get(i);
      if (v == a || v == b) {
        out[n++] = i;
      }
    }
    return n;
  }

  @Override
  public long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs) {
    long n = 0;
    boolean afterB = false;
    for (int i = from; i < to; i++) {
      byte v = buf.get(i);
      if ((v == a || v == b) && !(pairs && afterB && v == a && a != b)) {
        n++;
      }
      afterB = v == b;
    }
    return n;
  }
}
