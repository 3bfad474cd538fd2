package dev.fastio.bench;

import dev.fastio.FastChannels;
import java.io.IOException;
import java.nio.channels.FileChannel;
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
 * A transfer that starts inside a page of the file: {@code size} bytes from {@code fileOffset} of a
 * cached file of twice that size, to {@code Channels.newChannel(OutputStream)} ({@code OTHER},
 * which fastio serves with its read/write loop below 16 MiB on Linux, and the JDK through an 8 KiB
 * buffer) or to a file rewritten from position 0 ({@code FILE}, the kernel path on Linux).
 *
 * <p>From {@code fileOffset=4080} a read into the start of a page-aligned buffer lies 16 bytes
 * after the file's bytes modulo a page, where the kernel's copy is slow (see {@code
 * ReadBufferBenchmark}); fastio's loop places each read as far into its buffer as the file's bytes
 * lie past a 32-byte boundary (16 bytes here), a multiple of 32 bytes after them. To the file, the
 * kernel's own copy from the page cache to the page cache lands 16 bytes after its source too;
 * fastio takes its read/write loop there instead, placed for both copies. Score: transfers per
 * second (the report: MB/s moved).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class TransferOffsetBenchmark {
  /** Bytes moved per transfer. */
  @Param({"1048576"})
  public long size;

  /** Where in the file the transfer starts. */
  @Param({"0", "4080"})
  public long fileOffset;

  /** Where the bytes go: {@code OTHER} or {@code FILE} (see {@code TransferTarget}). */
  @Param({"OTHER", "FILE"})
  public String target;

  private FileChannel source;
  private TransferTarget out;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    source = FileChannel.open(BenchFiles.file(2 * size));
    out = TransferTarget.open(target, size);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    out.close();
    source.close();
  }

  @Benchmark
  public long jdk() throws IOException {
    return out.jdkLoop(source, fileOffset, size);
  }

  @Benchmark
  public long fastio() throws IOException {
    return FastChannels.transferTo(source, fileOffset, size, out.ready()) + out.counted();
  }
}
