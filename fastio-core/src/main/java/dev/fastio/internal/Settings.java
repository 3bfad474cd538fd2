package dev.fastio.internal;

/**
 * Every system property fastio reads, in one place: its name, its default and what it changes.
 *
 * <p>The values below are read once, when this class is initialized (by the first fastio call that
 * needs one of them); later changes to the system properties are not seen. A value that is not a
 * number where one is expected is ignored and the default applies, as {@link Long#getLong(String,
 * long)} ignores it. The {@code fastio.transfer.*} properties are read by {@code
 * TransferPolicy.defaults()} when it is first called (or from any {@code Properties} given to
 * {@code TransferPolicy.fromProperties}); only their names are here. {@code
 * docs/maintainer-guide.md} gives the measurements behind each default.
 */
public final class Settings {
  private Settings() {}

  /**
   * {@code fastio.platform}: {@code legacy} makes every JDK use the JDK 17 implementation of the
   * platform-specific code (mappings in 1 GiB {@code MappedByteBuffer} windows, unmapped through
   * {@code sun.misc.Unsafe}) instead of the JDK 22+ one (an {@code Arena}); any other value, or
   * none, picks by JDK. For testing the JDK 17 path on a newer JDK; on JDK 24 and newer it makes
   * the JDK print a warning about {@code sun.misc.Unsafe} unless {@code
   * --sun-misc-unsafe-memory-access=allow} is given.
   */
  public static final String PLATFORM = "fastio.platform";

  /** True if {@link #PLATFORM} asks for the legacy implementation. */
  public static final boolean LEGACY_PLATFORM =
      "legacy".equalsIgnoreCase(System.getProperty(PLATFORM, "").trim());

  /**
   * {@code fastio.readAllBytes.mapThreshold}, bytes: {@code FastFiles.readAllBytes} copies regular
   * files of this size and more from a mapping, smaller ones through a pooled buffer. Default 4
   * MiB.
   */
  public static final long READ_ALL_MAP_THRESHOLD =
      Long.getLong("fastio.readAllBytes.mapThreshold", 4 * 1024 * 1024);

  /**
   * {@code fastio.digest.mapThreshold}, bytes: {@code FastFiles.digest} hashes regular files of
   * this size and more from mappings, smaller ones through a pooled buffer. Default 16 MiB.
   */
  public static final long DIGEST_MAP_THRESHOLD =
      Long.getLong("fastio.digest.mapThreshold", 16 * 1024 * 1024);

  /**
   * {@code fastio.chunked.mapThreshold}, bytes: a {@code ChunkedReader} maps regular files of this
   * size and more, and reads smaller ones through a buffer. Default 32 MiB.
   */
  public static final long CHUNKED_MAP_THRESHOLD =
      Long.getLong("fastio.chunked.mapThreshold", 32 * 1024 * 1024);

  /**
   * {@code fastio.chunked.readAheadGap}, bytes: a buffered {@code ChunkedReader} reads ahead for a
   * small chunk that starts at most this far after the end of the last one; -1 turns read-ahead
   * off. Default 8 KiB.
   */
  public static final int CHUNKED_READ_AHEAD_GAP =
      Integer.getInteger("fastio.chunked.readAheadGap", 8192);

  /**
   * {@code fastio.chunked.prefault}: {@code false} stops a mapped {@code ChunkedReader} read in
   * order from having its window's pages faulted in ahead on the {@code fastio-prefault} thread.
   * Default true.
   */
  public static final boolean CHUNKED_PREFAULT =
      Boolean.parseBoolean(System.getProperty("fastio.chunked.prefault", "true"));

  /**
   * {@code fastio.batch.readAhead}, bytes: how far the sequential reader of a {@code DigestBatch},
   * or the read-ahead thread of a parallel one, may run ahead of the hashing. Default 256 MiB.
   */
  public static final long BATCH_READ_AHEAD = Long.getLong("fastio.batch.readAhead", 256L << 20);

  /**
   * {@code fastio.batch.parallelReadAhead}: {@code false} stops a parallel {@code DigestBatch}
   * whose files are not cached from loading the start of its next files ahead of the hashing on a
   * thread of its own. Default true.
   */
  public static final boolean BATCH_PARALLEL_READ_AHEAD =
      Boolean.parseBoolean(System.getProperty("fastio.batch.parallelReadAhead", "true"));

  /**
   * {@code fastio.md5.vector}: whether MD5 batches ({@code DigestBatch}, {@code digestAll}, the
   * {@code fastio} command) hash many files at once in the lanes of the Vector API's registers:
   * {@code false} never; {@code true} wherever the module {@code jdk.incubator.vector} is resolved,
   * C2 runs and the vectors hold at least 8 ints; unset (the default), in those places on the JDKs
   * where it was measured faster than one {@code MessageDigest} per thread (17, and 25 and newer).
   */
  public static final String MD5_VECTOR = System.getProperty("fastio.md5.vector", "").trim();

  /**
   * {@code fastio.scan.vector}: {@code false} makes the byte search of the line scanner and of
   * {@code FastFiles.lines} use SWAR even where the vector engine could run (see {@code
   * platform.VectorByteSearchLookup}).
   */
  public static final boolean SCAN_VECTOR =
      !System.getProperty("fastio.scan.vector", "").trim().equalsIgnoreCase("false");

  /**
   * {@code fastio.md5.warmUp}: {@code false} lets MD5 batches hash on the lanes from their first
   * file, even while the lanes are still slower than {@code MessageDigest} (before the JIT has
   * compiled them). Default true: {@code MessageDigest} until the lanes are measured faster.
   */
  public static final boolean MD5_WARM_UP =
      Boolean.parseBoolean(System.getProperty("fastio.md5.warmUp", "true"));

  /**
   * {@code fastio.transfer.strategy}: {@code KERNEL}, {@code MAPPED} or {@code READ_WRITE} forces
   * that strategy on every transfer that uses {@code TransferPolicy.defaults()}.
   */
  public static final String TRANSFER_STRATEGY = "fastio.transfer.strategy";

  /**
   * {@code fastio.transfer.otherMappedThreshold}, bytes: transfers of this size and more to targets
   * that are neither files nor sockets are written from a mapping. Default 16 MiB.
   */
  public static final String TRANSFER_OTHER_MAPPED_THRESHOLD =
      "fastio.transfer.otherMappedThreshold";

  /**
   * {@code fastio.transfer.windowsMappedThreshold}, bytes: on Windows, transfers of this size and
   * more to files and sockets are written from a mapping. Default 2 MiB.
   */
  public static final String TRANSFER_WINDOWS_MAPPED_THRESHOLD =
      "fastio.transfer.windowsMappedThreshold";

  /**
   * {@code fastio.transfer.fileKernelThreshold}, bytes: on Linux, transfers of this size and more
   * to files use the kernel's copy, smaller ones a read/write loop. Default 32 KiB.
   */
  public static final String TRANSFER_FILE_KERNEL_THRESHOLD = "fastio.transfer.fileKernelThreshold";
}
