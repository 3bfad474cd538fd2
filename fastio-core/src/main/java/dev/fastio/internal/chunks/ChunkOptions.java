package dev.fastio.internal.chunks;

import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.platform.MappedRegion;
import java.util.Objects;

/**
 * How a {@link ChunkSource} is opened: the most bytes a chunk holds and the strategy.
 *
 * @param chunkSize the most bytes a chunk holds, 1 to {@link #MAX_CHUNK_SIZE}, or {@link
 *     #DEFAULT_CHUNK} for the default of the strategy chosen ({@link #BUFFERED_CHUNK} or {@link
 *     #MAPPED_CHUNK})
 * @param strategy how the bytes are handed out
 */
public record ChunkOptions(int chunkSize, ChunkStrategy strategy) {
  /** The largest chunk size accepted: 1 GiB, the largest window a mapping has. */
  public static final int MAX_CHUNK_SIZE = MappedRegion.MAX_WINDOW;

  /** As a chunk size: the default of the strategy chosen. */
  public static final int DEFAULT_CHUNK = 0;

  /** The default chunk size of the buffered strategy: 128 KiB, a pooled buffer's. */
  public static final int BUFFERED_CHUNK = BufferPool.CHUNKS.size();

  /** The default chunk size of the mapped strategy: 1 MiB (slices cost the same at any size). */
  public static final int MAPPED_CHUNK = 1 << 20;

  /** The options {@code ChunkedReader.open(Path)} uses. */
  public static final ChunkOptions DEFAULTS = new ChunkOptions(DEFAULT_CHUNK, ChunkStrategy.AUTO);

  /**
   * Checks the options.
   *
   * @throws IllegalArgumentException if {@code chunkSize} is out of range
   * @throws NullPointerException if {@code strategy} is null
   */
  public ChunkOptions {
    Objects.requireNonNull(strategy, "strategy");
    if (chunkSize != DEFAULT_CHUNK) {
      checkChunkSize(chunkSize);
    }
  }

  /**
   * The given chunk size and strategy (the canonical constructor, kept for its callers).
   *
   * @param chunkSize as the record's component
   * @param strategy as the record's component
   * @return the options
   */
  public static ChunkOptions of(int chunkSize, ChunkStrategy strategy) {
    return new ChunkOptions(chunkSize, strategy);
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
