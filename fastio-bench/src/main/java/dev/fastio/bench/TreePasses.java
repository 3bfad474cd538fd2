package dev.fastio.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.fastio.DigestBatch;
import dev.fastio.FastFiles;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Hashes every regular file under a directory several times in one JVM with {@code
 * FastFiles.digestAll} (MD5, default options), and prints each pass's wall time, the process's CPU
 * time and the rate: how much of a cold run of {@code fastio md5sum -r} is the JVM warming up (the
 * first pass) and how fast the hashing itself runs once compiled (the later passes). Not a JMH
 * benchmark: a pass of a tree of gigabytes takes seconds, and the first pass is the point.
 *
 * <p>{@code java -cp fastio-bench/target/benchmarks.jar dev.fastio.bench.TreePasses DIR [PASSES]}
 * (default 4 passes); warm the page cache first ({@code cat DIR/* /* > /dev/null} for the tree of
 * {@code fastio-cli/bench.sh}).
 */
public final class TreePasses {
  private TreePasses() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: TreePasses DIR [PASSES]");
      System.exit(2);
    }
    Path dir = Paths.get(args[0]);
    int passes = args.length > 1 ? Integer.parseInt(args[1]) : 4;
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.filter(Files::isRegularFile).sorted().forEach(files::add);
    }
    long bytes = 0;
    for (Path f : files) {
      bytes += Files.size(f);
    }
    long started = ManagementFactory.getRuntimeMXBean().getUptime(); // the walk done
    System.out.printf(
        Locale.ROOT,
        "%s on %s: %d files, %d bytes; JVM up %d ms when the first pass began%n",
        System.getProperty("java.vm.version"),
        dir,
        files.size(),
        bytes,
        started);
    OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
    for (int pass = 1; pass <= passes; pass++) {
      long cpu = os.getProcessCpuTime();
      long t = System.nanoTime();
      long failed = 0;
      for (DigestBatch.Result r : FastFiles.digestAll(files, "MD5")) {
        if (!r.isSuccess()) {
          failed++;
        }
      }
      double wall = (System.nanoTime() - t) / 1e9;
      double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;
      System.out.printf(
          Locale.ROOT,
          "pass %d: %.2f s wall, %.2f s CPU, %.0f MB/s%s%n",
          pass,
          wall,
          cpuSeconds,
          bytes / wall / 1e6,
          failed == 0 ? "" : ", " + failed + " files failed");
    }
  }
}
