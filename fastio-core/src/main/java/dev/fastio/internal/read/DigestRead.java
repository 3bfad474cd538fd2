package dev.fastio.internal.read;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.MessageDigest;

/** {@code FastFiles.digest}: a whole file fed to a {@link MessageDigest}. */
final class DigestRead {
  private DigestRead() {}

  /**
   * Feeds the whole file to {@code md} (reset first) and returns {@code md.digest()}; {@code md} is
   * reset on every path out.
   */
  static byte[] digest(Path path, MessageDigest md, ReadStrategy strategy) throws IOException {
    return digest(path, md, strategy, MappedPass.WINDOW);
  }

  /** {@link #digest(Path, MessageDigest, ReadStrategy)} mapping {@code window} bytes at a time. */
  static byte[] digest(Path path, MessageDigest md, ReadStrategy strategy, int window)
      throws IOException {
    try {
      md.reset();
      update(path, md, strategy, window);
      return md.digest();
    } finally {
      md.reset();
    }
  }

  /**
   * As {@link #digest(Path, MessageDigest, ReadStrategy)} with {@link ReadStrategy#AUTO}, where the
   * file has at most {@code maxSize} bytes when opened; else null, without reading it (and for a
   * file of another file system, whose size is not asked).
   */
  static FileReads.Sized digestAtMost(Path path, MessageDigest md, long maxSize)
      throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      return null;
    }
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      long size = file.size();
      if (size > maxSize) {
        return null;
      }
      try {
        md.reset();
        update(file, size, md, ReadStrategy.AUTO, MappedPass.WINDOW);
        return new FileReads.Sized(md.digest(), size);
      } finally {
        md.reset();
      }
    }
  }

  private static void update(Path path, MessageDigest md, ReadStrategy strategy, int window)
      throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      updateFromJdk(path, md);
      return;
    }
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      update(file, file.size(), md, strategy, window);
    }
  }

  /** Feeds the open file, {@code size} bytes when opened, to {@code md}. */
  private static void update(
      ResumableChannel file, long size, MessageDigest md, ReadStrategy strategy, int window)
      throws IOException {
    long position = 0;
    long known = size;
    if (known > 0 && strategy.maps(known, Settings.DIGEST_MAP_THRESHOLD)) {
      if (MappedPass.windowed(file, known, window, new Updating(md))) {
        position = known; // then on to end of file, should it have grown
      } else {
        md.reset(); // the file shrank under the mapping, or cannot be mapped: start again
        known = file.size();
      }
    }
    // MessageDigest copies a direct buffer through a 4 KiB array that stays in L1: cheaper than
    // copying each read into a heap array first (docs/maintainer-guide.md).
    BufferedPass.readToEnd(file, position, known, BufferPool.READS, new Updating(md));
  }

  /** Feeds a pass's bytes to a digest. */
  private static final class Updating implements PassReader {
    private final MessageDigest md;

    Updating(MessageDigest md) {
      this.md = md;
    }

    @Override
    public void read(ByteBuffer bytes) {
      md.update(bytes);
    }
  }

  /** A file of another file system (zip, in-memory), read through the JDK as readAllBytes reads. */
  private static void updateFromJdk(Path path, MessageDigest md) throws IOException {
    try (InputStream in = FileKinds.openOnOtherFileSystem(path)) {
      byte[] buf = new byte[BufferPool.READS.capacity()];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
    }
  }
}
