package dev.fastio;

import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.internal.chunks.ChunksTestHook;
import dev.fastio.internal.mapping.MappingTestHook;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Test hook: the one way tests reach what {@code dev.fastio} keeps package-private. It lives in the
 * test sources, in the same package as the library's classes (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class FastioTestHook {
  private FastioTestHook() {}

  /** {@link TransferPolicy}'s choice for another operating system than this one. */
  public static TransferStrategy choose(
      TransferPolicy policy, String osName, TargetKind kind, long size) {
    return policy.choose(osName, kind, size);
  }

  /**
   * A {@link ChunkedReader} with a chunk size and a strategy forced, the strategy by its name (one
   * of {@link ChunksTestHook#strategies()}).
   */
  public static ChunkedReader open(Path path, int chunkSize, String strategy) throws IOException {
    return ChunkedReader.open(path, ChunksTestHook.options(chunkSize, strategy));
  }

  /** A {@link ChunkedReader} with a chunk size, a strategy and a mapping window forced. */
  public static ChunkedReader open(Path path, int chunkSize, String strategy, int window)
      throws IOException {
    return new ChunkedReader(
        ChunksTestHook.open(path, ChunksTestHook.options(chunkSize, strategy), window));
  }

  /** The name of the strategy a reader uses: {@code MAPPED} or {@code BUFFERED}. */
  public static String strategy(ChunkedReader reader) {
    return reader.chunks.strategy().name();
  }

  /** A {@link MappedFile} of a whole file in windows of {@code windowSize} bytes. */
  public static MappedFile map(Path path, int windowSize) throws IOException {
    return map(path, 0, -1, windowSize);
  }

  /**
   * A {@link MappedFile} of {@code size} bytes from {@code position} (-1: to the end) in windows of
   * {@code windowSize} bytes.
   */
  public static MappedFile map(Path path, long position, long size, int windowSize)
      throws IOException {
    return new MappedFile(MappingTestHook.open(path, position, size, windowSize));
  }

  /** Whether a reader is closed. */
  public static boolean isClosed(ChunkedReader reader) {
    return reader.chunks.isClosed();
  }

  /**
   * A {@link LineScanner.Builder} whose scanners cut files into parts of {@code chunkSize} bytes.
   */
  public static LineScanner.Builder chunkSize(LineScanner.Builder builder, int chunkSize) {
    return builder.chunkSize(chunkSize);
  }
}
