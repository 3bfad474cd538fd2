package dev.fastio.bench;

import dev.fastio.ChunkedReader;
import dev.fastio.FastFiles;
import dev.fastio.internal.chunks.ChunkOptions;
import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.chunks.ChunkStrategy;
import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * A scan of every byte of a file: {@code ChunkedReader} against the JDK's ways of doing it, page
 * cache warm. Every approach feeds the same kernel, {@link CRC32C} (an intrinsic that reads heap
 * arrays and direct or mapped buffers alike), and returns the checksum, so only the I/O differs.
 *
 * <ul>
 *   <li>{@code jdkBufferedStream}: a {@code BufferedInputStream} over a {@code FileInputStream},
 *       read into a reused 8 KiB array (the usual idiom; the report's baseline: the first {@code
 *       jdk*} method by name);
 *   <li>{@code jdkChannelHeap}: {@code FileChannel.read} into a reused 64 KiB heap {@code
 *       ByteBuffer};
 *   <li>{@code jdkChannelDirect}: {@code FileChannel.read} into a reused 64 KiB direct buffer;
 *   <li>{@code jdkMapped}: one {@code FileChannel.map} of the whole file (files up to 2 GiB), left
 *       to the garbage collector to unmap, as the JDK does;
 *   <li>{@code fastio}: {@code ChunkedReader.open(path)} (mapped from 1 MiB up); {@code
 *       fastioForEach}: {@code FastFiles.forEachChunk}; {@code fastioMapped} and {@code
 *       fastioBuffered}: each strategy forced, default chunk sizes.
 * </ul>
 *
 * <p>Each operation allocates O(1) heap whatever the size (see {@code
 * ChunkedReaderAllocationTest}).
 */
public class ChunkedScanBenchmark extends ChunkedBenchmarkBase {
  @Param({"1048576", "268435456", "1073741824"})
  public long size;

  @Override
  protected long size() {
    return size;
  }

  private final byte[] array = new byte[8192];
  private final byte[] heapArray = new byte[64 * 1024];
  private final ByteBuffer heap = ByteBuffer.wrap(heapArray);
  private final ByteBuffer direct = ByteBuffer.allocateDirect(64 * 1024);

  @Benchmark
  public long jdkBufferedStream() throws IOException {
    CRC32C c = crc;
    c.reset();
    byte[] b = array;
    try (InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()))) {
      for (int n; (n = in.read(b)) > 0; ) {
        c.update(b, 0, n);
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long jdkChannelHeap() throws IOException {
    CRC32C c = crc;
    c.reset();
    ByteBuffer b = heap;
    try (FileChannel ch = FileChannel.open(file)) {
      while (true) {
        b.clear();
        if (ch.read(b) < 0) {
          break;
        }
        c.update(heapArray, 0, b.position());
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long jdkChannelDirect() throws IOException {
    CRC32C c = crc;
    c.reset();
    ByteBuffer b = direct;
    try (FileChannel ch = FileChannel.open(file)) {
      while (true) {
        b.clear();
        if (ch.read(b) < 0) {
          break;
        }
        c.update(b.flip());
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long jdkMapped() throws IOException {
    CRC32C c = crc;
    c.reset();
    try (FileChannel ch = FileChannel.open(file)) {
      MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      c.update(m);
    }
    return c.getValue();
  }

  @Benchmark
  public long fastio() throws IOException {
    CRC32C c = crc;
    c.reset();
    try (ChunkedReader reader = ChunkedReader.open(file)) {
      for (ByteBuffer b; (b = reader.next()) != null; ) {
        c.update(b);
      }
    }
    return c.getValue();
  }

  @Benchmark
  public long fastioForEach() throws IOException {
    CRC32C c = crc;
    c.reset();
    FastFiles.forEachChunk(file, c::update);
    return c.getValue();
  }

  @Benchmark
  public long fastioMapped() throws IOException {
    return scan(ChunkStrategy.MAPPED);
  }

  @Benchmark
  public long fastioBuffered() throws IOException {
    return scan(ChunkStrategy.BUFFERED);
  }

  private long scan(ChunkStrategy strategy) throws IOException {
    CRC32C c = crc;
    c.reset();
    try (ChunkSource chunks =
        ChunkSource.open(file, ChunkOptions.of(ChunkOptions.DEFAULT_CHUNK, strategy))) {
      for (ByteBuffer b; (b = chunks.next()) != null; ) {
        c.update(b);
      }
    }
    return c.getValue();
  }
}
