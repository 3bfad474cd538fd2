package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastioTestHook;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract of {@code MappedFiles} and {@code MappedFile}: the same bytes as {@code
 * Files.readAllBytes} through every access path and window size, refusals of what cannot be mapped,
 * {@code IllegalStateException} after close, deterministic release.
 */
class MappedFileContractTest {
  @TempDir Path dir;

  /** Every way of reading a mapping gives the file's bytes. */
  private static void assertContent(byte[] expected, MappedFile m) throws IOException {
    assertEquals(expected.length, m.size());
    byte[] viaRead = new byte[expected.length];
    m.read(0, viaRead, 0, viaRead.length);
    assertArrayEquals(expected, viaRead);
    byte[] viaBuffers = new byte[expected.length];
    for (int i = 0; i < m.bufferCount(); i++) {
      MappedByteBuffer b = m.buffer(i);
      assertEquals(0, b.position());
      assertTrue(b.isReadOnly());
      b.get(viaBuffers, (int) m.bufferPosition(i), b.remaining());
    }
    assertArrayEquals(expected, viaBuffers);
    m.loadFully();
    assertTrue(m.isLoaded());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 4095, 4096, 4097, 65536, PlatformTestHook.MAX_WINDOW})
  void everyBoundarySizeAndWindowSize(int windowSize) throws Exception {
    for (int size : TestSupport.BOUNDARY_SIZES) {
      if (windowSize == 1 && size > 9000) {
        continue; // a mapping per byte: enough at small sizes
      }
      byte[] content = TestSupport.randomBytes(size, size);
      Path file = TestSupport.write(dir, "f" + size, content);
      try (MappedFile m = FastioTestHook.map(file, windowSize)) {
        assertContent(content, m);
      }
    }
  }

  @Test
  void publicApiReadsTheWholeFileAndRegions() throws Exception {
    byte[] content = TestSupport.randomBytes(11, 3 * 1048576 + 17);
    Path file = TestSupport.write(dir, "f", content);
    try (MappedFile mf = MappedFiles.map(file)) {
      assertEquals(file, mf.path());
      assertEquals(content.length, mf.size());
      assertEquals(1, mf.bufferCount());
      assertEquals(0, mf.bufferPosition(0));
      assertSame(mf, mf.loadFully());
      assertTrue(mf.isLoaded());
      byte[] b = new byte[content.length];
      mf.read(0, b, 0, b.length);
      assertArrayEquals(content, b);
      assertTrue(mf.toString().contains(file.toString()));
      assertThrows(IndexOutOfBoundsException.class, () -> mf.buffer(1));
      assertThrows(IndexOutOfBoundsException.class, () -> mf.read(1, b, 0, b.length));
      assertThrows(IndexOutOfBoundsException.class, () -> mf.read(-1, b, 0, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> mf.read(0, b, 1, b.length));
      assertThrows(ReadOnlyBufferException.class, () -> mf.buffer(0).put(0, (byte) 1));
    }
    for (long[] region : new long[][] {{0, 0}, {1, 4096}, {4095, 2}, {content.length - 1, 1}}) {
      try (MappedFile mf = MappedFiles.map(file, region[0], region[1])) {
        byte[] b = new byte[(int) region[1]];
        mf.read(0, b, 0, b.length);
        int from = (int) region[0];
        assertArrayEquals(Arrays.copyOfRange(content, from, from + b.length), b);
      }
    }
  }

  @Test
  void badArgumentsAndRegionsBeyondTheEnd() throws Exception {
    Path file = TestSupport.write(dir, "f", new byte[100]);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MappedFiles.map(file, -1, 1));
    assertEquals("position < 0: -1", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> MappedFiles.map(file, 0, -5));
    assertEquals("size < 0: -5", e.getMessage());
    FileSystemException beyond =
        assertThrows(FileSystemException.class, () -> MappedFiles.map(file, 50, 51));
    assertEquals(file.toString(), beyond.getFile());
    assertTrue(beyond.getMessage().contains("100"), beyond.getMessage());
    assertThrows(FileSystemException.class, () -> MappedFiles.map(file, 101, 0));
    try (MappedFile mf = MappedFiles.map(file, 100, 0)) {
      assertEquals(0, mf.size());
    }
    assertThrows(NullPointerException.class, () -> MappedFiles.map(null));
    assertThrows(NullPointerException.class, () -> MappedFiles.loadFully(null));
  }

  @Test
  void emptyFileMapsToAnEmptyMapping() throws Exception {
    Path file = TestSupport.write(dir, "empty", new byte[0]);
    try (MappedFile mf = MappedFiles.map(file)) {
      assertEquals(0, mf.size());
      assertEquals(0, mf.bufferCount());
      mf.loadFully();
      assertTrue(mf.isLoaded());
      mf.read(0, new byte[0], 0, 0);
    }
  }

  @Test
  void nonRegularFilesAreRefusedWithoutBlocking() throws Exception {
    assertThrows(NoSuchFileException.class, () -> MappedFiles.map(dir.resolve("missing")));
    FileSystemException e = assertThrows(FileSystemException.class, () -> MappedFiles.map(dir));
    assertTrue(e.getMessage().contains("directory"), e.getMessage());
    Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
    assertThrows(NoSuchFileException.class, () -> MappedFiles.map(dangling));
    byte[] content = TestSupport.randomBytes(3, 5000);
    Path link = Files.createSymbolicLink(dir.resolve("link"), TestSupport.write(dir, "t", content));
    try (MappedFile mf = MappedFiles.map(link)) {
      byte[] b = new byte[content.length];
      mf.read(0, b, 0, b.length);
      assertArrayEquals(content, b);
    }
    assumeTrue(TestSupport.isLinux());
    Path fifo = TestSupport.fifo(dir, "fifo"); // no writer: opening it would block
    e = assertThrows(FileSystemException.class, () -> MappedFiles.map(fifo));
    assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    for (String s : List.of("/proc/self/status", "/proc/version", "/dev/null")) {
      Path p = Paths.get(s);
      if (Files.isReadable(p)) {
        e = assertThrows(FileSystemException.class, () -> MappedFiles.map(p), s);
        assertEquals(s, e.getFile());
      }
    }
  }

  @Test
  void refusesFilesOfOtherFileSystems() throws Exception {
    Path zip = dir.resolve("z.zip");
    try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
      Path inside = Files.write(fs.getPath("/f"), TestSupport.randomBytes(6, 5000));
      FileSystemException e =
          assertThrows(FileSystemException.class, () -> MappedFiles.map(inside));
      assertTrue(e.getMessage().contains("default file system"), e.getMessage());
    }
  }

  @Test
  void everyMethodThrowsIllegalStateExceptionAfterClose() throws Exception {
    byte[] content = TestSupport.randomBytes(5, 10_000);
    Path file = TestSupport.write(dir, "f", content);
    MappedFile mf = MappedFiles.map(file);
    MappedByteBuffer raw = mf.buffer(0);
    mf.close();
    mf.close(); // idempotent
    assertTrue(mf.isClosed());
    assertEquals(10_000, mf.size());
    assertEquals(1, mf.bufferCount());
    assertThrows(IllegalStateException.class, () -> mf.buffer(0));
    assertThrows(IllegalStateException.class, mf::loadFully);
    assertThrows(IllegalStateException.class, mf::isLoaded);
    assertThrows(IllegalStateException.class, () -> mf.read(0, new byte[1], 0, 1));
    assertTrue(mf.toString().contains("closed"));
    if (TestSupport.arenaPlatform()) {
      // The overlay's buffers are views of a closed arena: they throw, never crash.
      assertThrows(IllegalStateException.class, () -> raw.get(0));
      assertThrows(IllegalStateException.class, () -> MappedFiles.loadFully(raw));
    } else {
      // JDK 17-21: a buffer was handed out, so close() left the mapping to the GC: reading it after
      // close reads the file instead of crashing the JVM.
      assertEquals(content[9_999], raw.get(9_999));
      MappedFiles.loadFully(raw);
    }
  }

  @Test
  void closeLeavesAMappingWhoseBufferWasHandedOutToTheGcBefore22() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "handed-out", TestSupport.randomBytes(7, 100_000));
    String name = file.getFileName().toString();
    MappedFile mf = MappedFiles.map(file);
    MappedByteBuffer raw = mf.buffer(0);
    mf.close();
    boolean arena = TestSupport.arenaPlatform();
    assertEquals(arena ? 0 : 1, TestSupport.mappingsOf(name), "mappings after close");
    assertEquals(100_000, raw.capacity()); // the view stays reachable past the check
  }

  @Test
  void closeUnmapsAtOnce() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "released-at-once", TestSupport.randomBytes(6, 100_000));
    String name = file.getFileName().toString();
    MappedFile mf = MappedFiles.map(file);
    assertEquals(1, TestSupport.mappingsOf(name));
    mf.close();
    assertEquals(
        TestSupport.releasesImmediately() ? 0 : 1, TestSupport.mappingsOf(name), "after close");
    assertTrue(TestSupport.releasesImmediately(), "both JDKs unmap at once");
  }

  @Test
  void loadFullyOfAUserBufferReturnsItUnchanged() throws Exception {
    byte[] content = TestSupport.randomBytes(8, 1 << 20);
    Path file = TestSupport.write(dir, "f", content);
    try (FileChannel ch = FileChannel.open(file)) {
      MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 3, 500_000);
      b.position(7).limit(100);
      assertSame(b, MappedFiles.loadFully(b));
      assertEquals(7, b.position());
      assertEquals(100, b.limit());
      assertTrue(b.isLoaded());
      MappedByteBuffer slice = b.duplicate().clear().slice(1000, 5000); // a MappedByteBuffer too
      assertSame(slice, MappedFiles.loadFully(slice));
      MappedFiles.unmap(b);
    }
  }

  @Test
  void unmapReleasesUserBuffersOnJdk17AndLeavesThemToTheGcOnJdk22() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "user-mapped", TestSupport.randomBytes(9, 100_000));
    String name = file.getFileName().toString();
    boolean jdk22 = TestSupport.arenaPlatform();
    try (FileChannel ch = FileChannel.open(file)) {
      MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      if (!jdk22) {
        ByteBuffer dup = b.duplicate();
        assertThrows(
            IllegalArgumentException.class, () -> MappedFiles.unmap((MappedByteBuffer) dup));
      }
      assertEquals(!jdk22, MappedFiles.unmap(b));
      assertEquals(jdk22 ? 1 : 0, TestSupport.mappingsOf(name));
    }
  }

  @Test
  void aFileTruncatedBeforeTheReadGivesAnIoExceptionNamingIt() throws Exception {
    Path file = TestSupport.write(dir, "shrinks", TestSupport.randomBytes(10, 1 << 20));
    try (MappedFile mf = MappedFiles.map(file);
        FileChannel ch = FileChannel.open(file)) {
      MappedByteBuffer own = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.setLength(4096);
      }
      FileSystemException e = assertThrows(FileSystemException.class, mf::loadFully);
      assertEquals(file.toString(), e.getFile());
      assertTrue(e.getCause() instanceof InternalError, String.valueOf(e.getCause()));
      e = assertThrows(FileSystemException.class, () -> mf.read(8192, new byte[10], 0, 10));
      assertEquals(file.toString(), e.getFile());
      byte[] head = new byte[4096];
      mf.read(0, head, 0, head.length); // the part still in the file reads fine
      e = assertThrows(FileSystemException.class, () -> MappedFiles.loadFully(own));
      if (TestSupport.isLinux()) {
        assertEquals(file.toRealPath().toString(), e.getFile(), "found in /proc/self/maps");
      }
      MappedFiles.unmap(own);
    }
    assertFalse(Files.size(file) > 4096);
  }
}
