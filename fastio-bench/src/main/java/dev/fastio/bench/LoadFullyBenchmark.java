package dev.fastio.bench;

import dev.fastio.MappedFiles;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code MappedFiles.loadFully} against {@code MappedByteBuffer.load()}: the time to make every
 * page of a freshly mapped file resident, page cache warm (the pages are cached, only the page
 * tables are filled) and cold (the file is evicted with {@code dd iflag=nocache} before each call,
 * outside the timed region).
 *
 * <p>Each call gets a new mapping, made and released at once (fastio's internal {@code
 * MappedRegion}: a buffer taken from a {@code MappedFile} would leave the release to the GC on JDK
 * 17-21) in per-invocation set-up and tear-down, so no call finds pages already mapped.
 * Single-shot: one call is one measurement. Score: milliseconds per call (the report's ratio is
 * inverted: above 1 is faster than {@code load()}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class LoadFullyBenchmark {
  @Param({"1073741824"})
  public long size;

  @Param({"warm", "cold"})
  public String cache;

  private Path file;
  private MappedRegion mapping;
  private MappedByteBuffer buffer;

  @Setup(Level.Trial)
  public void makeFile() {
    file = BenchFiles.file(size);
  }

  @Setup(Level.Invocation)
  public void map() throws IOException, InterruptedException {
    if (cache.equals("cold")) {
      BenchFiles.evict(file);
    } else {
      BenchFiles.warm(file);
    }
    try (FileChannel channel = FileChannel.open(file)) {
      mapping =
          PlatformProvider.get()
              .map(
                  channel,
                  0,
                  channel.size(),
                  MappedRegion.MAX_WINDOW,
                  PlatformProvider.Sharing.SHARED);
    }
    buffer = mapping.window(0);
  }

  @TearDown(Level.Invocation)
  public void unmap() {
    mapping.close();
  }

  @Benchmark
  public boolean jdk() {
    buffer.load();
    return buffer.isLoaded();
  }

  @Benchmark
  public boolean fastio() throws IOException {
    MappedFiles.loadFully(buffer);
    return buffer.isLoaded();
  }
}
