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
import org.openjdk.jmh.annotations.TearDown;

/**
 * File to a new file: {@code Files.copy(source, target)} ({@code jdk}, the baseline) against
 * Commons IO's {@code FileUtils.copyFile} and Guava's {@code Files.copy(File, File)}, in one run.
 * The source is in the page cache. Every method first deletes the target, so each copies to a new
 * file and all pay the same deletion: overwriting in place instead would measure the file system
 * (ext4 flushes a file that was truncated to zero and rewritten when it is closed, which makes
 * Guava's truncating copy about 50 times slower at 4 KiB here). Score: copies per second. {@code
 * fastio} is {@code FastFiles.copy}, which moves the data with {@code FastChannels.transferTo}.
 */
public class PeersCopyBenchmark extends ThroughputBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  private Path source;
  private Path target;
  private File ioSource;
  private File ioTarget;

  @Setup
  public void setup() throws IOException {
    source = BenchFiles.file(size);
    target = BenchFiles.dir().resolve("fastio-bench-copy-" + size + ".bin");
    Files.deleteIfExists(target);
    ioSource = source.toFile();
    ioTarget = target.toFile();
  }

  @TearDown
  public void tearDown() throws IOException {
    Files.deleteIfExists(target);
  }

  @Benchmark
  public Path jdk() throws IOException {
    Files.deleteIfExists(target);
    return Files.copy(source, target);
  }

  @Benchmark
  public Path fastio() throws IOException {
    Files.deleteIfExists(target);
    return FastFiles.copy(source, target);
  }

  @Benchmark
  public File commonsIo() throws IOException {
    Files.deleteIfExists(target);
    FileUtils.copyFile(ioSource, ioTarget);
    return ioTarget;
  }

  @Benchmark
  public File guava() throws IOException {
    Files.deleteIfExists(target);
    com.google.common.io.Files.copy(ioSource, ioTarget);
    return ioTarget;
  }
}
