package dev.fastio.bench;

import dev.fastio.FastChannels;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;

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
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class TransferOffsetBenchmark extends TransferBenchmarkBase {
  /** Bytes moved per transfer. */
  @Param({"1048576"})
  public long size;

  /** Where in the file the transfer starts. */
  @Param({"0", "4080"})
  public long fileOffset;

  /** Where the bytes go: {@code OTHER} or {@code FILE} (see {@code TransferTarget}). */
  @Param({"OTHER", "FILE"})
  public String target;

  @Override
  protected long size() {
    return size;
  }

  @Override
  protected String target() {
    return target;
  }

  @Override
  protected long sourceSize() {
    return 2 * size;
  }

  @Override
  protected long fileOffset() {
    return fileOffset;
  }

  @Benchmark
  public long fastio() throws IOException {
    return FastChannels.transferTo(source, fileOffset, size, out.ready()) + out.counted();
  }
}
