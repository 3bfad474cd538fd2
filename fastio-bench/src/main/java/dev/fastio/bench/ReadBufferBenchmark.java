package dev.fastio.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Why fastio's read buffers start at a page boundary, its reads land as far into them as the file's
 * bytes lie past a 32-byte boundary, and they are 128 KiB: a cached 1 MiB file scanned from {@code
 * fileOffset} to its end with positional reads of {@code readSize} bytes into a direct buffer that
 * starts {@code offset} bytes past a page boundary in memory, each read checksummed with {@link
 * CRC32C}, as {@code ChunkedScanBenchmark} does.
 *
 * <p>{@code ByteBuffer.allocateDirect} returns {@code malloc}'s 16-byte alignment, so a JDK buffer
 * may sit at any of these offsets; which one depends on the process's earlier allocations. fastio's
 * pooled buffers sit at offset 0 ({@code AlignedBuffers.allocate}). What the kernel's copy cares
 * about is the buffer's offset relative to the file's: with {@code fileOffset=4080} a page-aligned
 * buffer lies 16 bytes after the file's bytes modulo a page, one at {@code offset=4080} at 0, and
 * one at {@code offset=16} (where fastio's buffered chunks put it) at 32.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class ReadBufferBenchmark extends ThroughputBenchmark {
  private static final int PAGE = 4096;
  private static final long FILE_SIZE = 1 << 20;

  /** Bytes from a page boundary to the buffer's first byte. */
  @Param({"0", "16", "48", "4080"})
  public int offset;

  /** Where in the file the scan starts. */
  @Param({"0", "4080"})
  public int fileOffset;

  /** Bytes asked for by each read. */
  @Param({"65536", "131072"})
  public int readSize;

  private Path file;
  private ByteBuffer buffer;
  private final CRC32C crc = new CRC32C();

  @Setup
  public void setup() {
    file = BenchFiles.file(FILE_SIZE);
    ByteBuffer raw = ByteBuffer.allocateDirect(readSize + 2 * PAGE);
    int misalignment = raw.alignmentOffset(0, PAGE);
    int start = (misalignment == 0 ? 0 : PAGE - misalignment) + offset;
    buffer = raw.slice(start, readSize);
  }

  @Benchmark
  public long read() throws IOException {
    CRC32C c = crc;
    c.reset();
    ByteBuffer b = buffer;
    try (FileChannel ch = FileChannel.open(file)) {
      long size = ch.size();
      for (long at = fileOffset; at < size; ) {
        b.clear().limit((int) Math.min(b.capacity(), size - at));
        while (b.hasRemaining()) {
          if (ch.read(b, at + b.position()) < 0) {
            throw new IOException(file + ": shrank below " + size + " bytes");
          }
        }
        at += b.position();
        c.update(b.flip());
      }
    }
    return c.getValue();
  }
}
