package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.FastFiles;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.internal.batch.BatchTestHook;
import dev.fastio.internal.io.IoTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.MappedProbe;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DigestBatch}: every result equals {@link FastFiles#digest(Path, String)} (or carries the
 * same exception type), in input order, over both reading pipelines and several thread counts; a
 * failing file does not stop the others; listeners, sinks and interrupts; no descriptor or mapping
 * left.
 *
 * <p>The surefire configuration sets {@code fastio.batch.readAhead} to 4 MiB, so the sequential
 * reader's budget blocks and files over 2 MiB take the path where the worker follows the reader.
 */
class DigestBatchTest {
  @TempDir Path dir;

  private final List<Path> paths = new ArrayList<>();
  private long totalBytes;

  @BeforeEach
  void files() throws IOException {
    SplittableRandom r = new SplittableRandom(42);
    int i = 0;
    for (int size : TestSupport.BOUNDARY_SIZES) {
      paths.add(TestSupport.write(dir, "f" + i, TestSupport.randomBytes(i, size)));
      totalBytes += size;
      i++;
      if (i % 5 == 0) {
        paths.add(dir.resolve("missing-" + i)); // fails, the others go on
        paths.add(dir); // a directory: "Is a directory"
      }
    }
    for (int k = 0; k < 40; k++) { // many small files: results arrive out of order
      int size = r.nextInt(20_000);
      paths.add(TestSupport.write(dir, "s" + k, TestSupport.randomBytes(100 + k, size)));
      totalBytes += size;
    }
    paths.add(paths.get(3)); // a duplicate gives a second result
    totalBytes += Files.size(paths.get(3));
    paths.add(TestSupport.write(dir, "big", TestSupport.randomBytes(7, 9 * 1024 * 1024 + 3)));
    totalBytes += 9 * 1024 * 1024 + 3;
  }

  @ParameterizedTest
  @EnumSource(Reading.class)
  void everyResultEqualsFastFilesDigest(Reading reading) throws Exception {
    for (int threads : new int[] {1, 2, 5}) {
      for (String algorithm : new String[] {"MD5", "SHA-256"}) {
        List<Result> results =
            DigestBatch.builder(algorithm)
                .threads(threads)
                .reading(reading)
                .build()
                .digestAll(paths);
        assertEquals(paths.size(), results.size());
        for (int i = 0; i < paths.size(); i++) {
          Result r = results.get(i);
          Path p = paths.get(i);
          assertSame(p, r.path(), "input order");
          Class<? extends Throwable> expected =
              TestSupport.thrown(() -> FastFiles.digest(p, algorithm));
          if (expected == null) {
            assertTrue(r.isSuccess(), () -> p + ": " + r.error());
            assertArrayEquals(FastFiles.digest(p, algorithm), r.digest(), p + " " + reading);
            assertNull(r.error());
          } else {
            assertFalse(r.isSuccess(), p.toString());
            assertEquals(expected, r.error().getClass(), p.toString());
            assertThrows(IllegalStateException.class, r::digest);
          }
        }
      }
    }
  }

  /**
   * Paths of a zip file system (a file, a directory, missing paths): each result is what {@code
   * Files.readAllBytes} gives, the digest of its bytes or its exception (a directory is a {@code
   * NoSuchFileException} there), in both pipelines and with both engines (MD5 runs in the lanes
   * where the Vector API is in use).
   */
  @ParameterizedTest
  @EnumSource(Reading.class)
  void pathsOfAZipFileSystemGiveWhatReadAllBytesGives(Reading reading) throws Exception {
    try (FileSystem zip =
        FileSystems.newFileSystem(dir.resolve("archive.zip"), Map.of("create", "true"))) {
      Files.write(zip.getPath("/file"), TestSupport.randomBytes(3, 100_000));
      Files.createDirectory(zip.getPath("/dir"));
      Files.write(zip.getPath("/dir/child"), new byte[10]);
      List<Path> inZip = new ArrayList<>();
      for (String name : List.of("/file", "/dir", "/missing", "/missing/child", "/dir/child")) {
        inZip.add(zip.getPath(name));
      }
      for (String algorithm : new String[] {"MD5", "SHA-256"}) {
        List<Result> results =
            DigestBatch.builder(algorithm).threads(2).reading(reading).build().digestAll(inZip);
        for (int i = 0; i < inZip.size(); i++) {
          Path p = inZip.get(i);
          Result r = results.get(i);
          byte[] bytes = null;
          IOException jdk = null;
          try {
            bytes = Files.readAllBytes(p);
          } catch (IOException e) {
            jdk = e;
          }
          if (jdk == null) {
            assertArrayEquals(
                MessageDigest.getInstance(algorithm).digest(bytes), r.digest(), r.toString());
          } else {
            assertFalse(r.isSuccess(), r.toString());
            assertEquals(jdk.getClass(), r.error().getClass(), r.toString());
            assertEquals(jdk.getMessage(), r.error().getMessage(), r.toString());
          }
        }
      }
    }
  }

  @Test
  void shortcutAndHex() throws Exception {
    List<Result> results = FastFiles.digestAll(List.of(paths.get(0), paths.get(1)), "MD5");
    assertEquals("d41d8cd98f00b204e9800998ecf8427e", results.get(0).toHex());
    assertEquals(32, results.get(1).toHex().length());
    assertTrue(FastFiles.digestAll(List.of(), "MD5").isEmpty());
  }

  @ParameterizedTest
  @EnumSource(
      value = Reading.class,
      names = {"SEQUENTIAL", "PARALLEL"})
  void listenerHearsEveryFileAndByte(Reading reading) throws Exception {
    AtomicLong bytes = new AtomicLong();
    Set<Path> done = Collections.synchronizedSet(new HashSet<>());
    AtomicInteger calls = new AtomicInteger();
    DigestBatch.Listener listener =
        new DigestBatch.Listener() {
          @Override
          public void bytesHashed(long n) {
            assertTrue(n > 0);
            bytes.addAndGet(n);
          }

          @Override
          public void fileDone(Result result) {
            calls.incrementAndGet();
            done.add(result.path());
          }
        };
    List<Result> sunk = new ArrayList<>();
    DigestBatch.builder("MD5")
        .threads(3)
        .reading(reading)
        .listener(listener)
        .build()
        .digestAll(paths, sunk::add);
    assertEquals(paths.size(), calls.get());
    assertEquals(new HashSet<>(paths), done);
    assertTrue(bytes.get() >= totalBytes, bytes + " < " + totalBytes);
    for (int i = 0; i < paths.size(); i++) {
      assertSame(paths.get(i), sunk.get(i).path());
    }
  }

  @Test
  void aThrowingSinkStopsTheBatchAndPropagates() {
    AtomicInteger seen = new AtomicInteger();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                DigestBatch.builder("MD5")
                    .threads(2)
                    .build()
                    .digestAll(
                        paths,
                        r -> {
                          if (seen.incrementAndGet() == 3) {
                            throw new IllegalStateException("stop");
                          }
                        }));
    assertEquals("stop", e.getMessage());
    assertEquals(3, seen.get());
    TestSupport.assertNoBatchThreadsLeft();
  }

  @ParameterizedTest
  @EnumSource(
      value = Reading.class,
      names = {"SEQUENTIAL", "PARALLEL"})
  void aThrowingListenerStopsTheBatchAndPropagates(Reading reading) {
    DigestBatch batch =
        DigestBatch.builder("MD5")
            .reading(reading)
            .listener(
                new DigestBatch.Listener() {
                  @Override
                  public void fileDone(Result result) {
                    throw new UnsupportedOperationException("listener");
                  }
                })
            .build();
    assertThrows(UnsupportedOperationException.class, () -> batch.digestAll(paths));
    TestSupport.assertNoBatchThreadsLeft();
  }

  @Test
  void anInterruptStopsTheWorkers() {
    Thread.currentThread().interrupt();
    assertThrows(
        InterruptedException.class,
        () ->
            DigestBatch.builder("MD5")
                .threads(2)
                .reading(Reading.SEQUENTIAL)
                .build()
                .digestAll(paths));
    assertFalse(Thread.interrupted(), "the status is consumed by the exception");
    TestSupport.assertNoBatchThreadsLeft();
  }

  @Test
  void aFifoIsReadOnceByAWorkerNotByTheReader() throws Exception {
    Path fifo = TestSupport.fifo(dir, "fifo");
    byte[] content = TestSupport.randomBytes(9, 200_000);
    Thread writer = TestSupport.feed(fifo, content);
    List<Result> results =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () ->
                DigestBatch.builder("MD5")
                    .reading(Reading.SEQUENTIAL)
                    .build()
                    .digestAll(List.of(dir.resolve("f5"), fifo, dir.resolve("f6"))));
    writer.join();
    assertArrayEquals(
        java.security.MessageDigest.getInstance("MD5").digest(content), results.get(1).digest());
    assertArrayEquals(FastFiles.digest(dir.resolve("f6"), "MD5"), results.get(2).digest());
  }

  @Test
  void badArguments() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DigestBatch.builder("NOPE").build());
    assertTrue(e.getCause() instanceof java.security.NoSuchAlgorithmException);
    e = assertThrows(IllegalArgumentException.class, () -> DigestBatch.builder("MD5").threads(0));
    assertEquals("threads < 1: 0", e.getMessage());
    assertThrows(NullPointerException.class, () -> DigestBatch.builder("MD5").reading(null));
    List<Path> withNull = new ArrayList<>(paths);
    withNull.add(null);
    assertThrows(
        NullPointerException.class, () -> DigestBatch.builder("MD5").build().digestAll(withNull));
    assertThrows(IllegalArgumentException.class, () -> FastFiles.digestAll(paths, "NOPE"));
  }

  @Test
  void missingFileIsNoSuchFileException() throws Exception {
    Result r = FastFiles.digestAll(List.of(dir.resolve("nope")), "MD5").get(0);
    assertTrue(r.error() instanceof NoSuchFileException);
  }

  /**
   * Paths that cannot be read go to the hashing threads first: a missing operand among large files
   * fails at once, so the results after it in input order are not held back to the end (after it,
   * one MessageDigest takes the files largest first; the MD5 lanes take them together).
   */
  @Test
  void aMissingFileIsTakenFirstSoItHoldsNothingBack() throws Exception {
    Path large1 = TestSupport.write(dir, "large-1", TestSupport.randomBytes(31, 3 << 20));
    Path small = TestSupport.write(dir, "small", TestSupport.randomBytes(32, 10));
    Path large2 = TestSupport.write(dir, "large-2", TestSupport.randomBytes(33, 2 << 20));
    Path missing = dir.resolve("missing");
    List<Path> done = new java.util.concurrent.CopyOnWriteArrayList<>();
    DigestBatch.builder("MD5")
        .threads(1)
        .reading(Reading.PARALLEL)
        .listener(
            new DigestBatch.Listener() {
              @Override
              public void fileDone(Result result) {
                done.add(result.path());
              }
            })
        .build()
        .digestAll(List.of(large1, missing, small, large2));
    assertEquals(missing, done.get(0), "done first: " + done); // then in any order
    assertEquals(java.util.Set.of(missing, large1, large2, small), java.util.Set.copyOf(done));
  }

  @Test
  void noDescriptorOrMappingOutlivesABatch() throws Exception {
    assumeTrue(TestSupport.isLinux());
    DigestBatch seq = DigestBatch.builder("MD5").threads(2).reading(Reading.SEQUENTIAL).build();
    DigestBatch par = DigestBatch.builder("MD5").threads(2).reading(Reading.PARALLEL).build();
    seq.digestAll(paths);
    par.digestAll(paths);
    int fds = TestSupport.openDescriptors();
    for (int i = 0; i < 20; i++) {
      seq.digestAll(paths);
      par.digestAll(paths);
    }
    TestSupport.assertNoDescriptorLeak(fds, dir);
    assertEquals(0, TestSupport.mappingsOf(dir.resolve("big").toString()), "mappings of big");
    TestSupport.assertNoBatchThreadsLeft();
  }

  @Test
  void readAheadIsSmallInTests() {
    assertEquals(4L << 20, BatchTestHook.READ_AHEAD, "surefire sets fastio.batch.readAhead");
  }

  /**
   * {@code Reading.AUTO} asks whether the files are cached before it puts a sequential reader in
   * front of a rotational disk: cached files answer true, an evicted one false.
   */
  @Test
  void looksCachedTellsCachedFilesFromEvictedOnes() throws Exception {
    assumeTrue(TestSupport.isLinux(), "mincore and dd");
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Path p = TestSupport.diskFile(dir, "cached-" + i, 3 << 20);
      Files.readAllBytes(p); // and now they are cached
      files.add(p);
    }
    assertFalse(BatchTestHook.looksCached(List.of()), "nothing to ask");
    assertFalse(BatchTestHook.looksCached(List.of(dir, dir.resolve("none"))), "nothing mappable");
    assertTrue(BatchTestHook.looksCached(files), "just read");
    List<Path> withEmpty = new ArrayList<>(files);
    withEmpty.add(0, TestSupport.write(dir, "empty-0", new byte[0]));
    assertTrue(BatchTestHook.looksCached(withEmpty), "an empty file is skipped");
    MappedProbe.evict(files.get(1));
    boolean evicted;
    try (MappedFile m = MappedFiles.map(files.get(1))) {
      evicted = !m.isLoaded();
    }
    assumeTrue(evicted, "dd iflag=nocache did not evict the file here");
    assertFalse(BatchTestHook.looksCached(files), "one file evicted");
  }

  /**
   * A parallel batch of 17 files not in the page cache loads the start of its files on a read-ahead
   * thread while it hashes (the test runs allow it 4 MiB ahead of the hashing): the digests are
   * those of {@code FastFiles.digest}, the thread runs (JFR's {@code jdk.ThreadStart}) and is gone
   * once the batch returns; with the files cached there is none.
   */
  @Test
  void aParallelBatchOfEvictedFilesReadsAheadAndHashesTheSame() throws Exception {
    // starts of 64 MiB and more: worth a read-ahead thread
    List<Path> files = evictedFiles("cold-", 17, 4 << 20, 2);
    DigestBatch batch = DigestBatch.builder("MD5").threads(2).reading(Reading.PARALLEL).build();
    List<Result> results = new ArrayList<>();
    assertEquals(1, readAheadThreadsStarted(() -> results.addAll(batch.digestAll(files))));
    assertDigestsAsFastFiles(files, results);
    assertEquals(0, readAheadThreadsStarted(() -> batch.digestAll(files)), "cached now");
  }

  /**
   * A stream of 101 paths not in the page cache (what {@code fastio md5sum -r} hashes as it walks)
   * loads their starts on a read-ahead thread too, started once the feed has given 64 paths and
   * found some of them not cached before it gave them, also where the stream gives its paths slowly
   * (as a cold walk does) and the hashing threads keep up with it: the digests are those of {@code
   * FastFiles.digest}, in order, the thread runs and is gone once the batch returns; with the files
   * cached there is none. A perf guard: without the read-ahead a cold {@code -r} ran at 0.70 of
   * {@code cat} (docs/maintainer-guide.md).
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  @Tag("perf-guard")
  void aStreamOfEvictedFilesReadsAheadAndHashesTheSame(boolean slow) throws Exception {
    // more than a stream collects first (66)
    List<Path> files = evictedFiles("cold-stream-", 100, 64 << 10, 70);
    DigestBatch batch = DigestBatch.builder("MD5").threads(2).reading(Reading.PARALLEL).build();
    List<Result> results = new ArrayList<>();
    long started =
        readAheadThreadsStarted(
            () -> {
              batch.digestAll(files.stream().map(p -> slow ? slowly(p) : p), results::add);
              return null;
            });
    PerfGuard.exactly(
        "DigestBatch: a stream of files not cached reads ahead" + (slow ? ", given slowly" : ""),
        "fastio-digest-readahead threads started",
        started,
        1,
        "the files' starts loaded ahead of the hashing, as for a list");
    assertDigestsAsFastFiles(files, results);
    assertEquals(
        0,
        readAheadThreadsStarted(
            () -> {
              batch.digestAll(files.stream(), r -> {});
              return null;
            }),
        "cached now");
  }

  /**
   * {@code count} files of {@code size} bytes and more written and evicted from the page cache,
   * with a missing path at {@code missingAt}; skipped where they cannot be evicted.
   */
  private List<Path> evictedFiles(String prefix, int count, int size, int missingAt)
      throws IOException, InterruptedException {
    assumeTrue(TestSupport.isLinux(), "mincore and dd");
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      files.add(TestSupport.diskFile(dir, prefix + i, size + i * 4097));
    }
    for (Path p : files) {
      MappedProbe.evict(p);
    }
    files.add(missingAt, dir.resolve("missing"));
    assumeTrue(!BatchTestHook.looksCached(files), "dd iflag=nocache did not evict the files here");
    return files;
  }

  /**
   * The results are those of {@code FastFiles.digest} for {@code files}, in order, and no
   * read-ahead thread is left running.
   */
  private static void assertDigestsAsFastFiles(List<Path> files, List<Result> results)
      throws IOException {
    assertEquals(files.size(), results.size());
    for (int i = 0; i < files.size(); i++) {
      Path p = files.get(i);
      assertEquals(p, results.get(i).path());
      if (Files.exists(p)) {
        assertArrayEquals(FastFiles.digest(p, "MD5"), results.get(i).digest(), p.toString());
      } else {
        assertEquals(NoSuchFileException.class, results.get(i).error().getClass());
      }
    }
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      assertFalse(t.getName().equals("fastio-digest-readahead") && t.isAlive(), "left running");
    }
  }

  /** {@code p}, a millisecond later. */
  private static Path slowly(Path p) {
    try {
      Thread.sleep(1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return p;
  }

  /**
   * Runs {@code batch} and counts the {@code fastio-digest-readahead} threads started meanwhile.
   */
  private long readAheadThreadsStarted(TestSupport.IoCall<?> batch) throws Exception {
    Path jfr = dir.resolve("threads.jfr");
    try (Recording rec = new Recording()) {
      rec.enable("jdk.ThreadStart");
      rec.start();
      batch.call();
      rec.stop();
      rec.dump(jfr);
    }
    return RecordingFile.readAllEvents(jfr).stream()
        .filter(e -> e.getEventType().getName().equals("jdk.ThreadStart"))
        .map(e -> e.getThread("thread"))
        .filter(t -> t != null && "fastio-digest-readahead".equals(t.getJavaName()))
        .count();
  }

  /**
   * A virtual machine's virtio-blk disk reports itself rotational whatever the host keeps it on, so
   * {@code Reading.AUTO} does not take it for a spinning disk (where the tests run on one).
   */
  @Test
  void aVirtioDiskIsNotTakenForASpinningOne() throws Exception {
    Path file = TestSupport.write(dir, "on-the-disk", new byte[1]);
    Path disk = sysDisk(dir);
    assumeTrue(disk != null, "no block device under " + dir);
    Path driver = disk.resolve("device/driver");
    assumeTrue(
        Files.exists(driver) && driver.toRealPath().getFileName().toString().equals("virtio_blk"),
        "not a virtio-blk disk: " + disk);
    assertEquals("1", Files.readString(disk.resolve("queue/rotational")).trim());
    assertFalse(IoTestHook.isRotational(file));
  }

  /** The {@code /sys/class/block} directory of the disk {@code dir} lives on, or null. */
  private static Path sysDisk(Path dir) throws IOException, InterruptedException {
    String path = System.getenv().getOrDefault("PATH", "");
    if (Arrays.stream(path.split(":")).noneMatch(d -> Files.isExecutable(Path.of(d, "findmnt")))) {
      return null; // no findmnt: an IOException of the run below is a failure of its own
    }
    List<String> out = new ArrayList<>();
    int status =
        TestSupport.run(
            out,
            10,
            TimeUnit.SECONDS,
            List.of("findmnt", "-n", "-o", "SOURCE", "--target", dir.toString()));
    String source = String.join("\n", out).trim();
    if (status != 0 || !source.startsWith("/dev/")) {
      return null;
    }
    Path sys = Path.of("/sys/class/block").resolve(Path.of(source).toRealPath().getFileName());
    if (!Files.exists(sys)) {
      return null;
    }
    return Files.exists(sys.resolve("partition")) ? sys.toRealPath().getParent() : sys.toRealPath();
  }
}
