package dev.fastio.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the chunked-reading benchmarks share: the JMH settings, the file (cached, see {@link
 * BenchFiles}) and the {@link CRC32C} every approach feeds, so that only the I/O differs. Score:
 * passes over the file per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public abstract class ChunkedBenchmarkBase {
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
