package dev.fastio.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Chunks of a regular file from whichever way serves each request best: a request of {@link #BULK}
 * bytes up to a pooled buffer's size is read into that buffer with one positional read ({@link
 * BufferedChunks}); a smaller or larger one is a slice of a mapped window ({@link MappedChunks}).
 *
 * <p>Measured with JMH on a 2-core VM, page cache warm, JDK 17 and 25 (see {@code
 * ChunkedScanBenchmark} and {@code ChunkedSkipBenchmark}): a full scan in 64 KiB chunks runs 10 to 25%
 * faster read into a buffer that stays in the cache than from a mapping, whose page faults cost more
 * than the copy; reading 64 bytes every 8 KiB runs 1.2 to 1.7 times faster from a mapping than with a
 * positional read per record. A reader that does both gets each at its best. The window is mapped only
 * once a small request comes; both ways hand out the same bytes and check the file's size the same way.
 */
final class AdaptiveChunks extends Chunks {
  /** Requests from this size (up to the pooled buffer's) are read; smaller ones are mapped slices. */
  static final int BULK = 16 * 1024;

  private final BufferedChunks buffered;
  private final MappedChunks mapped;

  AdaptiveChunks(Path path, FileChannel channel, int chunkSize, long size, int windowSize) {
    super(path, channel, chunkSize, size);
    this.mapped = new MappedChunks(path, channel, chunkSize, size, Math.max(windowSize, chunkSize));
    this.buffered =
        new BufferedChunks(path, channel, Math.min(chunkSize, IoBuffers.SIZE), size, false);
  }

  @Override
  public Strategy strategy() {
    return Strategy.ADAPTIVE;
  }

  @Override
  ByteBuffer read(int max) throws IOException {
    long left = limit - position;
    if (left <= 0) {
      return null;
    }
    long n = Math.min(max, left);
    Chunks way = n >= BULK && n <= IoBuffers.SIZE ? buffered : mapped;
    way.position = position;
    way.limit = limit;
    ByteBuffer chunk = way.read(max);
    position = way.position;
    limit = way.limit;
    return chunk;
  }

  @Override
  void release() throws IOException {
    try {
      mapped.release();
    } finally {
      buffered.release();
    }
  }
}
