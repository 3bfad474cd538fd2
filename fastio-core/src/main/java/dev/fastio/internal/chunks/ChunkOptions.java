package dev.fastio.internal.chunks;

import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.platform.MappedRegion;
import java.util.Objects;

/**
 * How a {@link ChunkSource} is opened: the most bytes a chunk holds, the strategy, and the bytes
 * the mapped strategy maps at a time.
 *
 * @param chunkSize the most bytes a chunk holds, 1 to {@link #MAX_CHUNK_SIZE}, or {@link
 *     #DEFAULT_CHUNK} for the default of the strategy chosen ({@link #BUFFERED_CHUNK} or {@link
 *     #MAPPED_CHUNK})
 * @param strategy how the bytes are handed out
 * @param windowSize bytes mapped at a time by the mapped strategy, 1 to 1 GiB; raised to the chunk
 *     size if smaller
 */
public record ChunkOptions(int chunkSize, ChunkStrategy strategy, int windowSize) {
  /** The largest chunk size accepted: 1 GiB, the largest window a mapping has. */
  public static final int MAX_CHUNK_SIZE = MappedRegion.MAX_WINDOW;

  /** As a chunk size: the default of the strategy chosen. */
  public static final int DEFAULT_CHUNK = 0;

  /** The default chunk size of the buffered strategy: 128 KiB, a pooled buffer's. */
  public static final int BUFFERED_CHUNK = BufferPool.CHUNKS.size();

  /** The default chunk size of the mapped strategy: 1 MiB (slices cost the same at any size). */
  public static final int MAPPED_CHUNK = 1 << 20;

  /** The default window of the mapped strategy: 64 MiB. */
  public static final int DEFAULT_WINDOW = 64 << 20;

  /** The options {@code ChunkedReader.open(Path)} uses. */
  public static final ChunkOptions DEFAULTS =
      new ChunkOptions(DEFAULT_CHUNK, ChunkStrategy.AUTO, DEFAULT_WINDOW);

  /**
   * Checks the options.
   *
   * @throws IllegalArgumentException if {@code chunkSize} or {@code windowSize} is out of range
   * @throws NullPointerException if {@code strategy} is null
   */
  public ChunkOptions {
    Objects.requireNonNull(strategy, "strategy");
    if (chunkSize != DEFAULT_CHUNK) {
      checkChunkSize(chunkSize);
    }
    if (windowSize < 1 || windowSize > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
  }

  /**
   * The given chunk size and strategy, with the default window.
   *
   * @param chunkSize as the record's component
   * @param strategy as the record's component
   * @return the options
   */
  public static ChunkOptions of(int chunkSize, ChunkStrategy strategy) {
    return new ChunkOptions(chunkSize, strategy, DEFAULT_WINDOW);
  }

  /**
   * Checks a chunk size given by a caller.
   *
   * @param chunkSize the size
   * @throws IllegalArgumentException if not in {@code [1, MAX_CHUNK_SIZE]}
   */
  public static void checkChunkSize(int chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize < 1: " + chunkSize);
    }
    if (chunkSize > MAX_CHUNK_SIZE) {
      throw new IllegalArgumentException(
          "chunkSize > " + MAX_CHUNK_SIZE + " (1 GiB): " + chunkSize);
    }
  }
}
