package dev.fastio.internal.batch;

import dev.fastio.internal.platform.Md5Lanes;

/** What computes a batch's digests. */
public enum Engine {
  /** One {@code MessageDigest} per hashing thread, one file after another. */
  MESSAGE_DIGEST,
  /**
   * MD5 of many files at once, one per lane of a vector register ({@link Md5Lanes}), one engine per
   * hashing thread.
   */
  MD5_LANES;

  /**
   * The engine for {@code algorithm} here: {@link #MD5_LANES} for MD5 where the vector engine may
   * be available ({@link Md5Lanes#vectorMayBeAvailable()}), else {@link #MESSAGE_DIGEST}. Cheap:
   * the engine is looked up only when a run is about to use the lanes, which then hashes with
   * {@code MessageDigest} if it is unavailable after all.
   *
   * @param algorithm a {@code MessageDigest} algorithm name
   * @return the engine
   */
  public static Engine of(String algorithm) {
    return "MD5".equalsIgnoreCase(algorithm) && Md5Lanes.vectorMayBeAvailable()
        ? MD5_LANES
        : MESSAGE_DIGEST;
  }

  /**
   * The engine a run with {@code pipeline} uses: this one, except that a {@link
   * Pipeline#SEQUENTIAL} or {@link Pipeline#INLINE} run hashes with {@link #MESSAGE_DIGEST} (an
   * inline run is one too small for the lanes to gain). Its reader hands the files over one at a
   * time, so with files larger than its read-ahead the lanes would hash one file in 16, slower than
   * one {@code MessageDigest}; and the devices that need a sequential reader are slower than that
   * anyway.
   *
   * @param pipeline how the run reads
   * @return the engine
   */
  public Engine forPipeline(Pipeline pipeline) {
    return pipeline == Pipeline.PARALLEL ? this : MESSAGE_DIGEST;
  }

  /**
   * What a user is told of this engine for {@code algorithm}: {@code "MessageDigest"}, or {@code
   * "MD5 lanes: vector 16x32-bit"} (the vector engine's name, which gives its lanes) where the
   * lanes are available ({@link Md5Lanes#vectorAvailable()}: the lookup, if not made yet).
   *
   * @param algorithm the batch's algorithm
   * @return a one-line description
   */
  public String describe(String algorithm) {
    return this == MD5_LANES && Md5Lanes.vectorAvailable()
        ? "MD5 lanes: " + Md5Lanes.vectorStatus()
        : "MessageDigest";
  }
}
