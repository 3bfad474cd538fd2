package dev.fastio.bench;

import dev.fastio.LineScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Lines of a cached access log ({@link AccessLog}, about 200 bytes a line, LF) counted: {@code
 * LineScanner.countLines} with the Vector API ({@code countVector}) and with SWAR ({@code
 * countSwar}, {@code -Dfastio.scan.vector=false}), both for LF, CR and CR LF, and for LF alone as
 * {@code wc -l} counts ({@code countLfVector}, {@code countLfSwar}), every line handed to a
 * collector ({@code collectVector}, {@code Collectors.counting()}: the per-line path), and the
 * JDK's {@code Files.lines(path).count()} ({@code jdk}) and its parallel stream ({@code
 * jdkParallel}) as baselines. Every core is used by the scanner and the parallel stream. The forks
 * resolve {@code jdk.incubator.vector}. Score: whole-file passes per second (multiply by {@code
 * size} for bytes).
 */
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms4g",
      "-Xmx4g",
      "-XX:+AlwaysPreTouch",
      "--add-modules",
      "jdk.incubator.vector"
    })
public class LineScanBenchmark extends ThroughputBenchmark {
  @Param({"1073741824"})
  public long size;

  private Path file;
  private final LineScanner scanner = LineScanner.builder().build();
  private final LineScanner lf =
      LineScanner.builder().terminators(LineScanner.Terminators.LF).build();

  @Setup
  public void setup() {
    file = AccessLog.file(size, false);
  }

  @Benchmark
  public long countVector() throws IOException {
    return scanner.countLines(file);
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        "-Xms4g",
        "-Xmx4g",
        "-XX:+AlwaysPreTouch",
        "--add-modules",
        "jdk.incubator.vector",
        "-Dfastio.scan.vector=false"
      })
  public long countSwar() throws IOException {
    return scanner.countLines(file);
  }

  @Benchmark
  public long countLfVector() throws IOException {
    return lf.countLines(file);
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        "-Xms4g",
        "-Xmx4g",
        "-XX:+AlwaysPreTouch",
        "--add-modules",
        "jdk.incubator.vector",
        "-Dfastio.scan.vector=false"
      })
  public long countLfSwar() throws IOException {
    return lf.countLines(file);
  }

  @Benchmark
  public long collectVector() throws IOException {
    return scanner.scan(file, Collectors.counting());
  }

  @Benchmark
  public long jdk() throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    }
  }

  @Benchmark
  public long jdkParallel() throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.parallel().count();
    }
  }
}
