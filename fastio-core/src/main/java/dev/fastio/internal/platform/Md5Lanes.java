package dev.fastio.internal.platform;

import java.util.Arrays;

/**
 * A multi-buffer MD5 engine: {@link #lanes()} independent MD5 computations advanced together, one
 * per lane, one 64-byte block per lane per step. The engine knows nothing of inputs, padding or
 * lengths: the caller (a lane scheduler) fills the message blocks, resets a lane when it starts a
 * new input and reads a lane's digest after the input's last (padding) block.
 *
 * <p><b>Input layout.</b> The caller writes message blocks into {@link #words()}, an array of
 * {@code lanes() * blocksPerLane() * 16} ints: block {@code b} ({@code 0 <= b < blocksPerLane()})
 * of lane {@code l} is the 16 ints from {@link #wordIndex wordIndex(l, b)}, each the little-endian
 * value of 4 message bytes (MD5's own word order), so each lane's blocks are contiguous. {@link
 * #compress compress(from, to)} then runs blocks {@code from} to {@code to - 1} of every lane, in
 * order.
 *
 * <p><b>Lanes without input</b> are computed all the same (a vector engine cannot skip them); their
 * state is meaningless until {@link #reset}.
 *
 * <p><b>Implementations.</b> {@link #scalar} is plain Java, one lane after another: a reference,
 * and slower than {@code MessageDigest} (which has a HotSpot intrinsic). {@link #vector} computes
 * all lanes at once with {@code jdk.incubator.vector}, where {@link #vectorStatus} says it is
 * available (see {@code docs/maintainer-guide.md} for where and why).
 *
 * <p>Not thread-safe: one thread at a time uses an engine, and the arrays it hands out.
 */
public abstract class Md5Lanes {
  /** Bytes in an MD5 block. */
  public static final int BLOCK_BYTES = 64;

  /** Ints in an MD5 block. */
  public static final int BLOCK_INTS = 16;

  /** The most lanes an engine has (a 2048-bit vector of ints): lane sets fit in a {@code long}. */
  public static final int MAX_LANES = 64;

  /** The per-step additive constants of RFC 1321 (floor(abs(sin(i + 1)) * 2^32)). */
  static final int[] T = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
  };

  /** The per-step left-rotation counts of RFC 1321. */
  static final int[] S = new int[64];

  /** The message word each step adds (RFC 1321's order in each of the four rounds). */
  static final int[] G = new int[64];

  static {
    int[][] rotations = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    for (int i = 0; i < 64; i++) {
      S[i] = rotations[i / 16][i % 4];
      G[i] = messageWord(i);
    }
  }

  private static final int[] INITIAL = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

  private final int lanes;
  private final int blocksPerLane;

  /** The message blocks; see the class comment for the layout. */
  final int[] words;

  /** The chaining values: a of lane {@code l} at {@code l}, b at {@code lanes + l}, c, then d. */
  final int[] state;

  Md5Lanes(int lanes, int blocksPerLane) {
    if (lanes < 1 || lanes > MAX_LANES) {
      throw new IllegalArgumentException("lanes not in [1, " + MAX_LANES + "]: " + lanes);
    }
    if (blocksPerLane < 1 || (long) lanes * blocksPerLane * BLOCK_INTS > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("blocksPerLane out of range: " + blocksPerLane);
    }
    this.lanes = lanes;
    this.blocksPerLane = blocksPerLane;
    this.words = new int[lanes * blocksPerLane * BLOCK_INTS];
    this.state = new int[4 * lanes];
    for (int lane = 0; lane < lanes; lane++) {
      reset(lane);
    }
  }

  private static int messageWord(int step) {
    int i = step % 16;
    return switch (step / 16) {
      case 0 -> i;
      case 1 -> (5 * i + 1) % 16;
      case 2 -> (3 * i + 5) % 16;
      default -> (7 * i) % 16;
    };
  }

  /** The number of lanes: independent MD5 computations. */
  public final int lanes() {
    return lanes;
  }

  /** The number of blocks per lane that {@link #words()} holds. */
  public final int blocksPerLane() {
    return blocksPerLane;
  }

  /**
   * The message blocks the caller fills (the engine's own array, not a copy); see the class comment
   * for the layout. Read by {@link #compress}; never written by the engine.
   */
  public final int[] words() {
    return words;
  }

  /**
   * The index in {@link #words()} of the first word of block {@code block} of lane {@code lane}.
   */
  public final int wordIndex(int lane, int block) {
    return (lane * blocksPerLane + block) * BLOCK_INTS;
  }

  /** Sets lane {@code lane} to MD5's initial state, to start a new input. */
  public final void reset(int lane) {
    for (int k = 0; k < 4; k++) {
      state[k * lanes + lane] = INITIAL[k];
    }
  }

  /**
   * Writes the 16-byte digest of lane {@code lane}'s state to {@code out} at {@code offset}: the
   * MD5 of the input once its last padding block has been compressed.
   */
  public final void digest(int lane, byte[] out, int offset) {
    for (int k = 0; k < 4; k++) {
      int v = state[k * lanes + lane];
      for (int i = 0; i < 4; i++) {
        out[offset + 4 * k + i] = (byte) (v >>> (8 * i));
      }
    }
  }

  /**
   * Compresses blocks {@code fromBlock} to {@code toBlock - 1} of every lane into that lane's
   * state, in block order.
   *
   * @throws IndexOutOfBoundsException unless {@code 0 <= fromBlock <= toBlock <= blocksPerLane()}
   */
  public abstract void compress(int fromBlock, int toBlock);

  /** What computes the lanes, e.g. {@code "vector 16x32-bit"} or {@code "scalar"}. */
  public abstract String name();

  final void checkRange(int fromBlock, int toBlock) {
    if (fromBlock < 0 || fromBlock > toBlock || toBlock > blocksPerLane) {
      throw new IndexOutOfBoundsException(
          "blocks [" + fromBlock + ", " + toBlock + ") not in [0, " + blocksPerLane + "]");
    }
  }

  /** A copy of the state array (tests compare engines with it). */
  public final int[] stateCopy() {
    return Arrays.copyOf(state, state.length);
  }

  /** A plain-Java engine of {@code lanes} lanes: the reference, and the fallback for tests. */
  public static Md5Lanes scalar(int lanes, int blocksPerLane) {
    return new ScalarMd5Lanes(lanes, blocksPerLane);
  }

  /**
   * True if {@link #vector} works in this runtime: decided once, when first asked, by loading the
   * engine and a known-answer check (some tens of milliseconds before the JIT has compiled it).
   */
  public static boolean vectorAvailable() {
    return VectorMd5LanesLookup.factory() != null;
  }

  /**
   * False where {@link #vectorAvailable()} is known to be false without loading the engine (turned
   * off, a JDK it was not measured on, no C2, the module not resolved); cheap.
   */
  public static boolean vectorMayBeAvailable() {
    return VectorMd5LanesLookup.mayBeAvailable();
  }

  /**
   * Why the vector engine is or is not used, for users and events: {@code "vector 16x32-bit"}, or
   * e.g. {@code "unavailable: module jdk.incubator.vector not resolved (add --add-modules
   * jdk.incubator.vector)"}.
   */
  public static String vectorStatus() {
    return VectorMd5LanesLookup.status();
  }

  /**
   * A new vector engine with the preferred vector's lane count (16 with AVX-512, 8 with AVX2).
   *
   * @throws IllegalStateException if {@link #vectorAvailable()} is false
   */
  public static Md5Lanes vector(int blocksPerLane) {
    return VectorMd5LanesLookup.create(blocksPerLane);
  }
}
