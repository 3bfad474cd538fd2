package dev.fastio.tests.guard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.io.IoTestHook;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.read.ReadTestHook;
import dev.fastio.tests.support.TestSupport;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deterministic performance tests: what a call allocates on the heap (the thread's allocated-bytes
 * counter, exact and independent of timing) and which native buffers it leaves behind (the {@code
 * direct} and {@code mapped} buffer pools). A regression here fails the build without a stopwatch.
 *
 * <p>Each measurement follows warm-up calls (classes loaded, the buffer pool filled, code
 * compiled). Buffer pools are process-wide: a pool check passes when one of a few attempts sees
 * them return to their exact earlier values, so an unrelated thread allocating a buffer at that
 * moment cannot fail it, while a buffer retained by every call fails every attempt.
 */
@Tag("perf-guard")
class AllocationTest {
  private static final int SIZE = 64 << 20;
  private static final long SLACK = 64 * 1024;
  private static final int ATTEMPTS = 5;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() {
    file = TestSupport.write(dir, "alloc-64m", TestSupport.randomBytes(64, SIZE));
  }

  @Test
  void readAllBytesAllocatesTheArrayAndLittleElse() throws Exception {
    assumeTrue(threads().isThreadAllocatedMemorySupported(), "no allocated-bytes counter");
    for (String s : ReadTestHook.strategies()) {
      TestSupport.IoCall<byte[]> call =
          s.equals("AUTO")
              ? () -> FastFiles.readAllBytes(file)
              : () -> ReadTestHook.readAllBytes(file, s);
      long allocated = minAllocated(call);
      PerfGuard.atMost(
          "readAllBytes of 64 MiB allocates the array and little else, " + s,
          "heap bytes allocated per call",
          allocated,
          SIZE + SLACK,
          "the array is " + SIZE + " bytes");
    }
  }

  @Test
  void digestAllocatesLessThanOneBuffer() throws Exception {
    assumeTrue(threads().isThreadAllocatedMemorySupported(), "no allocated-bytes counter");
    MessageDigest md = MessageDigest.getInstance("MD5");
    for (String s : ReadTestHook.strategies()) {
      long allocated = minAllocated(() -> ReadTestHook.digest(file, md, s));
      PerfGuard.atMost(
          "digest of 64 MiB allocates less than one buffer, " + s,
          "heap bytes allocated per call",
          allocated,
          SLACK,
          "");
    }
    long byName = minAllocated(() -> FastFiles.digest(file, "MD5"));
    PerfGuard.atMost(
        "digest(path, \"MD5\") of 64 MiB allocates less than one buffer (the digest row)",
        "heap bytes allocated per call",
        byName,
        SLACK,
        "");
  }

  @Test
  void readAllBytesRetainsNoNativeBuffer() throws Exception {
    assumeTrue(TestSupport.releasesImmediately(), "mappings are left to the GC on this runtime");
    quiesce();
    for (String s : ReadTestHook.strategies()) {
      TestSupport.IoCall<?> call = () -> ReadTestHook.readAllBytes(file, s);
      call.call(); // fills fastio's buffer pool (at most BufferPool.slots() 64 KiB buffers)
      List<String> seen = new ArrayList<>();
      boolean unchanged = false;
      for (int i = 0; i < ATTEMPTS && !unchanged; i++) {
        String before = pools();
        byte[] bytes = ReadTestHook.readAllBytes(file, s);
        String after = pools();
        assertEquals(SIZE, bytes.length);
        unchanged = before.equals(after);
        seen.add(before + " -> " + after);
      }
      PerfGuard.same(
          "readAllBytes of 64 MiB retains no native buffer, " + s,
          "direct and mapped pools after a call, on every attempt",
          unchanged ? "unchanged on one attempt" : "changed on every attempt",
          "unchanged on one attempt",
          seen.toString());
    }
    // The same for digest, whose mapped path hands the mapping to MessageDigest.
    MessageDigest md = MessageDigest.getInstance("MD5");
    byte[] expected = FastFiles.digest(file, md);
    String before = pools();
    boolean unchanged = false;
    for (int i = 0; i < ATTEMPTS && !unchanged; i++) {
      before = pools();
      assertArrayEquals(expected, FastFiles.digest(file, md));
      unchanged = before.equals(pools());
    }
    PerfGuard.same(
        "digest of 64 MiB retains no native buffer (the digest row)",
        "direct and mapped pools after a call, on every attempt",
        unchanged ? "unchanged on one attempt" : "changed on every attempt",
        "unchanged on one attempt",
        before + " -> " + pools());
  }

  /**
   * The contrast: on JDK 17 {@code Files.readAllBytes} reads through a temporary direct buffer as
   * large as the file and keeps it for the calling thread until the thread ends. (On later JDKs the
   * temporary buffer is native memory outside the {@code direct} pool, so the pool cannot show it.)
   * fastio's readAllBytes, on the same fresh thread, leaves the pool as it found it. Tagged {@code
   * jdk17-only}: the runs on the newest JDK leave it out.
   */
  @Test
  @Tag("jdk17-only")
  void jdk17FilesReadAllBytesKeepsAFileSizedDirectBufferPerThread() throws Exception {
    assumeTrue(
        Runtime.version().feature() == 17, "the temporary buffer is in the direct pool on 17");
    long jdk = 0;
    for (int i = 0;
        i < ATTEMPTS && jdk < SIZE;
        i++) { // a buffer freed elsewhere meanwhile hides it
      jdk = Math.max(jdk, retainedDirectOnFreshThread(() -> Files.readAllBytes(file)));
    }
    assertTrue(jdk >= SIZE, "Files.readAllBytes retained only " + jdk + " bytes of direct memory");
    ReadTestHook.readAllBytes(file, "BUFFERED"); // fill fastio's pool outside the thread
    long fastio = Long.MAX_VALUE;
    for (int i = 0; i < ATTEMPTS && fastio > 0; i++) {
      fastio = Math.min(fastio, retainedDirectOnFreshThread(() -> FastFiles.readAllBytes(file)));
    }
    assertTrue(
        fastio
            <= (long) IoTestHook.poolSlots()
                * (IoTestHook.readBufferCapacity() + PlatformTestHook.PAGE - 1),
        "fastio left " + fastio + " bytes of direct memory on a fresh thread");
  }

  /**
   * A stream read allocates nothing in proportion to the calls: a pass (open, read to the end,
   * close) in 16 KiB requests makes 4 times the calls of one in 64 KiB requests and may allocate
   * only what the calls themselves must. Through the pooled buffers (a 3 MiB file) that is nothing;
   * from a mapped window (the 64 MiB file) it is the 40-byte array each mapped read allocates on
   * purpose to have a pending fault delivered inside it ({@code Faults.deliverPending}), so at most
   * 48 bytes. {@code FileInputStream} and JDK 17's {@code Files.newInputStream} allocate native
   * memory per call instead ({@code StreamsNativeMemoryTest}).
   */
  @Test
  void aStreamReadAllocatesNothingPerCall() throws Exception {
    assumeTrue(threads().isThreadAllocatedMemorySupported(), "no allocated-bytes counter");
    Path pieces = TestSupport.write(dir, "alloc-3m", TestSupport.randomBytes(65, 3 << 20));
    byte[] large = new byte[64 * 1024];
    byte[] small = new byte[16 * 1024];
    for (Path f : List.of(pieces, file)) {
      long size = Files.size(f);
      boolean mapped = size >= 4 << 20;
      long fewer = minAllocated(() -> readPass(f, large, size));
      long more = minAllocated(() -> readPass(f, small, size));
      long extraCalls = size / small.length - size / large.length;
      String path =
          "FastFiles.newInputStream reads allocate nothing per call, "
              + (size >> 20)
              + " MiB file"
              + (mapped ? " (mapped)" : " (pooled buffers)");
      String detail = "a pass of 64 KiB reads " + fewer + " bytes, of 16 KiB reads " + more;
      PerfGuard.atMost(
          path,
          "heap bytes allocated per read() call",
          Math.max(0, more - fewer) / extraCalls,
          mapped ? PER_MAPPED_READ : 0,
          detail);
      PerfGuard.atMost(
          path,
          "heap bytes allocated per pass of 64 KiB reads, less the calls' own",
          fewer - (mapped ? PER_MAPPED_READ * (size / large.length) : 0),
          PER_STREAM,
          detail);
    }
  }

  /** Opening and closing a stream, mapping its windows. Measured: under 2.1 KiB. */
  private static final long PER_STREAM = 16 * 1024;

  /** The array each mapped read allocates to have a pending fault delivered: 40 bytes. */
  private static final long PER_MAPPED_READ = 48;

  private static long readPass(Path f, byte[] request, long size) throws java.io.IOException {
    long total = 0;
    try (java.io.InputStream in = FastFiles.newInputStream(f)) {
      for (int n; (n = in.read(request)) > 0; ) {
        total += n;
      }
    }
    assertEquals(size, total);
    return total;
  }

  /**
   * Direct-pool bytes in use after {@code call} on a new thread, minus before, while it still runs.
   */
  private static long retainedDirectOnFreshThread(TestSupport.IoCall<byte[]> call)
      throws Exception {
    AtomicReference<Object> result = new AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                long before = direct().getMemoryUsed();
                byte[] bytes = call.call();
                long after = direct().getMemoryUsed();
                result.set(bytes.length == SIZE ? (Object) (after - before) : "short read");
              } catch (Exception e) {
                result.set(e);
              }
            },
            "fresh-reader");
    t.start();
    t.join();
    Object r = result.get();
    if (r instanceof Exception e) {
      throw e;
    }
    return (Long) r;
  }

  /**
   * The fewest bytes {@code call} allocated on this thread over a few calls after three warm-up
   * calls (the minimum discards a one-off such as a class loaded by an unrelated path).
   */
  private static long minAllocated(TestSupport.IoCall<?> call) throws Exception {
    com.sun.management.ThreadMXBean t = threads();
    long min = Long.MAX_VALUE;
    for (int i = 0; i < 3 + ATTEMPTS; i++) {
      Object result = null;
      try {
        long before = t.getCurrentThreadAllocatedBytes();
        result = call.call();
        long after = t.getCurrentThreadAllocatedBytes();
        if (i >= 3) { // the first three are the warm-up
          min = Math.min(min, after - before);
        }
      } finally {
        Reference.reachabilityFence(result); // the result counts as used until measured
      }
    }
    return min;
  }

  private static com.sun.management.ThreadMXBean threads() {
    return (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  }

  private static BufferPoolMXBean direct() {
    return pool("direct");
  }

  private static BufferPoolMXBean pool(String name) {
    for (BufferPoolMXBean p : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      if (p.getName().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no buffer pool " + name);
  }

  /**
   * Waits until buffers that earlier tests left to the garbage collector (the JDK's own mappings,
   * such as those of {@code FileChannel.map} oracles) are released, so that their release does not
   * change the pools during every attempt: a few collections until two readings 50 ms apart agree.
   */
  private static void quiesce() throws InterruptedException {
    String last = "";
    for (int i = 0; i < 40; i++) {
      System.gc();
      Thread.sleep(50);
      String now = pools();
      if (now.equals(last)) {
        return;
      }
      last = now;
    }
  }

  /** Count, bytes used and capacity of the "direct" and "mapped" pools. */
  private static String pools() {
    StringBuilder b = new StringBuilder();
    for (String name : List.of("direct", "mapped")) {
      BufferPoolMXBean p = pool(name);
      b.append(name)
          .append('=')
          .append(p.getCount())
          .append('/')
          .append(p.getMemoryUsed())
          .append('/')
          .append(p.getTotalCapacity())
          .append(' ');
    }
    return b.toString().trim();
  }
}
