package dev.fastio.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/** Benchmark input files: seeded random content, made once per size and kept in the page cache. */
final class BenchFiles {
  private BenchFiles() {}

  /** Whether files are left cached as written ({@code fastio.bench.cache=written}), not as read. */
  private static final boolean WRITTEN = "written".equals(System.getProperty("fastio.bench.cache"));

  /** The directory for benchmark files ({@code fastio.bench.dir}, default the system temp dir). */
  static Path dir() {
    return Paths.get(System.getProperty("fastio.bench.dir", System.getProperty("java.io.tmpdir")));
  }

  /**
   * A file of {@code size} seeded random bytes, reused when it already exists with that size,
   * evicted from the page cache and read back once, so that the page cache holds it (the benchmarks
   * measure warm reads unless they say otherwise) in the same state in every fork, whatever
   * happened to the file before.
   *
   * <p>The state matters: on the Linux 6.x machine measured, a file the page cache got by reading
   * it from the disk (large folios, which fault-around maps many pages at a time) was read twice as
   * fast through a mapping as the same file cached as it was written, while {@code read} took the
   * same time either way. Eviction needs {@code dd}; where it fails the file is only read.
   *
   * <p>With {@code -Dfastio.bench.cache=written} the file is written again instead (same bytes) and
   * forced to the disk, so that the page cache holds it as written, as it holds a file an
   * application has just made.
   */
  static Path file(long size) {
    return file(size, 0);
  }

  /**
   * The {@code index}th file of {@code size} bytes, each of other bytes (a batch of distinct
   * files); as {@link #file(long)}, which is the 0th.
   */
  static Path file(long size, int index) {
    Path p = dir().resolve("fastio-bench-" + size + (index == 0 ? "" : "-" + index) + ".bin");
    long seed = size + 31L * index;
    try {
      if (WRITTEN) {
        write(p, size, seed);
        return p;
      }
      if (!Files.exists(p) || Files.size(p) != size) {
        write(p, size, seed);
      }
      try {
        evict(p);
      } catch (IOException | InterruptedException e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        // no dd: the file stays cached as it is
      }
      warm(p);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path p, long size, long seed) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    ByteBuffer buf = ByteBuffer.allocate(1 << 20);
    try (FileChannel ch =
        FileChannel.open(
            p,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE)) {
      long left = size;
      while (left > 0) {
        buf.clear();
        while (buf.remaining() >= 8) {
          buf.putLong(random.nextLong());
        }
        buf.flip().limit((int) Math.min(buf.limit(), left));
        while (buf.hasRemaining()) {
          left -= ch.write(buf);
        }
      }
      ch.force(true); // no writeback left to run while measuring
    }
  }

  /**
   * Evicts {@code p} from the page cache with {@code dd iflag=nocache count=0} (any user, Linux);
   * pages still mapped by this or another process stay.
   */
  static void evict(Path p) throws IOException, InterruptedException {
    Process dd =
        new ProcessBuilder("dd", "if=" + p, "iflag=nocache", "count=0")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!dd.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || dd.exitValue() != 0) {
      throw new IOException("dd iflag=nocache failed on " + p);
    }
  }

  static void warm(Path p) throws IOException {
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    try (FileChannel ch = FileChannel.open(p)) {
      while (ch.read(buf) >= 0) {
        buf.clear();
      }
    }
  }
}
