package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract of {@code ChunkedReader} over each strategy: read-only chunks that stay intact until
 * the next call, FIFOs and pseudo-files through the buffered strategy, the JDK's exceptions for
 * missing paths and directories, {@code ClosedChannelException} after close and after an interrupt,
 * and an {@code IOException} (never an {@code InternalError}) for a file truncated while read.
 */
class ChunkedReaderContractTest {
  @TempDir Path dir;

  /** The strategies a test forces; AUTO maps the 2 MiB files used here. */
  private static ChunkedReader open(Path file, int chunkSize, String strategy) throws IOException {
    return FastioTestHook.open(file, chunkSize, strategy, 1 << 20);
  }

  private static byte[] bytes(ByteBuffer chunk) {
    byte[] b = new byte[chunk.remaining()];
    chunk.duplicate().get(b);
    return b;
  }

  @ParameterizedTest
  @ValueSource(strings = {"MAPPED", "BUFFERED"})
  void chunksAreReadOnlyAndAtPositionZero(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(1, 2 << 20));
    try (ChunkedReader chunks = open(file, 10_000, strategy)) {
      assertEquals(strategy, FastioTestHook.strategy(chunks));
      chunks.position(12_345);
      ByteBuffer chunk = chunks.next();
      assertTrue(chunk.isReadOnly());
      assertTrue(chunk.isDirect());
      assertEquals(0, chunk.position());
      assertEquals(10_000, chunk.limit());
      assertThrows(ReadOnlyBufferException.class, () -> chunk.put(0, (byte) 1));
      assertThrows(ReadOnlyBufferException.class, () -> chunk.put((byte) 1));
      assertThrows(ReadOnlyBufferException.class, () -> chunk.put(new byte[3]));
      assertFalse(chunk.hasArray());
      assertThrows(ReadOnlyBufferException.class, () -> chunk.duplicate().put(0, (byte) 1));
      assertThrows(ReadOnlyBufferException.class, () -> chunk.slice().put(0, (byte) 1));
    }
  }

  /**
   * What is guaranteed: a chunk's bytes stay as handed out until the next call that invalidates it;
   * calls that do not ({@code position()}, {@code size()}) leave them alone, and moving the chunk's
   * own position and limit does not disturb the next chunk. The buffered strategy hands out the
   * same buffer object again (refilled) only on the next {@code next}; the mapped one a new slice
   * each time.
   */
  @ParameterizedTest
  @ValueSource(strings = {"MAPPED", "BUFFERED"})
  void aChunkStaysIntactUntilTheNextCall(String strategy) throws Exception {
    byte[] content = TestSupport.randomBytes(2, 2 << 20);
    Path file = TestSupport.write(dir, "f", content);
    try (ChunkedReader chunks = open(file, 4096, strategy)) {
      ByteBuffer first = chunks.next();
      byte[] firstBytes = bytes(first);
      assertArrayEquals(Arrays.copyOfRange(content, 0, 4096), firstBytes);
      first.position(100).limit(200); // the caller's to move
      for (int i = 0; i < 3; i++) {
        assertEquals(4096, chunks.position());
        assertEquals(content.length, chunks.size());
        assertArrayEquals(firstBytes, bytes(first.duplicate().limit(4096).position(0)));
      }
      ByteBuffer second = chunks.next();
      assertEquals(0, second.position());
      assertEquals(4096, second.limit());
      assertArrayEquals(Arrays.copyOfRange(content, 4096, 8192), bytes(second));
      if (strategy.equals("BUFFERED")) {
        assertSame(first, second, "one buffer, refilled by next()");
      } else {
        assertNotSame(first, second);
        assertArrayEquals(firstBytes, bytes(first.clear()), "the window is still mapped");
        assertEquals(4096, first.capacity(), "a slice of exactly the chunk");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.chunks.ChunksTestHook#strategies")
  void emptyFileGivesNullAtOnce(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "empty", new byte[0]);
    try (ChunkedReader chunks = open(file, ChunksTestHook.DEFAULT_CHUNK, strategy)) {
      assertEquals(0, chunks.size());
      assertNull(chunks.next());
      assertNull(chunks.next(1));
      assertEquals(0, chunks.position());
    }
    try (ChunkedReader reader = ChunkedReader.open(file)) {
      assertEquals(0, reader.size());
      assertNull(reader.next());
    }
    assertEquals(
        0,
        FastFiles.forEachChunk(
            file,
            b -> {
              throw new AssertionError("no chunk expected");
            }));
  }

  @Test
  void autoMapsLargeFilesAndBuffersSmallOnes() throws Exception {
    Path small = TestSupport.write(dir, "small", new byte[(int) ChunksTestHook.MAP_THRESHOLD - 1]);
    Path large = TestSupport.write(dir, "large", new byte[(int) ChunksTestHook.MAP_THRESHOLD]);
    try (ChunkedReader chunks = FastioTestHook.open(small, ChunksTestHook.DEFAULT_CHUNK, "AUTO")) {
      assertEquals("BUFFERED", FastioTestHook.strategy(chunks));
      assertEquals(ChunksTestHook.BUFFERED_CHUNK, chunks.chunkSize());
    }
    try (ChunkedReader chunks = FastioTestHook.open(large, ChunksTestHook.DEFAULT_CHUNK, "AUTO")) {
      assertEquals("MAPPED", FastioTestHook.strategy(chunks));
      assertEquals(ChunksTestHook.MAPPED_CHUNK, chunks.chunkSize());
    }
    try (ChunkedReader reader = ChunkedReader.open(large)) {
      assertTrue(reader.toString().contains(large.toString()), reader.toString());
      assertEquals(large, reader.path());
      assertEquals(ChunksTestHook.MAPPED_CHUNK, reader.chunkSize());
    }
  }

  @Test
  void fifoIsReadThroughTheBufferedStrategyForwardOnly() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(7, 300_000);
    Path fifo = TestSupport.fifo(dir, "fifo");
    Thread writer = TestSupport.feed(fifo, content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ChunkedReader reader = ChunkedReader.open(fifo)) {
      assertEquals(-1, reader.size());
      ByteBuffer head = reader.next(100);
      assertEquals(100, head.remaining());
      out.write(bytes(head));
      reader.skip(50_000); // read and discarded by the next read
      IOException back = assertThrows(IOException.class, () -> reader.position(99));
      assertTrue(back.getMessage().contains("cannot move back"), back.getMessage());
      reader.skip(-1).skip(1); // nothing discarded yet: still ahead of the bytes read
      ByteBuffer after = reader.next(10);
      out.write(bytes(after));
      assertEquals(50_110, reader.position());
      assertThrows(IOException.class, () -> reader.skip(-1));
      reader.position(reader.position()); // not a move back
      for (ByteBuffer b; (b = reader.next()) != null; ) {
        out.write(bytes(b));
      }
      assertEquals(content.length, reader.position());
      assertNull(reader.next());
    }
    writer.join(10_000);
    byte[] expected = new byte[content.length - 50_000];
    System.arraycopy(content, 0, expected, 0, 100);
    System.arraycopy(content, 50_100, expected, 100, content.length - 50_100);
    assertArrayEquals(expected, out.toByteArray());
    // AUTO picks the buffered strategy; MAPPED forced is refused before opening (no writer: no
    // block).
    Thread again = TestSupport.feed(fifo, content);
    try (ChunkedReader chunks = FastioTestHook.open(fifo, ChunksTestHook.DEFAULT_CHUNK, "AUTO")) {
      assertEquals("BUFFERED", FastioTestHook.strategy(chunks));
      assertArrayEquals(crc(content), crc(chunks));
    }
    again.join(10_000);
    assertThrows(
        FileSystemException.class,
        () -> FastioTestHook.open(fifo, ChunksTestHook.DEFAULT_CHUNK, "MAPPED"));
  }

  /**
   * A chunk holds exactly what was asked, on a FIFO too, even when the writer trickles its bytes.
   */
  @Test
  void fifoChunksAreFullEvenWhenTheWriterTrickles() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(8, 20_000);
    Path fifo = TestSupport.fifo(dir, "slow");
    Thread writer =
        new Thread(
            () -> {
              try (OutputStream os = Files.newOutputStream(fifo)) {
                for (int i = 0; i < content.length; i += 997) {
                  os.write(content, i, Math.min(997, content.length - i));
                  os.flush();
                  Thread.sleep(1);
                }
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    writer.start();
    try (ChunkedReader reader = ChunkedReader.open(fifo, 3000)) {
      int at = 0;
      for (ByteBuffer b; (b = reader.next()) != null; at += 3000) {
        assertEquals(Math.min(3000, content.length - at), b.remaining(), "at " + at);
        assertArrayEquals(Arrays.copyOfRange(content, at, at + b.remaining()), bytes(b));
      }
    }
    writer.join(10_000);
  }

  @Test
  void procSysAndDeviceFilesGoThroughTheBufferedStrategy() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path status = Paths.get("/proc/self/status");
    try (ChunkedReader chunks = FastioTestHook.open(status, ChunksTestHook.DEFAULT_CHUNK, "AUTO")) {
      assertEquals("BUFFERED", FastioTestHook.strategy(chunks));
      assertEquals(-1, chunks.size(), "a pseudo-file of size 0");
      byte[] all = readAll(chunks);
      String text = new String(all, java.nio.charset.StandardCharsets.US_ASCII);
      assertTrue(text.startsWith("Name:") && text.endsWith("\n"), text);
    }
    for (String s :
        List.of("/proc/version", "/proc/self/cmdline", "/sys/devices/system/cpu/online")) {
      Path p = Paths.get(s);
      if (!Files.isReadable(p)) {
        continue;
      }
      byte[] expected = Files.readAllBytes(p);
      for (int chunkSize : new int[] {1, 7, 65536, 1 << 20}) {
        try (ChunkedReader reader = ChunkedReader.open(p, chunkSize)) {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          for (ByteBuffer b; (b = reader.next()) != null; ) {
            out.write(bytes(b));
          }
          assertArrayEquals(expected, out.toByteArray(), s + " chunk " + chunkSize);
        }
      }
    }
    try (ChunkedReader reader = ChunkedReader.open(Paths.get("/dev/null"))) {
      assertEquals(-1, reader.size());
      assertNull(reader.next());
    }
    try (ChunkedReader reader = ChunkedReader.open(Paths.get("/dev/zero"), 5000)) {
      reader.skip(123_456); // a device: read and discarded
      ByteBuffer b = reader.next();
      assertEquals(5000, b.remaining());
      assertArrayEquals(new byte[5000], bytes(b));
      assertEquals(128_456, reader.position());
    }
  }

  @Test
  void missingPathsFailAtOpenAndDirectoriesAtTheFirstReadAsTheJdkDoesAndLeaveNothingOpen()
      throws Exception {
    Path missing = dir.resolve("missing");
    NoSuchFileException jdk =
        assertThrows(NoSuchFileException.class, () -> Files.readAllBytes(missing));
    NoSuchFileException ours =
        assertThrows(NoSuchFileException.class, () -> ChunkedReader.open(missing));
    assertEquals(jdk.getMessage(), ours.getMessage());
    Path file = TestSupport.write(dir, "file", new byte[10]);
    assertThrows(FileSystemException.class, () -> ChunkedReader.open(file.resolve("child")));
    int fds = TestSupport.isLinux() ? TestSupport.openDescriptors() : 0;
    List<Path> directories = new ArrayList<>(List.of(dir)); // ext4 or tmpfs: a size above 0
    if (TestSupport.isLinux()) {
      directories.add(Paths.get("/proc/self")); // size 0: the reader asks its kind, as of a FIFO
    }
    for (Path d : directories) {
      IOException jdkDir = assertThrows(IOException.class, () -> Files.readAllBytes(d));
      // A directory opens, as Files.newByteChannel opens it, and its first read fails.
      for (String s : List.of("AUTO", "BUFFERED")) {
        try (ChunkedReader chunks = FastioTestHook.open(d, ChunksTestHook.DEFAULT_CHUNK, s)) {
          assertEquals("BUFFERED", FastioTestHook.strategy(chunks), d.toString());
          IOException ourDir = assertThrows(IOException.class, chunks::next, d.toString());
          assertEquals(jdkDir.getClass(), ourDir.getClass(), d.toString());
          assertEquals(jdkDir.getMessage(), ourDir.getMessage(), d.toString());
        }
      }
      try (ChunkedReader reader = ChunkedReader.open(d, 7)) {
        reader.skip(3); // below any directory's reported size: tmpfs 40 and up, btrfs 8
        IOException viaApi = assertThrows(IOException.class, reader::next, d.toString());
        assertEquals(jdkDir.getMessage(), viaApi.getMessage(), d.toString());
      }
      IOException forEach =
          assertThrows(IOException.class, () -> FastFiles.forEachChunk(d, b -> {}));
      assertEquals(jdkDir.getMessage(), forEach.getMessage(), d.toString());
      // Forced mapping asks before opening, and refuses.
      assertThrows(
          FileSystemException.class,
          () -> FastioTestHook.open(d, ChunksTestHook.DEFAULT_CHUNK, "MAPPED"));
    }
    if (TestSupport.isLinux()) {
      TestSupport.assertNoDescriptorLeak(fds, dir);
    }
  }

  /**
   * A block device reports its size (the JDK asks the kernel for it), so it is read by position as
   * a regular file is, never mapped, and moving back works. Needs {@code losetup} and the right to
   * attach a loop device (root), else skipped.
   */
  @Test
  void blockDevicesAreReadByPositionUpToTheirSize() throws Exception {
    assumeTrue(TestSupport.isLinux());
    for (int size : new int[] {(1 << 20) + 1536, (int) ChunksTestHook.MAP_THRESHOLD}) {
      byte[] content = TestSupport.randomBytes(size, size);
      Path file = TestSupport.write(dir, "device-" + size, content);
      Path device = TestSupport.loopDevice(file);
      try {
        try (ChunkedReader chunks =
            FastioTestHook.open(device, ChunksTestHook.DEFAULT_CHUNK, "AUTO")) {
          assertEquals("BUFFERED", FastioTestHook.strategy(chunks), "a device is not mapped");
          assertEquals(size, chunks.size());
          assertArrayEquals(content, readAll(chunks));
        }
        try (ChunkedReader reader = ChunkedReader.open(device, 5000)) {
          reader.position(size - 100);
          assertArrayEquals(Arrays.copyOfRange(content, size - 100, size), bytes(reader.next()));
          assertNull(reader.next());
          reader.position(3); // back: read again by position
          assertArrayEquals(Arrays.copyOfRange(content, 3, 5003), bytes(reader.next()));
          for (int i = 0; i < 40; i++) { // small records close together: read ahead
            reader.skip(10);
            long at = reader.position();
            assertArrayEquals(
                Arrays.copyOfRange(content, (int) at, (int) at + 64), bytes(reader.next(64)));
          }
        }
        assertThrows(
            FileSystemException.class,
            () -> FastioTestHook.open(device, ChunksTestHook.DEFAULT_CHUNK, "MAPPED"));
      } finally {
        TestSupport.detachLoopDevice(device);
      }
    }
  }

  @Test
  void badArguments() throws Exception {
    Path file = TestSupport.write(dir, "f", new byte[100]);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ChunkedReader.open(file, 0));
    assertEquals("chunkSize < 1: 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ChunkedReader.open(file, -5));
    assertEquals("chunkSize < 1: -5", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ChunkedReader.open(file, (1 << 30) + 1));
    assertThrows(NullPointerException.class, () -> ChunkedReader.open(null));
    assertThrows(NullPointerException.class, () -> FastFiles.forEachChunk(file, null));
    try (ChunkedReader reader =
        ChunkedReader.open(file, 1 << 30)) { // no 1 GiB buffer: the file is small
      assertEquals(100, reader.next().remaining());
      e = assertThrows(IllegalArgumentException.class, () -> reader.next(0));
      assertEquals("maxBytes < 1: 0", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> reader.position(-1));
      assertEquals("position < 0: -1", e.getMessage());
      e = assertThrows(IllegalArgumentException.class, () -> reader.skip(-101));
      assertTrue(e.getMessage().contains("before the start"), e.getMessage());
      assertEquals(100, reader.position(), "a refused move moves nothing");
      assertSame(reader, reader.skip(-100));
      assertEquals(0, reader.position());
      assertSame(reader, reader.skip(Long.MAX_VALUE).skip(Long.MAX_VALUE));
      assertEquals(Long.MAX_VALUE, reader.position());
      assertNull(reader.next());
      assertSame(reader, reader.position(99));
      assertEquals(1, reader.next().remaining());
    }
  }

  @ParameterizedTest
  @MethodSource("dev.fastio.internal.chunks.ChunksTestHook#strategies")
  void everyCallButCloseThrowsClosedChannelExceptionAfterClose(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(3, 2 << 20));
    ChunkedReader chunks = open(file, ChunksTestHook.DEFAULT_CHUNK, strategy);
    chunks.next();
    long position = chunks.position();
    chunks.close();
    chunks.close(); // idempotent
    assertTrue(FastioTestHook.isClosed(chunks));
    assertThrows(ClosedChannelException.class, chunks::next);
    assertThrows(ClosedChannelException.class, () -> chunks.next(10));
    assertThrows(ClosedChannelException.class, () -> chunks.skip(10));
    assertThrows(ClosedChannelException.class, () -> chunks.position(0));
    assertEquals(position, chunks.position(), "still answered");
    assertEquals(2 << 20, chunks.size(), "still answered");
    assertTrue(chunks.toString().contains("closed"));
    ChunkedReader reader = ChunkedReader.open(file);
    reader.close();
    reader.close();
    assertThrows(ClosedChannelException.class, reader::next);
    assertThrows(ClosedChannelException.class, () -> reader.skip(1));
    assertThrows(ClosedChannelException.class, () -> reader.position(1));
  }

  /**
   * An interrupt closes the channel, as for any {@code FileChannel}: {@code
   * ClosedByInterruptException} from the call that reads (for the mapped strategy, the one that
   * maps a window), {@code ClosedChannelException} from every later call; the interrupt status
   * stays set.
   */
  @ParameterizedTest
  @ValueSource(strings = {"MAPPED", "BUFFERED"})
  void anInterruptClosesTheReaderAsItClosesAChannel(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(4, 2 << 20));
    try (ChunkedReader chunks = open(file, 4096, strategy)) {
      assertNotNull(chunks.next());
      chunks.position(1 << 20); // a new window for the mapped strategy
      Thread.currentThread().interrupt();
      try {
        assertThrows(ClosedByInterruptException.class, chunks::next);
        assertTrue(Thread.currentThread().isInterrupted());
      } finally {
        Thread.interrupted();
      }
      assertThrows(ClosedChannelException.class, chunks::next);
      assertThrows(ClosedChannelException.class, () -> chunks.skip(1));
    }
  }

  /**
   * Unlike the other methods of {@code FastFiles}, forEachChunk is interruptible, as the reader is.
   */
  @Test
  void forEachChunkIsInterruptible() throws Exception {
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(4, 100_000));
    Thread.currentThread().interrupt();
    try {
      assertThrows(ClosedByInterruptException.class, () -> FastFiles.forEachChunk(file, b -> {}));
      assertTrue(Thread.currentThread().isInterrupted(), "the status stays set");
    } finally {
      Thread.interrupted();
    }
    assertEquals(100_000, FastFiles.forEachChunk(file, b -> {}));
  }

  @ParameterizedTest
  @ValueSource(strings = {"MAPPED", "BUFFERED"})
  void aFileTruncatedWhileReadGivesAnIoExceptionNamingIt(String strategy) throws Exception {
    Path file = TestSupport.write(dir, "shrinks", TestSupport.randomBytes(5, 4 << 20));
    try (ChunkedReader chunks = open(file, 65536, strategy)) {
      assertNotNull(chunks.next());
      truncate(file, 4096);
      // Within the window already mapped (the mapped strategy notices by reading the chunk's last
      // byte), and
      // in a later window (noticed by the size check before mapping it).
      for (long at : new long[] {65536, 3 << 20}) {
        chunks.position(at);
        FileSystemException e = assertThrows(FileSystemException.class, chunks::next);
        assertEquals(file.toString(), e.getFile());
      }
      chunks.position(0); // the part still in the file reads fine
      assertEquals(4096, chunks.next(4096).remaining());
      chunks.position(4000);
      FileSystemException beyond = assertThrows(FileSystemException.class, chunks::next);
      assertEquals(file.toString(), beyond.getFile());
    }
  }

  /**
   * Small chunks close together are served from bytes read ahead with an earlier chunk: as the file
   * was when they were read, even if it changed since. Moving back reads the file again, and a
   * chunk beyond the bytes read ahead notices a truncation.
   */
  @Test
  void readAheadServesBytesAsReadAndMovingBackReadsTheFileAgain() throws Exception {
    byte[] content = TestSupport.randomBytes(11, 1 << 20);
    byte[] changed = TestSupport.randomBytes(12, 1 << 20);
    Path file = dir.resolve("records");
    // The read-ahead does not depend on the chunk size: a reader of 64-byte chunks reads ahead too.
    for (int chunkSize : new int[] {ChunksTestHook.DEFAULT_CHUNK, 64, 5000}) {
      Files.write(file, content);
      try (ChunkedReader chunks = open(file, chunkSize, "BUFFERED")) {
        String c = "chunk size " + chunkSize;
        assertArrayEquals(Arrays.copyOfRange(content, 0, 64), bytes(chunks.next(64)), c);
        assertArrayEquals(
            Arrays.copyOfRange(content, 64, 128), bytes(chunks.next(64)), c); // + 16 KiB
        Files.write(file, changed); // same size, other bytes
        chunks.skip(1000);
        ByteBuffer ahead = chunks.next(64);
        assertArrayEquals(
            Arrays.copyOfRange(content, 1128, 1192), bytes(ahead), c + ": read ahead");
        assertTrue(ahead.isReadOnly());
        assertEquals(0, ahead.position());
        chunks.position(0);
        assertArrayEquals(
            Arrays.copyOfRange(changed, 0, 64), bytes(chunks.next(64)), c + ": again");
        truncate(file, 10_000);
        chunks.position(100_000);
        FileSystemException e = assertThrows(FileSystemException.class, () -> chunks.next(64));
        assertEquals(file.toString(), e.getFile());
      }
    }
  }

  /**
   * {@code forEachChunk} runs the consumer inside fastio's fault handling: a consumer that reads a
   * mapped chunk of a file truncated under it gets a {@code FileSystemException} out of the call,
   * never an {@code InternalError}.
   */
  @Test
  void forEachChunkTurnsTheConsumersFaultIntoAnIoException() throws Exception {
    int size = (int) Math.max(ChunksTestHook.MAP_THRESHOLD, 4 << 20); // mapped by AUTO
    Path file = TestSupport.write(dir, "shrinks", TestSupport.randomBytes(6, size));
    AtomicInteger calls = new AtomicInteger();
    byte[] sink = new byte[ChunksTestHook.MAPPED_CHUNK];
    FileSystemException e =
        assertThrows(
            FileSystemException.class,
            () ->
                FastFiles.forEachChunk(
                    file,
                    chunk -> {
                      if (calls.getAndIncrement() == 0) {
                        truncate(file, 0);
                        chunk.get(sink, 0, chunk.remaining()); // faults: the pages are gone
                      }
                    }));
    assertEquals(file.toString(), e.getFile());
    assertEquals(1, calls.get());
    assertInstanceOf(InternalError.class, e.getCause());
    // A truncation between chunks: the next chunk is refused.
    Path other = TestSupport.write(dir, "shrinks2", TestSupport.randomBytes(6, size));
    calls.set(0);
    e =
        assertThrows(
            FileSystemException.class,
            () ->
                FastFiles.forEachChunk(
                    other,
                    chunk -> {
                      if (calls.getAndIncrement() == 2) {
                        truncate(other, 100_000);
                      }
                    }));
    assertEquals(other.toString(), e.getFile());
    assertEquals(3, calls.get());
  }

  @Test
  void theSameBytesAsTheJdkThroughEveryEntryPoint() throws Exception {
    byte[] content = TestSupport.randomBytes(9, 5 * 1048576 + 3);
    Path file = TestSupport.write(dir, "f", content);
    byte[] expected = crc(content);
    for (String s : ChunksTestHook.strategies()) {
      for (int chunk : new int[] {ChunksTestHook.DEFAULT_CHUNK, 1000, 65536, 3 << 20}) {
        try (ChunkedReader chunks = FastioTestHook.open(file, chunk, s)) {
          assertArrayEquals(expected, crc(chunks), s + " " + chunk);
        }
      }
    }
    CRC32C crc = new CRC32C();
    assertEquals(content.length, FastFiles.forEachChunk(file, crc::update));
    assertArrayEquals(expected, longBytes(crc.getValue()));
    Path link = Files.createSymbolicLink(dir.resolve("link"), file);
    try (ChunkedReader reader = ChunkedReader.open(link)) {
      CRC32C c = new CRC32C();
      for (ByteBuffer b; (b = reader.next()) != null; ) {
        c.update(b);
      }
      assertArrayEquals(expected, longBytes(c.getValue()));
    }
  }

  private static void truncate(Path file, long size) {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] readAll(ChunkedReader chunks) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (ByteBuffer b; (b = chunks.next()) != null; ) {
      out.write(bytes(b));
    }
    return out.toByteArray();
  }

  private static byte[] crc(byte[] content) {
    CRC32C c = new CRC32C();
    c.update(content);
    return longBytes(c.getValue());
  }

  private static byte[] crc(ChunkedReader chunks) throws IOException {
    CRC32C c = new CRC32C();
    List<Integer> lengths = new ArrayList<>();
    for (ByteBuffer b; (b = chunks.next()) != null; ) {
      lengths.add(b.remaining());
      c.update(b);
    }
    assertFalse(lengths.contains(0), "no empty chunk");
    return longBytes(c.getValue());
  }

  private static byte[] longBytes(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }
}
