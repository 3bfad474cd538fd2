package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastFiles;
import dev.fastio.FastioTestHook;
import dev.fastio.internal.chunks.ChunksTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heap allocated by a scan of a 64 MiB file (every byte through {@code CRC32C}), measured with the
 * thread's allocated-bytes counter as in {@code AllocationTest}: a constant, plus a small object
 * per mapped chunk (its slice) and per window; never anything in proportion to the bytes read.
 */
@Tag("perf-guard")
class ChunkedReaderAllocationTest {
  private static final int SIZE = 64 << 20;

  /**
   * Opening: the reader, its channel, attributes, a view of the buffer; and the views for up to 32
   * places a read may land at (about 2.3 KiB). Measured: about 3 KiB for a scan from offset 0.
   */
  private static final long PER_SCAN = 16 * 1024;

  /** A slice (about 70 bytes) and the fault check's array (about 40 bytes). */
  private static final long PER_MAPPED_CHUNK = 160;

  /** A read-only slice of a buffer (about 70 bytes). */
  private static final long PER_SLICE = 96;

  /** Mapping a window: the region, its buffer or arena. Measured: under 1 KiB. */
  private static final long PER_WINDOW = 4096;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() {
    file = TestSupport.write(dir, "alloc-chunked-64m", TestSupport.randomBytes(64, SIZE));
  }

  @Test
  void aScanAllocatesAConstantPlusLittlePerChunk() throws Exception {
    assumeTrue(threads().isThreadAllocatedMemorySupported(), "no allocated-bytes counter");
    CRC32C crc = new CRC32C();
    // strategy, chunk size, window size, where the scan starts (4090: every read lands 26 bytes
    // into the buffer, at the file's offset modulo 32, through a view of its own)
    Object[][] cases = {
      {"AUTO", ChunksTestHook.DEFAULT_CHUNK, ChunksTestHook.DEFAULT_WINDOW, 0},
      {"BUFFERED", ChunksTestHook.DEFAULT_CHUNK, ChunksTestHook.DEFAULT_WINDOW, 0},
      {"BUFFERED", ChunksTestHook.DEFAULT_CHUNK, ChunksTestHook.DEFAULT_WINDOW, 4090},
      {"BUFFERED", 1 << 20, ChunksTestHook.DEFAULT_WINDOW, 4090},
      {"BUFFERED", 100_001, ChunksTestHook.DEFAULT_WINDOW, 0}, // each of the 32 places
      {"MAPPED", 65536, 4 << 20, 0},
    };
    for (Object[] c : cases) {
      String s = (String) c[0];
      int chunk = (Integer) c[1];
      int window = (Integer) c[2];
      int start = (Integer) c[3];
      long[] chunks = new long[1];
      long allocated = minAllocated(() -> chunks[0] = scan(s, chunk, window, start, crc));
      boolean mapped = !s.equals("BUFFERED");
      long windows = mapped ? (SIZE + window - 1) / window : 0;
      long limit = PER_SCAN + (mapped ? chunks[0] * PER_MAPPED_CHUNK : 0) + windows * PER_WINDOW;
      PerfGuard.atMost(
          "ChunkedReader scan of 64 MiB allocates a constant and little per chunk, "
              + s
              + " chunk "
              + chunk
              + " from "
              + start,
          "heap bytes allocated per scan",
          allocated,
          limit,
          chunks[0] + " chunks");
    }
    long viaForEach = minAllocated(() -> FastFiles.forEachChunk(file, crc::update));
    PerfGuard.atMost(
        "forEachChunk of 64 MiB allocates a constant and little per chunk (the scan row)",
        "heap bytes allocated per scan",
        viaForEach,
        PER_SCAN + 64 * PER_MAPPED_CHUNK + PER_WINDOW,
        "");
  }

  /**
   * Small records read ahead through the buffer allocate one slice each, nothing in proportion to
   * their bytes or to the bytes skipped: 64-byte and 2 KiB records, one after another and 512 bytes
   * apart, through the first 4 MiB of the file.
   */
  @Test
  void recordsReadAheadAllocateOneSliceEach() throws Exception {
    assumeTrue(threads().isThreadAllocatedMemorySupported(), "no allocated-bytes counter");
    CRC32C crc = new CRC32C();
    long limit = 4 << 20;
    for (int record : new int[] {64, 2048}) {
      for (int gap : new int[] {0, 512}) {
        long[] count = new long[1];
        long allocated = minAllocated(() -> count[0] = records(record, gap, limit, crc));
        PerfGuard.atMost(
            "ChunkedReader " + record + "-byte records " + gap + " bytes apart, one slice each",
            "heap bytes allocated per pass",
            allocated,
            PER_SCAN + count[0] * PER_SLICE,
            count[0] + " records");
      }
    }
  }

  private static long records(int record, int gap, long limit, CRC32C crc) throws IOException {
    long n = 0;
    try (ChunkedReader chunks =
        FastioTestHook.open(file, ChunksTestHook.DEFAULT_CHUNK, "BUFFERED")) {
      for (ByteBuffer b; chunks.position() < limit && (b = chunks.next(record)) != null; ) {
        crc.update(b);
        chunks.skip(gap);
        n++;
      }
    }
    return n;
  }

  private static long scan(String s, int chunk, int window, int start, CRC32C crc)
      throws IOException {
    long n = 0;
    long bytes = 0;
    try (ChunkedReader chunks = FastioTestHook.open(file, chunk, s, window)) {
      chunks.position(start);
      for (ByteBuffer b; (b = chunks.next()) != null; ) {
        bytes += b.remaining();
        crc.update(b);
        n++;
      }
    }
    assertEquals(SIZE - start, bytes);
    return n;
  }

  interface Scan {
    long run() throws Exception;
  }

  /** The fewest bytes a scan allocated on this thread over five scans after three warm-up scans. */
  private static long minAllocated(Scan scan) throws Exception {
    com.sun.management.ThreadMXBean t = threads();
    long min = Long.MAX_VALUE;
    for (int i = 0; i < 8; i++) {
      long before = t.getCurrentThreadAllocatedBytes();
      scan.run();
      long after = t.getCurrentThreadAllocatedBytes();
      if (i >= 3) {
        min = Math.min(min, after - before);
      }
    }
    return min;
  }

  private static com.sun.management.ThreadMXBean threads() {
    return (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  }
}
