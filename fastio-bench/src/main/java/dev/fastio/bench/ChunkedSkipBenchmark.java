package dev.fastio.bench;

import dev.fastio.internal.chunks.ChunkOptions;
import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.chunks.ChunkStrategy;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * A skip-heavy pass over a file, as an FLV indexer makes: read a 64-byte record, skip 8 KiB, to end
 * of file; the records feed a {@link CRC32C} whose value is returned. Page cache warm.
 *
 * <ul>
 *   <li>{@code jdk}: {@code RandomAccessFile.seek} and {@code readFully} of 64 bytes (the
 *       baseline);
 *   <li>{@code jdkChannelPositional}: {@code FileChannel.read(buffer, position)} of 64 bytes into a
 *       reused direct buffer, one system call per record;
 *   <li>{@code jdkChannelBuffer}: {@code FileChannel.read} of the whole file into a reused 64 KiB
 *       direct buffer, records parsed out of it and skipped bytes dropped (reading what is skipped
 *       costs less than a system call per record while the records are close);
 *   <li>{@code fastio}: {@code ChunkedReader.open(path)}, {@code next(64)} and {@code skip(8192)};
 *       {@code fastioMapped} and {@code fastioBuffered}: each strategy forced.
 * </ul>
 */
public class ChunkedSkipBenchmark extends ChunkedBenchmarkBase {
  private static final int RECORD = 64;
  private static final int SKIP = 8192;

  @Param({"1048576", "268435456"})
  public long size;

  @Override
  protected long size() {
    return size;
  }

  private final byte[] record = new byte[RECORD];
  private final ByteBuffer direct = ByteBuffer.allocateDirect(RECORD);
  private final ByteBuffer block = ByteBuffer.allocateDirect(64 * 1024);

  @Benchmark
  public long jdk() throws IOException {
    CRC32C c = crc;
    c.reset();
    byte[] r = record;
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
      long length = f.length();
      for (long p = 0; p < length; p += RECORD + SKIP) {
        int n = (int) Math.min(RECORD, length - p);
        f.seek(p);
        f.readFully(r, 0, n);
        c.update(r, 0, n);
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long jdkChannelPositional() throws IOException {
    return RecordLoops.positional(file, direct, SKIP, crc);
  }

  @Benchmark
  public long jdkChannelBuffer() throws IOException {
    return RecordLoops.bufferedChannel(file, block, RECORD, SKIP, crc);
  }

  @Benchmark
  public long fastio() throws IOException {
    return RecordLoops.reader(file, RECORD, SKIP, crc);
  }

  @Benchmark
  public long fastioMapped() throws IOException {
    return skim(ChunkStrategy.MAPPED);
  }

  @Benchmark
  public long fastioBuffered() throws IOException {
    return skim(ChunkStrategy.BUFFERED);
  }

  private long skim(ChunkStrategy strategy) throws IOException {
    CRC32C c = crc;
    c.reset();
    try (ChunkSource chunks =
        ChunkSource.open(file, ChunkOptions.of(ChunkOptions.DEFAULT_CHUNK, strategy))) {
      for (ByteBuffer b; (b = chunks.next(RECORD)) != null; ) {
        c.update(b);
        chunks.skip(SKIP);
      }
    }
    return c.getValue();
  }
}
