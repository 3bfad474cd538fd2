package dev.fastio.tests.scan;

import dev.fastio.FastioTestHook;
import dev.fastio.LineScanner;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Performance guards of {@link LineScanner} (see {@code docs/perf-guard.md}): the terminator search
 * runs on the vector engine wherever the run resolves {@code jdk.incubator.vector} on JDK 22 or
 * newer, and on SWAR elsewhere (JDK 17's vector search allocates on every step: SWAR is faster); a
 * scan makes no garbage per line (a {@code String} per line, or a vector engine left in the Vector
 * API's boxing fallback, allocates megabytes over the file); a file of several parts is scanned on
 * more than one thread; an unordered collector gets a container per thread, not one per part.
 */
@Tag("perf-guard")
class LineScannerGuardTest {
  /** 32 MiB of 100-byte lines: 335,544 lines, four parts. */
  private static final int SIZE = 32 << 20;

  /** The most a warm scan of the file may allocate: what its parts need, not its lines. */
  private static final long ALLOCATION_LIMIT = 256 << 10;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() throws Exception {
    byte[] content = new byte[SIZE];
    byte[] line = ("x".repeat(99) + "\n").getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i + line.length <= SIZE; i += line.length) {
      System.arraycopy(line, 0, content, i, line.length);
    }
    file = Files.write(dir.resolve("guard-lines"), content);
  }

  @Test
  void theTerminatorSearchRunsOnTheEngineOfTheRun() {
    boolean vector =
        ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
            && Runtime.version().feature() >= 22;
    if (vector) {
      PerfGuard.startsWith(
          "the vector terminator search where jdk.incubator.vector is resolved (JDK 22+)",
          "LineScanner.engine()",
          LineScanner.engine(),
          "vector ",
          "");
    } else {
      PerfGuard.same(
          "the SWAR terminator search",
          "LineScanner.engine()",
          LineScanner.engine(),
          "swar 8x8-bit",
          "");
    }
  }

  @Test
  void aScanMakesNoGarbagePerLine() throws Exception {
    LineScanner scanner = LineScanner.builder().threads(1).build();
    long collected = minAllocated(() -> scanner.scan(file, Collectors.counting()));
    PerfGuard.atMost(
        "LineScanner.scan without garbage per line (" + LineScanner.engine() + ")",
        "heap bytes allocated by a scan of 335,544 lines",
        collected,
        ALLOCATION_LIMIT,
        "");
    long counted = minAllocated(() -> scanner.countLines(file));
    PerfGuard.atMost(
        "LineScanner.countLines without garbage (" + LineScanner.engine() + ")",
        "heap bytes allocated by a count of 335,544 lines",
        counted,
        ALLOCATION_LIMIT,
        "");
  }

  @Test
  void aFileOfSeveralPartsIsScannedOnSeveralThreads() throws Exception {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    long deadline = System.nanoTime() + 10_000_000_000L; // for the whole scan, not per line
    Collector<LineScanner.Line, ?, Long> recordingThreads =
        Collectors.summingLong(
            line -> {
              threads.add(Thread.currentThread().getName());
              while (threads.size() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // hold this thread's first part until another thread scans
              }
              return 1;
            });
    LineScanner scanner =
        FastioTestHook.chunkSize(LineScanner.builder().threads(2), 1 << 20).build();
    scanner.scan(file, recordingThreads);
    PerfGuard.atLeast(
        "LineScanner on every core (parts mapped and scanned by fastio-scan threads)",
        "threads that scanned a file of 32 parts with threads(2)",
        threads.size(),
        2,
        "threads seen: " + threads);
  }

  @Test
  void anUnorderedCollectorGetsAContainerPerThreadNotPerPart() throws Exception {
    AtomicInteger containers = new AtomicInteger();
    Collector<LineScanner.Line, long[], Long> unorderedCount =
        Collector.of(
            () -> {
              containers.incrementAndGet();
              return new long[1];
            },
            (count, line) -> count[0]++,
            (a, b) -> {
              a[0] += b[0];
              return a;
            },
            count -> count[0],
            Collector.Characteristics.UNORDERED);
    LineScanner scanner =
        FastioTestHook.chunkSize(LineScanner.builder().threads(2), 1 << 20).build();
    long lines = scanner.scan(file, unorderedCount);
    PerfGuard.atMost(
        "LineScanner: an UNORDERED collector's container per thread, not per part",
        "containers made for a scan of 32 parts with threads(2)",
        containers.get(),
        2,
        lines + " lines");
  }

  /** The fewest bytes {@code call} allocated on this thread in 3 calls after 3 warm-up calls. */
  private static long minAllocated(TestSupport.IoCall<?> call) throws Exception {
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long min = Long.MAX_VALUE;
    for (int i = 0; i < 6; i++) {
      long before = t.getCurrentThreadAllocatedBytes();
      call.call();
      long after = t.getCurrentThreadAllocatedBytes();
      if (i >= 3) {
        min = Math.min(min, after - before);
      }
    }
    return min;
  }
}
