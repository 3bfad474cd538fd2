package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sparse file larger than 2 GiB (more than one {@code MappedByteBuffer} can address) read across
 * the 1 GiB and 2 GiB window boundaries, whole and through regions that start off a page boundary.
 */
class MappedFileLargeTest {
  private static final long GIB = 1L << 30;
  private static final long SIZE = 2 * GIB + 3 * 4096 + 5;
  private static final long[] MARKS = {
    0, GIB - 2, GIB - 1, GIB, GIB + 1, 2 * GIB - 1, 2 * GIB, SIZE - 1
  };

  @TempDir Path dir;

  private static byte marker(long at) {
    return (byte) (at * 31 + 7 | 1); // never 0, the hole's value
  }

  /** The expected byte at {@code at}: a marker or 0. */
  private static byte expected(long at) {
    for (long m : MARKS) {
      if (m == at) {
        return marker(at);
      }
    }
    return 0;
  }

  @Test
  void windowsBoundariesOfA2GibPlusSparseFile() throws Exception {
    Path file = dir.resolve("sparse");
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(SIZE);
      for (long m : MARKS) {
        f.seek(m);
        f.write(marker(m));
      }
    }
    try (MappedFile mf = MappedFiles.map(file)) {
      assertEquals(SIZE, mf.size());
      assertEquals(3, mf.bufferCount());
      for (int i = 0; i < 3; i++) {
        assertEquals(i * GIB, mf.bufferPosition(i));
        MappedByteBuffer b = mf.buffer(i);
        assertEquals(i < 2 ? GIB : SIZE - 2 * GIB, b.capacity());
        assertEquals(expected(i * GIB), b.get(0), "first byte of buffer " + i);
        assertEquals(expected(i * GIB + b.capacity() - 1), b.get(b.capacity() - 1));
      }
      for (long m : MARKS) {
        assertSpan(mf, 0, Math.max(0, m - 3), (int) Math.min(7, SIZE - Math.max(0, m - 3)));
      }
      assertSpan(mf, 0, GIB - 5000, 70_000); // a read across a boundary
      assertSpan(mf, 0, 2 * GIB - 1, 2);
    }
    // Regions whose start is not page-aligned: the windows shift with them.
    for (long start : new long[] {1, 4095, GIB - 1, GIB + 1}) {
      try (MappedFile mf = MappedFiles.map(file, start, SIZE - start)) {
        assertEquals(SIZE - start, mf.size());
        for (long m : MARKS) {
          if (m >= start) {
            assertSpan(
                mf,
                start,
                Math.max(start, m - 2),
                (int) Math.min(5, SIZE - Math.max(start, m - 2)));
          }
        }
      }
    }
    // The JDK's own 2 GiB limit, for contrast.
    try (FileChannel ch = FileChannel.open(file)) {
      assertTrue(ch.size() > Integer.MAX_VALUE);
    }
  }

  /**
   * Reads {@code length} bytes at file offset {@code at} of a mapping starting at {@code start}.
   */
  private static void assertSpan(MappedFile mf, long start, long at, int length) throws Exception {
    byte[] got = new byte[length];
    mf.read(at - start, got, 0, length);
    byte[] want = new byte[length];
    for (int i = 0; i < length; i++) {
      want[i] = expected(at + i);
    }
    assertArrayEquals(want, got, "at " + at + " of a mapping from " + start);
  }
}
