package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Every line of a cached access log ({@link AccessLog}, about 200 bytes a line, UTF-8), each line's
 * {@code hashCode} summed so that no line can be skipped: {@code Files.lines} ({@code jdk}, the
 * baseline), {@code BufferedReader.lines} ({@code jdkReader}), {@code FastFiles.lines} ({@code
 * fastio}); and parallel streams of both ({@code jdkParallel}, {@code fastioParallel}), which use
 * every core. Score: whole-file passes per second (multiply by {@code size} for bytes).
 */
public class LinesBenchmark extends ThroughputBenchmark {
  @Param({"1073741824"})
  public long size;

  private Path file;

  @Setup
  public void setup() {
    file = AccessLog.file(size, false);
  }

  @Benchmark
  public long jdk() throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return sum(lines);
    }
  }

  @Benchmark
  public long jdkReader() throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return sum(r.lines());
    }
  }

  @Benchmark
  public long fastio() throws IOException {
    try (Stream<String> lines = FastFiles.lines(file)) {
      return sum(lines);
    }
  }

  @Benchmark
  public long jdkParallel() throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return sum(lines.parallel());
    }
  }

  @Benchmark
  public long fastioParallel() throws IOException {
    try (Stream<String> lines = FastFiles.lines(file)) {
      return sum(lines.parallel());
    }
  }

  private static long sum(Stream<String> lines) {
    return lines.mapToLong(String::hashCode).sum();
  }
}
