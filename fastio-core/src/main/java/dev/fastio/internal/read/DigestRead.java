package dev.fastio.internal.read;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.io.InputStream;
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

  private static void update(Path path, MessageDigest md, ReadStrategy strategy, int window)
      throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      updateFromJdk(path, md);
      return;
    }
    try (ResumableChannel file = ResumableChannel.openForReading(path)) {
      long size = file.size();
      long position = 0;
      if (size > 0 && strategy.maps(size, Settings.DIGEST_MAP_THRESHOLD)) {
        if (MappedPass.windowed(file, size, window, md::update)) {
          position = size; // then on to end of file, should it have grown
        } else {
          md.reset(); // the file shrank under the mapping, or cannot be mapped: start again
          size = file.size();
        }
      }
      // MessageDigest copies a direct buffer through a 4 KiB array that stays in L1: cheaper than
      // copying each read into a heap array first (docs/design.md).
      BufferedPass.readToEnd(file, position, size, md::update);
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
