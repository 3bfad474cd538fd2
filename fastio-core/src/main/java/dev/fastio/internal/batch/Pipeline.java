package dev.fastio.internal.batch;

import dev.fastio.internal.io.BlockDevices;
import java.nio.file.Path;
import java.util.List;

/** How a batch reads its files. */
public enum Pipeline {
  /** Every hashing thread reads its own file, the largest first. */
  PARALLEL,
  /** One reader thread reads the files in order into the page cache ahead of the hashing. */
  SEQUENTIAL,
  /**
   * No thread: the calling thread hashes the files one after another, as a loop of {@code
   * FastFiles.digest} would, while they are too small to gain from threads ({@link
   * BatchRun#inline}); the rest, if any, goes to threads.
   */
  INLINE;

  /** The most files a batch has to be hashed {@link #INLINE}. */
  public static final int INLINE_FILES = 64;

  /** The most work, in bytes, hashed {@link #INLINE} (see {@link BatchRun#inline}). */
  public static final long INLINE_WORK = 1L << 20;

  /** The work of one file besides its bytes: about the time its open, stat and close take. */
  static final long FILE_WORK = 8 << 10;

  /**
   * The pipeline chosen for {@code paths} where the batch leaves the choice to fastio: sequential
   * where the first file lives on a rotational disk and the files do not look cached (see {@link
   * CacheProbe}), parallel otherwise.
   *
   * @param paths the files
   * @return the pipeline
   */
  public static Pipeline auto(List<? extends Path> paths) {
    return !paths.isEmpty()
            && BlockDevices.isRotational(paths.get(0))
            && !CacheProbe.looksCached(paths)
        ? SEQUENTIAL
        : PARALLEL;
  }
}
