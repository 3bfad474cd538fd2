package dev.fastio.internal.batch;

import dev.fastio.internal.io.BlockDevices;
import dev.fastio.internal.io.FileKinds;
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
   * FastFiles.digest} would; for a batch too small to gain from threads ({@link #isSmall}).
   */
  INLINE;

  /** The most files a batch hashed {@link #INLINE} has. */
  public static final int INLINE_FILES = 64;

  /** The most work, in bytes, of a batch hashed {@link #INLINE} (see {@link #isSmall}). */
  public static final long INLINE_WORK = 1L << 20;

  /** The work of one file besides its bytes: about the time its open, stat and close take. */
  private static final long FILE_WORK = 8 << 10;

  /**
   * The pipeline for {@code paths}: {@link #INLINE} for a small batch ({@link #isSmall}), else
   * {@code requested}, or where that is null, {@link #auto}.
   *
   * @param requested the pipeline asked for, or null to leave the choice to fastio
   * @param paths the files
   * @return the pipeline
   */
  public static Pipeline choose(Pipeline requested, List<? extends Path> paths) {
    if (isSmall(paths)) {
      return INLINE;
    }
    return requested != null ? requested : auto(paths);
  }

  /**
   * True where threads cannot gain on {@code paths}: at most {@link #INLINE_FILES} files whose
   * bytes, plus {@link #FILE_WORK} per file, come to at most {@link #INLINE_WORK}; one {@code stat}
   * per file (a file of another file system, or whose size cannot be read, counts as one of {@link
   * #INLINE_WORK}).
   *
   * @param paths the files
   * @return whether to hash them inline
   */
  static boolean isSmall(List<? extends Path> paths) {
    if (paths.size() > INLINE_FILES) {
      return false;
    }
    long work = 0;
    for (Path p : paths) {
      long size = FileKinds.isDefaultFileSystem(p) ? p.toFile().length() : INLINE_WORK;
      work += size + FILE_WORK;
      if (work > INLINE_WORK) {
        return false;
      }
    }
    return true;
  }

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
