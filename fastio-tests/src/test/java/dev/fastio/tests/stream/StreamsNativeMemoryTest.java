package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deterministic tests of the native memory a stream read takes, by counting rather than timing:
 *
 * <ul>
 *   <li>the JDK's {@code "direct"} buffer pool ({@link BufferPoolMXBean}) while 8 threads that have
 *       read a 4 MiB file 50 times each with 4 MiB requests are still alive (JDK 17 keeps a
 *       temporary direct buffer as large as the request per thread until the thread ends);
 *   <li>the {@code malloc} calls of 1 MiB and more a child JVM makes, counted by a preloaded shim
 *       compiled here with {@code gcc} (skipped where there is none): {@code FileInputStream}
 *       allocates the whole request on every read above 8 KiB, fastio's stream never.
 * </ul>
 */
@Tag("perf-guard")
class StreamsNativeMemoryTest {
  private static final int SIZE = 4 << 20;
  private static final int THREADS = 8;
  private static final int PASSES = 50;

  /** Below the 4 MiB from which a stream maps a file: read in pieces through pooled buffers. */
  private static final int PIECES_SIZE = 3 << 20;

  @TempDir static Path dir;
  private static Path file;
  private static Path piecesFile;

  @BeforeAll
  static void writeFiles() {
    file = TestSupport.write(dir, "four-mib", TestSupport.randomBytes(12, SIZE));
    piecesFile = TestSupport.write(dir, "three-mib", TestSupport.randomBytes(13, PIECES_SIZE));
  }

  /** How a thread opens the file. */
  private interface Opener {
    InputStream open(Path path) throws IOException;
  }

  @Test
  void eightLiveThreadsReadingFourMiBRequestsKeepUnderOneMiBOfDirectMemory() throws Exception {
    long fastio = directGrowth(FastFiles::newInputStream, file, SIZE);
    long pieces = directGrowth(FastFiles::newInputStream, piecesFile, PIECES_SIZE);
    long jdk = directGrowth(Files::newInputStream, file, SIZE);
    System.out.printf(
        "direct pool growth, 8 live threads x 50 x 4 MiB reads: FastFiles %d (a 3 MiB file, read"
            + " in pieces: %d), Files %d bytes%n",
        fastio, pieces, jdk);
    String path = "FastFiles.newInputStream keeps no native buffer per thread";
    PerfGuard.atMost(path, "direct pool growth, 4 MiB file, bytes", fastio, (1 << 20) - 1, "");
    PerfGuard.atMost(path, "direct pool growth, 3 MiB file, bytes", pieces, (1 << 20) - 1, "");
    if (Runtime.version().feature() == 17) {
      assertTrue(
          jdk >= (long) THREADS * SIZE,
          "JDK 17's Files.newInputStream keeps a 4 MiB buffer per thread: grew by " + jdk);
    }
  }

  /**
   * The growth of the direct pool's memory, measured while the 8 threads that read are alive (the
   * JDK frees a thread's temporary buffers when the thread ends).
   */
  private static long directGrowth(Opener opener, Path path, int size) throws Exception {
    BufferPoolMXBean direct = directPool();
    long before = direct.getMemoryUsed();
    CountDownLatch read = new CountDownLatch(THREADS);
    CountDownLatch measured = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  readPasses(opener, path, size);
                } catch (Throwable e) {
                  failure.set(e);
                } finally {
                  read.countDown();
                }
                awaitQuietly(measured);
              });
      thread.start();
      threads.add(thread);
    }
    assertTrue(read.await(5, TimeUnit.MINUTES), "readers did not finish");
    long after = direct.getMemoryUsed();
    measured.countDown();
    for (Thread t : threads) {
      t.join();
    }
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    return after - before;
  }

  private static void readPasses(Opener opener, Path path, int size) throws IOException {
    byte[] request = new byte[SIZE];
    for (int i = 0; i < PASSES; i++) {
      try (InputStream in = opener.open(path)) {
        long total = 0;
        for (int n; (n = in.read(request)) > 0; ) {
          total += n;
        }
        assertEquals(size, total);
      }
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static BufferPoolMXBean directPool() {
    for (BufferPoolMXBean b : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (b.getName().equals("direct")) {
        return b;
      }
    }
    throw new AssertionError("no direct buffer pool");
  }

  /** {@code malloc} of 1 MiB or more counted; the total printed at exit. */
  private static final String SHIM =
      """
      #include <stddef.h>
      #include <stdio.h>
      extern void *__libc_malloc(size_t);
      static long count;
      void *malloc(size_t n) {
        if (n >= 1048576) __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
        return __libc_malloc(n);
      }
      __attribute__((destructor)) static void report(void) {
        fprintf(stderr, "large mallocs: %ld\\n", count);
      }
      """;

  @Test
  void aReadAllocatesNoNativeMemoryWhereFileInputStreamAllocatesTheRequest() throws Exception {
    assumeTrue(TestSupport.isLinux(), "an LD_PRELOAD shim");
    Path shim = compileShim();
    long fastioBaseline = largeMallocs(shim, "fastio", file, SIZE, 0);
    long fastio = largeMallocs(shim, "fastio", file, SIZE, 25);
    long pieces = largeMallocs(shim, "fastio", piecesFile, PIECES_SIZE, 25);
    long fisBaseline = largeMallocs(shim, "fileinputstream", file, SIZE, 0);
    long fis = largeMallocs(shim, "fileinputstream", file, SIZE, 25);
    String path = "FastFiles.newInputStream reads malloc nothing";
    PerfGuard.exactly(
        path,
        "malloc >= 1 MiB in 25 passes of 4 MiB reads, 4 MiB file",
        fastio,
        fastioBaseline,
        "");
    PerfGuard.exactly(
        path,
        "malloc >= 1 MiB in 25 passes of 4 MiB reads, 3 MiB file",
        pieces,
        fastioBaseline,
        "");
    assertTrue(
        fis - fisBaseline >= 25,
        "FileInputStream: one malloc per read expected, " + (fis - fisBaseline) + " seen");
  }

  private static Path compileShim() throws Exception {
    Path source = Files.writeString(dir.resolve("malloc-counter.c"), SHIM);
    Path library = dir.resolve("malloc-counter.so");
    Process gcc;
    try {
      gcc =
          new ProcessBuilder(
                  "gcc", "-shared", "-fPIC", "-O2", "-o", library.toString(), source.toString())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException e) {
      assumeTrue(false, "no gcc to build the malloc counter: " + e);
      throw e;
    }
    assumeTrue(
        TestSupport.awaitOrKill(gcc, 2, TimeUnit.MINUTES) && gcc.exitValue() == 0, "gcc failed");
    return library;
  }

  /** The malloc calls of 1 MiB and more a child JVM makes running {@link StreamProbe}. */
  private static long largeMallocs(Path shim, String kind, Path path, int size, int passes)
      throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-XX:+UseSerialGC", "-Xmx256m", "-cp", classPath()));
    cmd.addAll(List.of(StreamProbe.class.getName(), kind, path.toString(), "" + SIZE, "" + passes));
    Path out = Files.createTempFile(dir, "probe", ".out");
    ProcessBuilder pb =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
    pb.environment().put("LD_PRELOAD", shim.toString());
    Process p = pb.start();
    assertTrue(TestSupport.awaitOrKill(p, 5, TimeUnit.MINUTES), "child did not finish");
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "child failed: " + lines);
    assertEquals(String.valueOf((long) size * passes), lines.get(0), "bytes read: " + lines);
    for (String line : lines) {
      if (line.startsWith("large mallocs: ")) {
        return Long.parseLong(line.substring("large mallocs: ".length()).trim());
      }
    }
    throw new AssertionError("no count printed: " + lines);
  }

  private static String classPath() throws Exception {
    return Paths.get(FastFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        + File.pathSeparator
        + Paths.get(StreamProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
