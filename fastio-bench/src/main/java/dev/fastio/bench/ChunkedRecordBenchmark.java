package dev.fastio.bench;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * A record parser's pass over a file: read a 64-byte record, skip {@code gap} bytes, to end of
 * file; the records feed a {@link CRC32C} whose value is returned. Page cache warm. Where {@link
 * ChunkedSkipBenchmark} skips 8 KiB between records (at 256 MiB too), here a 1 MiB file is read
 * with records dense ({@code gap} 0), close (512 bytes), 8 KiB apart (the most {@code
 * ChunkedReader} reads ahead over) and 16 KiB apart (read one record at a time).
 *
 * <ul>
 *   <li>{@code jdk}: a {@code BufferedInputStream} over a {@code FileInputStream}, {@code
 *       readNBytes} of each record and {@code skipNBytes} of each gap (the usual idiom; the
 *       baseline);
 *   <li>{@code jdkChannelBuffer}: {@code FileChannel.read} into a reused 64 KiB direct buffer,
 *       records parsed out of it and the buffer compacted when a record straddles its end (the
 *       hand-written way);
 *   <li>{@code jdkChannelPositional}: {@code FileChannel.read(buffer, position)} of each record,
 *       one system call per record;
 *   <li>{@code fastio}: {@code ChunkedReader.open(path)}, {@code next(64)} and {@code skip(gap)}:
 *       at 1 MiB the buffered strategy, which reads ahead while records are at most 8 KiB apart.
 * </ul>
 */
public class ChunkedRecordBenchmark extends ChunkedBenchmarkBase {
  private static final int RECORD = 64;

  @Param({"1048576"})
  public long size;

  @Override
  protected long size() {
    return size;
  }

  @Param({"0", "512", "8192", "16384"})
  public int gap;

  private final byte[] record = new byte[RECORD];
  private final ByteBuffer direct = ByteBuffer.allocateDirect(RECORD);
  private final ByteBuffer block = ByteBuffer.allocateDirect(64 * 1024);

  @Benchmark
  public long jdk() throws IOException {
    CRC32C c = crc;
    c.reset();
    byte[] r = record;
    long skip = gap;
    try (InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()))) {
      for (int n; (n = in.readNBytes(r, 0, RECORD)) > 0; ) {
        c.update(r, 0, n);
        if (n < RECORD) {
          break;
        }
        long left = skip;
        while (left > 0) {
          long s = in.skip(left);
          if (s <= 0) {
            break;
          }
          left -= s;
        }
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long jdkChannelBuffer() throws IOException {
    return RecordLoops.bufferedChannel(file, block, RECORD, gap, crc);
  }

  @Benchmark
  public long jdkChannelPositional() throws IOException {
    return RecordLoops.positional(file, direct, gap, crc);
  }

  @Benchmark
  public long fastio() throws IOException {
    return RecordLoops.reader(file, RECORD, gap, crc);
  }
}
