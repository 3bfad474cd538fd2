package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastioTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapped strategy faults the rest of a window in ahead of a reader reading in order, on the
 * {@code fastio-prefault} thread, and of no other reader: pages made resident are counted through
 * {@code /proc/self/smaps}. A file truncated meanwhile fails the reader, not the thread; a reader
 * closed or moved while the thread reads its window leaves nothing mapped and gets the file's
 * bytes.
 */
class ChunkedReaderPrefaultTest {
  private static final int MIB = 1 << 20;

  @TempDir Path dir;

  @Test
  @Tag("perf-guard")
  void aReaderReadingInOrderHasTheRestOfItsWindowFaultedInAhead() throws Exception {
    assertReadingInOrderFaultsTheWindowInAhead();
  }

  private void assertReadingInOrderFaultsTheWindowInAhead() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 16 * MIB;
    Path file = TestSupport.write(dir, "in-order", TestSupport.randomBytes(1, window));
    try (ChunkedReader chunks = FastioTestHook.open(file, MIB, "MAPPED", window)) {
      chunks.next();
      chunks.next(); // starts where the first ended: in order
      drainPrefaultThread();
      long resident = TestSupport.residentOf("in-order");
      // The reader itself touched at most its two chunks (and the pages the kernel maps around
      // them).
      PerfGuard.atLeast(
          "a mapped ChunkedReader read in order has its window faulted in ahead (the scan row,"
              + " 256 MiB)",
          "bytes of the 16 MiB window resident after two 1 MiB chunks",
          resident,
          window - 2 * MIB,
          "");
    }
    assertEquals(0, TestSupport.mappingsOf("in-order"));
  }

  @Test
  void aReaderThatSkipsHasNothingFaultedInAhead() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 32 * MIB;
    Path file = TestSupport.write(dir, "skipping", TestSupport.randomBytes(2, window));
    try (ChunkedReader chunks = FastioTestHook.open(file, 4096, "MAPPED", window)) {
      for (int i = 0; i < 4; i++) {
        assertNotNull(chunks.next());
        chunks.skip(8 * MIB - 4096);
      }
      drainPrefaultThread();
      long resident = TestSupport.residentOf("skipping");
      // Four pages read, each with at most a 2 MiB folio around it: far below the window.
      assertTrue(resident <= window / 2, "resident " + resident + " of a window of " + window);
    }
  }

  @Test
  void aFileTruncatedWhileFaultedInAheadFailsTheReaderNotTheThread() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 16 * MIB;
    byte[] content = TestSupport.randomBytes(3, window);
    Path file = TestSupport.write(dir, "shrunk", content);
    try (ChunkedReader chunks = FastioTestHook.open(file, MIB, "MAPPED", window)) {
      assertNotNull(chunks.next());
      truncate(file, 3 * MIB);
      // Still covered; in order, so [2 MiB, 16 MiB) is faulted in ahead and faults beyond 3 MiB.
      ByteBuffer second = chunks.next();
      assertEquals(ByteBuffer.wrap(content, MIB, MIB), second);
      drainPrefaultThread();
      ByteBuffer third = chunks.next();
      assertEquals(ByteBuffer.wrap(content, 2 * MIB, MIB), third);
      assertThrows(FileSystemException.class, chunks::next);
    }
    assertEquals(0, TestSupport.mappingsOf("shrunk"));
    List<Thread> mappers = TestSupport.threadsNamed("fastio-prefault");
    assertEquals(1, mappers.size(), "prefault threads: " + mappers);
    assertTrue(mappers.get(0).isAlive());
    assertReadingInOrderFaultsTheWindowInAhead(); // the thread still does its work
  }

  @Test
  void readersClosedOrMovedWhileFaultedInAheadLeaveNothingMapped() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 8 * MIB;
    Path file = TestSupport.write(dir, "closed-early", TestSupport.randomBytes(4, 4 * window));
    for (int i = 0; i < 60; i++) {
      try (ChunkedReader chunks = FastioTestHook.open(file, MIB, "MAPPED", window)) {
        chunks.next();
        chunks.next(); // the rest of the window is handed to the thread
        switch (i % 3) {
          case 0 -> {} // closed at once: close waits until the thread no longer reads the window
          case 1 -> { // moved within the window: the thread stops
            chunks.skip(MIB);
            assertNotNull(chunks.next());
          }
          default -> { // moved to the next window: the first is released after the thread is done
            chunks.position(window + 5);
            assertNotNull(chunks.next());
          }
        }
      }
      assertEquals(0, TestSupport.mappingsOf("closed-early"), "after cycle " + i);
    }
  }

  @Test
  void everyByteOfManyWindowsReadInOrder() throws IOException {
    int window = 4 * MIB;
    byte[] content = TestSupport.randomBytes(5, 5 * window + 12_345);
    Path file = TestSupport.write(dir, "many-windows", content);
    for (int chunk : new int[] {4096, 100_001, MIB, window}) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ChunkedReader chunks = FastioTestHook.open(file, chunk, "MAPPED", window)) {
        for (ByteBuffer b; (b = chunks.next()) != null; ) {
          byte[] bytes = new byte[b.remaining()];
          b.get(bytes);
          out.write(bytes);
        }
      }
      assertArrayEquals(content, out.toByteArray(), "chunk " + chunk);
    }
    if (TestSupport.isLinux()) {
      assertEquals(0, TestSupport.mappingsOf("many-windows"));
    }
  }

  /**
   * Returns once the prefault thread has done everything asked of it before: it works in order, so
   * once a barrier reader's own window is resident, every earlier prefault has ended.
   */
  private void drainPrefaultThread() throws IOException, InterruptedException {
    int window = 1 << 20;
    Path barrier = TestSupport.write(dir, "barrier", new byte[window]);
    try (ChunkedReader chunks = FastioTestHook.open(barrier, 4096, "MAPPED", window)) {
      assertNotNull(chunks.next());
      assertNotNull(chunks.next()); // in order: the rest of the window is faulted in ahead
      long deadline = System.nanoTime() + 30_000_000_000L;
      long resident;
      while ((resident = TestSupport.residentOf("barrier")) < window
          && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      PerfGuard.atLeast(
          "a mapped ChunkedReader read in order has its window faulted in ahead (the scan row,"
              + " 256 MiB)",
          "bytes of a 1 MiB window resident within 30 s after two 4 KiB chunks",
          resident,
          window,
          "");
    }
  }

  private static void truncate(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }
}
