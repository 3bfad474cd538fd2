package dev.fastio.tests.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.internal.platform.PlatformTestHook;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The line-end count of this JVM's search engine against a byte-by-byte count, on buffers larger
 * than the vector engine's 16 KiB copies: stretches of LF alone (which the vector engine counts in
 * two passes) before and after stretches of CR LF (one pass), CR LF pairs across the copies' edges
 * or none there, a CR in a range's last bytes; direct buffers, heap buffers and a heap slice; range
 * starts and ends near the edges; a new engine for each count and one engine for all, whose choice
 * of passes follows the last range. Runs again with the Vector API module, where the vector engine
 * is checked to be the one counting on JDK 22 and later.
 */
class ByteSearchCountTest {
  private static final int COPY = 16 * 1024;
  private static final int LAYOUTS = 8;

  @Test
  void countsLikeAByteLoopAcrossCopiesAndStretches() {
    String engine = PlatformTestHook.newSearch().name();
    if (Boolean.getBoolean("fastio.test.vector") && Runtime.version().feature() >= 22) {
      assertTrue(engine.startsWith("vector"), "the engine of a vector run: " + engine);
    }
    Random random = new Random(20261127);
    PlatformTestHook.Search shared = PlatformTestHook.newSearch();
    for (int layout = 0; layout < LAYOUTS; layout++) {
      byte[] bytes = layout(layout, random);
      for (ByteBuffer buf : buffers(bytes)) {
        int[] starts = {0, 1, 63, 64, COPY - 1, COPY, COPY + 1};
        int[] ends = {bytes.length, bytes.length - 1, bytes.length - 2, 3 * COPY + 1, 2 * COPY - 1};
        for (int from : starts) {
          for (int to : ends) {
            for (boolean pairs : new boolean[] {true, false}) {
              long expected = expected(bytes, from, to, pairs);
              String what =
                  engine + ", layout " + layout + ", " + kind(buf) + " [" + from + ", " + to + ")";
              assertEquals(
                  expected, count(PlatformTestHook.newSearch(), buf, from, to, pairs), what);
              assertEquals(expected, count(shared, buf, from, to, pairs), what + ", shared");
            }
          }
        }
      }
    }
  }

  private static long count(
      PlatformTestHook.Search search, ByteBuffer buf, int from, int to, boolean pairs) {
    return search.count(buf, from, to, (byte) '\n', (byte) '\r', pairs);
  }

  /** The bytes in a direct buffer, a heap buffer and a slice of a larger array. */
  private static List<ByteBuffer> buffers(byte[] bytes) {
    List<ByteBuffer> list = new ArrayList<>();
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
    direct.put(bytes).clear();
    list.add(direct);
    list.add(ByteBuffer.wrap(bytes.clone()));
    byte[] padded = new byte[bytes.length + 10];
    System.arraycopy(bytes, 0, padded, 5, bytes.length);
    list.add(ByteBuffer.wrap(padded, 5, bytes.length).slice());
    return list;
  }

  private static String kind(ByteBuffer buf) {
    return buf.isDirect() ? "direct" : buf.arrayOffset() == 0 ? "heap" : "heap slice";
  }

  /**
   * 80 KiB of text with lines of LF (layouts 0, 3, 6), CR LF (1, 4) or both by copies (2, 5, 7); a
   * CR LF across every copy's edge (0-2), a CR alone at every edge (3-5) or nothing there (6-7); a
   * CR three bytes before the end.
   */
  private static byte[] layout(int layout, Random random) {
    byte[] b = new byte[80 * 1024 + 17];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) ('a' + random.nextInt(26));
    }
    int kind = layout == 7 ? 2 : layout % 3;
    for (int i = 100; i < b.length - 1; i += 150 + random.nextInt(100)) {
      boolean crlf = kind == 1 || (kind == 2 && (i / COPY) % 2 == 1);
      if (crlf) {
        b[i] = '\r';
        b[i + 1] = '\n';
      } else {
        b[i] = '\n';
      }
    }
    for (int edge = COPY; layout < 6 && edge < b.length; edge += COPY) {
      b[edge - 1] = '\r';
      b[edge] = layout < 3 ? (byte) '\n' : (byte) 'x';
    }
    b[b.length - 3] = '\r';
    return b;
  }

  /** LF, CR and, with {@code pairs}, a CR LF once; a pair across {@code to} is not seen. */
  private static long expected(byte[] b, int from, int to, boolean pairs) {
    long n = 0;
    for (int i = from; i < to; i++) {
      if (b[i] == '\n') {
        n += pairs && i > from && b[i - 1] == '\r' ? 0 : 1;
      } else if (b[i] == '\r') {
        n++;
      }
    }
    return n;
  }
}
