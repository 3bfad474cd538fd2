package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * An array of {@code size} bytes written to a file, replacing its content: {@code Files.write}
 * ({@code jdk}, the baseline: 8 KiB writes through the channel's temporary buffer), one {@code
 * FileOutputStream.write} of the whole array ({@code jdkFileOutputStream}: one native allocation of
 * the array's size per call) and {@code FastFiles.write} ({@code fastio}). The file is on {@code
 * tmpfs} ({@code /dev/shm}, or {@code -Dfastio.bench.writeDir}): on ext4, replacing a file's
 * content by truncation makes the kernel start writing it back when it is closed, which would time
 * the disk. Score: writes per second.
 */
@State(Scope.Thread) // each thread its own stream (ThroughputBenchmark shares one state)
public class StreamWriteBenchmark extends ThroughputBenchmark {
  @Param({"1048576", "16777216", "268435456", "1073741824"})
  public int size;

  private Path file;
  private byte[] bytes;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    String dir = System.getProperty("fastio.bench.writeDir");
    Path base = dir != null ? Paths.get(dir) : Paths.get("/dev/shm");
    if (!Files.isDirectory(base)) {
      base = BenchFiles.dir();
    }
    file = Files.createTempFile(base, "fastio-bench-write-", ".out");
    bytes = new byte[size];
    SplittableRandom random = new SplittableRandom(size);
    for (int i = 0; i < size; i += 8) {
      long v = random.nextLong();
      for (int k = 0; k < 8 && i + k < size; k++) {
        bytes[i + k] = (byte) (v >>> (8 * k));
      }
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
  }

  @Benchmark
  public Path jdk() throws IOException {
    return Files.write(file, bytes);
  }

  @Benchmark
  public Path jdkFileOutputStream() throws IOException {
    try (OutputStream out = new FileOutputStream(file.toFile())) {
      out.write(bytes);
    }
    return file;
  }

  @Benchmark
  public Path fastio() throws IOException {
    return FastFiles.write(file, bytes);
  }
}
