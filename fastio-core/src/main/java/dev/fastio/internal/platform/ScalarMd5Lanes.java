package dev.fastio.internal.platform;

/**
 * The plain-Java {@link Md5Lanes}: each lane's blocks compressed in turn with RFC 1321's loop. The
 * reference the vector engine is checked against; not a fast path (the JDK's intrinsic {@code
 * MessageDigest} is faster for one stream).
 */
final class ScalarMd5Lanes extends Md5Lanes {
  ScalarMd5Lanes(int lanes, int blocksPerLane) {
    super(lanes, blocksPerLane);
  }

  @Override
  public void compress(int fromBlock, int toBlock) {
    checkRange(fromBlock, toBlock);
    int n = lanes();
    for (int lane = 0; lane < n; lane++) {
      for (int block = fromBlock; block < toBlock; block++) {
        compressBlock(lane, wordIndex(lane, block));
      }
    }
  }

  private void compressBlock(int lane, int base) {
    int n = lanes();
    int a = state[lane];
    int b = state[n + lane];
    int c = state[2 * n + lane];
    int d = state[3 * n + lane];
    for (int i = 0; i < 64; i++) {
      int f;
      if (i < 16) {
        f = d ^ (b & (c ^ d));
      } else if (i < 32) {
        f = c ^ (d & (b ^ c));
      } else if (i < 48) {
        f = b ^ c ^ d;
      } else {
        f = c ^ (b | ~d);
      }
      int rotated = Integer.rotateLeft(a + f + T[i] + words[base + G[i]], S[i]);
      a = d;
      d = c;
      c = b;
      b += rotated;
    }
    state[lane] += a;
    state[n + lane] += b;
    state[2 * n + lane] += c;
    state[3 * n + lane] += d;
  }

  @Override
  public String name() {
    return "scalar";
  }
}
