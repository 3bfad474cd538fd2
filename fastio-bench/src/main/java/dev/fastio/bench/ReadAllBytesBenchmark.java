package dev.fastio.bench;

import dev.fastio.FastFiles;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code FastFiles.readAllBytes} against {@code Files.readAllBytes}, page cache warm, plus each
 * internal strategy forced (the data behind the mapping threshold). Score: calls per second; the
 * ratio to {@code jdk} at the same size is the figure quoted in README.
 */
public class ReadAllBytesBenchmark extends ThroughputBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  private Path file;

  @Setup
  public void setup() {
    file = BenchFiles.file(size);
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
  public byte[] fastioBuffered() throws IOException {
    return FileReads.readAllBytes(file, ReadStrategy.BUFFERED);
  }

  @Benchmark
  public byte[] fastioMapped() throws IOException {
    return FileReads.readAllBytes(file, ReadStrategy.MAPPED);
  }
}
