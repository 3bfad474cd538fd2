package dev.fastio.internal.platform;

import dev.fastio.internal.Settings;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decides once, at class initialization, which {@link ByteSearch} runs here. The vector engine,
 * {@code VectorByteSearch}, is compiled against {@code jdk.incubator.vector} (JDK 17 API, {@code
 * src/main/vector}) and loaded by name. It is used when {@code -Dfastio.scan.vector=false} is not
 * set, the JDK is 22 or newer, {@link VectorModule#unavailable()} finds nothing against it, the
 * preferred byte vector has at least 32 lanes, and it finds the same positions and counts as {@link
 * SwarByteSearch} on a known pattern. Otherwise SWAR: JDK 17 does not compile a mask's {@code
 * toLong()} to an instruction, so a search there allocates on every step and runs slower than SWAR;
 * 18 to 21 are not measured. Nothing is printed: {@link #NAME} says which engine runs.
 */
final class VectorByteSearchLookup {
  private record Found(MethodHandle factory, String name) {}

  private static final Found FOUND = find();

  /** The name of the engine chosen. */
  static final String NAME = FOUND.name();

  private VectorByteSearchLookup() {}

  /** A new engine of the kind chosen (the SWAR one is shared: it keeps nothing). */
  static ByteSearch create() {
    MethodHandle factory = FOUND.factory();
    if (factory == null) {
      return SwarByteSearch.INSTANCE;
    }
    return VectorModule.construct(() -> (ByteSearch) factory.invokeExact());
  }

  private static Found find() {
    if (!mayLoad()) {
      return swar();
    }
    try {
      MethodHandle factory =
          MethodHandles.lookup()
              .findConstructor(
                  MethodHandles.lookup().findClass("dev.fastio.internal.platform.VectorByteSearch"),
                  MethodType.methodType(void.class))
              .asType(MethodType.methodType(ByteSearch.class));
      ByteSearch probe = (ByteSearch) factory.invokeExact();
      return agreesWithSwar(probe) ? new Found(factory, probe.name()) : swar();
    } catch (Throwable t) {
      // too few lanes; LinkageError, reflective errors: an incompatible module or jar
      return swar();
    }
  }

  private static Found swar() {
    return new Found(null, SwarByteSearch.INSTANCE.name());
  }

  /**
   * Whether the vector engine may be loaded: not turned off, JDK 22 or newer, the module usable.
   */
  private static boolean mayLoad() {
    return Settings.SCAN_VECTOR
        && Runtime.version().feature() >= 22
        && VectorModule.unavailable() == null;
  }

  /** A 1,000-byte pattern with hits at every distance, searched from every offset up to 70. */
  private static boolean agreesWithSwar(ByteSearch probe) {
    ByteBuffer buf = ByteBuffer.allocateDirect(1000).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0, next = 0, gap = 1; i < buf.capacity(); i++) {
      boolean hit = i == next;
      if (hit) {
        next += gap++ % 71;
      }
      buf.put(i, hit ? (byte) (i % 3 == 0 ? '\r' : '\n') : (byte) (i * 31 + 7 | 0x20));
    }
    int[] a = new int[4 * ByteSearch.STEP];
    int[] b = new int[a.length];
    for (int from = 0; from < 70; from++) {
      int n = probe.find(buf, from, buf.capacity() - from / 2, (byte) '\n', (byte) '\r', a);
      int m =
          SwarByteSearch.INSTANCE.find(
              buf, from, buf.capacity() - from / 2, (byte) '\n', (byte) '\r', b);
      if (n != m
          || !Arrays.equals(a, 0, n, b, 0, n)
          || probe.count(buf, from, buf.capacity(), (byte) '\n', (byte) '\r', true)
              != SwarByteSearch.INSTANCE.count(
                  buf, from, buf.capacity(), (byte) '\n', (byte) '\r', true)) {
        return false;
      }
    }
    return true;
  }
}
