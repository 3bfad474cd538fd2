package dev.fastio.tests.batch;

import dev.fastio.DigestBatch;
import dev.fastio.tests.guard.TimingBackstop;
import dev.fastio.tests.guard.TimingBackstop.Bound;
import dev.fastio.tests.support.TestSupport;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timing backstop (see {@link TimingBackstop}) of the MD5 lanes, in the test JVMs with the
 * Vector API module: a batch of 16 files of 1 MiB on one thread against a {@code MessageDigest}
 * read loop, as the README's {@code DigestBatch} row. Lanes that compute in scalar code, or stay in
 * the Vector API's fallback, allocate and call as the healthy ones do and are caught here.
 */
@Tag("perf-guard")
@Tag("perf-timing")
@Tag("vector-module")
class DigestBatchTimingTest {
  private static final int FILES = 16;
  private static final int SIZE = 1 << 20;

  @TempDir static Path dir;
  private static final List<Path> files = new ArrayList<>();

  @BeforeAll
  static void writeFiles() {
    for (int i = 0; i < FILES; i++) {
      files.add(TestSupport.write(dir, "timing-1m-" + i, TestSupport.randomBytes(60 + i, SIZE)));
    }
  }

  @Test
  void theMd5LanesAreFasterThanMessageDigest() throws Exception {
    DigestBatch batch = DigestBatch.builder("MD5").threads(1).build();
    TimingBackstop.atLeast(
        "DigestBatch MD5 of 16 x 1 MiB on one thread in the vector lanes (the DigestBatch row)",
        // By the lanes' width, not the JDK: the JDK 17 run has 8 lanes (-XX:UseAVX=2), and so
        // would a JDK 25 run on a CPU without 512-bit vectors.
        Bound.pick(
            batch.engine().contains("16x32-bit"),
            new Bound(
                1.5,
                "8 lanes: healthy 1.94-2.40, lanes judged per batch 1.38-1.53, scalar lanes"
                    + " 0.54-0.55, fallback 0.08 (JDK 17; docs/perf-guard.md)"),
            new Bound(
                2.5,
                "16 lanes: healthy 3.12-3.87, lanes judged per batch 1.71-1.96, scalar lanes"
                    + " 0.49-0.51, fallback 0.11-0.14 (JDK 25; docs/perf-guard.md)")),
        3,
        64, // 1 GiB: a JVM hashes 512 MiB with MessageDigest before its batches move to the lanes
        () -> batch.digestAll(files).size(),
        DigestBatchTimingTest::messageDigestLoop);
  }

  /**
   * MD5 of every file by a 64 KiB read loop into one {@code MessageDigest}, as the JMH baseline.
   */
  private static long messageDigestLoop() throws Exception {
    MessageDigest md = MessageDigest.getInstance("MD5");
    byte[] buf = new byte[64 * 1024];
    long sum = 0;
    for (Path f : files) {
      try (InputStream in = Files.newInputStream(f)) {
        for (int n; (n = in.read(buf)) > 0; ) {
          md.update(buf, 0, n);
        }
      }
      sum += md.digest()[0];
    }
    return sum;
  }
}
