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
 * Lines of a cached access log ({@link AccessLog}, about 200 bytes a line, LF, or CR LF with {@code
 * -p crlf=true}) counted: {@code LineScanner.countLines} with the Vector API ({@code countVector})
 * and with SWAR ({@code countSwar}, {@code -Dfastio.scan.vector=false}), for the terminators of
 * {@code terminators}, every line handed to a collector ({@code collectVector}, {@code
 * Collectors.counting()}: the per-line path), and the JDK's {@code Files.lines(path).count()}
 * ({@code jdk}) and its parallel stream ({@code jdkParallel}) as baselines. The JDK baselines
 * ignore {@code terminators} (run them with {@code -p terminators=LINES}). Every core is used by
 * the scanner and the parallel stream. The forks resolve {@code jdk.incubator.vector}. Score:
 * whole-file passes per second (multiply by {@code size} for bytes).
 */
public class LineScanBenchmark extends VectorThroughputBenchmark {
  @Param({"1073741824"})
  public long size;

  private Path file;

  /** {@code LINES} (LF, CR, CR LF) or {@code LF} (alone, as {@code wc -l} counts). */
  @Param({"LINES", "LF"})
  public String terminators;

  /** Whether the log's lines end in CR LF ({@code true}) or LF. */
  @Param({"false"})
  public boolean crlf;

  private LineScanner scanner;

  @Setup
  public void setup() {
    file = AccessLog.file(size, crlf);
    scanner =
        LineScanner.builder()
            .terminators(
                terminators.equals("LF")
                    ? LineScanner.Terminators.LF
                    : LineScanner.Terminators.LINES)
            .build();
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
