package dev.fastio.internal;

import dev.fastio.internal.IoBuffers.IoBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/** The implementation of {@code FastFiles.digest}. */
public final class FileDigest {
  /**
   * Files from this size up are hashed through a mapping ({@code fastio.digest.mapThreshold}); below it
   * through a pooled 68 KiB buffer. Measured in {@code DigestBenchmark} (MD5, JDK 25, files cached as
   * read from disk): the buffer 1.1 times as fast as a mapping at 256 KiB, even from 1 to 16 MiB.
   */
  public static final long MAP_THRESHOLD =
      Long.getLong("fastio.digest.mapThreshold", 16 * 1024 * 1024);

  private FileDigest() {}

  /**
   * Feeds the whole file to {@code md} (reset first) and returns {@code md.digest()}; {@code md} is
   * reset on every path out.
   */
  public static byte[] digest(Path path, MessageDigest md, ReadAll.Strategy strategy)
      throws IOException {
    try {
      md.reset();
      update(path, md, strategy);
      return md.digest();
    } finally {
      md.reset();
    }
  }

  private static void update(Path path, MessageDigest md, ReadAll.Strategy strategy)
      throws IOException {
    if (!ReadAll.isDefaultFileSystem(path)) {
      try (InputStream in = Files.newInputStream(path)) {
        byte[] buf = new byte[IoBuffers.SIZE];
        for (int n; (n = in.read(buf)) > 0; ) {
          md.update(buf, 0, n);
        }
      }
      return;
    }
    try (InterruptSafeFile file = InterruptSafeFile.open(path)) {
      long size = file.size();
      long position = 0;
      if (size > 0 && ReadAll.useMapping(strategy, size, MAP_THRESHOLD)) {
        if (updateMapped(file, size, md)) {
          position = size; // then on to end of file, should it have grown
          file.position(position);
        } else {
          md.reset(); // the file shrank under the mapping, or cannot be mapped: start again
          size = file.size();
        }
      }
      updateBuffered(file, md, position, size);
    }
  }

  private static boolean updateMapped(InterruptSafeFile file, long size, MessageDigest md)
      throws IOException {
    MappedRegion region;
    try {
      region = file.map(0, size, MappedRegion.MAX_WINDOW, false);
    } catch (ClosedByInterruptException e) {
      throw e; // an interrupt closed a file that cannot be opened again (see InterruptSafeFile)
    } catch (IOException e) {
      return false; // cannot be mapped (device, address space): the buffered path reads it
    }
    try (region) {
      for (int i = 0; i < region.windowCount(); i++) {
        md.update(region.window(i));
      }
      Faults.deliverPending(); // a fault of a read is thrown here, before any other JDK code runs
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        return false;
      }
      throw e;
    }
    return file.size() >= size; // a file that shrank while hashed is hashed again
  }

  /**
   * Hashes from the channel's position ({@code position}; pipes cannot tell it) to end of file; a read
   * that stops short exactly at {@code expected} bytes of file is end of file.
   */
  private static void updateBuffered(
      InterruptSafeFile file, MessageDigest md, long position, long expected) throws IOException {
    IoBuffer b = IoBuffers.acquire();
    try {
      ByteBuffer d = b.direct;
      while (true) {
        long want =
            expected > position ? Math.min(d.capacity(), expected - position + 1) : d.capacity();
        d.clear().limit((int) want);
        int n = file.read(d);
        if (n < 0) {
          return;
        }
        d.flip();
        // MessageDigest copies a direct buffer through a 4 KiB array that stays in L1, cheaper than
        // copying the whole read into a heap array first (JMH, MD5, 64 KiB files: 0.91 of the
        // in-memory limit, from 0.89-0.90).
        md.update(d);
        position += n;
        if (position == expected && n < want) {
          return;
        }
      }
    } finally {
      IoBuffers.release(b);
    }
  }
}
