package dev.fastio.internal.platform;

import static jdk.incubator.vector.VectorOperators.NOT;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.ROL;
import static jdk.incubator.vector.VectorOperators.XOR;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The {@link Md5Lanes} on {@code jdk.incubator.vector}: one lane of the preferred {@link IntVector}
 * per MD5 computation (16 with AVX-512, 8 with AVX2). Loaded only by {@link VectorMd5LanesLookup},
 * where the module is resolved; compiled against the JDK 17 API of the module, and used unchanged
 * by later JDKs.
 *
 * <p>Each block is first gathered into {@link #message}, word-major (word {@code j} of every lane
 * in one vector): one {@code IntVector.fromArray} gather per word, with an index map that steps
 * from one lane's block to the next. The 64 steps then load those vectors; the chaining values live
 * in {@link Md5Lanes#state}, loaded and stored once per block.
 */
final class VectorMd5Lanes extends Md5Lanes {
  private static final VectorSpecies<Integer> SPECIES = IntVector.SPECIES_PREFERRED;
  private static final int N = SPECIES.length();

  /** {@code G[i] * N}: where step {@code i}'s message vector starts in {@link #message}. */
  private static final int[] MESSAGE_OFFSET = new int[64];

  static {
    for (int i = 0; i < 64; i++) {
      MESSAGE_OFFSET[i] = G[i] * N;
    }
  }

  /** Lane {@code l}'s offset in {@link #words} relative to lane 0: the gather's index map. */
  private final int[] laneOffsets = new int[N];

  /**
   * The block being compressed, word-major: word {@code j} of lane {@code l} at {@code j * N + l}.
   */
  private final int[] message = new int[BLOCK_INTS * N];

  /**
   * @throws UnsupportedOperationException if the preferred vector is narrower than 256 bits (there
   *     the engine is slower than {@code MessageDigest})
   */
  VectorMd5Lanes(int blocksPerLane) {
    super(checkedLanes(), blocksPerLane);
    for (int lane = 0; lane < N; lane++) {
      laneOffsets[lane] = wordIndex(lane, 0);
    }
  }

  private static int checkedLanes() {
    if (SPECIES.vectorBitSize() < 256) {
      throw new UnsupportedOperationException(
          "the preferred int vector has " + SPECIES.vectorBitSize() + " bits, fewer than 256");
    }
    return N;
  }

  @Override
  public void compress(int fromBlock, int toBlock) {
    checkRange(fromBlock, toBlock);
    for (int block = fromBlock; block < toBlock; block++) {
      gather(block);
      rounds();
    }
  }

  private void gather(int block) {
    int base = block * BLOCK_INTS;
    for (int j = 0; j < BLOCK_INTS; j++) {
      IntVector.fromArray(SPECIES, words, base + j, laneOffsets, 0).intoArray(message, j * N);
    }
  }

  /**
   * The 64 steps over {@link #message}, from and back into {@link Md5Lanes#state}: four loops of
   * 16, one per round function. Keep this shape: written out as 64 steps the method is too large
   * for C2 to inline the Vector API into, and one loop choosing the function by a switch boxes the
   * vectors; both run several times slower. Call nothing here but the Vector API: its methods are
   * {@code @ForceInline}, which C2 inlines even past its node-count cutoff, where a helper of our
   * own (a message-word load, once) is left a call returning a boxed vector whenever other code's
   * profiles push this method over the cutoff (docs/maintainer-guide.md).
   */
  private void rounds() {
    IntVector a = IntVector.fromArray(SPECIES, state, 0);
    IntVector b = IntVector.fromArray(SPECIES, state, N);
    IntVector c = IntVector.fromArray(SPECIES, state, 2 * N);
    IntVector d = IntVector.fromArray(SPECIES, state, 3 * N);
    IntVector a0 = a;
    IntVector b0 = b;
    IntVector c0 = c;
    IntVector d0 = d;
    for (int i = 0; i < 16; i++) {
      IntVector f = d.lanewise(XOR, b.and(c.lanewise(XOR, d)));
      IntVector t =
          a.add(f)
              .add(IntVector.fromArray(SPECIES, message, MESSAGE_OFFSET[i]))
              .add(T[i])
              .lanewise(ROL, S[i])
              .add(b);
      a = d;
      d = c;
      c = b;
      b = t;
    }
    for (int i = 16; i < 32; i++) {
      IntVector f = c.lanewise(XOR, d.and(b.lanewise(XOR, c)));
      IntVector t =
          a.add(f)
              .add(IntVector.fromArray(SPECIES, message, MESSAGE_OFFSET[i]))
              .add(T[i])
              .lanewise(ROL, S[i])
              .add(b);
      a = d;
      d = c;
      c = b;
      b = t;
    }
    for (int i = 32; i < 48; i++) {
      IntVector f = b.lanewise(XOR, c).lanewise(XOR, d);
      IntVector t =
          a.add(f)
              .add(IntVector.fromArray(SPECIES, message, MESSAGE_OFFSET[i]))
              .add(T[i])
              .lanewise(ROL, S[i])
              .add(b);
      a = d;
      d = c;
      c = b;
      b = t;
    }
    for (int i = 48; i < 64; i++) {
      IntVector f = c.lanewise(XOR, b.lanewise(OR, d.lanewise(NOT)));
      IntVector t =
          a.add(f)
              .add(IntVector.fromArray(SPECIES, message, MESSAGE_OFFSET[i]))
              .add(T[i])
              .lanewise(ROL, S[i])
              .add(b);
      a = d;
      d = c;
      c = b;
      b = t;
    }
    a.add(a0).intoArray(state, 0);
    b.add(b0).intoArray(state, N);
    c.add(c0).intoArray(state, 2 * N);
    d.add(d0).intoArray(state, 3 * N);
  }

  @Override
  public String name() {
    return "vector " + N + "x32-bit";
  }
}
