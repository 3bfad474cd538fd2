package dev.fastio.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The Wide Finder ({@link WideFinder}) over a cached access log ({@link AccessLog}, LF line ends,
 * in the page cache): the top 10 pages computed from the whole file with {@code Files.lines} and a
 * sequential stream ({@code jdk}, the baseline), and by the same code on {@code
 * FastFiles.lines(path).parallel()} ({@code dropIn}, which uses every core), and with {@code
 * LineScanner} on every core ({@code scanner}). Each returns its list, so no pass can be skipped.
 * Score: whole-file passes per second (multiply by {@code size} for bytes). The forks resolve
 * {@code jdk.incubator.vector}.
 */
public class WideFinderBenchmark extends VectorThroughputBenchmark {
  @Param({"1073741824"})
  public long size;

  private Path file;

  @Setup
  public void setup() {
    file = AccessLog.file(size, false);
  }

  @Benchmark
  public List<Map.Entry<String, Long>> jdk() throws IOException {
    return WideFinder.jdk(file);
  }

  @Benchmark
  public List<Map.Entry<String, Long>> dropIn() throws IOException {
    return WideFinder.dropIn(file);
  }

  @Benchmark
  public List<Map.Entry<String, Long>> scanner() throws IOException {
    return WideFinder.scanner(file);
  }
}
