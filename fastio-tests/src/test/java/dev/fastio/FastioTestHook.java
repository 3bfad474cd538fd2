package dev.fastio;

import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.internal.chunks.ChunkOptions;
import dev.fastio.internal.chunks.ChunkStrategy;
import dev.fastio.internal.chunks.ChunksTestHook;
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

  /** A {@link ChunkedReader} with a chunk size and a strategy forced. */
  public static ChunkedReader open(Path path, ChunkOptions options) throws IOException {
    return ChunkedReader.open(path, options);
  }

  /** A {@link ChunkedReader} with a chunk size, a strategy and a window forced. */
  public static ChunkedReader open(Path path, ChunkOptions options, int window) throws IOException {
    return new ChunkedReader(ChunksTestHook.open(path, options, window));
  }

  /** The strategy a reader uses. */
  public static ChunkStrategy strategy(ChunkedReader reader) {
    return reader.chunks.strategy();
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
