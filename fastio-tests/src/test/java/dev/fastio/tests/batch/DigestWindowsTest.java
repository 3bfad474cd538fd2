package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.read.ReadTestHook;
import dev.fastio.tests.support.TestSupport;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
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
  private static class Sampling extends MessageDigest {
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

  /** Sizes around window and page boundaries, windows of a page to 1 MiB, each byte checked. */
  @Property(tries = 60, seed = "20261125")
  void everyWindowSizeGivesTheDigestOfTheBytes(
      @ForAll @IntRange(min = 1, max = 3 << 20) int size,
      @ForAll("windows") int window,
      @ForAll @IntRange(min = -1, max = 1) int nudge)
      throws Exception {
    int length = Math.max(1, (size / window) * window + nudge); // often a window's edge
    byte[] content = TestSupport.randomBytes(length, length);
    Path file = Files.createTempFile("fastio-windows", ".bin");
    try {
      Files.write(file, content);
      MessageDigest md = MessageDigest.getInstance("MD5");
      assertArrayEquals(
          MessageDigest.getInstance("MD5").digest(content),
          ReadTestHook.mappedDigest(file, md, window),
          length + " bytes, window " + window);
    } finally {
      Files.delete(file);
    }
  }

  @Provide
  Arbitrary<Integer> windows() {
    return Arbitraries.of(4096, 8192, 65536, 100_000, 1 << 20);
  }

  /**
   * A file truncated while a later window is hashed: the fault ends the mapped pass, and the file
   * is hashed again through a buffer, as it now is; nothing stays mapped.
   */
  @Test
  void aFileTruncatedInALaterWindowIsHashedAgainAsItNowIs() throws Exception {
    assumeTrue(TestSupport.isLinux(), "/proc/self/maps");
    int window = 1 << 20;
    byte[] content = TestSupport.randomBytes(77, 6 * window + 100);
    Path file = TestSupport.write(dir, "truncated-later", content);
    String name = file.getFileName().toString();
    MessageDigest truncating =
        new Sampling(name) {
          private int updates;

          @Override
          protected void engineUpdate(ByteBuffer input) {
            if (++updates == 3) { // the third window: cut the file inside it
              try (java.nio.channels.FileChannel ch =
                  java.nio.channels.FileChannel.open(
                      file, java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(2L * window + 12_345);
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            }
            super.engineUpdate(input);
          }
        };
    byte[] got = ReadTestHook.mappedDigest(file, truncating, window);
    byte[] now = Files.readAllBytes(file);
    assertEquals(2L * window + 12_345, now.length);
    assertArrayEquals(MessageDigest.getInstance("MD5").digest(now), got);
    assertEquals(0, TestSupport.mappingsOf(name), "mapped after return");
  }
}
