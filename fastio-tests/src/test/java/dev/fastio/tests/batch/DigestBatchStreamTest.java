package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.FastFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DigestBatch#digestAll(Stream, java.util.function.Consumer)}: the results of a stream of
 * paths are those of {@link FastFiles#digest(Path, String)}, in the stream's order, for streams
 * shorter and longer than the part taken on the calling thread and than the feed's lead; the first
 * results arrive while the stream still produces; the stream's own failure comes after the results
 * before it; the lead is bounded; no thread is left. Also: a batch too small for threads is hashed
 * on the calling thread.
 */
class DigestBatchStreamTest {
  /** 24 files of 0 to 300 KB, a missing path and a directory; deleted when the JVM exits. */
  private static final List<Path> POOL = pool();

  @TempDir Path dir;

  private static List<Path> pool() {
    try {
      Path files = Files.createTempDirectory("fastio-stream");
      List<Path> pool = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        int size = i * i * i * 37 % 300_000; // 0 to 300 KB, around page and buffer edges
        pool.add(TestSupport.write(files, "f" + i, TestSupport.randomBytes(i, size)));
      }
      pool.add(files.resolve("missing")); // NoSuchFileException
      pool.add(files); // a directory
      Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(files)));
      return List.copyOf(pool);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path files) {
    try {
      TestSupport.deleteTree(files);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Stream results equal FastFiles.digest, in order, for lengths around 65 and 4,096. */
  @Property(tries = 40, seed = "20261126")
  void everyResultOfAStreamEqualsFastFilesDigest(
      @ForAll @IntRange(min = 0, max = 9000) int length,
      @ForAll @IntRange(min = 1, max = 3) int threads,
      @ForAll boolean sha)
      throws Exception {
    String algorithm = sha ? "SHA-256" : "MD5";
    List<Path> paths = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      paths.add(POOL.get((int) ((i * 2654435761L) % POOL.size())));
    }
    Map<Path, Object> expected = new HashMap<>();
    for (Path p : POOL) {
      Class<? extends Throwable> error = TestSupport.thrown(() -> FastFiles.digest(p, algorithm));
      expected.put(p, error != null ? error : FastFiles.digest(p, algorithm));
    }
    List<Result> results = new ArrayList<>();
    DigestBatch.builder(algorithm).threads(threads).build().digestAll(paths.stream(), results::add);
    assertEquals(length, results.size());
    for (int i = 0; i < length; i++) {
      Result r = results.get(i);
      assertSame(paths.get(i), r.path(), "stream order");
      Object e = expected.get(r.path());
      if (e instanceof byte[] digest) {
        assertArrayEquals(digest, r.digest(), r.path().toString());
      } else {
        assertEquals(e, r.error().getClass(), r.path().toString());
      }
    }
    TestSupport.assertNoBatchThreadsLeft();
  }

  /** The first result is delivered while the stream is still producing. */
  @Test
  void theFirstResultArrivesBeforeTheStreamEnds() throws Exception {
    CountDownLatch firstResult = new CountDownLatch(1);
    AtomicInteger waited = new AtomicInteger();
    Stream<Path> paths =
        IntStream.range(0, 500)
            .mapToObj(i -> POOL.get(i % 24))
            .peek(
                p -> {
                  if (waited.incrementAndGet() == 300) { // past the part the caller takes
                    await(firstResult);
                  }
                });
    List<Result> results = Collections.synchronizedList(new ArrayList<>());
    DigestBatch.builder("MD5")
        .threads(2)
        .build()
        .digestAll(
            paths,
            r -> {
              results.add(r);
              firstResult.countDown();
            });
    assertEquals(500, results.size());
    TestSupport.assertNoBatchThreadsLeft();
  }

  /** The stream runs a bounded number of paths ahead of the delivery. */
  @Test
  void theStreamRunsABoundedLeadAheadOfTheDelivery() throws Exception {
    AtomicInteger produced = new AtomicInteger();
    AtomicInteger delivered = new AtomicInteger();
    AtomicInteger lead = new AtomicInteger();
    Path small = POOL.get(1);
    DigestBatch.builder("MD5")
        .threads(2)
        .build()
        .digestAll(
            IntStream.range(0, 30_000)
                .mapToObj(i -> small)
                .peek(
                    p ->
                        lead.accumulateAndGet(
                            produced.incrementAndGet() - delivered.get(), Math::max)),
            r -> {
              delivered.incrementAndGet();
              if (delivered.get() == 1) {
                sleep(200); // a slow consumer: the feed must wait for it
              }
            });
    assertEquals(30_000, delivered.get());
    assertTrue(lead.get() <= 4096 + 66, "lead " + lead.get());
  }

  /** A stream's own exception comes after the results of the paths before it. */
  @Test
  void theStreamsExceptionComesAfterTheResultsBeforeIt() {
    for (int at : new int[] {0, 10, 64, 65, 66, 5000}) {
      List<Result> results = new ArrayList<>();
      Stream<Path> paths =
          throwingAt(at, new UncheckedIOException(new IOException("walk failed at " + at)));
      UncheckedIOException e =
          assertThrows(
              UncheckedIOException.class,
              () -> DigestBatch.builder("MD5").threads(2).build().digestAll(paths, results::add));
      assertEquals("walk failed at " + at, e.getCause().getMessage());
      assertEquals(at, results.size(), "results before the failure, at " + at);
      TestSupport.assertNoBatchThreadsLeft();
    }
  }

  /**
   * A checked exception the stream throws without declaring it (an {@link IOException}, an {@link
   * InterruptedException}), on the calling thread (among the first paths), on the feed's thread or
   * while a sequential batch collects the stream, comes after the results before it, wrapped in an
   * {@link IllegalStateException}: the call never waits for a feed that is gone, nor ends as if the
   * stream had ended.
   */
  @Test
  void aCheckedExceptionOfTheStreamComesWrappedAfterTheResultsBeforeIt() {
    for (Reading reading : new Reading[] {Reading.PARALLEL, Reading.SEQUENTIAL}) {
      for (int at : reading == Reading.PARALLEL ? new int[] {10, 5000} : new int[] {100}) {
        for (Exception boom :
            new Exception[] {new IOException("walk failed"), new InterruptedException("walk")}) {
          String label = reading + ", at " + at + ", " + boom;
          List<Result> results = new ArrayList<>();
          Stream<Path> paths = throwingAt(at, boom);
          DigestBatch batch = DigestBatch.builder("MD5").threads(2).reading(reading).build();
          IllegalStateException e =
              assertTimeoutPreemptively(
                  Duration.ofMinutes(2),
                  () ->
                      assertThrows(
                          IllegalStateException.class,
                          () -> batch.digestAll(paths, results::add),
                          label));
          assertSame(boom, e.getCause(), label);
          assertEquals(at, results.size(), "results before the failure, " + label);
          TestSupport.assertNoBatchThreadsLeft();
        }
      }
    }
  }

  /**
   * A stream of {@code at + 10} paths of the pool that throws {@code boom} (checked or not, as it
   * is) when asked for path {@code at}.
   */
  private static Stream<Path> throwingAt(int at, Throwable boom) {
    return IntStream.range(0, at + 10)
        .mapToObj(
            i -> {
              if (i == at) {
                DigestBatchStreamTest.<RuntimeException>sneaky(boom);
              }
              return POOL.get(i % 24);
            });
  }

  // Throws t unchecked, as a stream written in another JVM language may.
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> void sneaky(Throwable t) throws T {
    throw (T) t;
  }

  /** A null path is a NullPointerException after the results before it. */
  @Test
  void aNullPathComesAfterTheResultsBeforeIt() {
    for (int at : new int[] {3, 200}) {
      List<Path> paths = new ArrayList<>(Collections.nCopies(at + 5, POOL.get(2)));
      paths.set(at, null);
      List<Result> results = new ArrayList<>();
      assertThrows(
          NullPointerException.class,
          () -> DigestBatch.builder("MD5").build().digestAll(paths.stream(), results::add));
      assertEquals(at, results.size());
      TestSupport.assertNoBatchThreadsLeft();
    }
  }

  /** A throwing sink stops the batch and the feed, and propagates. */
  @Test
  void aThrowingSinkStopsTheFeed() {
    AtomicInteger seen = new AtomicInteger();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                DigestBatch.builder("MD5")
                    .build()
                    .digestAll(
                        IntStream.range(0, 100_000).mapToObj(i -> POOL.get(i % 24)),
                        r -> {
                          if (seen.incrementAndGet() == 1000) {
                            throw new IllegalStateException("stop");
                          }
                        }));
    assertEquals("stop", e.getMessage());
    TestSupport.assertNoBatchThreadsLeft();
  }

  /** An interrupt of the calling thread stops the batch and the feed. */
  @Test
  void anInterruptStopsTheFeed() {
    Thread.currentThread().interrupt();
    assertThrows(
        InterruptedException.class,
        () ->
            DigestBatch.builder("MD5")
                .build()
                .digestAll(IntStream.range(0, 100_000).mapToObj(i -> POOL.get(i % 24)), r -> {}));
    assertFalse(Thread.interrupted(), "the status is consumed by the exception");
    TestSupport.assertNoBatchThreadsLeft();
  }

  /** SEQUENTIAL reads a stream as a collection: the same results, in order. */
  @Test
  void aSequentialStreamIsCollectedFirst() throws Exception {
    List<Path> paths = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      paths.add(POOL.get(i % POOL.size()));
    }
    List<Result> viaStream = new ArrayList<>();
    DigestBatch batch = DigestBatch.builder("MD5").reading(Reading.SEQUENTIAL).build();
    batch.digestAll(paths.stream(), viaStream::add);
    List<Result> viaList = batch.digestAll(paths);
    assertEquals(viaList.size(), viaStream.size());
    for (int i = 0; i < viaList.size(); i++) {
      assertSame(paths.get(i), viaStream.get(i).path());
      assertEquals(viaList.get(i).isSuccess(), viaStream.get(i).isSuccess());
      if (viaList.get(i).isSuccess()) {
        assertArrayEquals(viaList.get(i).digest(), viaStream.get(i).digest());
      }
    }
  }

  /** A batch too small to gain from threads is hashed on the calling thread, lists and streams. */
  @Test
  void aSmallBatchIsHashedOnTheCallingThread() throws Exception {
    Path a = TestSupport.write(dir, "a", TestSupport.randomBytes(1, 4096));
    List<Thread> hashedOn = Collections.synchronizedList(new ArrayList<>());
    DigestBatch batch =
        DigestBatch.builder("MD5")
            .threads(4)
            .listener(DigestBatch.Listener.ofFiles(r -> hashedOn.add(Thread.currentThread())))
            .build();
    List<Path> sixteen = Collections.nCopies(16, a);
    batch.digestAll(sixteen);
    batch.digestAll(sixteen.stream(), r -> {});
    assertEquals(32, hashedOn.size());
    for (Thread t : hashedOn) {
      assertSame(Thread.currentThread(), t, "inline");
    }
    hashedOn.clear();
    Path big = TestSupport.write(dir, "big", TestSupport.randomBytes(2, 2 << 20));
    batch.digestAll(List.of(big, a));
    assertFalse(hashedOn.contains(Thread.currentThread()), "2 MiB is worth a thread");
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(30, TimeUnit.SECONDS), "no result before the stream went on");
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }
}
