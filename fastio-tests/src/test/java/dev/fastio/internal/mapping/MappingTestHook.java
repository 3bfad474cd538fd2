package dev.fastio.internal.mapping;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.mapping} keeps
 * package-private. It lives in the test sources, in the library's package, so nothing in the jar
 * exists for tests.
 */
public final class MappingTestHook {
  private MappingTestHook() {}

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
