package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded memory: {@code bin/fastio md5sum -r} over a tree keeps its peak resident set (the maximum
 * resident set size GNU time reports for the JVM, as {@code getrusage} gives it) at most 256 MiB.
 * The tree is sparse (holes read as zeros, nothing written to disk) and removed after: 10 GiB
 * (large files of 256 MiB among small ones, so that a file mapped whole would show); {@code
 * -Dfastio.cli.memoryTreeGiB=N} sets another size. The digest maps a large file 32 MiB at a time
 * and releases each window as the hashing moves on, so at most two windows per hashing thread are
 * resident; the second test checks the command's own share, with mappings turned off ({@code
 * fastio.digest.mapThreshold}).
 */
class MemoryTest {
  private static final long LIMIT = 256L << 20;
  private static final long MIB = 1L << 20;
  private static final String TIME = "/usr/bin/time";

  @TempDir Path dir;

  @Test
  void peakResidentSetStaysUnder256MiB() throws IOException {
    assertPeakUnderLimit("");
  }

  @Test
  void withoutMappingsTheCommandItselfStaysUnder256MiB() throws IOException {
    assertPeakUnderLimit("-Dfastio.digest.mapThreshold=" + Long.MAX_VALUE);
  }

  private void assertPeakUnderLimit(String jvmOptions) throws IOException {
    Path dist = Processes.dist();
    assumeTrue(Files.isExecutable(dist.resolve("bin/fastio")), "distribution not built");
    assumeTrue(Files.isExecutable(Path.of(TIME)), TIME + " (GNU time) not installed");
    long gib = Long.getLong("fastio.cli.memoryTreeGiB", 10);
    Path tree = Files.createDirectories(dir.resolve("tree"));
    long total = 0;
    int large = (int) (gib * 3); // 256 MiB each: three quarters of the bytes
    for (int i = 0; i < large; i++) {
      total += sparse(tree.resolve("large-" + i), 256 * MIB);
    }
    for (int i = 0; total < gib << 30; i++) {
      total += sparse(tree.resolve("small/" + (i % 16) + "/f" + i), 4 * MIB);
    }
    Path maxRss = dir.resolve("max-rss");
    Run r =
        Processes.run(
            dir,
            // bin/fastio execs the JVM, so GNU time's child is the JVM itself: its peak RSS in KiB
            List.of(
                TIME,
                "-f",
                "%M",
                "-o",
                maxRss.toString(),
                dist.resolve("bin/fastio").toString(),
                "md5sum",
                "-r",
                "tree"),
            new byte[0],
            Map.of(
                "JAVA_HOME",
                Processes.javaHome(),
                "FASTIO_OPTS",
                jvmOptions,
                "HOME",
                dir.toString()));
    assertEquals("", r.err());
    assertEquals(0, r.status());
    long peak = Long.parseLong(Files.readString(maxRss).trim()) << 10;
    assertTrue(
        peak <= LIMIT,
        "peak resident set "
            + (peak >> 20)
            + " MiB over a "
            + (total >> 20)
            + " MiB tree (limit "
            + (LIMIT >> 20)
            + " MiB)");
  }

  private static long sparse(Path p, long size) throws IOException {
    Files.createDirectories(p.getParent());
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(size);
      f.seek(size / 2);
      f.write(p.getFileName().toString().getBytes(StandardCharsets.US_ASCII)); // distinct digests
    }
    return size;
  }
}
