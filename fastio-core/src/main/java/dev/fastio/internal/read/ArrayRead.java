package dev.fastio.internal.read;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.ArraySizes;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** {@code FastFiles.readAllBytes}: a whole file into a new array. */
final class ArrayRead {
  private ArrayRead() {}

  static byte[] readAllBytes(Path path, ReadStrategy strategy) throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      return Files.readAllBytes(path); // zip and other providers: the JDK is the implementation
    }
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      long size = file.size();
      if (size
          > Integer.MAX_VALUE) { // the JDK's test and message; sizes just below fail in new byte[]
        throw new OutOfMemoryError("Required array size too large");
      }
      long position = 0;
      Copy copy = new Copy((int) size);
      if (size > 0 && strategy.maps(size, Settings.READ_ALL_MAP_THRESHOLD)) {
        if (MappedPass.whole(file, size, copy)) {
          position = size; // then on to end of file, should it have grown
        } else {
          size = file.size(); // the file shrank under the mapping: read it again from the start
          copy = new Copy((int) size);
        }
      }
      // Reads of the larger pooled buffer: half the system calls of the 64 KiB one, and still
      // within the core's cache beside the array's lines (docs/maintainer-guide.md, "Buffers").
      BufferedPass.readToEnd(file, position, size, BufferPool.CHUNKS, copy);
      return copy.bytes();
    }
  }

  /**
   * Copies the bytes of a pass into an array of the size the file had, growing it as {@code
   * Files.readAllBytes} does should the file have grown.
   */
  private static final class Copy implements PassReader {
    private byte[] bytes;
    private int count;

    Copy(int size) {
      this.bytes = new byte[size];
    }

    @Override
    public void read(ByteBuffer window) {
      int n = window.remaining();
      if (n > bytes.length - count) {
        bytes = Arrays.copyOf(bytes, ArraySizes.grow(bytes.length, count + n, Integer.MAX_VALUE));
      }
      window.get(bytes, count, n);
      count += n;
    }

    /** The bytes copied, in an array of their number. */
    byte[] bytes() {
      return count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
    }
  }
}
