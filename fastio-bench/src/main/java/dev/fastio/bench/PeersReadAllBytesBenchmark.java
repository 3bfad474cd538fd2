package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A whole file into a new {@code byte[]}: {@code FastFiles.readAllBytes} against {@code
 * Files.readAllBytes} ({@code jdk}, the baseline), Guava's {@code Files.toByteArray} and Commons
 * IO's {@code FileUtils.readFileToByteArray}, in one run so that the ratios share a JVM and a
 * machine state. Page cache warm. Score: calls per second.
 */
public class PeersReadAllBytesBenchmark extends ThroughputBenchmark {
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
