package dev.fastio.internal.batch;

import dev.fastio.internal.io.BlockDevices;
import java.nio.file.Path;
import java.util.List;

/** How a batch reads its files. */
public enum Pipeline {
  /** Every hashing thread reads its own file, the largest first. */
  PARALLEL,
  /** One reader thread reads the files in order into the page cache ahead of the hashing. */
  SEQUENTIAL;

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
