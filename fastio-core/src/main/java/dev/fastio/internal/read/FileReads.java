package dev.fastio.internal.read;

import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * Whole-file reads: {@code FastFiles.readAllBytes} and {@code FastFiles.digest}, each through a
 * pooled buffer or a mapping released before return (see {@link ReadStrategy}), with the same
 * bytes, exceptions and interrupt behaviour as {@code Files.readAllBytes}.
 */
public final class FileReads {
  private FileReads() {}

  /**
   * The bytes of a file, as {@code Files.readAllBytes} returns them.
   *
   * @param path the file
   * @param strategy how to read it; {@link ReadStrategy#AUTO} maps from {@code
   *     fastio.readAllBytes.mapThreshold} bytes
   * @return a new array
   * @throws IOException as {@code Files.readAllBytes} throws it
   */
  public static byte[] readAllBytes(Path path, ReadStrategy strategy) throws IOException {
    return ArrayRead.readAllBytes(path, strategy);
  }

  /**
   * The digest of a file's bytes: {@code md} is reset, fed the bytes {@link #readAllBytes} would
   * return, and reset again on every path out.
   *
   * @param path the file
   * @param md the digest to use
   * @param strategy how to read it; {@link ReadStrategy#AUTO} maps from {@code
   *     fastio.digest.mapThreshold} bytes
   * @return {@code md.digest()}
   * @throws IOException as {@code Files.readAllBytes} throws it
   */
  public static byte[] digest(Path path, MessageDigest md, ReadStrategy strategy)
      throws IOException {
    return DigestRead.digest(path, md, strategy);
  }

  /**
   * As {@link #digest} with {@link ReadStrategy#AUTO}, where the file has at most {@code maxSize}
   * bytes when opened (the {@code fstat} of the open file that {@link #digest} makes asks); else
   * null, without reading it, and for a file of another file system, whose size is not asked.
   *
   * @param path the file
   * @param md the digest to use, reset on every path out
   * @param maxSize the most bytes to read
   * @return the digest and the file's size when opened, or null where it was not read
   * @throws IOException as {@code Files.readAllBytes} throws it
   */
  public static Sized digestAtMost(Path path, MessageDigest md, long maxSize) throws IOException {
    return DigestRead.digestAtMost(path, md, maxSize);
  }

  /** A file's digest and its size when opened. */
  public static final class Sized {
    private final byte[] digest;
    private final long size;

    Sized(byte[] digest, long size) {
      this.digest = digest;
      this.size = size;
    }

    /** The digest (the array {@code MessageDigest.digest()} returned, not a copy). */
    public byte[] digest() {
      return digest;
    }

    /** The bytes the file had when opened. */
    public long size() {
      return size;
    }
  }
}
