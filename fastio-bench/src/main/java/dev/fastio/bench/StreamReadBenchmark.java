package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A file read to its end through an input stream with requests of {@code request} bytes into one
 * reused array: {@code Files.newInputStream} ({@code jdk}, the baseline), {@code FileInputStream}
 * ({@code jdkFileInputStream}) and {@code FastFiles.newInputStream} ({@code fastio}). The file is
 * in the page cache (see {@code BenchFiles}); each thread has its own array and stream, so {@code
 * -t 2} reads on both cores. Score: whole-file passes per second (multiply by {@code size} for
 * bytes).
 */
@State(Scope.Thread) // each thread its own stream (ThroughputBenchmark shares one state)
public class StreamReadBenchmark extends ThroughputBenchmark {
  @Param({"268435456"})
  public long size;

  @Param({"8192", "65536", "1048576", "4194304"})
  public int request;

  private Path file;
  private byte[] array;

  @Setup
  public void setup() {
    file = BenchFiles.file(size);
    array = new byte[request];
  }

  @Benchmark
  public long jdk() throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return drain(in);
    }
  }

  @Benchmark
  public long jdkFileInputStream() throws IOException {
    try (InputStream in = new FileInputStream(file.toFile())) {
      return drain(in);
    }
  }

  @Benchmark
  public long fastio() throws IOException {
    try (InputStream in = FastFiles.newInputStream(file)) {
      return drain(in);
    }
  }

  /** Reads to end of file; returns the bytes read plus the last byte of each read (kept live). */
  private long drain(InputStream in) throws IOException {
    byte[] b = array;
    long total = 0;
    for (int n; (n = in.read(b)) > 0; ) {
      total += n + b[n - 1];
    }
    return total;
  }
}
