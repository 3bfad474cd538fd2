package dev.fastio.internal.chunks;

import dev.fastio.internal.Settings;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.chunks} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class ChunksTestHook {
  /** The size from which an automatic {@code ChunkedReader} maps a regular file. */
  public static final long MAP_THRESHOLD = Settings.CHUNKED_MAP_THRESHOLD;

  /** The bytes the mapped strategy maps at a time unless a test gives a window. */
  public static final int DEFAULT_WINDOW = ChunkSource.DEFAULT_WINDOW;

  private ChunksTestHook() {}

  /**
   * A source as {@link ChunkSource#open(Path, ChunkOptions)} opens it, with the mapped strategy
   * mapping {@code window} bytes at a time (raised to the chunk size if smaller).
   */
  public static ChunkSource open(Path path, ChunkOptions options, int window) throws IOException {
    return ChunkSource.open(path, options, window);
  }
}
