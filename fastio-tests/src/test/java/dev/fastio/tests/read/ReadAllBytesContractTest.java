package dev.fastio.tests.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.read.ReadTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The drop-in contract of {@code FastFiles.readAllBytes} and {@code FastFiles.digest}: on every odd
 * input, the same bytes or the same exception type (and message) as {@code Files.readAllBytes}, for
 * every strategy.
 */
class ReadAllBytesContractTest {
  @TempDir Path dir;

  /** Same outcome as the JDK: equal bytes, or the same exception class and message. */
  private static void assertSameAsJdk(Path path, String strategy) throws Exception {
    byte[] expected = null;
    Throwable jdkError = null;
    try {
      expected = Files.readAllBytes(path);
    } catch (Throwable t) {
      jdkError = t;
    }
    if (jdkError == null) {
      assertArrayEquals(expected, ReadTestHook.readAllBytes(path, strategy), path + " " + strategy);
      byte[] md5 = MessageDigest.getInstance("MD5").digest(expected);
      assertArrayEquals(
          md5,
          ReadTestHook.digest(path, MessageDigest.getInstance("MD5"), strategy),
          path.toString());
    } else {
      Throwable jdk = jdkError;
      Throwable ours =
          assertThrows(Throwable.class, () -> ReadTestHook.readAllBytes(path, strategy));
      assertEquals(jdk.getClass(), ours.getClass(), path + " " + strategy + ": " + ours);
      assertEquals(jdk.getMessage(), ours.getMessage(), path + " " + strategy);
      Throwable digestError =
          assertThrows(
              Throwable.class,
              () -> ReadTestHook.digest(path, MessageDigest.getInstance("MD5"), strategy));
      assertEquals(jdk.getClass(), digestError.getClass(), path + " digest " + strategy);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void regularEmptyAndSymlinkedFiles(String strategy) throws Exception {
    Path empty = TestSupport.write(dir, "empty", new byte[0]);
    Path small = TestSupport.write(dir, "small", TestSupport.randomBytes(1, 5000));
    Path big = TestSupport.write(dir, "big", TestSupport.randomBytes(2, 2 * 1024 * 1024 + 3));
    Path link = Files.createSymbolicLink(dir.resolve("link"), big);
    Path linkToLink = Files.createSymbolicLink(dir.resolve("link2"), link);
    for (Path p : List.of(empty, small, big, link, linkToLink)) {
      assertSameAsJdk(p, strategy);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void missingDirectoriesAndBrokenPaths(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "file", new byte[10]);
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
    Path loopA = dir.resolve("loopA");
    Files.createSymbolicLink(loopA, dir.resolve("loopB"));
    Files.createSymbolicLink(dir.resolve("loopB"), loopA);
    for (Path p :
        List.of(
            dir.resolve("missing"),
            dir,
            file.resolve("child"), // a path through a regular file: "Not a directory"
            dangling,
            loopA,
            dir.resolve("missing-dir").resolve("file"))) {
      assertSameAsJdk(p, strategy);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void procSysAndDeviceFiles(String strategy) throws Exception {
    assumeTrue(TestSupport.isLinux());
    List<Path> candidates = new ArrayList<>();
    for (String s :
        List.of(
            "/proc/self/cmdline", // size 0, stable content
            "/proc/version",
            "/proc/self/stat",
            "/sys/devices/system/cpu/online", // size 4096, a few bytes of content
            "/sys/kernel/mm/transparent_hugepage/enabled",
            "/dev/null")) {
      Path p = Paths.get(s);
      if (Files.isReadable(p)) {
        candidates.add(p);
      }
    }
    assumeTrue(!candidates.isEmpty());
    for (Path p : candidates) {
      if (p.toString().equals("/proc/self/stat")) {
        // Content changes between reads (times): compare shape, not bytes.
        byte[] ours = ReadTestHook.readAllBytes(p, strategy);
        assertTrue(ours.length > 0 && ours[ours.length - 1] == '\n', p.toString());
        continue;
      }
      assertSameAsJdk(p, strategy);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void fifo(String strategy) throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(7, 300_000);
    Path fifo = TestSupport.fifo(dir, "fifo");
    Thread writer = TestSupport.feed(fifo, content);
    assertArrayEquals(content, ReadTestHook.readAllBytes(fifo, strategy));
    writer.join(10_000);
    writer = TestSupport.feed(fifo, content);
    assertArrayEquals(
        MessageDigest.getInstance("SHA-256").digest(content),
        ReadTestHook.digest(fifo, MessageDigest.getInstance("SHA-256"), strategy));
    writer.join(10_000);
  }

  @ParameterizedTest
  @ValueSource(
      longs = {Integer.MAX_VALUE + 1L, Integer.MAX_VALUE, Integer.MAX_VALUE - 1L, 1L << 40})
  void tooLargeForAnArrayIsTheJdksOutOfMemoryError(long size) throws Exception {
    Path huge = dir.resolve("huge");
    try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
      f.setLength(size); // sparse
    }
    OutOfMemoryError jdk = assertThrows(OutOfMemoryError.class, () -> Files.readAllBytes(huge));
    OutOfMemoryError ours =
        assertThrows(OutOfMemoryError.class, () -> FastFiles.readAllBytes(huge));
    assertEquals(jdk.getMessage(), ours.getMessage());
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void interruptNeitherAbortsNorIsCleared(String strategy) throws Exception {
    byte[] content = TestSupport.randomBytes(3, 3 * 1024 * 1024);
    Path file = TestSupport.write(dir, "f", content);
    Thread.currentThread().interrupt();
    try {
      assertArrayEquals(Files.readAllBytes(file), content);
      assertTrue(Thread.currentThread().isInterrupted(), "the JDK keeps the status");
      assertArrayEquals(content, ReadTestHook.readAllBytes(file, strategy));
      assertTrue(Thread.currentThread().isInterrupted(), "fastio keeps the status");
      assertArrayEquals(
          MessageDigest.getInstance("MD5").digest(content),
          ReadTestHook.digest(file, MessageDigest.getInstance("MD5"), strategy));
      assertTrue(Thread.currentThread().isInterrupted(), "digest keeps the status");
    } finally {
      Thread.interrupted();
    }
  }

  /**
   * An interrupt storm (one every few microseconds) while files are read: every read resumes where
   * the interrupt cut it, so the bytes are right, the status survives, and the work done is that of
   * one read per call (a read started over at each interrupt would never finish).
   */
  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void interruptsArrivingDuringReadsAreSurvived(String strategy) throws Exception {
    byte[] content = TestSupport.randomBytes(4, 8 * 1024 * 1024);
    Path file = TestSupport.write(dir, "f", content);
    byte[] md5 = MessageDigest.getInstance("MD5").digest(content);
    MessageDigest md = MessageDigest.getInstance("MD5");
    Thread reader = Thread.currentThread();
    AtomicBoolean stop = new AtomicBoolean();
    Thread interrupter =
        new Thread(
            () -> {
              while (!stop.get()) {
                reader.interrupt();
                java.util.concurrent.locks.LockSupport.parkNanos(1_000);
              }
            });
    interrupter.start();
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Thread.onSpinWait(); // the first interrupt: on a busy machine the interrupter starts late
      }
      for (int i = 0; i < 20; i++) {
        assertArrayEquals(content, ReadTestHook.readAllBytes(file, strategy));
        assertTrue(Thread.currentThread().isInterrupted(), "readAllBytes keeps the status");
        assertArrayEquals(md5, ReadTestHook.digest(file, md, strategy));
        assertTrue(Thread.currentThread().isInterrupted(), "digest keeps the status");
      }
    } finally {
      stop.set(true);
      while (interrupter.isAlive()) {
        try {
          interrupter.join(10);
        } catch (InterruptedException e) {
          // the interrupter is still running: wait again
        }
      }
      Thread.interrupted();
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.read.ReadTestHook#strategies")
  void fileThatShrinksAndGrowsWhileReadNeverLeaksAnInternalError(String strategy) throws Exception {
    int max = 4 * 1024 * 1024;
    byte[] ones = new byte[max];
    java.util.Arrays.fill(ones, (byte) 1);
    Path file = TestSupport.write(dir, "changing", ones);
    AtomicBoolean stop = new AtomicBoolean();
    Thread changer =
        new Thread(
            () -> {
              java.util.SplittableRandom r = new java.util.SplittableRandom(9);
              try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                while (!stop.get()) {
                  f.setLength(r.nextInt(max));
                  f.seek(f.length());
                  f.write(ones, 0, r.nextInt(max - (int) f.length()));
                }
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    changer.start();
    try {
      for (int i = 0; i < 200; i++) {
        byte[] bytes = ReadTestHook.readAllBytes(file, strategy);
        for (byte b : bytes) {
          if (b != 1 && b != 0) { // 0: a hole the truncation left before a write landed
            throw new AssertionError("foreign byte " + b);
          }
        }
        assertNotNull(ReadTestHook.digest(file, MessageDigest.getInstance("MD5"), strategy));
      }
    } finally {
      stop.set(true);
      changer.join();
    }
  }

  @Test
  void unknownAlgorithmFailsBeforeTheFileIsOpened() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> FastFiles.digest(dir.resolve("missing"), "NO-SUCH-HASH"));
    assertInstanceOf(NoSuchAlgorithmException.class, e.getCause());
    assertTrue(e.getMessage().contains("NO-SUCH-HASH"), e.getMessage());
  }

  @Test
  void algorithmNamesAreCaseInsensitive() throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(5, 1000));
    byte[] expected = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    assertArrayEquals(expected, FastFiles.digest(file, "sha-256"));
    assertArrayEquals(
        MessageDigest.getInstance("MD5").digest(Files.readAllBytes(file)),
        FastFiles.digest(file, "md5"));
  }

  @Test
  void messageDigestIsResetBeforeAndAfterOnEveryPath() throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(6, 70_000));
    MessageDigest md = MessageDigest.getInstance("SHA-1");
    byte[] empty = MessageDigest.getInstance("SHA-1").digest();
    md.update(new byte[] {1, 2, 3}); // stale state must not leak in
    assertArrayEquals(
        MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(file)),
        FastFiles.digest(file, md));
    assertArrayEquals(empty, md.digest(), "reset after success");
    md.update(new byte[] {1, 2, 3});
    assertThrows(IOException.class, () -> FastFiles.digest(dir.resolve("missing"), md));
    assertArrayEquals(empty, md.digest(), "reset after failure");
  }

  @Test
  void theOverlayRunsOnNewJdksAndTheJarIsWhatIsTested() {
    String location = PlatformTestHook.platformLocation().toString();
    assertTrue(location.endsWith(".jar"), "tests must run against the packaged jar: " + location);
    if (Runtime.version().feature() >= 22 && System.getProperty("fastio.platform") == null) {
      assertEquals("jdk22-arena", PlatformTestHook.platformName());
    } else {
      assertEquals("jdk17-unsafe-cleaner", PlatformTestHook.platformName());
    }
    assertFalse(location.contains("target/classes"), "tests must not run against target/classes");
  }
}
