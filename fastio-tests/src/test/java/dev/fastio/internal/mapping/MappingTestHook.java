package dev.fastio.internal.mapping;

import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.mapping} keeps
 * package-private. It lives in the test sources, in the library's package, so nothing in the jar
 * exists for tests.
 */
public final class MappingTestHook {
  private MappingTestHook() {}

  /**
   * A mapping as {@link FileMapping#open(Path, long, long)} makes it, in windows of {@code
   * windowSize} bytes, so that small files cross window boundaries.
   */
  public static FileMapping open(Path path, long position, long size, int windowSize)
      throws IOException {
    return FileMapping.open(path, position, size, windowSize, PlatformProvider.Sharing.SHARED);
  }

  /**
   * Runs {@code tasks} in order on a new background worker named {@code name}, as the unmapper runs
   * its releases; returns false if no thread could be started.
   */
  public static boolean runInBackground(String name, Runnable... tasks) {
    BackgroundWorker worker = new BackgroundWorker(name);
    for (Runnable task : tasks) {
      if (!worker.submit(task)) {
        return false;
      }
    }
    return true;
  }
}
