package dev.fastio.bench;

import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the chunked-reading benchmarks share: the JMH settings, the file (cached, see {@link
 * BenchFiles}) and the {@link CRC32C} every approach feeds, so that only the I/O differs. Score:
 * passes over the file per second.
 */
public abstract class ChunkedBenchmarkBase extends ThroughputBenchmark {
  /** The file read, of {@link #size()} bytes. */
  protected Path file;

  /** The checksum every approach feeds; reset by each pass. */
  protected final CRC32C crc = new CRC32C();

  /** The file's size: the subclass's {@code size} parameter. */
  protected abstract long size();

  /** Makes (or finds) the file, outside the measurement. */
  @Setup
  public void setup() {
    file = BenchFiles.file(size());
  }
}
