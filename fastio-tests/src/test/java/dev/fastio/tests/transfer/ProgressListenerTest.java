package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastChannels;
import dev.fastio.FastFiles;
import dev.fastio.ProgressListener;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link ProgressListener} contract on every method that takes one: called on the copying
 * thread, each value at least 1 MiB past the last, at least once per 16 MiB, the last value the
 * total, 0 reported once for an empty copy; an exception from the listener cancels the copy.
 */
class ProgressListenerTest {
  private static final int SIZE = 40 * 1024 * 1024 + 5;

  @TempDir static Path dir;
  private static Path source;
  private static byte[] content;

  @BeforeAll
  static void writeSource() {
    content = TestSupport.randomBytes(14, SIZE);
    source = TestSupport.write(dir, "source", content);
  }

  /** Records what it is told, and on which thread. */
  private static final class Recorder implements ProgressListener {
    final List<Long> values = new ArrayList<>();
    final Thread caller = Thread.currentThread();

    @Override
    public void bytesMoved(long total) {
      assertSame(caller, Thread.currentThread(), "called on the copying thread");
      values.add(total);
    }

    void assertContract(long total, long maxStep) {
      assertFalse(values.isEmpty(), "no call");
      assertEquals(total, values.get(values.size() - 1), "the last value is the total: " + values);
      long last = 0;
      for (int i = 0; i < values.size(); i++) {
        long v = values.get(i);
        if (i < values.size() - 1) {
          assertTrue(v - last >= (1 << 20), "at least 1 MiB past the last: " + values);
        }
        assertTrue(v - last <= maxStep, "at most " + maxStep + " apart: " + values);
        assertTrue(i == 0 ? v >= 0 : v > last, "strictly growing: " + values);
        last = v;
      }
    }
  }

  @Test
  void aFileCopyReportsEverySixteenMiBAndTheTotal() throws Exception {
    Recorder r = new Recorder();
    Path target = dir.resolve("copy");
    assertEquals(target, FastFiles.copy(source, target, r));
    assertArrayEquals(content, Files.readAllBytes(target));
    r.assertContract(SIZE, 16 << 20);
    assertTrue(r.values.size() >= 3, "40 MiB in steps of 16 MiB: " + r.values);
  }

  @Test
  void aListenerThatThrowsCancelsTheCopyAndItsTargetIsDeleted() throws Exception {
    Path target = dir.resolve("cancelled");
    ProgressListener cancel =
        total -> {
          throw new CancellationException("at " + total);
        };
    assertThrows(CancellationException.class, () -> FastFiles.copy(source, target, cancel));
    assertFalse(Files.exists(target), "no partial target is left");
  }

  @Test
  void aTransferReportsAsItGoes() throws Exception {
    Recorder r = new Recorder();
    Path target = dir.resolve("transfer");
    try (FileChannel in = FileChannel.open(source);
        FileChannel out =
            FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      assertEquals(SIZE, FastChannels.transferTo(in, 0, Long.MAX_VALUE, out, r));
    }
    r.assertContract(SIZE, 16 << 20);
    assertArrayEquals(content, Files.readAllBytes(target));
    Recorder toStream = new Recorder();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FileChannel in = FileChannel.open(source)) {
      assertEquals(
          SIZE - 100, FastChannels.transferTo(in, 100, SIZE, Channels.newChannel(bytes), toStream));
    }
    toStream.assertContract(SIZE - 100, 16 << 20);
  }

  @Test
  void streamCopiesReportAtLeastEveryMiB() throws Exception {
    Recorder toStream = new Recorder();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(SIZE, FastFiles.copy(source, out, toStream));
    toStream.assertContract(SIZE, (1 << 20) + 128 * 1024);
    Recorder fromStream = new Recorder();
    Path target = dir.resolve("from-stream");
    assertEquals(SIZE, FastFiles.copy(new ByteArrayInputStream(content), target, fromStream));
    fromStream.assertContract(SIZE, SIZE); // ByteArrayInputStream writes all at once
    Recorder fromFile = new Recorder();
    Path target2 = dir.resolve("from-file");
    try (InputStream in = new FileInputStream(source.toFile())) {
      assertEquals(SIZE, FastFiles.copy(in, target2, fromFile));
    }
    fromFile.assertContract(SIZE, 16 << 20);
    assertArrayEquals(content, Files.readAllBytes(target2));
  }

  @Test
  void anEmptyCopyReportsZeroOnce() throws Exception {
    Path empty = TestSupport.write(dir, "empty", new byte[0]);
    Recorder a = new Recorder();
    FastFiles.copy(empty, dir.resolve("empty-copy"), a);
    assertEquals(List.of(0L), a.values);
    Recorder b = new Recorder();
    FastFiles.copy(empty, new ByteArrayOutputStream(), b);
    assertEquals(List.of(0L), b.values);
    Recorder c = new Recorder();
    FastFiles.copy(new ByteArrayInputStream(new byte[0]), dir.resolve("empty-2"), c);
    assertEquals(List.of(0L), c.values);
  }

  @Test
  void aNullListenerIsRefused() {
    assertThrows(
        NullPointerException.class,
        () -> FastFiles.copy(source, dir.resolve("x"), (ProgressListener) null));
    assertThrows(
        NullPointerException.class,
        () -> FastFiles.copy(source, new ByteArrayOutputStream(), (ProgressListener) null));
  }
}
