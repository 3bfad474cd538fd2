package dev.fastio.internal.chunks;

import dev.fastio.internal.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.chunks} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone. Tests name a strategy by its name, one of
 * {@link #strategies()}.
 */
public final class ChunksTestHook {
  /** The size from which an automatic {@code ChunkedReader} maps a regular file. */
  public static final long MAP_THRESHOLD = Settings.CHUNKED_MAP_THRESHOLD;

  /** The bytes the mapped strategy maps at a time unless a test gives a window. */
  public static final int DEFAULT_WINDOW = ChunkSource.DEFAULT_WINDOW;

  /** As a chunk size: the default of the strategy chosen. */
  public static final int DEFAULT_CHUNK = ChunkOptions.DEFAULT_CHUNK;

  /** The default chunk size of the buffered strategy. */
  public static final int BUFFERED_CHUNK = ChunkOptions.BUFFERED_CHUNK;

  /** The default chunk size of the mapped strategy. */
  public static final int MAPPED_CHUNK = ChunkOptions.MAPPED_CHUNK;

  private ChunksTestHook() {}

  /** The names of the strategies: {@code AUTO}, {@code MAPPED}, {@code BUFFERED}. */
  public static List<String> strategies() {
    return Stream.of(ChunkStrategy.values()).map(Enum::name).toList();
  }

  /** The options of a chunk size and the strategy named {@code strategy}. */
  public static ChunkOptions options(int chunkSize, String strategy) {
    return ChunkOptions.of(chunkSize, ChunkStrategy.valueOf(strategy));
  }

  /**
   * A source as {@link ChunkSource#open(Path, ChunkOptions)} opens it, with the mapped strategy
   * mapping {@code window} bytes at a time (raised to the chunk size if smaller).
   */
  public static ChunkSource open(Path path, ChunkOptions options, int window) throws IOException {
    return ChunkSource.open(path, options, window);
  }
}
