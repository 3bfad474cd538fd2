package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.internal.batch.BatchTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Performance guards of the small-file and first-result paths of {@link DigestBatch} (see {@code
 * docs/perf-guard.md}): a batch too small for threads starts none; a stream's first result is
 * delivered while the stream still produces; and where the MD5 lanes are in use, a short batch in a
 * fresh JVM never loads them (their compilation would cost more than they win back), and they take
 * over from {@code MessageDigest} once warm (a lanes engine that stays in the Vector API's fallback
 * never does, and the batch would silently stay on {@code MessageDigest}); a long list starts
 * hashing before it is sized and ordered.
 */
@Tag("perf-guard")
class DigestBatchGuardTest {
  private static final int SMALL = 4096;
  private static final int LARGE = 4 << 20;

  /**
   * The most bytes hashed before the lanes take over: the 512 MiB a JVM hashes before its batches
   * move to the lanes early, plus twice what warming them takes.
   */
  private static final long WARM_UP_LIMIT = 1L << 30;

  @TempDir static Path dir;
  private static Path small;
  private static final List<Path> large = new ArrayList<>();

  @BeforeAll
  static void writeFiles() {
    small = TestSupport.write(dir, "guard-4k", TestSupport.randomBytes(31, SMALL));
    for (int i = 0; i < 16; i++) {
      large.add(TestSupport.write(dir, "guard-4m-" + i, TestSupport.randomBytes(40 + i, LARGE)));
    }
  }

  /**
   * A long list is not sized and ordered before its first files are hashed: its feed hands out the
   * files taken before the order in input order (files growing with their index, so that the
   * largest-first order would put the last one first).
   */
  @Test
  void aLongListHashesItsFirstFilesBeforeItIsOrdered() throws Exception {
    Path tree = Files.createDirectories(dir.resolve("long-list"));
    List<Path> list = new ArrayList<>();
    for (int i = 0; i <= BatchTestHook.ORDER_FIRST; i++) {
      list.add(TestSupport.write(tree, "f" + i, new byte[i]));
    }
    int[] order = BatchTestHook.parallelOrder(list, 1);
    PerfGuard.exactly(
        "DigestBatch: a long list's first file hashed before the list is ordered (a stat a file)",
        "index of the first file handed out of " + list.size() + " growing files",
        order[0],
        0,
        "largest first would be " + (list.size() - 1));
  }

  @Test
  void aBatchOf16SmallFilesStartsNoThread() throws Exception {
    DigestBatch batch = DigestBatch.builder("MD5").build();
    long started = threadsStarted(batch, Collections.nCopies(16, small));
    PerfGuard.exactly(
        "DigestBatch of 16 x 4 KiB runs on the calling thread",
        "threads started",
        started,
        0,
        "a batch too small to gain from threads is hashed inline");
  }

  @Test
  void aStreamsFirstResultComesBeforeItsEnd() throws Exception {
    CountDownLatch first = new CountDownLatch(1);
    AtomicInteger taken = new AtomicInteger();
    AtomicBoolean resultBeforeEnd = new AtomicBoolean();
    int n = 1000;
    DigestBatch.builder("MD5")
        .threads(2)
        .build()
        .digestAll(
            IntStream.range(0, n)
                .mapToObj(i -> small)
                .peek(
                    p -> {
                      if (taken.incrementAndGet() == n) { // the last path waits for a result
                        resultBeforeEnd.set(awaitQuietly(first));
                      }
                    }),
            r -> first.countDown());
    PerfGuard.exactly(
        "DigestBatch of a stream delivers while the stream produces",
        "results delivered before the stream's last path (0 or 1)",
        resultBeforeEnd.get() ? 1 : 0,
        1,
        "the walk and the hashing overlap; a batch that collects its stream first delivers none");
  }

  /**
   * A batch of one thread in the MD5 lanes is hashed by the calling thread: a hashing thread of its
   * own costs a thread's start and a hand-over per result, about a third of the time of 256 x 4 KiB
   * (docs/maintainer-guide.md).
   */
  @Test
  void aOneThreadLanesBatchStartsNoThread() throws Exception {
    DigestBatch batch = DigestBatch.builder("MD5").threads(1).reading(Reading.PARALLEL).build();
    if (!batch.engine().startsWith("MD5 lanes")) {
      return; // MessageDigest here: a hashing thread (the vector runs check the lanes)
    }
    List<Path> paths = Collections.nCopies(BatchTestHook.ORDER_FIRST * 4, small);
    long started = threadsStarted(batch, paths);
    PerfGuard.exactly(
        "DigestBatch of "
            + paths.size()
            + " x 4 KiB on threads(1) in the lanes ("
            + batch.engine()
            + ") runs on the calling thread",
        "threads started",
        started,
        0,
        "the calling thread hashes a one-thread batch of the lanes itself");
  }

  /**
   * The threads started by the second of two batches of {@code paths} (copies of the 4 KiB file),
   * whose digests are checked: the first loads the classes, which may start JDK threads of their
   * own.
   */
  private static long threadsStarted(DigestBatch batch, List<Path> paths) throws Exception {
    batch.digestAll(paths); // loads the classes, which may start JDK threads of their own
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long before = threads.getTotalStartedThreadCount();
    List<Result> results = batch.digestAll(paths);
    long started = threads.getTotalStartedThreadCount() - before;
    byte[] expected = MessageDigest.getInstance("MD5").digest(TestSupport.randomBytes(31, SMALL));
    for (Result r : results) {
      assertArrayEquals(expected, r.digest());
    }
    return started;
  }

  @Test
  void theLanesTakeOverOnceWarm() throws Exception {
    DigestBatch batch = DigestBatch.builder("MD5").threads(2).reading(Reading.PARALLEL).build();
    if (!batch.engine().startsWith("MD5 lanes")) {
      return; // MessageDigest here: nothing to take over (the vector runs check the lanes)
    }
    long hashed = 0;
    long warmUpFiles = Long.MAX_VALUE;
    while (warmUpFiles > 0 && hashed < WARM_UP_LIMIT) {
      warmUpFiles = warmUpFilesOf(batch);
      if (warmUpFiles > 0) {
        hashed += (long) large.size() * LARGE;
      }
    }
    PerfGuard.atMost(
        "MD5 lanes take over from MessageDigest once warm (" + batch.engine() + ")",
        "bytes hashed before a batch ran on the lanes from its first file",
        hashed,
        WARM_UP_LIMIT - 1,
        "the lanes never measured faster than MessageDigest: still in the Vector API's fallback?");
  }

  /**
   * Batches of 16 MiB, the README's row (16 files of 1 MiB, one thread), in a JVM where the lanes
   * are not warm yet: each such batch judges the lanes over one window at most, so the judge must
   * count its windows across batches, or the lanes never take over.
   */
  @Test
  void theLanesTakeOverFromBatchesOf16MiB() throws Exception {
    if (!DigestBatch.builder("MD5").build().engine().startsWith("MD5 lanes")) {
      return; // MessageDigest here: nothing to take over (the vector runs check the lanes)
    }
    int batches = (int) (WARM_UP_LIMIT / (16L << 20)); // of 16 MiB
    List<String> jvmArgs = TestSupport.thisJvmArgs(); // the same engine as here
    Path probeDir = Files.createDirectories(dir.resolve("take-over"));
    List<String> out = new ArrayList<>();
    int status =
        TestSupport.run(
            out,
            TestSupport.javaCommand(
                    jvmArgs, LaneTakeOverProbe.class, probeDir.toString(), String.valueOf(batches))
                .toArray(new String[0]));
    assertEquals(0, status, "probe: " + out);
    String[] fields = out.get(out.size() - 1).split(" ", 2);
    PerfGuard.atMost(
        "MD5 lanes take over in batches of 16 x 1 MiB (" + fields[1] + ")",
        "batches of 16 MiB before one ran on the lanes from its first file",
        Long.parseLong(fields[0]),
        batches - 1,
        "a judge that starts its streak again in every batch never sees three windows in a row");
  }

  /**
   * A batch of 64 MiB in large files, in a fresh JVM: the lanes would not win back their
   * compilation, so it hashes with {@code MessageDigest} and never even loads the vector engine.
   */
  @Test
  void aShortBatchNeverLoadsTheLanes() throws Exception {
    if (!DigestBatch.builder("MD5").build().engine().startsWith("MD5 lanes")) {
      return; // MessageDigest here: no lanes to load (the vector runs check)
    }
    Path probeDir = Files.createDirectories(dir.resolve("short"));
    Path log = probeDir.resolve("classes.log");
    List<String> jvmArgs = new ArrayList<>(TestSupport.thisJvmArgs());
    jvmArgs.add("-Xlog:class+load=info:file=" + log);
    List<String> out = new ArrayList<>();
    int status =
        TestSupport.run(
            out,
            TestSupport.javaCommand(jvmArgs, ShortBatchProbe.class, probeDir.toString())
                .toArray(new String[0]));
    assertEquals(0, status, "probe: " + out);
    assertEquals("64", out.get(out.size() - 1));
    long loaded;
    try (Stream<String> lines = Files.lines(log)) {
      loaded =
          lines.filter(l -> l.contains(" dev.fastio.internal.platform.VectorMd5Lanes ")).count();
    }
    PerfGuard.exactly(
        "DigestBatch of 64 x 1 MiB in a fresh JVM hashes without the lanes",
        "vector MD5 engine loaded (0 or 1)",
        loaded,
        0,
        "the lanes' compilation costs more than they win back on 64 MiB");
  }

  /** Runs a batch of the large files; returns the files it hashed while the lanes warmed up. */
  private static long warmUpFilesOf(DigestBatch batch) throws Exception {
    Path jfr = dir.resolve("guard.jfr");
    try (Recording rec = new Recording()) {
      rec.enable("dev.fastio.DigestBatch").withThreshold(Duration.ZERO);
      rec.start();
      assertEquals(large.size(), batch.digestAll(large).size());
      rec.stop();
      rec.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals("dev.fastio.DigestBatch"))
            .toList();
    assertEquals(1, events.size());
    return events.get(0).getLong("warmUpFiles");
  }

  /** Waits up to 10 s for the latch; false on a timeout, which the guard reports as no result. */
  private static boolean awaitQuietly(CountDownLatch latch) {
    try {
      return latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
