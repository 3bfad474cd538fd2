package dev.fastio.internal.read;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.InterruptSafeFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** {@code FastFiles.readAllBytes}: a whole file into a new array. */
final class ArrayRead {
  /**
   * The largest array fastio grows a buffer to, as the JDK's {@code
   * ArraysSupport.SOFT_MAX_ARRAY_LENGTH}.
   */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private ArrayRead() {}

  static byte[] readAllBytes(Path path, ReadStrategy strategy) throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      return Files.readAllBytes(path); // zip and other providers: the JDK is the implementation
    }
    try (InterruptSafeFile file = InterruptSafeFile.open(path)) {
      long size = file.size();
      if (size
          > Integer.MAX_VALUE) { // the JDK's test and message; sizes just below fail in new byte[]
        throw new OutOfMemoryError("Required array size too large");
      }
      if (size > 0 && strategy.maps(size, Settings.READ_ALL_MAP_THRESHOLD)) {
        byte[] bytes = new byte[(int) size];
        if (MappedPass.whole(file, size, new Copy(bytes))) {
          file.position(size);
          return fill(file, bytes, bytes.length, bytes.length);
        }
        size = file.size(); // the file shrank under the mapping: read it again from the start
      }
      return fill(file, new byte[(int) size], 0, size);
    }
  }

  /** Copies the windows into an array, one after the other. */
  private static final class Copy implements MappedPass.WindowReader {
    private final byte[] bytes;
    private int offset;

    Copy(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public void read(MappedByteBuffer window) {
      int n = window.remaining();
      window.get(bytes, offset, n);
      offset += n;
    }
  }

  /**
   * Reads {@code file} from its position to end of file into {@code bytes[count..]}, growing the
   * array as {@code Files.readAllBytes} does, and returns the array trimmed to what was read.
   *
   * @param expected the size the file had when opened; a read that stops short exactly there is end
   *     of file (a regular file's short read), which saves the JDK's extra one-byte read
   */
  private static byte[] fill(InterruptSafeFile file, byte[] bytes, int count, long expected)
      throws IOException {
    try (BufferPool.PooledBuffer b = BufferPool.READS.acquire()) {
      ByteBuffer d = b.buffer();
      while (true) {
        long want = Math.min(d.capacity(), (long) bytes.length - count + 1);
        d.clear().limit((int) want);
        int n = file.read(d);
        if (n < 0) {
          break;
        }
        if (n > bytes.length - count) {
          bytes = Arrays.copyOf(bytes, grow(bytes.length, count + n));
        }
        d.flip();
        d.get(bytes, count, n);
        count += n;
        if (expected > 0 && count == expected && n < want) {
          break;
        }
      }
    }
    return count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
  }

  private static int grow(int capacity, int needed) {
    if (needed < 0 || needed > MAX_ARRAY) {
      throw new OutOfMemoryError("Required array size too large");
    }
    long doubled = Math.max((long) capacity << 1, 8192);
    return (int) Math.min(Math.max(doubled, needed), MAX_ARRAY);
  }
}
