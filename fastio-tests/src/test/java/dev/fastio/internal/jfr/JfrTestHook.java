package dev.fastio.internal.jfr;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.jfr} keeps package-private. It
 * lives in the test sources, in the library's package (the tests run on the class path), so nothing
 * in the shipped jar exists for tests alone.
 */
public final class JfrTestHook {
  private JfrTestHook() {}

  /** Whether fastio can use {@code jdk.jfr} here. */
  public static boolean available() {
    return Jfr.AVAILABLE;
  }
}
