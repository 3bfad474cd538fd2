package dev.fastio.internal;

import dev.fastio.internal.IoBuffers.IoBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;

/** The implementation of {@code FastFiles.readAllBytes}. */
public final class ReadAll {
  /** How the bytes are moved; {@link #AUTO} picks by size. Tests force the others. */
  public enum Strategy {
    /** {@link #MAPPED} from {@link #MAP_THRESHOLD} bytes up, {@link #BUFFERED} below. */
    AUTO,
    /** Reads through a pooled 68 KiB direct buffer. */
    BUFFERED,
    /** One mapping of the whole file, bulk-copied into the array, then unmapped. */
    MAPPED
  }

  /**
   * The largest array fastio grows a buffer to, as the JDK's {@code ArraysSupport.SOFT_MAX_ARRAY_LENGTH}.
   */
  public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  /**
   * Files from this size up are read through a mapping ({@code fastio.readAllBytes.mapThreshold}).
   * Measured in {@code ReadAllBytesBenchmark} (JDK 25, files cached as read from disk): the pooled
   * buffer 1.4 times as fast as a mapping at 256 KiB and 1.15 times at 1 MiB, even at 4 MiB, the
   * mapping 1.1 times as fast at 16 MiB.
   */
  public static final long MAP_THRESHOLD =
      Long.getLong("fastio.readAllBytes.mapThreshold", 4 * 1024 * 1024);

  static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);

  private ReadAll() {}

  /** {@code Files.readAllBytes}, faster: see {@code FastFiles.readAllBytes}. */
  public static byte[] readAllBytes(Path path, Strategy strategy) throws IOException {
    if (!isDefaultFileSystem(path)) {
      return Files.readAllBytes(path); // zip and other providers: the JDK is the implementation
    }
    try (InterruptSafeFile file = InterruptSafeFile.open(path)) {
      long size = file.size();
      if (size > Integer.MAX_VALUE) { // the JDK's test and message; sizes just below fail in new byte[]
        throw new OutOfMemoryError("Required array size too large");
      }
      if (size > 0 && useMapping(strategy, size, MAP_THRESHOLD)) {
        byte[] bytes = readMapped(file, (int) size);
        if (bytes != null) {
          file.position(size);
          return fill(file, bytes, bytes.length, bytes.length);
        }
        size = file.size(); // the file shrank under the mapping: read it again from the start
      }
      return fill(file, new byte[(int) size], 0, size);
    }
  }

  /** True for paths of the platform's file system, the only ones fastio reads itself. */
  static boolean isDefaultFileSystem(Path path) {
    return path.getFileSystem().equals(FileSystems.getDefault());
  }

  static boolean useMapping(Strategy strategy, long size, long threshold) {
    return strategy == Strategy.MAPPED || (strategy == Strategy.AUTO && size >= threshold);
  }

  /** The first {@code size} bytes through a mapping, or null if the mapping faulted or failed. */
  private static byte[] readMapped(InterruptSafeFile file, int size) throws IOException {
    byte[] bytes = new byte[size];
    MappedRegion region;
    try {
      region = file.map(0, size, MappedRegion.MAX_WINDOW, false);
    } catch (ClosedByInterruptException e) {
      throw e; // an interrupt closed a file that cannot be opened again (see InterruptSafeFile)
    } catch (IOException e) {
      return null; // cannot be mapped (device, address space): the buffered path reads it
    }
    try (region) {
      copy(region, bytes);
      Faults.deliverPending(); // a fault of the copy is thrown here, before any other JDK code runs
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        return null;
      }
      throw e;
    }
    // A file that shrank during the copy may have given bytes of a later state: read it again.
    return file.size() >= size ? bytes : null;
  }

  private static void copy(MappedRegion region, byte[] bytes) {
    int offset = 0;
    for (int i = 0; i < region.windowCount(); i++) {
      MappedByteBuffer w = region.window(i);
      int n = w.remaining();
      w.get(bytes, offset, n);
      offset += n;
    }
  }

  /**
   * Reads {@code file} from its position to end of file into {@code bytes[count..]}, growing the array as
   * {@code Files.readAllBytes} does, and returns the array trimmed to what was read.
   *
   * @param expected the size the file had when opened; a read that stops short exactly there is end of
   *     file (a regular file's short read), which saves the JDK's extra one-byte read
   */
  static byte[] fill(InterruptSafeFile file, byte[] bytes, int count, long expected)
      throws IOException {
    IoBuffer b = IoBuffers.acquire();
    try {
      ByteBuffer d = b.direct;
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
    } finally {
      IoBuffers.release(b);
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
