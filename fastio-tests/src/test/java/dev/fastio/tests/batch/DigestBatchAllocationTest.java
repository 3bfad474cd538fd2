package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heap allocated by the hashing thread of an MD5 batch of 16 files of 4 MiB (64 MiB), counted with
 * that thread's allocated-bytes counter between its first and its last progress call: in the vector
 * lanes (the build's vector runs) and with {@code MessageDigest} alike, under 64 KiB. The Vector
 * API's fallback when C2 does not compile the lanes' vector code boxes every vector operation and
 * allocates some hundred bytes per block, hundreds of megabytes here: this guard sees a lanes
 * engine that silently left its intrinsics.
 */
@Tag("perf-guard")
class DigestBatchAllocationTest {
  private static final int FILES = 16;
  private static final int SIZE = 4 << 20;
  private static final long LIMIT = FILES * 16 * 1024;

  @TempDir static Path dir;
  private static final List<Path> files = new ArrayList<>();
  private static final List<byte[]> expected = new ArrayList<>();

  @BeforeAll
  static void writeFiles() throws Exception {
    for (int i = 0; i < FILES; i++) {
      byte[] content = TestSupport.randomBytes(300 + i, SIZE);
      files.add(TestSupport.write(dir, "lanes-" + i, content));
      expected.add(MessageDigest.getInstance("MD5").digest(content));
    }
  }

  /** Records the hashing thread's allocated bytes at its first and last progress call. */
  private static final class Counter implements DigestBatch.Listener {
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    // Written by the one hashing thread only; read after digestAll returned, which waited for it.
    private long first = -1;
    private long last = -1;
    private long bytes;
    private long bytesAtFirst;

    @Override
    public void bytesHashed(long n) {
      long now = threads.getCurrentThreadAllocatedBytes();
      if (first < 0) {
        first = now;
        bytesAtFirst = n;
      }
      last = now;
      bytes += n;
    }
  }

  @Test
  void hashing64MiBInABatchAllocatesNothingPerByte() throws Exception {
    assumeTrue(
        ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
            .isThreadAllocatedMemorySupported(),
        "no allocated-bytes counter");
    DigestBatch batch = DigestBatch.builder("MD5").threads(1).reading(Reading.PARALLEL).build();
    long min = Long.MAX_VALUE;
    long hashed = 0;
    for (int round = 0; round < 4; round++) {
      Counter counter = new Counter();
      List<Result> results =
          DigestBatch.builder("MD5")
              .threads(1)
              .reading(Reading.PARALLEL)
              .listener(counter)
              .build()
              .digestAll(files);
      for (int i = 0; i < FILES; i++) {
        assertArrayEquals(expected.get(i), results.get(i).digest(), results.get(i).toString());
      }
      if (round > 0) { // the first round is the warm-up
        min = Math.min(min, counter.last - counter.first);
        hashed = counter.bytes - counter.bytesAtFirst;
      }
    }
    assertTrue(
        hashed >= (long) FILES * SIZE / 2, "progress calls spanned only " + hashed + " bytes");
    PerfGuard.atMost(
        "DigestBatch MD5 of 16 x 4 MiB on one thread allocates nothing per byte ("
            + batch.engine()
            + ")",
        "heap bytes the hashing thread allocated between its first and last progress call",
        min,
        LIMIT,
        hashed + " bytes hashed meanwhile; engine " + batch.engine());
  }
}
