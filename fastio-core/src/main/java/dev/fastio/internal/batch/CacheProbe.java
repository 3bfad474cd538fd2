package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.mapping.FileMapping;
import dev.fastio.internal.platform.PlatformProvider.Sharing;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether a batch's files are in the page cache already, so that a sequential reader would only get
 * in the way.
 */
final class CacheProbe {
  /** Files {@link #looksCached} asks at most. */
  static final int SAMPLES = 16;

  /** Bytes of each file {@link #looksCached} asks about. */
  static final long PROBE = 64L << 20;

  private CacheProbe() {}

  /** What {@link #residency} found. */
  enum Residency {
    /** The file's first {@link #PROBE} bytes are in the page cache. */
    CACHED,
    /** Some of them are not. */
    NOT_CACHED,
    /** It cannot be asked: empty, not a regular file, of another file system, or an error. */
    UNKNOWN
  }

  /**
   * True if the files look cached: up to {@link #SAMPLES} of them, spread over the list, are asked
   * ({@link #residency}); the first that is not cached answers false. Files that cannot be asked
   * are skipped; false if none can be asked.
   */
  static boolean looksCached(List<? extends Path> paths) {
    int n = paths.size();
    int samples = Math.min(n, SAMPLES);
    boolean asked = false;
    for (int k = 0; k < samples; k++) {
      Residency r = residency(paths.get((int) ((long) k * n / samples)));
      if (r == Residency.NOT_CACHED) {
        return false;
      }
      asked |= r == Residency.CACHED;
    }
    return asked;
  }

  /**
   * Whether the first {@link #PROBE} bytes of {@code path} are resident ({@code mincore} on a
   * mapping released at once).
   */
  static Residency residency(Path path) {
    if (!FileKinds.isDefaultFileSystem(path)) {
      return Residency.UNKNOWN;
    }
    long size = FileKinds.regularFileSize(path);
    if (size <= 0) {
      return Residency.UNKNOWN;
    }
    try (FileMapping m = FileMapping.open(path, 0, Math.min(size, PROBE), Sharing.CONFINED)) {
      return m.isLoaded() ? Residency.CACHED : Residency.NOT_CACHED;
    } catch (IOException | RuntimeException e) {
      return Residency.UNKNOWN; // gone, or not mappable
    }
  }
}
