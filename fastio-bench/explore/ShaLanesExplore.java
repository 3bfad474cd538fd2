/*
 * Exploration, not part of the build: would a multi-buffer SHA-1 or SHA-256 (16 lanes of an IntVector,
 * the message words gathered as in fastio's MD5 engine) beat MessageDigest, which has SHA-NI
 * intrinsics on this CPU? Checks one padded block of "abc" against MessageDigest in every lane, then
 * times the gather and the compression of 16 x 1 MiB of blocks against MessageDigest over 16 x 1 MiB,
 * alternating, 30 rounds, and prints the median and best of the last 15. Not JMH: a trend, see
 * docs/maintainer-guide.md. Padding, byte order (SHA words are big-endian: a big-endian IntBuffer view copies
 * them swapped for free) and copying the bytes in are left out.
 *
 *   java --add-modules jdk.incubator.vector fastio-bench/explore/ShaLanesExplore.java
 *   java --add-modules jdk.incubator.vector -XX:UseAVX=2 fastio-bench/explore/ShaLanesExplore.java
 *   java --add-modules jdk.incubator.vector fastio-bench/explore/ShaLanesExplore.java jdk
 *     (MessageDigest alone: no vector code runs in that JVM)
 */
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.ROL;
import static jdk.incubator.vector.VectorOperators.ROR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Random;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

public class ShaLanesExplore {
  static final VectorSpecies<Integer> SP = IntVector.SPECIES_PREFERRED;
  static final int N = SP.length();
  static final int K = 16;
  final int[] words = new int[N * K * 16];
  final int[] w = new int[16 * N];
  final int[] st = new int[8 * N];
  final int[] idx = new int[N];
  static final int[] K256 = {
    0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,
    0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,
    0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,
    0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2};

  ShaLanesExplore() { for (int l = 0; l < N; l++) idx[l] = l * K * 16; }

  void gather(int block) {
    for (int j = 0; j < 16; j++) IntVector.fromArray(SP, words, block * 16 + j, idx, 0).intoArray(w, j * N);
  }
  IntVector W(int j) { return IntVector.fromArray(SP, w, (j & 15) * N); }

  void sha1() {
    IntVector a = IntVector.fromArray(SP, st, 0), b = IntVector.fromArray(SP, st, N), c = IntVector.fromArray(SP, st, 2 * N),
        d = IntVector.fromArray(SP, st, 3 * N), e = IntVector.fromArray(SP, st, 4 * N);
    IntVector a0 = a, b0 = b, c0 = c, d0 = d, e0 = e;
    for (int t = 0; t < 80; t++) {
      IntVector x;
      if (t < 16) x = W(t);
      else { x = W(t - 3).lanewise(XOR, W(t - 8)).lanewise(XOR, W(t - 14)).lanewise(XOR, W(t)).lanewise(ROL, 1); x.intoArray(w, (t & 15) * N); }
      IntVector f; int k;
      if (t < 20) { f = d.lanewise(XOR, b.and(c.lanewise(XOR, d))); k = 0x5a827999; }
      else if (t < 40) { f = b.lanewise(XOR, c).lanewise(XOR, d); k = 0x6ed9eba1; }
      else if (t < 60) { f = b.and(c).or(d.and(b.or(c))); k = 0x8f1bbcdc; }
      else { f = b.lanewise(XOR, c).lanewise(XOR, d); k = 0xca62c1d6; }
      IntVector tmp = a.lanewise(ROL, 5).add(f).add(e).add(k).add(x);
      e = d; d = c; c = b.lanewise(ROL, 30); b = a; a = tmp;
    }
    a.add(a0).intoArray(st, 0); b.add(b0).intoArray(st, N); c.add(c0).intoArray(st, 2 * N); d.add(d0).intoArray(st, 3 * N); e.add(e0).intoArray(st, 4 * N);
  }

  void sha256() {
    IntVector a = IntVector.fromArray(SP, st, 0), b = IntVector.fromArray(SP, st, N), c = IntVector.fromArray(SP, st, 2 * N), d = IntVector.fromArray(SP, st, 3 * N);
    IntVector e = IntVector.fromArray(SP, st, 4 * N), f = IntVector.fromArray(SP, st, 5 * N), g = IntVector.fromArray(SP, st, 6 * N), h = IntVector.fromArray(SP, st, 7 * N);
    IntVector a0 = a, b0 = b, c0 = c, d0 = d, e0 = e, f0 = f, g0 = g, h0 = h;
    for (int t = 0; t < 64; t++) {
      IntVector x;
      if (t < 16) x = W(t);
      else {
        IntVector w15 = W(t - 15), w2 = W(t - 2);
        IntVector s0 = w15.lanewise(ROR, 7).lanewise(XOR, w15.lanewise(ROR, 18)).lanewise(XOR, w15.lanewise(LSHR, 3));
        IntVector s1 = w2.lanewise(ROR, 17).lanewise(XOR, w2.lanewise(ROR, 19)).lanewise(XOR, w2.lanewise(LSHR, 10));
        x = W(t).add(s0).add(W(t - 7)).add(s1); x.intoArray(w, (t & 15) * N);
      }
      IntVector S1 = e.lanewise(ROR, 6).lanewise(XOR, e.lanewise(ROR, 11)).lanewise(XOR, e.lanewise(ROR, 25));
      IntVector ch = g.lanewise(XOR, e.and(f.lanewise(XOR, g)));
      IntVector t1 = h.add(S1).add(ch).add(K256[t]).add(x);
      IntVector S0 = a.lanewise(ROR, 2).lanewise(XOR, a.lanewise(ROR, 13)).lanewise(XOR, a.lanewise(ROR, 22));
      IntVector maj = a.and(b).or(c.and(a.or(b)));
      h = g; g = f; f = e; e = d.add(t1); d = c; c = b; b = a; a = t1.add(S0).add(maj);
    }
    a.add(a0).intoArray(st, 0); b.add(b0).intoArray(st, N); c.add(c0).intoArray(st, 2 * N); d.add(d0).intoArray(st, 3 * N);
    e.add(e0).intoArray(st, 4 * N); f.add(f0).intoArray(st, 5 * N); g.add(g0).intoArray(st, 6 * N); h.add(h0).intoArray(st, 7 * N);
  }

  /** MessageDigest SHA-1 and SHA-256 over 16 x 1 MiB, 30 rounds, in a JVM that runs no vector code. */
  static void messageDigestAlone() throws Exception {
    byte[][] bufs = new byte[16][1 << 20];
    Random r = new Random(1);
    for (byte[] b : bufs) r.nextBytes(b);
    for (String alg : new String[] {"SHA-1", "SHA-256"}) {
      MessageDigest md = MessageDigest.getInstance(alg);
      double[] t = new double[30];
      long sink = 0;
      for (int rep = 0; rep < 30; rep++) {
        long t0 = System.nanoTime();
        for (byte[] b : bufs) sink += md.digest(b)[0];
        t[rep] = System.nanoTime() - t0;
      }
      double[] x = Arrays.copyOfRange(t, 15, 30);
      Arrays.sort(x);
      System.out.printf("MessageDigest %-7s alone: median %.2f GB/s best %.2f GB/s (%d)%n", alg, 16.0 * (1 << 20) / x[7], 16.0 * (1 << 20) / x[0], sink);
    }
  }

  static void verify() throws Exception {
    ShaLanesExplore s = new ShaLanesExplore();
    byte[] msg = "abc".getBytes();
    int[] blk = new int[16]; blk[0] = 0x61626380; blk[15] = 24;  // big-endian words of the padded block
    for (int l = 0; l < N; l++) System.arraycopy(blk, 0, s.words, l * K * 16, 16);
    int[] h256 = {0x6a09e667,0xbb67ae85,0x3c6ef372,0xa54ff53a,0x510e527f,0x9b05688c,0x1f83d9ab,0x5be0cd19};
    for (int k = 0; k < 8; k++) for (int l = 0; l < N; l++) s.st[k * N + l] = h256[k];
    s.gather(0); s.sha256();
    byte[] exp = MessageDigest.getInstance("SHA-256").digest(msg);
    boolean ok = true;
    for (int k = 0; k < 8; k++) ok &= s.st[k * N + 3] == ByteBuffer.wrap(exp).getInt(4 * k);
    int[] h1 = {0x67452301,0xEFCDAB89,0x98BADCFE,0x10325476,0xC3D2E1F0};
    for (int k = 0; k < 5; k++) for (int l = 0; l < N; l++) s.st[k * N + l] = h1[k];
    s.gather(0); s.sha1();
    byte[] exp1 = MessageDigest.getInstance("SHA-1").digest(msg);
    boolean ok1 = true;
    for (int k = 0; k < 5; k++) ok1 &= s.st[k * N + 5] == ByteBuffer.wrap(exp1).getInt(4 * k);
    System.out.println("sha256 ok " + ok + ", sha1 ok " + ok1);
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("jdk")) {
      messageDigestAlone();
      return;
    }
    verify();
    ShaLanesExplore s = new ShaLanesExplore();
    byte[][] bufs = new byte[N][1 << 20];
    Random r = new Random(1); for (byte[] b : bufs) r.nextBytes(b);
    MessageDigest sha1 = MessageDigest.getInstance("SHA-1"), sha256 = MessageDigest.getInstance("SHA-256");
    long blocksPerLane = (1 << 20) / 64;
    double bytes = (double) N * (1 << 20);
    int reps = 30; double[][] t = new double[4][reps]; long sink = 0;
    for (int rep = 0; rep < reps; rep++) {
      long t0 = System.nanoTime();
      for (long bl = 0; bl < blocksPerLane; bl++) { s.gather((int) (bl & (K - 1))); s.sha1(); }
      long t1 = System.nanoTime();
      for (long bl = 0; bl < blocksPerLane; bl++) { s.gather((int) (bl & (K - 1))); s.sha256(); }
      long t2 = System.nanoTime();
      for (byte[] b : bufs) sink += sha1.digest(b)[0];
      long t3 = System.nanoTime();
      for (byte[] b : bufs) sink += sha256.digest(b)[0];
      long t4 = System.nanoTime();
      t[0][rep] = t1 - t0; t[1][rep] = t2 - t1; t[2][rep] = t3 - t2; t[3][rep] = t4 - t3;
    }
    String[] n = {N + "-lane SHA-1 (gather+compress)", N + "-lane SHA-256 (gather+compress)", "MessageDigest SHA-1", "MessageDigest SHA-256"};
    for (int k = 0; k < 4; k++) { double[] x = Arrays.copyOfRange(t[k], reps / 2, reps); Arrays.sort(x); System.out.printf("%-32s median %.2f GB/s best %.2f GB/s%n", n[k], bytes / x[x.length / 2], bytes / x[0]); }
    System.out.println(sink + s.st[3]);
  }
}
