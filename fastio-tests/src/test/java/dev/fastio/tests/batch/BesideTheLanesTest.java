package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.DigestBatch;
import dev.fastio.internal.batch.BatchTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which large files of an MD5 batch its lanes hash and which go beside them with {@code
 * MessageDigest}: one or two large files among small ones go beside (alone in a lane they would end
 * the batch at a fraction of {@code MessageDigest}'s speed); several as large run together in the
 * lanes. The decision from the sizes, the feed's decision from the files' {@code stat}s, and the
 * digests of a batch of large (sparse) files.
 */
class BesideTheLanesTest {
  private static final long MIB = 1 << 20;
  private static final long ALONE = BatchTestHook.ALONE;

  @TempDir Path dir;

  @Test
  void manyLargeFilesRunInTheLanesAndAFewAmongSmallOnesBeside() {
    assertEquals(Long.MAX_VALUE, beside(new long[0], 10 * MIB, 1), "no large file");
    long[] sixteen = new long[16];
    Arrays.fill(sixteen, ALONE);
    assertEquals(Long.MAX_VALUE, beside(sixteen, 0, 1), "16 x 64 MiB");
    Arrays.fill(sixteen, 256 * MIB);
    assertEquals(Long.MAX_VALUE, beside(sixteen, 0, 1), "16 x 256 MiB");
    assertEquals(Long.MAX_VALUE, beside(sixteen, 0, 2), "16 x 256 MiB, 2 threads");
    assertEquals(
        Long.MAX_VALUE, beside(new long[] {ALONE, ALONE, ALONE, ALONE}, 0, 1), "4 x 64 MiB");
    assertEquals(4096 * MIB, beside(new long[] {4096 * MIB}, 0, 1), "one file of 4 GiB");
    assertEquals(ALONE, beside(new long[] {ALONE}, 4 * MIB, 1), "64 MiB among 4 MiB");
    assertEquals(ALONE, beside(new long[] {ALONE, ALONE}, 0, 1), "2 x 64 MiB");
    // Sizes a few bytes apart are as good as equal: the lanes, not two beside and one alone.
    assertEquals(
        Long.MAX_VALUE, beside(new long[] {ALONE + 2, ALONE + 1, ALONE}, 0, 1), "3 x ~64 MiB");
    assertEquals(
        Long.MAX_VALUE,
        beside(new long[] {256 * MIB, 256 * MIB, 250 * MIB}, 0, 1),
        "2 x 256 MiB and 250 MiB");
    // Two JDKs: lib/modules of 146 and 129 MB among 312 MB of smaller files.
    assertEquals(
        129_000_000L, beside(new long[] {146_000_000L, 129_000_000L}, 312_000_000L, 1), "two JDKs");
    // One 300 MiB file among 16 of 64 MiB: the large one beside, the others in the lanes.
    long[] mixed = new long[17];
    Arrays.fill(mixed, ALONE);
    mixed[0] = 300 * MIB;
    assertEquals(300 * MIB, beside(mixed, 0, 1), "300 MiB among 16 x 64 MiB");
  }

  /**
   * Whatever the sizes, the bound is none or one of the large files' sizes, so that the files
   * beside are the largest; equal sizes are never split.
   */
  @Property(tries = 500, seed = "20261127")
  void theBoundIsALargeFilesSizeOrNone(
      @ForAll @Size(max = 20) List<@LongRange(min = 64 << 20, max = 8L << 30) Long> sizes,
      @ForAll @LongRange(min = 0, max = 64L << 30) long small,
      @ForAll @IntRange(min = 1, max = 4) int threads) {
    long[] big = sizes.stream().mapToLong(Long::longValue).sorted().toArray();
    for (int i = 0; i < big.length / 2; i++) {
      long t = big[i];
      big[i] = big[big.length - 1 - i];
      big[big.length - 1 - i] = t;
    }
    long bound = beside(big, small, threads);
    assertTrue(
        bound == Long.MAX_VALUE || sizes.contains(bound), bound + " of " + Arrays.toString(big));
  }

  @Test
  void theFeedDecidesFromTheFilesItSized() throws Exception {
    List<Path> many = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      many.add(sparse("many-" + i, ALONE, i));
    }
    many.add(TestSupport.write(dir, "small", new byte[5000]));
    assertArrayEquals(
        new long[] {Long.MAX_VALUE, 16 * ALONE + 5000},
        BatchTestHook.parallelBesideFromAndBytesLeft(many, 1),
        "16 x 64 MiB and 5000 bytes: all in the lanes");
    List<Path> one = List.of(many.get(0), many.get(16));
    assertArrayEquals(
        new long[] {ALONE, 5000},
        BatchTestHook.parallelBesideFromAndBytesLeft(one, 1),
        "64 MiB and 5000 bytes: the large one beside");
  }

  @Test
  void aBatchOfLargeFilesInTheLanesHasTheirDigests() throws Exception {
    List<Path> files = new ArrayList<>();
    List<byte[]> expected = new ArrayList<>();
    byte[] zeros = new byte[1 << 20];
    for (int i = 0; i < 4; i++) {
      long size = ALONE + i * 4097L;
      files.add(sparse("large-" + i, size, i));
      MessageDigest md = MessageDigest.getInstance("MD5");
      md.update((byte) (i + 1));
      for (long left = size - 1; left > 0; left -= zeros.length) {
        md.update(zeros, 0, (int) Math.min(left, zeros.length));
      }
      expected.add(md.digest());
    }
    List<DigestBatch.Result> results =
        DigestBatch.builder("MD5")
            .threads(1)
            .reading(DigestBatch.Reading.PARALLEL)
            .build()
            .digestAll(files);
    for (int i = 0; i < files.size(); i++) {
      assertArrayEquals(expected.get(i), results.get(i).digest(), results.get(i).toString());
    }
  }

  private static long beside(long[] big, long small, int threads) {
    return BatchTestHook.besideFrom(big, small, threads);
  }

  /** A sparse file of {@code size} bytes whose first byte is {@code tag + 1}, zeros after it. */
  private Path sparse(String name, long size, int tag) throws Exception {
    Path p = dir.resolve(name);
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(size);
      f.write(tag + 1);
    }
    return p;
  }
}
