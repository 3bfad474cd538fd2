package dev.fastio.bench;

import dev.fastio.ChunkedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The passes over a file that {@link ChunkedSkipBenchmark} and {@link ChunkedRecordBenchmark}
 * share: records of {@code record} bytes, {@code gap} bytes apart, to end of file (the last record
 * shorter if the file ends in it), each fed to {@code crc}, whose value is returned.
 */
final class RecordLoops {
  private RecordLoops() {}

  /**
   * {@code jdkChannelPositional}: one {@code FileChannel.read(buffer, position)} per record into
   * {@code direct}, whose capacity is the record size.
   */
  static long positional(Path file, ByteBuffer direct, long gap, CRC32C crc) throws IOException {
    CRC32C c = crc;
    c.reset();
    ByteBuffer b = direct;
    try (FileChannel ch = FileChannel.open(file)) {
      long p = 0;
      while (true) {
        b.clear();
        int n = ch.read(b, p);
        if (n < 0) {
          break;
        }
        c.update(b.flip());
        p += n + gap;
      }
    }
    return c.getValue();
  }

  /**
   * {@code fastio}: {@code ChunkedReader.open(file)}, {@code next(record)} and {@code skip(gap)}.
   */
  static long reader(Path file, int record, long gap, CRC32C crc) throws IOException {
    CRC32C c = crc;
    c.reset();
    try (ChunkedReader reader = ChunkedReader.open(file)) {
      for (ByteBuffer b; (b = reader.next(record)) != null; ) {
        c.update(b);
        reader.skip(gap);
      }
    }
    return c.getValue();
  }

  /**
   * {@code jdkChannelBuffer}: the records parsed out of {@code block}, filled by relative {@code
   * FileChannel} reads of the whole file; the skipped bytes are read and dropped.
   */
  static long bufferedChannel(Path file, ByteBuffer block, int record, int gap, CRC32C crc)
      throws IOException {
    CRC32C c = crc;
    c.reset();
    ByteBuffer b = block;
    b.clear().flip(); // empty, ready to be read from
    long toSkip = 0;
    try (FileChannel ch = FileChannel.open(file)) {
      boolean eof = false;
      while (true) {
        int s = (int) Math.min(toSkip, b.remaining());
        b.position(b.position() + s);
        toSkip -= s;
        if (toSkip == 0 && b.remaining() >= record) {
          int limit = b.limit();
          c.update(b.limit(b.position() + record)); // moves the position past the record
          b.limit(limit);
          toSkip = gap;
        } else if (eof) {
          if (toSkip == 0 && b.hasRemaining()) {
            c.update(b); // the last record, shorter
          }
          break;
        } else {
          b.compact();
          eof = ch.read(b) < 0;
          b.flip();
        }
      }
    }
    return c.getValue();
  }
}
