package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streams on what is not a plain regular file (FIFOs, {@code /proc} files, directories, {@code
 * /dev/null}), on files that change while read, under interrupts and after close: the same bytes
 * and exceptions as the JDK's streams, and the documented deviations where the JDK versions
 * disagree or JDK 17 fails.
 */
class StreamsSpecialFilesTest {
  @TempDir Path dir;

  @Test
  void aFifoIsReadAsAStreamSkippedByReadingAndReportsNothingAvailable() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(1, 300_000);
    Path fifo = TestSupport.fifo(dir, "fifo");
    Thread writer = TestSupport.feed(fifo, content);
    try (InputStream in = FastFiles.newInputStream(fifo)) {
      assertEquals(0, in.available()); // JDK 17 throws "Illegal seek"; JDK 25 counts the pipe
      assertEquals(10, in.skip(10)); // reads and discards, as JDK 25 (JDK 17: "Illegal seek")
      byte[] big = new byte[1 << 20];
      int n = in.read(big);
      assertTrue(n > 0 && n <= 68 * 1024, "one read of the pipe, as the JDK's: " + n);
      ByteArrayOutputStream rest = new ByteArrayOutputStream();
      rest.write(big, 0, n);
      assertEquals(content.length - 10 - n, in.transferTo(rest));
      assertArrayEquals(Arrays.copyOfRange(content, 10, content.length), rest.toByteArray());
      assertEquals(-1, in.read());
    }
    writer.join();
  }

  @Test
  void readAllBytesOfAFifoEqualsTheJdks() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(2, 200_001);
    Path fifo = TestSupport.fifo(dir, "fifo2");
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      Thread writer = TestSupport.feed(fifo, content);
      try (InputStream in = ops.newInputStream(fifo)) {
        assertArrayEquals(content, in.readAllBytes(), ops.toString());
      }
      writer.join();
    }
  }

  @Test
  void procFilesAreReadToTheirEndAndSkippedAsTheJdkSkipsThem() throws Exception {
    Path version = Paths.get("/proc/version");
    assumeTrue(Files.isReadable(version));
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      try (InputStream in = ops.newInputStream(version)) {
        assertArrayEquals(Files.readAllBytes(version), in.readAllBytes(), ops.toString());
      }
      try (InputStream in = ops.newInputStream(version)) {
        byte[] b = new byte[5];
        assertEquals(5, in.read(b));
        assertEquals(0, in.available(), ops.toString());
        // The size is 0: a forward skip goes "to the end", position 0, and reports -5.
        assertEquals(-5, in.skip(10), ops.toString());
        assertEquals(Files.readAllBytes(version)[0] & 0xff, in.read(), ops.toString());
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(Files.readAllBytes(version).length, FastFiles.copy(version, out));
  }

  @Test
  void aDirectoryOpensAndFailsWhenRead() throws Exception {
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      try (InputStream in = ops.newInputStream(dir)) {
        IOException e = assertThrows(IOException.class, in::read, ops.toString());
        assertEquals("Is a directory", e.getMessage());
        assertEquals(5, in.skip(5), ops.toString());
        assertThrows(IOException.class, in::readAllBytes, ops.toString());
        assertThrows(IOException.class, () -> in.transferTo(new ByteArrayOutputStream()));
      }
    }
  }

  @Test
  void devNullReadsNothingAndTakesEverything() throws Exception {
    Path devNull = Paths.get("/dev/null");
    assumeTrue(Files.isWritable(devNull));
    try (InputStream in = FastFiles.newInputStream(devNull)) {
      assertEquals(-1, in.read(new byte[100]));
      assertEquals(0, in.readAllBytes().length);
    }
    try (OutputStream out = FastFiles.newOutputStream(devNull)) {
      out.write(new byte[1 << 20]);
    }
    FastFiles.write(devNull, new byte[100_000], StandardOpenOption.APPEND);
  }

  @Test
  void aFileThatGrowsWhileReadIsReadToItsNewEnd() throws Exception {
    Path file = TestSupport.write(dir, "grows", TestSupport.randomBytes(3, 100_000));
    try (InputStream in = FastFiles.newInputStream(file);
        OutputStream append = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
      byte[] first = in.readNBytes(100_000);
      assertEquals(100_000, first.length);
      assertEquals(0, in.available());
      append.write(new byte[5000]);
      assertEquals(5000, in.available());
      assertEquals(5000, in.readAllBytes().length);
    }
  }

  @Test
  void aFileThatShrinksWhileReadEndsWhereItEndsNow() throws Exception {
    Path file = TestSupport.write(dir, "shrinks", TestSupport.randomBytes(4, 200_000));
    try (InputStream in = FastFiles.newInputStream(file)) {
      assertEquals(1000, in.read(new byte[1000]));
      try (java.nio.channels.FileChannel ch =
          java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.truncate(50_000);
      }
      assertEquals(49_000, in.readAllBytes().length);
      assertEquals(-1, in.read());
    }
  }

  /**
   * A regular file of 4 MiB or more is read from a mapping once a stream reads 64 KiB at a time:
   * should the file shrink, the stream reads to the new end, with no byte from past it (the tail of
   * the last page reads as zeros from a mapping) and no {@code InternalError}.
   */
  @Test
  void aMappedStreamOfAFileThatShrinksEndsAtTheNewEnd() throws Exception {
    byte[] content = TestSupport.randomBytes(7, 8 << 20);
    for (int cut : new int[] {(3 << 20) + 100, (2 << 20) + 4096, 1 << 20, 100}) {
      Path file = TestSupport.write(dir, "mapped-shrinks-" + cut, content);
      try (InputStream in = FastFiles.newInputStream(file)) {
        byte[] request = new byte[1 << 20];
        assertEquals(1 << 20, in.read(request));
        assertEquals(1 << 20, in.read(request));
        try (java.nio.channels.FileChannel ch =
            java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
          ch.truncate(cut);
        }
        byte[] rest = in.readAllBytes();
        int expected = Math.max(0, cut - (2 << 20));
        assertArrayEquals(Arrays.copyOfRange(content, 2 << 20, (2 << 20) + expected), rest);
        assertEquals(-1, in.read());
      }
    }
  }

  /** A stream reads across its 64 MiB mapped windows, and through a file that grows. */
  @Test
  void aMappedStreamReadsAcrossWindowsAndOnToBytesAppended() throws Exception {
    byte[] content = TestSupport.randomBytes(8, (65 << 20) + 3);
    Path file = TestSupport.write(dir, "mapped-windows", content);
    try (InputStream in = FastFiles.newInputStream(file)) {
      assertEquals(7, in.skip(7));
      byte[] request = new byte[(1 << 20) + 1];
      java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
      for (int n; (n = in.read(request)) > 0; ) {
        all.write(request, 0, n);
      }
      assertArrayEquals(Arrays.copyOfRange(content, 7, content.length), all.toByteArray());
      Files.write(file, new byte[] {1, 2, 3}, StandardOpenOption.APPEND);
      assertEquals(3, in.read(request));
      assertEquals(-1, in.read(request));
    }
  }

  /**
   * Closing a stream while another thread reads it from a mapping never frees memory under the
   * reader (on JDK 17 that would crash the JVM): the reader ends with the closed stream's exception
   * or completes.
   */
  @Test
  void closeWhileAnotherThreadReadsFromTheMapping() throws Exception {
    Path file = TestSupport.write(dir, "mapped-close", TestSupport.randomBytes(9, 16 << 20));
    for (int i = 0; i < 50; i++) {
      InputStream in = FastFiles.newInputStream(file);
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread reader =
          new Thread(
              () -> {
                byte[] b = new byte[256 * 1024];
                try {
                  while (in.read(b) > 0) {
                    // read until closed or the end
                  }
                } catch (Throwable t) {
                  thrown.set(t);
                }
              });
      reader.start();
      Thread.sleep(i % 5);
      in.close();
      reader.join();
      Throwable t = thrown.get();
      assertTrue(t == null || t instanceof ClosedChannelException, "" + t);
    }
    assertEquals(0, TestSupport.mappingsOf(file.getFileName().toString()));
  }

  /**
   * The window of a stream dropped without {@code close} is released once the collector found the
   * stream unreachable and another stream maps a window; a closed stream keeps none.
   */
  @Test
  void droppedStreamsDoNotKeepTheirWindowsMapped() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "mapped-dropped", TestSupport.randomBytes(10, 8 << 20));
    String name = file.getFileName().toString();
    for (int i = 0; i < 20; i++) {
      InputStream in = FastFiles.newInputStream(file);
      assertEquals(1 << 20, in.read(new byte[1 << 20])); // mapped now; dropped open
    }
    assertTrue(TestSupport.mappingsOf(name) > 0);
    // Counted only after a pause: the last stream's own window may be unmapped just after close.
    for (int i = 0; i < 40; i++) {
      System.gc();
      Thread.sleep(50);
      if (TestSupport.mappingsOf(name) == 0) {
        break;
      }
      try (InputStream in = FastFiles.newInputStream(file)) {
        assertEquals(1 << 20, in.read(new byte[1 << 20])); // maps, and releases dropped windows
      }
    }
    for (int i = 0; i < 40 && TestSupport.mappingsOf(name) > 0; i++) {
      Thread.sleep(50);
    }
    assertEquals(0, TestSupport.mappingsOf(name));
  }

  @Test
  void anInterruptNeitherAbortsNorClosesAndStaysSet() throws Exception {
    byte[] content = TestSupport.randomBytes(5, 3_000_000);
    Path file = TestSupport.write(dir, "interrupted", content);
    Path target = dir.resolve("interrupted-copy");
    Thread.currentThread().interrupt();
    try {
      try (InputStream in = FastFiles.newInputStream(file);
          OutputStream out = FastFiles.newOutputStream(target)) {
        assertEquals(100, in.skip(100));
        assertTrue(in.available() > 0);
        byte[] rest = in.readAllBytes();
        out.write(rest);
        assertArrayEquals(Arrays.copyOfRange(content, 100, content.length), rest);
        assertTrue(Thread.currentThread().isInterrupted());
      }
      assertEquals(content.length - 100, Files.size(target));
      assertEquals(content.length, FastFiles.copy(file, new ByteArrayOutputStream()));
      assertArrayEquals(content, FastFiles.readAllBytes(FastFiles.write(target, content)));
      assertTrue(Thread.currentThread().isInterrupted());
    } finally {
      Thread.interrupted();
    }
  }

  /**
   * Interrupts arriving while the bytes are read or written (thousands, at random moments) make the
   * stream open the file again and go on from the same offset: the bytes are all there, once.
   */
  @Test
  void interruptsDuringReadsAndWritesLoseNothing() throws Exception {
    byte[] content = TestSupport.randomBytes(6, 32 << 20);
    Path file = TestSupport.write(dir, "storm", content);
    Path target = dir.resolve("storm-copy");
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(1);
    Thread worker =
        new Thread(
            () -> {
              try (InputStream in = FastFiles.newInputStream(file);
                  OutputStream out = FastFiles.newOutputStream(target)) {
                byte[] b = new byte[1 << 20];
                for (int n; (n = in.read(b)) > 0; ) {
                  out.write(b, 0, n);
                }
              } catch (Throwable t) {
                failure.set(t);
              } finally {
                done.countDown();
              }
            });
    worker.start();
    while (!done.await(50, TimeUnit.MICROSECONDS)) {
      worker.interrupt();
    }
    worker.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    assertArrayEquals(content, Files.readAllBytes(target));
  }

  @Test
  void closeIsIdempotentAndAClosedStreamThrowsClosedChannelException() throws Exception {
    Path file = TestSupport.write(dir, "closed", new byte[100]);
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      InputStream in = ops.newInputStream(file);
      in.close();
      in.close();
      assertThrows(ClosedChannelException.class, in::read, ops.toString());
      assertThrows(ClosedChannelException.class, () -> in.skip(1), ops.toString());
      assertEquals(0, in.read(new byte[1], 0, 0), ops.toString());
      OutputStream out = ops.newOutputStream(dir.resolve("closed-" + ops));
      out.close();
      out.close();
      assertThrows(ClosedChannelException.class, () -> out.write(1), ops.toString());
    }
  }

  /**
   * A read blocked on a FIFO returns once another thread closes the stream: fastio's throws {@link
   * AsynchronousCloseException}, as any {@code FileChannel} read does; the JDK's stream, whose
   * channel is opted out of interrupts, returns what its read got then (no byte), without an
   * exception.
   */
  @Test
  @SuppressWarnings("try") // the writer's stream only holds the FIFO open; nothing writes to it
  void closingAStreamWakesAReadBlockedOnAFifo() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path fifo = TestSupport.fifo(dir, "blocked");
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      CountDownLatch finished = new CountDownLatch(1);
      Thread writer =
          new Thread(
              () -> {
                try (OutputStream w = Files.newOutputStream(fifo)) {
                  finished.await(); // open, writing nothing, until the test is done
                } catch (IOException | InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      writer.start();
      InputStream in = ops.newInputStream(fifo);
      AtomicReference<Object> outcome = new AtomicReference<>();
      Thread reader =
          new Thread(
              () -> {
                try {
                  outcome.set(in.read(new byte[10]));
                } catch (Throwable t) {
                  outcome.set(t);
                }
              });
      reader.start();
      Thread.sleep(200);
      in.close();
      reader.join(10_000);
      finished.countDown();
      writer.join();
      assertFalse(reader.isAlive(), ops.toString());
      if (ops.equals(StreamOps.FASTIO)) {
        assertTrue(outcome.get() instanceof AsynchronousCloseException, "" + outcome.get());
      } else {
        assertTrue(outcome.get() instanceof Integer n && n <= 0, "" + outcome.get());
      }
    }
  }

  /**
   * A file without write permission is refused for writing, by the JDK and by fastio alike. A
   * process that may write any file (root, with {@code CAP_DAC_OVERRIDE}) checks it in a child JVM
   * that {@code setpriv} (util-linux) starts without that capability.
   */
  @Test
  void aReadOnlyFileCannotBeOpenedForWriting() throws Exception {
    Path file = TestSupport.write(dir, "readonly", new byte[10]);
    assertTrue(file.toFile().setWritable(false));
    if (!Files.isWritable(file)) {
      ReadOnlyFileProbe.assertWritesRefused(file);
      return;
    }
    List<String> withoutOverride =
        List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search", "--");
    List<String> out = new ArrayList<>();
    int status;
    try {
      status = TestSupport.run(out, concat(withoutOverride, List.of("true")));
    } catch (IOException e) {
      status = -1; // no setpriv
      out.add(e.toString());
    }
    assumeTrue(
        status == 0, "this process may write any file, and setpriv cannot drop that here: " + out);
    List<String> java = new ArrayList<>();
    java.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    java.addAll(TestSupport.childJvmArgs());
    java.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            ReadOnlyFileProbe.class.getName(),
            file.toString()));
    out.clear();
    status = TestSupport.run(out, concat(withoutOverride, java));
    assertEquals(0, status, "ReadOnlyFileProbe without CAP_DAC_OVERRIDE: " + out);
    assertEquals(List.of("refused"), out);
  }

  private static String[] concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all.toArray(new String[0]);
  }
}
