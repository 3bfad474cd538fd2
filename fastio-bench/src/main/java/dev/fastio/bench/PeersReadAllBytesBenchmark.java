package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole file into a new {@code byte[]}: {@code FastFiles.readAllBytes} against {@code
 * Files.readAllBytes} ({@code jdk}, the baseline), Guava's {@code Files.toByteArray} and Commons
 * IO's {@code FileUtils.readFileToByteArray}, in one run so that the ratios share a JVM and a
 * machine state. Page cache warm. Score: calls per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class PeersReadAllBytesBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  private Path file;
  private File ioFile;

  @Setup
  public void setup() {
    file = BenchFiles.file(size);
    ioFile = file.toFile();
  }

  @Benchmark
  public byte[] jdk() throws IOException {
    return Files.readAllBytes(file);
  }

  @Benchmark
  public byte[] fastio() throws IOException {
    return FastFiles.readAllBytes(file);
  }

  @Benchmark
  public byte[] guava() throws IOException {
    return com.google.common.io.Files.toByteArray(ioFile);
  }

  @Benchmark
  public byte[] commonsIo() throws IOException {
    return FileUtils.readFileToByteArray(ioFile);
  }
}
