package dev.fastio.internal.chunks;

/** How a {@link ChunkSource} hands out its bytes; {@link #AUTO} picks by kind and size of file. */
public enum ChunkStrategy {
  /**
   * {@link #MAPPED} for regular files of {@code fastio.chunked.mapThreshold} bytes and more, else
   * {@link #BUFFERED}.
   */
  AUTO,
  /** Slices of read-only windows mapped one at a time (regular files of known size only). */
  MAPPED,
  /**
   * Positional reads (relative reads on FIFOs, character devices and sockets) into one reused
   * direct buffer.
   */
  BUFFERED
}
