package dev.fastio.tests.batch;

import dev.fastio.DigestBatch;
import dev.fastio.tests.guard.TimingBackstop;
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
 * read loop, the lanes' broken form, as the README's {@code DigestBatch} row. Lanes that compute in
 * scalar code, or stay in the Vector API's fallback, allocate and call as the healthy ones do and
 * are caught here.
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
    TimingBackstop.faster(
        "DigestBatch MD5 of 16 x 1 MiB on one thread in the vector lanes (the DigestBatch row)",
        "a MessageDigest read loop (what the batch runs with fastio.md5.vector=false)",
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
