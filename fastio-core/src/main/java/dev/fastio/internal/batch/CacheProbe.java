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

  /**
   * True if the files look cached: up to {@link #SAMPLES} of them, spread over the list, are asked
   * whether their first {@link #PROBE} bytes are resident ({@code mincore} on a mapping released at
   * once); the first that is not answers false. Files that cannot be mapped (empty, FIFOs, devices,
   * errors) are skipped; false if none can be asked.
   */
  static boolean looksCached(List<? extends Path> paths) {
    int n = paths.size();
    int samples = Math.min(n, SAMPLES);
    boolean asked = false;
    for (int k = 0; k < samples; k++) {
      Path path = paths.get((int) ((long) k * n / samples));
      long size = FileKinds.regularFileSize(path);
      if (size <= 0) {
        continue;
      }
      try (FileMapping m = FileMapping.open(path, 0, Math.min(size, PROBE), Sharing.CONFINED)) {
        if (!m.isLoaded()) {
          return false;
        }
        asked = true;
      } catch (IOException | RuntimeException e) {
        // gone, or not mappable: ask the next one
      }
    }
    return asked;
  }
}
