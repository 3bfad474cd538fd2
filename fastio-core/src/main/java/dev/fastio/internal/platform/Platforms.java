package dev.fastio.internal.platform;

import dev.fastio.internal.Settings;

/** Chooses the {@link PlatformProvider}, once: the one place that decides which is active. */
final class Platforms {
  /** The JDK 22+ implementation, in the jar's {@code META-INF/versions/22} overlay. */
  private static final String ARENA = "dev.fastio.internal.platform.ArenaPlatformProvider";

  static final PlatformProvider ACTIVE = choose();

  private Platforms() {}

  private static PlatformProvider choose() {
    if (Runtime.version().feature() >= 22 && !Settings.LEGACY_PLATFORM) {
      try {
        return Class.forName(ARENA)
            .asSubclass(PlatformProvider.class)
            .getDeclaredConstructor()
            .newInstance();
      } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
        // no overlay (classes run from a directory rather than the multi-release jar): legacy
      }
    }
    return new LegacyPlatformProvider();
  }
}
