package dev.fastio.internal.platform;

import dev.fastio.internal.Settings;

/**
 * Chooses the {@link PlatformProvider}, once: the one place that decides which is active. On JDK
 * 22+ the overlay's provider, unless {@code fastio.platform=legacy}; the legacy one only where the
 * overlay is not there at all (classes run from a directory, not the multi-release jar). An overlay
 * that is there but cannot be loaded (a damaged jar, classes of another fastio version) fails
 * loudly, as an {@link IllegalStateException} naming the cause, rather than running the JDK 17 code
 * and its warnings on a JDK that has the better path.
 */
final class Platforms {
  /** The JDK 22+ implementation, in the jar's {@code META-INF/versions/22} overlay. */
  private static final String ARENA = "dev.fastio.internal.platform.ArenaPlatformProvider";

  static final PlatformProvider ACTIVE = choose();

  private Platforms() {}

  private static PlatformProvider choose() {
    if (Runtime.version().feature() >= 22 && !Settings.LEGACY_PLATFORM) {
      Class<?> overlay;
      try {
        overlay = Class.forName(ARENA);
      } catch (ClassNotFoundException e) {
        return new LegacyPlatformProvider(); // no overlay: classes run from a directory
      }
      try {
        return overlay.asSubclass(PlatformProvider.class).getDeclaredConstructor().newInstance();
      } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
        throw new IllegalStateException(
            "fastio: its JDK 22+ platform code ("
                + ARENA
                + ") is in the jar but cannot be loaded on Java "
                + Runtime.version()
                + ": the jar is damaged or mixes classes of two fastio versions; set"
                + " -Dfastio.platform=legacy to run the JDK 17 code instead",
            e);
      }
    }
    return new LegacyPlatformProvider();
  }
}
