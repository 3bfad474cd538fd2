package dev.fastio.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A digest of a large file maps it a window at a time: while it hashes, at most two windows of 32
 * MiB are mapped and resident ({@code /proc/self/smaps}), however large the file, and nothing is
 * mapped once it returns. What the {@code fastio} command's bounded memory rests on.
 */
class DigestWindowsTest {
  private static final long WINDOW = 32 << 20;

  @TempDir Path dir;

  /** MD5, sampling the file's mappings each time it is handed bytes. */
  private static final class Sampling extends MessageDigest {
    private final MessageDigest md5;
    private final String name;
    int maxMappings;
    long maxResident;
    int samples;

    Sampling(String name) throws NoSuchAlgorithmException {
      super("MD5");
      this.md5 = MessageDigest.getInstance("MD5");
      this.name = name;
    }

    @Override
    protected void engineUpdate(byte input) {
      md5.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      md5.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
      samples++;
      maxMappings = Math.max(maxMappings, TestSupport.mappingsOf(name));
      maxResident = Math.max(maxResident, TestSupport.residentOf(name));
      md5.update(input);
    }

    @Override
    protected byte[] engineDigest() {
      return md5.digest();
    }

    @Override
    protected void engineReset() {
      md5.reset();
    }
  }

  @Test
  void aLargeFileIsHashedTwoWindowsAtMost() throws Exception {
    assumeTrue(TestSupport.isLinux(), "smaps is Linux's");
    long size = 8 * WINDOW + 12_345;
    Path file = TestSupport.diskFile(dir, "large-digest", (int) size);
    String name = file.getFileName().toString();
    Sampling md = new Sampling(name);
    byte[] got = FastFiles.digest(file, md);
    assertArrayEquals(MessageDigest.getInstance("MD5").digest(Files.readAllBytes(file)), got);
    assertTrue(md.samples >= 9, "one update per window, at least: " + md.samples);
    assertTrue(md.maxMappings <= 2, "mappings of the file at once: " + md.maxMappings);
    assertTrue(
        md.maxResident <= 2 * WINDOW,
        "resident bytes of the file at once: " + md.maxResident + " of " + size);
    assertEquals(0, TestSupport.mappingsOf(name), "mapped after return");
  }
}
