package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Listener;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch on one thread ({@code threads(1)}), the calling thread hashing the files itself where the
 * MD5 lanes are in use and a hashing thread otherwise: either way, the results come in input order
 * and equal {@code MessageDigest}'s, each is delivered as soon as it and all before it are done
 * (the first before the last file is hashed), the sink's exceptions and the listener's unchecked
 * ones are thrown unchanged with no result after them (a checked one the listener throws
 * undeclared, wrapped), an interrupt ends the call with {@link InterruptedException} before the
 * next result, and no descriptor or thread is left.
 */
class DigestBatchOneThreadTest {
  /** More than a batch hashes inline, with sizes around pages, reads and lane blocks. */
  private static final int FILES = 300;

  private static final int MISSING = 100;

  @TempDir static Path dir;
  private static final List<Path> paths = new ArrayList<>();
  private static final List<byte[]> expected = new ArrayList<>();

  @BeforeAll
  static void writeFiles() throws Exception {
    for (int i = 0; i < FILES; i++) {
      if (i == MISSING) {
        paths.add(dir.resolve("missing"));
        expected.add(null);
        continue;
      }
      // the first file the largest: the order (largest first) takes it first
      byte[] content = TestSupport.randomBytes(i, i == 0 ? 40_000 : i * 7919 % 20_000);
      paths.add(TestSupport.write(dir, "f" + i, content));
      expected.add(MessageDigest.getInstance("MD5").digest(content));
    }
  }

  private static DigestBatch batch(Listener listener) {
    return DigestBatch.builder("MD5")
        .threads(1)
        .reading(Reading.PARALLEL)
        .listener(listener)
        .build();
  }

  private static void assertResult(int i, Result r) {
    assertEquals(paths.get(i), r.path(), "result " + i);
    if (expected.get(i) == null) {
      assertFalse(r.isSuccess(), "result " + i);
      assertInstanceOf(NoSuchFileException.class, r.error(), "result " + i);
    } else {
      assertArrayEquals(expected.get(i), r.digest(), "result " + i);
    }
  }

  @Test
  void resultsComeInOrderAndEqualMessageDigest() throws Exception {
    for (int round = 0; round < 3; round++) { // the lanes may take over between batches
      List<Result> results = batch(null).digestAll(paths);
      assertEquals(FILES, results.size());
      for (int i = 0; i < FILES; i++) {
        assertResult(i, results.get(i));
      }
    }
  }

  @Test
  void theFirstResultComesBeforeTheLastFileIsHashed() throws Exception {
    AtomicInteger finished = new AtomicInteger();
    AtomicInteger onOtherThreads = new AtomicInteger();
    Thread caller = Thread.currentThread();
    int[] finishedAtFirst = {-1};
    int[] next = {0};
    DigestBatch batch =
        batch(
            Listener.ofFiles(
                r -> {
                  finished.incrementAndGet();
                  if (Thread.currentThread() != caller) {
                    onOtherThreads.incrementAndGet();
                  }
                }));
    batch.digestAll(
        paths,
        r -> {
          if (next[0] == 0) {
            finishedAtFirst[0] = finished.get();
          }
          assertResult(next[0]++, r);
        });
    assertEquals(FILES, next[0]);
    assertTrue(
        finishedAtFirst[0] < FILES, "files finished at the first result: " + finishedAtFirst[0]);
    boolean lanes = batch.engine().startsWith("MD5 lanes");
    assertEquals(
        lanes ? 0 : FILES,
        onOtherThreads.get(),
        "files finished on threads other than the caller's, engine " + batch.engine());
  }

  /**
   * In a child JVM hashing on the lanes from the first file: the calling thread is interrupted
   * within a read, other files open in the lanes, 20 times; every call throws {@link
   * InterruptedException}, no result reaches the sink after an interrupt, no status is left.
   */
  @Test
  void anInterruptWhileFilesAreOpenInTheLanesStopsTheDelivery() throws Exception {
    assumeTrue(
        ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent(),
        "this JDK has no jdk.incubator.vector");
    Path probeDir = Files.createDirectory(dir.resolve("probe"));
    List<String> out = new ArrayList<>();
    int status =
        TestSupport.run(
            out,
            2,
            TimeUnit.MINUTES,
            TestSupport.javaCommand(
                List.of("--add-modules=jdk.incubator.vector", "-Dfastio.md5.warmUp=false"),
                OneThreadInterruptProbe.class,
                probeDir.toString()));
    assertEquals(0, status, String.join("\n", out));
    int n = out.size(); // after the JVM's warning of the incubator module
    assertTrue(n >= 5, String.join("\n", out));
    List<String> report = out.subList(n - 5, n);
    assumeTrue(report.get(0).startsWith("engine MD5 lanes"), "no lanes here: " + report);
    assertEquals(
        List.of(
            "listener on caller true",
            "rounds interrupted 20 of 20",
            "sink calls after the interrupt 0",
            "interrupt status left false"),
        report.subList(1, 5),
        String.join("\n", out));
  }

  @Test
  void theSinksExceptionIsThrownUnchangedWithNoResultAfterIt() throws Exception {
    assertSinksExceptionThrownUnchanged(new IllegalStateException("sink"), 50);
  }

  /** A checked exception the sink throws without declaring it is thrown as it is. */
  @Test
  void aCheckedExceptionOfTheSinkIsThrownUnchanged() throws Exception {
    assertSinksExceptionThrownUnchanged(new IOException("sink"), 10);
  }

  /** The sink throws {@code boom} at its {@code at}th call: the call throws it, no result after. */
  private static void assertSinksExceptionThrownUnchanged(Throwable boom, int at)
      throws IOException {
    int fds = TestSupport.openDescriptors();
    AtomicInteger calls = new AtomicInteger();
    Consumer<Result> sink =
        r -> {
          if (calls.incrementAndGet() == at) {
            DigestBatchOneThreadTest.<RuntimeException>sneaky(boom);
          }
        };
    Throwable thrown = assertThrows(Throwable.class, () -> batch(null).digestAll(paths, sink));
    assertSame(boom, thrown);
    assertEquals(at, calls.get());
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoBatchThreadsLeft();
  }

  // Throws t unchecked, as a sink written in another JVM language may.
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneaky(Throwable t) throws T {
    throw (T) t;
  }

  @Test
  void aListenersExceptionIsThrownUnchanged() throws Exception {
    int fds = TestSupport.openDescriptors();
    RuntimeException boom = new IllegalStateException("listener");
    AtomicInteger finished = new AtomicInteger();
    Listener listener =
        Listener.ofFiles(
            r -> {
              if (finished.incrementAndGet() == 30) {
                throw boom;
              }
            });
    RuntimeException thrown =
        assertThrows(RuntimeException.class, () -> batch(listener).digestAll(paths));
    assertSame(boom, thrown);
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoBatchThreadsLeft();
  }

  /**
   * A checked exception a listener throws without declaring it, from {@code bytesHashed} in the
   * middle of a file's reads, stops the batch wrapped in an {@link IllegalStateException}: it is
   * never taken for that file's {@link IOException} (a failed result, the batch going on), on one
   * thread or two.
   */
  @Test
  void aCheckedExceptionOfTheListenerStopsTheBatch() throws Exception {
    for (int threads = 1; threads <= 2; threads++) {
      int fds = TestSupport.openDescriptors();
      IOException boom = new IOException("listener");
      AtomicInteger calls = new AtomicInteger();
      Listener listener =
          Listener.ofBytes(
              bytes -> {
                if (calls.incrementAndGet() == 40) {
                  DigestBatchOneThreadTest.<RuntimeException>sneaky(boom);
                }
              });
      DigestBatch batch =
          DigestBatch.builder("MD5")
              .threads(threads)
              .reading(Reading.PARALLEL)
              .listener(listener)
              .build();
      IllegalStateException thrown =
          assertThrows(
              IllegalStateException.class, () -> batch.digestAll(paths), "threads " + threads);
      assertSame(boom, thrown.getCause(), "threads " + threads);
      TestSupport.assertNoDescriptorLeak(fds, dir);
      TestSupport.assertNoBatchThreadsLeft();
    }
  }

  @Test
  void anInterruptEndsTheCallBeforeTheNextResult() throws Exception {
    int fds = TestSupport.openDescriptors();
    AtomicInteger calls = new AtomicInteger();
    Consumer<Result> sink =
        r -> {
          if (calls.incrementAndGet() == 20) {
            Thread.currentThread().interrupt();
          }
        };
    assertThrows(InterruptedException.class, () -> batch(null).digestAll(paths, sink));
    assertEquals(20, calls.get());
    assertFalse(
        Thread.interrupted(), "the interrupt status is cleared when the exception is thrown");
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoBatchThreadsLeft();
    List<Result> again = batch(null).digestAll(paths); // the batch works as before
    for (int i = 0; i < FILES; i++) {
      assertResult(i, again.get(i));
    }
  }
}
