package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ten thousand streams opened and closed, reads, writes and copies succeeding and failing, leave no
 * descriptor behind (counted in {@code /proc/self/fd}).
 */
class StreamsLeakTest {
  @TempDir Path dir;

  @Test
  void noDescriptorOutlivesAStream() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(13, 100_000);
    Path small = TestSupport.write(dir, "leak-small", content);
    Path target = dir.resolve("leak-target");
    Path missing = dir.resolve("missing").resolve("file");
    round(small, target, missing, content); // load classes, fill the buffer pool
    int fds = TestSupport.openDescriptors();
    for (int i = 0; i < 1000; i++) {
      round(small, target, missing, content);
    }
    TestSupport.assertNoDescriptorLeak(fds, dir);
  }

  /** Ten streams opened and closed, and four failures to open. */
  private void round(Path small, Path target, Path missing, byte[] content) throws IOException {
    try (InputStream in = FastFiles.newInputStream(small)) {
      in.skip(10);
      in.read(new byte[70_000]);
    }
    try (InputStream in = FastFiles.newInputStream(small)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    try (OutputStream out = FastFiles.newOutputStream(target)) {
      out.write(content, 0, 1000);
    }
    FastFiles.write(target, content, StandardOpenOption.APPEND);
    FastFiles.writeString(target, "text");
    assertEquals("text", FastFiles.readString(target));
    FastFiles.copy(small, new ByteArrayOutputStream());
    FastFiles.copy(new ByteArrayInputStream(content), target, StandardCopyOption.REPLACE_EXISTING);
    try (InputStream in = new FileInputStream(small.toFile())) {
      FastFiles.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    try (InputStream in = ChunkedReader.open(small).asInputStream()) {
      in.readAllBytes();
    }
    assertThrows(IOException.class, () -> FastFiles.newInputStream(missing));
    assertThrows(IOException.class, () -> FastFiles.newOutputStream(missing));
    assertThrows(IOException.class, () -> FastFiles.newOutputStream(dir));
    assertThrows(
        IOException.class, () -> FastFiles.newOutputStream(small, StandardOpenOption.CREATE_NEW));
  }
}
