package dev.fastio.internal.platform;

import java.util.Optional;

/**
 * What every engine on {@code jdk.incubator.vector} needs before its class may even be loaded: the
 * C2 compiler on (the Vector API is slow without it) and the module resolved, which fastio's module
 * is then made to read; and the call of an engine's constructor once its class is found. Shared by
 * {@link VectorMd5LanesLookup} and {@link VectorByteSearchLookup}.
 */
final class VectorModule {
  static final String NAME = "jdk.incubator.vector";

  private VectorModule() {}

  /**
   * Null if a vector engine may be loaded; else why not.
   *
   * @return the reason, or null
   */
  static String unavailable() {
    String info = System.getProperty("java.vm.info", "");
    if (info.contains("interpreted mode") || info.contains("emulated-client")) {
      return "the C2 compiler is off (" + info + ")";
    }
    Module own = VectorModule.class.getModule();
    Optional<Module> vector =
        Optional.ofNullable(own.getLayer()).orElse(ModuleLayer.boot()).findModule(NAME);
    if (vector.isEmpty()) {
      return "module " + NAME + " not resolved (add --add-modules " + NAME + ")";
    }
    own.addReads(
        vector.get()); // a named fastio module reads it only if told; no-op on the class path
    return null;
  }

  /** A call of an engine's constructor through its method handle. */
  @FunctionalInterface
  interface Construction<T> {
    T call() throws Throwable;
  }

  /**
   * The engine {@code construction} makes. An unchecked exception or error it throws is rethrown as
   * is; any other, which an engine's constructor does not declare, in an {@link
   * IllegalStateException}.
   */
  static <T> T construct(Construction<T> construction) {
    try {
      return construction.call();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }
}
