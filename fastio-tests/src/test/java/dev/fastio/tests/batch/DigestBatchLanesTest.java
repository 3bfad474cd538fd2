package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.DigestBatch.Result;
import dev.fastio.FastFiles;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterTry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An MD5 batch gives every file the digest {@code MessageDigest} gives its bytes, whichever engine
 * runs: in the JVMs surefire starts with {@code jdk.incubator.vector} ({@code fastio.test.vector})
 * the multi-buffer engine, whose lanes take files of every length around the block and padding
 * boundaries, files that fail, and more files than lanes; elsewhere one {@code MessageDigest} per
 * thread. The engine in use is the one {@code DigestBatch.engine()} and the JFR event name.
 */
class DigestBatchLanesTest {
  private static final boolean VECTOR_RUN = Boolean.getBoolean("fastio.test.vector");

  private Path dir;

  private Path dir() throws IOException {
    if (dir == null) {
      dir = Files.createTempDirectory("fastio-lanes");
    }
    return dir;
  }

  // jqwik runs @AfterTry after each try of a property; Jupiter runs @AfterEach after each @Test.
  @AfterTry
  @AfterEach
  void deleteDir() throws IOException {
    if (dir != null) {
      try (var s = Files.walk(dir)) {
        s.sorted(java.util.Comparator.reverseOrder())
            .forEach(
                p -> {
                  try {
                    Files.delete(p);
                  } catch (IOException e) {
                    throw new UncheckedIOException(e);
                  }
                });
      }
      dir = null;
    }
  }

  @Test
  @Tag("perf-guard")
  void theEngineIsTheLanesWhereTheVectorApiIsInUse() {
    String engine = DigestBatch.builder("MD5").build().engine();
    if (VECTOR_RUN) {
      assumeFalse(
          PlatformTestHook.md5VectorStatus().startsWith("unavailable: the preferred"),
          "vectors too narrow here: " + PlatformTestHook.md5VectorStatus());
      PerfGuard.startsWith(
          "DigestBatch MD5 in the vector lanes (the DigestBatch row)",
          "DigestBatch.engine()",
          engine,
          "MD5 lanes: vector ",
          PlatformTestHook.md5VectorStatus());
    } else {
      assertEquals("MessageDigest", engine);
    }
    assertEquals("MessageDigest", DigestBatch.builder("SHA-256").build().engine());
  }

  /** Lengths around every block and padding boundary, and random ones up to 200 KiB. */
  @Provide
  Arbitrary<List<Integer>> batches() {
    Arbitrary<Integer> edge =
        Arbitraries.integers()
            .between(0, 40)
            .flatMap(b -> Arbitraries.of(0, 1, 55, 56, 57, 63).map(r -> Math.max(0, 64 * b + r)));
    Arbitrary<Integer> random = Arbitraries.integers().between(0, 200 << 10);
    Arbitrary<Integer> length =
        Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, edge), net.jqwik.api.Tuple.of(1, random));
    return length.list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 40, seed = "20261125")
  void everyFileGetsMessageDigestsMd5(
      @ForAll("batches") List<Integer> lengths,
      @ForAll @IntRange(min = 1, max = 2) int threads,
      @ForAll long seed)
      throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    List<Path> paths = new ArrayList<>();
    List<byte[]> expected = new ArrayList<>();
    for (int i = 0; i < lengths.size(); i++) {
      if (random.nextInt(10) == 0) { // now and then a file that fails: missing, or a directory
        Path bad = random.nextBoolean() ? dir().resolve("missing-" + i) : dir();
        paths.add(bad);
        expected.add(null);
        continue;
      }
      byte[] content = TestSupport.randomBytes(random.nextLong(), lengths.get(i));
      paths.add(TestSupport.write(dir(), "f" + i, content));
      expected.add(MessageDigest.getInstance("MD5").digest(content));
    }
    AtomicLong bytes = new AtomicLong();
    List<Result> results =
        DigestBatch.builder("MD5")
            .threads(threads)
            .reading(random.nextBoolean() ? Reading.PARALLEL : Reading.SEQUENTIAL)
            .listener(DigestBatch.Listener.ofBytes(bytes::addAndGet))
            .build()
            .digestAll(paths);
    long total = 0;
    for (int i = 0; i < paths.size(); i++) {
      Result r = results.get(i);
      assertEquals(paths.get(i), r.path());
      if (expected.get(i) == null) {
        Class<? extends Throwable> jdk =
            TestSupport.thrown(() -> FastFiles.digest(r.path(), "MD5"));
        assertEquals(jdk, r.error().getClass(), r.toString());
      } else {
        assertArrayEquals(expected.get(i), r.digest(), r.toString());
        total += lengths.get(i);
      }
    }
    assertEquals(total, bytes.get(), "bytes heard by the listener");
  }

  /**
   * Files from 64 MiB on are hashed beside the lanes with {@code MessageDigest} by the lanes'
   * thread: the batch starts with 4 MiB of files of 1 MiB, after which its thread moves to the
   * lanes (in the vector runs), then gives the lanes files just under, at and over 64 MiB among
   * small ones, and a directory among them. Every digest is {@code MessageDigest}'s, every byte is
   * heard once.
   */
  @Test
  void filesFrom64MibOnGetMessageDigestsMd5BesideTheLanes() throws Exception {
    byte[] block = TestSupport.randomBytes(64, 1 << 20);
    List<Path> paths = new ArrayList<>();
    List<byte[]> expected = new ArrayList<>();
    long total = 0;
    int[] sizes = {
      1 << 20, 1 << 20, 1 << 20, 1 << 20, 100, (64 << 20) - 1, 5000, 64 << 20, 0, (64 << 20) + 1, 77
    };
    for (int i = 0; i < sizes.length; i++) {
      MessageDigest md = MessageDigest.getInstance("MD5");
      Path p = dir().resolve("f" + i);
      try (var out = Files.newOutputStream(p)) {
        for (int left = sizes[i]; left > 0; left -= block.length) {
          int n = Math.min(left, block.length);
          block[0] = (byte) i; // no two files alike
          out.write(block, 0, n);
          md.update(block, 0, n);
        }
      }
      paths.add(p);
      expected.add(md.digest());
      total += sizes[i];
    }
    paths.add(7, dir()); // a directory among them: IOException, the others go on
    expected.add(7, null);
    AtomicLong bytes = new AtomicLong();
    List<Result> results =
        DigestBatch.builder("MD5")
            .threads(1)
            .listener(DigestBatch.Listener.ofBytes(bytes::addAndGet))
            .build()
            .digestAll(paths);
    for (int i = 0; i < paths.size(); i++) {
      Result r = results.get(i);
      if (expected.get(i) == null) {
        assertNotNull(r.error(), r.toString());
      } else {
        assertArrayEquals(expected.get(i), r.digest(), r.toString());
      }
    }
    assertEquals(total, bytes.get(), "bytes heard by the listener");
  }

  @Test
  void aMissingFileIsNoSuchFileExceptionAndTheOthersGoOn() throws Exception {
    Path a = TestSupport.write(dir(), "a", TestSupport.randomBytes(1, 100_000));
    List<Result> r =
        DigestBatch.builder("MD5").build().digestAll(List.of(a, dir().resolve("none"), a));
    assertTrue(r.get(1).error() instanceof NoSuchFileException, r.get(1).toString());
    assertEquals(r.get(0), r.get(2));
  }

  @Test
  void theEngineIsRecordedInTheJfrEvent() throws Exception {
    Path a = TestSupport.write(dir(), "a", TestSupport.randomBytes(2, 2 << 20)); // not inline
    Path small = TestSupport.write(dir(), "small", TestSupport.randomBytes(3, 5000));
    Path jfr = dir().resolve("batch.jfr");
    DigestBatch batch = DigestBatch.builder("MD5").threads(1).reading(Reading.PARALLEL).build();
    DigestBatch sequential =
        DigestBatch.builder("MD5").threads(1).reading(Reading.SEQUENTIAL).build();
    try (Recording rec = new Recording()) {
      rec.enable("dev.fastio.DigestBatch").withThreshold(java.time.Duration.ZERO);
      rec.start();
      batch.digestAll(List.of(a, a, a));
      sequential.digestAll(List.of(a, a, a));
      batch.digestAll(List.of(small, small, small));
      rec.stop();
      rec.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals("dev.fastio.DigestBatch"))
            .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime))
            .toList();
    assertEquals(3, events.size());
    assertEquals(batch.engine(), events.get(0).getString("engine"));
    assertEquals("PARALLEL", events.get(0).getString("reading"));
    // a sequential reader hands files over one at a time: one MessageDigest per worker
    assertEquals("MessageDigest", events.get(1).getString("engine"));
    assertEquals("SEQUENTIAL", events.get(1).getString("reading"));
    // a batch too small to gain from threads is hashed on the calling thread
    assertEquals("MessageDigest", events.get(2).getString("engine"));
    assertEquals("INLINE", events.get(2).getString("reading"));
    assertEquals("MD5", events.get(0).getString("algorithm"));
    assertEquals(3, events.get(0).getLong("files"));
    assertEquals(1, events.get(0).getInt("threads"));
  }
}
