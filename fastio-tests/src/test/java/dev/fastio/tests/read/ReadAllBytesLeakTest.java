package dev.fastio.tests.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of {@code readAllBytes} and {@code digest} calls, succeeding and failing, leave no
 * descriptor and no mapping behind (counted in {@code /proc/self/fd} and {@code /proc/self/maps}).
 */
class ReadAllBytesLeakTest {
  @TempDir Path dir;

  @Test
  void noDescriptorOrMappingOutlivesACall() throws Exception {
    assumeTrue(TestSupport.isLinux());
    assumeTrue(TestSupport.releasesImmediately(), "mappings are left to the GC on this runtime");
    Path small = TestSupport.write(dir, "leak-small", TestSupport.randomBytes(1, 10_000));
    Path mapped = TestSupport.write(dir, "leak-mapped", TestSupport.randomBytes(2, 2_100_000));
    Path missing = dir.resolve("leak-missing");
    MessageDigest md = MessageDigest.getInstance("MD5");
    round(small, mapped, missing, md); // load classes, fill the buffer pool
    int fds = TestSupport.openDescriptors();
    for (int i = 0; i < 2000; i++) {
      round(small, mapped, missing, md);
    }
    assertEquals(0, TestSupport.mappingsOf("leak-mapped"), "mappings of the file left");
    TestSupport.assertNoDescriptorLeak(fds, dir);
  }

  private void round(Path small, Path mapped, Path missing, MessageDigest md) throws IOException {
    FastFiles.readAllBytes(small);
    FastFiles.readAllBytes(mapped);
    FastFiles.digest(small, md);
    FastFiles.digest(mapped, md);
    assertThrows(IOException.class, () -> FastFiles.readAllBytes(missing));
    assertThrows(IOException.class, () -> FastFiles.readAllBytes(dir)); // opens, then fails
    assertThrows(IOException.class, () -> FastFiles.digest(dir, md));
  }
}
