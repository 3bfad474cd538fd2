package dev.fastio.tests.scan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.platform.PlatformTestHook.Search;
import dev.fastio.tests.guard.TimingBackstop;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The timing backstop (see {@link TimingBackstop}) of the line-end search under {@code
 * LineScanner}, {@code countLines} and {@code FastFiles.lines}: each engine's count and find over 1
 * MiB of log lines in a direct buffer (as a mapped part is read) against its broken form: the SWAR
 * engine against one byte at a time in every run, and in the Vector API runs on JDK 22+ the vector
 * engine against SWAR, which {@code fastio.scan.vector=false} forces. An engine that steps one byte
 * at a time makes the calls and allocations of a healthy one.
 */
@Tag("perf-guard")
@Tag("perf-timing")
class ByteSearchTimingTest {
  private static final int SIZE = 1 << 20;
  private static final ByteBuffer TEXT = text();

  @Test
  void theSwarSearchIsFasterThanOneByteAtATime() throws Exception {
    judge(PlatformTestHook.swarSearch(), PlatformTestHook.bytewiseSearch(), "one byte at a time");
  }

  /** In the Vector API runs; JDK 17 has no vector search (its engine is SWAR, guarded above). */
  @Test
  @Tag("vector-module")
  void theVectorSearchIsFasterThanSwar() throws Exception {
    Search engine = PlatformTestHook.newSearch();
    if (Runtime.version().feature() >= 22) {
      assertTrue(
          engine.name().startsWith("vector"), "the engine of a vector run: " + engine.name());
      judge(engine, PlatformTestHook.swarSearch(), "the SWAR engine (fastio.scan.vector=false)");
    }
  }

  private static void judge(Search healthy, Search broken, String brokenForm) throws Exception {
    TimingBackstop.faster(
        "the line-end search's " + healthy.name() + " engine: count and find over 1 MiB of lines",
        brokenForm,
        10,
        100,
        () -> countAndFind(healthy),
        () -> countAndFind(broken));
  }

  /**
   * The CR LF pairs counted, then every LF and CR found, as the scanner and the lines find them.
   */
  private static long countAndFind(Search search) {
    byte lf = '\n';
    byte cr = '\r';
    long n = search.count(TEXT, 0, SIZE, lf, cr, true);
    int[] out = new int[16 * PlatformTestHook.SEARCH_STEP];
    for (int from = 0; from < SIZE; ) {
      int found = search.find(TEXT, from, SIZE, lf, cr, out);
      n += found;
      if (found <= out.length - PlatformTestHook.SEARCH_STEP) {
        break;
      }
      from = out[found - 1] + 1;
    }
    return n;
  }

  /**
   * 1 MiB of lines of 60 to 140 ASCII characters, every fourth ended by CR LF, in a direct buffer.
   */
  private static ByteBuffer text() {
    Random random = new Random(20261207);
    ByteBuffer b = ByteBuffer.allocateDirect(SIZE);
    byte[] word = "GET /index.html HTTP/1.1 200 ".getBytes(StandardCharsets.US_ASCII);
    for (int line = 0; b.hasRemaining(); line++) {
      int length = 60 + random.nextInt(80);
      for (int i = 0; i < length && b.hasRemaining(); i++) {
        b.put(word[(i + line) % word.length]);
      }
      if (line % 4 == 0 && b.hasRemaining()) {
        b.put((byte) '\r');
      }
      if (b.hasRemaining()) {
        b.put((byte) '\n');
      }
    }
    return b.clear();
  }
}
