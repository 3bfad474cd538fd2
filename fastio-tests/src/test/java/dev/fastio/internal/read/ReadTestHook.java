package dev.fastio.internal.read;

import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.read} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class ReadTestHook {
  private ReadTestHook() {}

  /** A digest read through fastio's pooled buffer, never a mapping, whatever the file's size. */
  public static byte[] bufferedDigest(Path path, MessageDigest md) throws IOException {
    return FileReads.digest(path, md, ReadStrategy.BUFFERED);
  }

  /** A digest through mappings of {@code window} bytes at a time, whatever the file's size. */
  public static byte[] mappedDigest(Path path, MessageDigest md, int window) throws IOException {
    return DigestRead.digest(path, md, ReadStrategy.MAPPED, window);
  }
}
