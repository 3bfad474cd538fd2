package dev.fastio.internal.platform;

import dev.fastio.internal.Settings;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * Decides once, when first asked, whether the vector {@link Md5Lanes} can run here, and finds it by
 * name: {@code VectorMd5Lanes} is compiled against {@code jdk.incubator.vector} (its own source
 * root, {@code src/main/vector}) and must never be loaded where that module is not resolved. It is
 * used when all of these hold:
 *
 * <ul>
 *   <li>{@code -Dfastio.md5.vector=false} is not set, and the JDK is one where the engine was
 *       measured faster than {@code MessageDigest} (17, and 25 and newer), or {@code
 *       -Dfastio.md5.vector=true} asks for it on any JDK (see {@link Settings#MD5_VECTOR});
 *   <li>the JIT compiler C2 is on (the Vector API is slow without it: {@code java.vm.info} says
 *       neither "interpreted mode" nor "emulated-client");
 *   <li>the module {@code jdk.incubator.vector} is resolved ({@code --add-modules
 *       jdk.incubator.vector}); fastio's module is then made to read it;
 *   <li>the preferred int vector is at least 256 bits (8 lanes);
 *   <li>a known-answer check against the scalar engine passes.
 * </ul>
 *
 * Nothing is printed: {@link #status()} says what was decided and why. {@link #mayBeAvailable()}
 * checks the first three without loading the engine or running the check.
 */
final class VectorMd5LanesLookup {
  private static final String CLASS = "dev.fastio.internal.platform.VectorMd5Lanes";

  /**
   * What the lookup found: {@code factory}, {@code (int blocksPerLane) -> Md5Lanes}, or null where
   * the vector engine is unavailable; {@code status}, the engine's {@link Md5Lanes#name()} (e.g.
   * {@code "vector 16x32-bit"}) or {@code "unavailable: <reason>"}.
   */
  private record Found(MethodHandle factory, String status) {}

  /** The lookup, made when first asked for: it loads the engine and runs the known-answer check. */
  private static final class Lookup {
    static final Found FOUND = find();

    private Lookup() {}
  }

  private VectorMd5LanesLookup() {}

  /** False where the engine is known to be unavailable without loading it; cheap, no lookup. */
  static boolean mayBeAvailable() {
    return precondition() == null;
  }

  /** The engine's factory, or null where it is unavailable (the lookup, once). */
  static MethodHandle factory() {
    return Lookup.FOUND.factory();
  }

  /** The engine's name, or why it is unavailable (the lookup, once). */
  static String status() {
    return Lookup.FOUND.status();
  }

  static Md5Lanes create(int blocksPerLane) {
    MethodHandle factory = factory();
    if (factory == null) {
      throw new IllegalStateException("vector MD5 engine " + status());
    }
    return VectorModule.construct(
        new VectorModule.Construction<Md5Lanes>() {
          @Override
          public Md5Lanes call() throws Throwable {
            return (Md5Lanes) factory.invokeExact(blocksPerLane);
          }
        });
  }

  private static Found find() {
    String reason = precondition();
    if (reason != null) {
      return new Found(null, "unavailable: " + reason);
    }
    try {
      MethodHandle factory =
          MethodHandles.lookup()
              .findConstructor(
                  MethodHandles.lookup().findClass(CLASS),
                  MethodType.methodType(void.class, int.class))
              .asType(MethodType.methodType(Md5Lanes.class, int.class));
      Md5Lanes probe = (Md5Lanes) factory.invokeExact(1);
      if (!agreesWithScalar(probe)) {
        return new Found(null, "unavailable: known-answer check failed on " + probe.name());
      }
      return new Found(factory, probe.name());
    } catch (UnsupportedOperationException e) {
      return new Found(null, "unavailable: " + e.getMessage());
    } catch (Throwable t) { // LinkageError, reflective errors: an incompatible module or jar
      return new Found(null, "unavailable: " + t);
    }
  }

  /** Why the vector engine must not even be loaded, or null. */
  private static String precondition() {
    if (Settings.MD5_VECTOR.equalsIgnoreCase("false")) {
      return "turned off by -Dfastio.md5.vector=false";
    }
    int feature = Runtime.version().feature();
    if (!Settings.MD5_VECTOR.equalsIgnoreCase("true") && feature != 17 && feature < 25) {
      return "not measured on JDK "
          + feature
          + " (faster on 17 and 25+; -Dfastio.md5.vector=true uses it here)";
    }
    return VectorModule.unavailable();
  }

  /** Two blocks of a fixed pattern, different in every lane, through both engines. */
  private static boolean agreesWithScalar(Md5Lanes probe) {
    Md5Lanes reference = Md5Lanes.scalar(probe.lanes(), probe.blocksPerLane());
    int[] words = probe.words();
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < words.length; i++) {
        words[i] = (i + 1) * 0x9e3779b9 + round;
      }
      System.arraycopy(words, 0, reference.words(), 0, words.length);
      probe.compress(0, 1);
      reference.compress(0, 1);
    }
    return Arrays.equals(probe.stateCopy(), reference.stateCopy());
  }
}
