package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastFiles;
import dev.fastio.FastioTestHook;
import dev.fastio.internal.chunks.ChunksTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of open/read/skip/close cycles, successful and failing, leave the descriptors and the
 * mappings of the process unchanged; and a reader over a file of many windows never has more than
 * two of them mapped at once (the mapped strategy keeps one).
 */
class ChunkedReaderLeakTest {
  @TempDir Path dir;

  @Test
  void cyclesLeaveDescriptorsAndMappingsUnchanged() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "cycled", TestSupport.randomBytes(1, 3 * 65536 + 5));
    Path small = TestSupport.write(dir, "cycled-small", TestSupport.randomBytes(2, 5000));
    Path shrinking = dir.resolve("cycled-shrinking");
    for (int i = 0; i < 100; i++) { // let the JDK's own lazy set-up happen before counting
      cycle(file, small, shrinking, i);
    }
    int fds = TestSupport.openDescriptors();
    int maps = TestSupport.mappings();
    for (int i = 0; i < 3000; i++) {
      cycle(file, small, shrinking, i);
    }
    assertEquals(0, TestSupport.mappingsOf("cycled"), "mappings of the files");
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoMappingGrowth(maps);
  }

  private void cycle(Path file, Path small, Path shrinking, int i) throws IOException {
    String s = i % 2 == 0 ? "MAPPED" : "BUFFERED";
    try (ChunkedReader chunks = FastioTestHook.open(file, 1000 + i, s, 65536)) {
      assertNotNull(chunks.next());
      chunks.skip(70_000); // into the second window
      assertNotNull(chunks.next(64));
      chunks.position(i % 1000);
      assertNotNull(chunks.next());
    }
    try (ChunkedReader reader = ChunkedReader.open(small)) {
      reader.next();
    }
    ChunkedReader abandoned = FastioTestHook.open(file, 100, s, 65536); // closed without reading
    abandoned.close();
    assertThrows(NoSuchFileException.class, () -> ChunkedReader.open(dir.resolve("missing")));
    try (ChunkedReader directory = ChunkedReader.open(dir)) { // opens; its first read fails
      assertThrows(IOException.class, directory::next);
    }
    assertThrows(FileSystemException.class, () -> FastioTestHook.open(dir, 1, "MAPPED"));
    if (i % 20 == 0) { // the truncation path: a failing next(), then close
      try (RandomAccessFile f = new RandomAccessFile(shrinking.toFile(), "rw")) {
        f.setLength(0);
        f.setLength(4 * 65536);
      }
      try (ChunkedReader chunks = FastioTestHook.open(shrinking, 4096, s, 65536)) {
        assertNotNull(chunks.next());
        try (RandomAccessFile f = new RandomAccessFile(shrinking.toFile(), "rw")) {
          f.setLength(100);
        }
        chunks.position(70_000);
        assertThrows(FileSystemException.class, chunks::next);
      }
    }
    assertEquals(5000, FastFiles.forEachChunk(small, b -> {}));
  }

  /**
   * A chunk size above the pooled buffer (128 KiB) gets a buffer of its own, freed by close and not
   * left to the garbage collector: the {@code direct} pool returns to its size (on JDK 22+ the
   * buffer is arena memory, freed as the arena closes).
   */
  @Test
  void aBufferOfItsOwnIsFreedByClose() throws Exception {
    Path file = TestSupport.write(dir, "own-buffer", TestSupport.randomBytes(4, 3 << 20));
    BufferPoolMXBean direct =
        ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
            .filter(p -> p.getName().equals("direct"))
            .findFirst()
            .orElseThrow();
    List<String> seen = new ArrayList<>();
    boolean unchanged = false;
    for (int attempt = 0;
        attempt < 5 && !unchanged;
        attempt++) { // other threads may allocate meanwhile
      long before = direct.getMemoryUsed();
      for (int i = 0; i < 20; i++) {
        try (ChunkedReader chunks = FastioTestHook.open(file, 1 << 20, "BUFFERED")) {
          while (chunks.next() != null) {
            // read it all
          }
        }
      }
      long after = direct.getMemoryUsed();
      unchanged = before == after;
      seen.add(before + " -> " + after);
    }
    assertTrue(unchanged, "direct memory kept by closed readers: " + seen);
  }

  /** Counts the file's lines in /proc/self/maps after every chunk of a file of 16 windows. */
  @Test
  void aReaderMapsAtMostTwoWindowsAtOnce() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 1 << 20;
    Path file = TestSupport.write(dir, "windows", TestSupport.randomBytes(3, 16 * window + 17));
    String name = file.getFileName().toString();
    int most = 0;
    try (ChunkedReader chunks = FastioTestHook.open(file, 300_000, "MAPPED", window)) {
      for (ByteBuffer b; (b = chunks.next()) != null; ) {
        most = Math.max(most, TestSupport.mappingsOf(name));
        if (chunks.position() > 600_000 && chunks.position() % 3 == 0) {
          chunks.skip(-500_000); // back across a window boundary now and then
          assertNotNull(chunks.next());
          most = Math.max(most, TestSupport.mappingsOf(name));
          chunks.skip(500_000 - chunks.chunkSize());
        }
      }
      assertTrue(most >= 1, "the file was mapped");
      assertTrue(most <= 2, most + " mappings of the file at once");
    }
    assertEquals(
        TestSupport.releasesImmediately() ? 0 : 1, Math.min(1, TestSupport.mappingsOf(name)));
  }

  /**
   * Windows left behind are released by one daemon thread, which keeps no class loader reachable,
   * and by the time {@code close} returns: readers on several threads at once leave nothing mapped.
   */
  @Test
  void windowsAreReleasedByOneDaemonThreadAndNoneOutlivesClose() throws Exception {
    assumeTrue(TestSupport.isLinux());
    int window = 1 << 16;
    Path file = TestSupport.write(dir, "released", TestSupport.randomBytes(5, 40 * window + 1));
    String name = file.getFileName().toString();
    byte[] expected = Files.readAllBytes(file);
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  for (int round = 0; round < 25; round++) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    try (ChunkedReader chunks = FastioTestHook.open(file, 4096, "MAPPED", window)) {
                      for (ByteBuffer b; (b = chunks.next()) != null; ) {
                        byte[] bytes = new byte[b.remaining()];
                        b.get(bytes);
                        out.write(bytes);
                      }
                    }
                    assertArrayEquals(expected, out.toByteArray());
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(List.of(), failures);
    assertEquals(
        TestSupport.releasesImmediately() ? 0 : 1, Math.min(1, TestSupport.mappingsOf(name)));
    List<Thread> unmappers = TestSupport.threadsNamed("fastio-unmapper");
    assertEquals(1, unmappers.size(), "mapper threads: " + unmappers);
    assertTrue(unmappers.get(0).isDaemon(), "a daemon thread");
    assertNull(unmappers.get(0).getContextClassLoader(), "context class loader");
  }

  /**
   * The same through the public API over a sparse file of five default windows (320 MiB of holes).
   */
  @Test
  void publicReaderOverSeveralDefaultWindows() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = dir.resolve("sparse-windows");
    long size = 5L * ChunksTestHook.DEFAULT_WINDOW + 3;
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
    String name = file.getFileName().toString();
    int most = 0;
    try (ChunkedReader reader = ChunkedReader.open(file)) {
      assertEquals(size, reader.size());
      while (reader.next(4096) != null) {
        most = Math.max(most, TestSupport.mappingsOf(name));
        reader.skip(
            ChunksTestHook.DEFAULT_WINDOW / 3); // a few chunks per window, most bytes skipped
      }
    }
    assertTrue(most >= 1 && most <= 2, most + " mappings of the file at once");
    assertEquals(0, TestSupport.mappingsOf(name));
  }
}
