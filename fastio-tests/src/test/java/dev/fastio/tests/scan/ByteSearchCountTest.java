package dev.fastio.tests.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.internal.platform.PlatformTestHook;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The line-end count of this JVM's search engine against a byte-by-byte count, on direct buffers
 * larger than the vector engine's 16 KiB copies: CR LF pairs across every copy's edge, stretches of
 * LF alone (where the vector engine counts in two passes) before and after stretches of CR LF
 * (where it counts in one), every range start and end near the edges, one engine reused.
 */
class ByteSearchCountTest {
  private static final int COPY = 16 * 1024;

  @Test
  void countsLikeAByteLoopAcrossCopiesAndStretches() {
    Random random = new Random(20261127);
    for (int layout = 0; layout < 6; layout++) {
      byte[] bytes = layout(layout, random);
      ByteBuffer buf = ByteBuffer.allocateDirect(bytes.length);
      buf.put(bytes).clear();
      int[] starts = {0, 1, 63, 64, COPY - 1, COPY, COPY + 1};
      for (int from : starts) {
        for (int to : new int[] {bytes.length, bytes.length - 1, 3 * COPY + 1, 2 * COPY - 1}) {
          for (boolean pairs : new boolean[] {true, false}) {
            assertEquals(
                expected(bytes, from, to, pairs),
                PlatformTestHook.count(buf, from, to, (byte) '\n', (byte) '\r', pairs),
                PlatformTestHook.searchEngineName()
                    + ", layout "
                    + layout
                    + ", ["
                    + from
                    + ", "
                    + to
                    + "), pairs "
                    + pairs);
          }
        }
      }
    }
  }

  /**
   * 80 KiB of text: LF lines, CR LF lines, or both by stretches, with a CR LF across the copies'
   * edges (layouts 0-2) or a CR alone at an edge (3-5).
   */
  private static byte[] layout(int layout, Random random) {
    byte[] b = new byte[80 * 1024 + 17];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) ('a' + random.nextInt(26));
    }
    for (int i = 100; i < b.length; i += 150 + random.nextInt(100)) {
      boolean crlf = layout % 3 == 1 || (layout % 3 == 2 && (i / COPY) % 2 == 1);
      if (crlf && i + 1 < b.length) {
        b[i] = '\r';
        b[i + 1] = '\n';
      } else {
        b[i] = '\n';
      }
    }
    for (int edge = COPY; edge < b.length; edge += COPY) {
      b[edge - 1] = '\r';
      b[edge] = layout < 3 ? (byte) '\n' : (byte) 'x';
    }
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
