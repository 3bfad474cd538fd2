package dev.fastio.internal.platform;

import dev.fastio.internal.Settings;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Decides once, at class initialization, which {@link ByteSearch} runs here. The vector engine,
 * {@code SegmentByteSearch}, is compiled against {@code jdk.incubator.vector}'s JDK 22+ API
 * (vectors read from a {@code MemorySegment} over the buffer) into the jar's {@code
 * META-INF/versions/22} overlay, and loaded by name. It is used when {@code
 * -Dfastio.scan.vector=false} is not set, the JDK is 22 or newer, {@link
 * VectorModule#unavailable()} finds nothing against it, the preferred byte vector has at least 32
 * lanes, and it finds the same positions and counts as {@link SwarByteSearch} on a known pattern.
 * Otherwise SWAR: on JDK 17 to 21 the API reads vectors from a {@code ByteBuffer} (to 19) or a
 * preview {@code MemorySegment} (20, 21), and JDK 17 does not compile a mask's {@code toLong()} to
 * an instruction, so a search there allocates on every step and runs slower than SWAR. Nothing is
 * printed: {@link #ACTIVE}'s name says which engine runs, {@link #STATUS} why.
 */
final class VectorByteSearchLookup {
  private record Found(ByteSearch engine, String status) {}

  private static final Found FOUND = find();

  /** The engine chosen. */
  static final ByteSearch ACTIVE = FOUND.engine();

  /** The vector engine's name, or {@code "unavailable: <reason>"}. */
  static final String STATUS = FOUND.status();

  private VectorByteSearchLookup() {}

  private static Found find() {
    String reason = precondition();
    if (reason != null) {
      return new Found(SwarByteSearch.INSTANCE, "unavailable: " + reason);
    }
    String name = "dev.fastio.internal.platform.SegmentByteSearch";
    try {
      ByteSearch probe =
          Class.forName(name, true, VectorByteSearchLookup.class.getClassLoader())
              .asSubclass(ByteSearch.class)
              .getDeclaredConstructor()
              .newInstance();
      if (!agreesWithSwar(probe)) {
        return new Found(SwarByteSearch.INSTANCE, "unavailable: known-answer check failed");
      }
      return new Found(probe, probe.name());
    } catch (UnsupportedOperationException e) {
      return new Found(SwarByteSearch.INSTANCE, "unavailable: " + e.getMessage());
    } catch (ReflectiveOperationException | LinkageError e) { // an incompatible module or jar
      return new Found(SwarByteSearch.INSTANCE, "unavailable: " + e);
    }
  }

  private static String precondition() {
    if (!Settings.SCAN_VECTOR) {
      return "turned off by -Dfastio.scan.vector=false";
    }
    int feature = Runtime.version().feature();
    if (feature < 22) {
      return "JDK " + feature + " (the vector search runs on JDK 22 and newer)";
    }
    return VectorModule.unavailable();
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
