package dev.fastio.internal.read;

import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.read} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class ReadTestHook {
  private ReadTestHook() {}

  /** The capacity of the pooled buffer a whole file is read through into an array. */
  public static int arrayReadCapacity() {
    return dev.fastio.internal.io.BufferPool.CHUNKS.capacity();
  }

  /** The names of the strategies: {@code AUTO}, {@code BUFFERED}, {@code MAPPED}. */
  public static List<String> strategies() {
    return Stream.of(ReadStrategy.values()).map(Enum::name).toList();
  }

  /** {@code FastFiles.readAllBytes} with the strategy named {@code strategy} forced. */
  public static byte[] readAllBytes(Path path, String strategy) throws IOException {
    return FileReads.readAllBytes(path, ReadStrategy.valueOf(strategy));
  }

  /** {@code FastFiles.digest} with the strategy named {@code strategy} forced. */
  public static byte[] digest(Path path, MessageDigest md, String strategy) throws IOException {
    return FileReads.digest(path, md, ReadStrategy.valueOf(strategy));
  }

  /** A digest read through fastio's pooled buffer, never a mapping, whatever the file's size. */
  public static byte[] bufferedDigest(Path path, MessageDigest md) throws IOException {
    return FileReads.digest(path, md, ReadStrategy.BUFFERED);
  }

  /** A digest through mappings of {@code window} bytes at a time, whatever the file's size. */
  public static byte[] mappedDigest(Path path, MessageDigest md, int window) throws IOException {
    return DigestRead.digest(path, md, ReadStrategy.MAPPED, window);
  }
}
