package dev.fastio.internal.scan;

import java.util.function.LongConsumer;

/**
 * How a file is scanned.
 *
 * @param first a terminator byte
 * @param second another, or {@code first} again for one
 * @param crlf whether a CR followed by an LF is one terminator (then {@code first} is LF and {@code
 *     second} CR)
 * @param maxLineLength the longest line accepted, in bytes, 0 to {@link #MAX_LINE_LENGTH}
 * @param threads the most threads scanning at once, the caller's included, at least 1
 * @param chunkSize the bytes of a chunk, or 0 for {@link #DEFAULT_CHUNK}; a file read sequentially
 *     starts with a buffer of at most this size (tests: lines across every refill)
 * @param progress told the bytes scanned so far, or null
 */
public record ScanOptions(
    byte first,
    byte second,
    boolean crlf,
    int maxLineLength,
    int threads,
    int chunkSize,
    LongConsumer progress) {
  /** The longest line a scan accepts at most: 512 MiB. */
  public static final int MAX_LINE_LENGTH = 1 << 29;

  /** The bytes of a chunk by default: 8 MiB. */
  public static final int DEFAULT_CHUNK = 8 << 20;

  /** The bytes a chunk holds. */
  int chunk() {
    return chunkSize > 0 ? chunkSize : DEFAULT_CHUNK;
  }

  /** Tells {@link #progress} the bytes scanned so far, if anyone listens. */
  void reportProgress(long bytes) {
    if (progress != null) {
      progress.accept(bytes);
    }
  }
}
