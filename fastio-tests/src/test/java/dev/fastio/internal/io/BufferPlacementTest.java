package dev.fastio.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.FastioTestHook;
import dev.fastio.TransferPolicy;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.chunks.ChunksTestHook;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.transfer.TransferTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Every buffer the kernel fills for fastio starts at a page boundary in memory (see {@code
 * AlignedBuffers.allocate}) and has exactly the capacity asked for; buffered chunks and the
 * transfer loop's reads are placed in it never just after the file's bytes modulo a page.
 */
class BufferPlacementTest {
  @Test
  void pooledBuffersArePageAlignedAndOfTheirSize() {
    try (BufferPool.PooledBuffer small = BufferPool.READS.acquire();
        BufferPool.PooledBuffer chunk = BufferPool.CHUNKS.acquire()) {
      assertAligned(small.buffer(), BufferPool.READS.capacity());
      assertAligned(chunk.buffer(), BufferPool.CHUNKS.capacity());
    }
    // Each went back to the pool it came from: whatever slot a later call takes, the sizes hold.
    for (int i = 0; i < 2 * BufferPool.slots(); i++) {
      try (BufferPool.PooledBuffer s = BufferPool.READS.acquire();
          BufferPool.PooledBuffer c = BufferPool.CHUNKS.acquire()) {
        assertEquals(BufferPool.READS.capacity(), s.buffer().capacity());
        assertEquals(BufferPool.CHUNKS.capacity(), c.buffer().capacity());
      }
    }
  }

  /** Capacities around the page and pool sizes, then random ones; each buffer freed at once. */
  @Property(tries = 200, seed = "20261124")
  void anyCapacityIsAlignedAndExact(@ForAll("capacities") int capacity) {
    try (var own = PlatformTestHook.allocate(capacity)) {
      assertAligned(own.buffer(), capacity);
    }
  }

  @Provide
  Arbitrary<Integer> capacities() {
    int p = PlatformTestHook.PAGE;
    return Arbitraries.oneOf(
        Arbitraries.of(
            1,
            2,
            p - 1,
            p,
            p + 1,
            2 * p - 1,
            2 * p,
            2 * p + 1,
            BufferPool.READS.capacity() - 1,
            BufferPool.READS.capacity(),
            BufferPool.READS.capacity() + 1,
            BufferPool.CHUNKS.size() - 1,
            BufferPool.CHUNKS.size(),
            BufferPool.CHUNKS.size() + 1),
        Arbitraries.integers().between(1, 3 << 20));
  }

  @Test
  void allocateAlignedIsExactForPoolSizes() {
    for (int capacity :
        new int[] {
          1, PlatformTestHook.PAGE + 1, BufferPool.READS.capacity(), BufferPool.CHUNKS.size()
        }) {
      assertAligned(PlatformTestHook.allocateAligned(capacity), capacity);
    }
  }

  /**
   * A buffered chunk read from the file starts as far past a page boundary as its first byte lies
   * past a 32-byte boundary of the file: a multiple of 32 bytes after the file's bytes modulo a
   * page, never 1 to 31, where the kernel's copy is slow.
   */
  @Test
  void bufferedChunksAreNeverPlacedJustAfterTheFilesBytes() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    int page = PlatformTestHook.PAGE;
    try {
      byte[] content = TestSupport.randomBytes(11, 300_000);
      Files.write(file, content);
      for (int chunkSize : new int[] {ChunksTestHook.DEFAULT_CHUNK, 1000, page, 100_001, 1 << 20}) {
        for (long at :
            new long[] {0, 1, 16, page - 64, page - 63, page - 16, page - 1, page, 5000, 131_071}) {
          try (ChunkedReader chunks = FastioTestHook.open(file, chunkSize, "BUFFERED")) {
            chunks.position(at);
            String where = "chunk size " + chunkSize + " at " + at;
            // Chunks of up to 64 KiB may be served from bytes read ahead, slices anywhere in the
            // buffer: only the first, read from the file, is checked for them.
            boolean every =
                chunkSize == ChunksTestHook.DEFAULT_CHUNK
                    || chunkSize > BufferPool.CHUNKS.size() / 2;
            for (ByteBuffer chunk; (chunk = chunks.next()) != null; ) {
              long from = chunks.position() - chunk.remaining();
              assertEquals(from % 32, chunk.alignmentOffset(0, page), where + ", chunk at " + from);
              assertEquals(content[(int) from], chunk.get(0), where + ", chunk at " + from);
              if (!every) {
                break;
              }
            }
          }
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  /**
   * The read/write transfer loop places its reads by the same rule when the target is not a file:
   * every buffer it writes out lies as far past a page boundary as its bytes lie past a 32-byte
   * boundary of the file, and carries the file's bytes from there.
   */
  @Test
  void transferReadsAreNeverPlacedJustAfterTheFilesBytes() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    int page = PlatformTestHook.PAGE;
    try {
      byte[] content = TestSupport.randomBytes(12, 300_000);
      Files.write(file, content);
      try (FileChannel source = FileChannel.open(file)) {
        for (long at :
            new long[] {0, 1, 16, page - 64, page - 63, page - 16, page - 1, page, 5000, 131_071}) {
          for (long count :
              new long[] {1, 100, page, BufferPool.READS.capacity() + 1, content.length - at}) {
            String where = "transfer of " + count + " from " + at;
            long[] next = {at};
            WritableByteChannel target =
                new WritableByteChannel() {
                  @Override
                  public int write(ByteBuffer src) {
                    long from = next[0];
                    assertTrue(src.isDirect(), where);
                    assertEquals(
                        from % 32,
                        src.alignmentOffset(src.position(), page),
                        where + ", write of the bytes at " + from);
                    int n = src.remaining();
                    for (int i = 0; i < n; i++) {
                      assertEquals(content[(int) (from + i)], src.get(), where);
                    }
                    next[0] = from + n;
                    return n;
                  }

                  @Override
                  public boolean isOpen() {
                    return true;
                  }

                  @Override
                  public void close() {}
                };
            long moved =
                TransferTestHook.transfer(
                    source,
                    at,
                    count,
                    target,
                    TransferPolicy.defaults().withStrategy(TransferStrategy.READ_WRITE),
                    TransferTestHook.MAPPED_WINDOW);
            assertEquals(count, moved, where);
            assertEquals(at + count, next[0], where);
          }
        }
      }
    } finally {
      Files.delete(file);
    }
  }

  /**
   * To a file target, the loop's reads are placed for the write too from {@code
   * Transfers.PLACED_FOR_TARGET} bytes: for every pair of source and target offsets around page
   * ends, in plain and append mode, each buffer written lies a multiple of 32 bytes after the
   * source's bytes and, from that size, 0, 32 or at least 64 bytes before the target's, modulo a
   * page; the target gets the source's bytes.
   */
  @Test
  void transferReadsArePlacedForTheFileTheyAreWrittenTo() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    Path out = null;
    int page = PlatformTestHook.PAGE;
    try {
      out = Files.createTempFile("fastio-aligned", ".out");
      byte[] content = TestSupport.randomBytes(13, 200_000);
      Files.write(file, content);
      try (FileChannel source = FileChannel.open(file)) {
        for (boolean append : new boolean[] {false, true}) {
          for (long from : new long[] {0, 1, 63, page - 64, page - 63, page - 1, 2000, 2047}) {
            for (long to :
                new long[] {0, 1, 31, 63, 64, 65, 100, 2049, 2111, page - 1, page + 17}) {
              for (long count :
                  new long[] {100, BufferPool.READS.capacity() + 1, content.length - from}) {
                String where = (append ? "append " : "") + count + " from " + from + " to " + to;
                Files.write(out, new byte[(int) to]);
                Recorder target =
                    new Recorder(
                        append
                            ? FileChannel.open(out, StandardOpenOption.APPEND)
                            : FileChannel.open(out, StandardOpenOption.WRITE));
                try (target) {
                  target.position(append ? 0 : to);
                  long moved =
                      TransferTestHook.transfer(
                          source,
                          from,
                          count,
                          target,
                          TransferPolicy.defaults().withStrategy(TransferStrategy.READ_WRITE),
                          TransferTestHook.MAPPED_WINDOW);
                  assertEquals(count, moved, where);
                }
                long read = from;
                for (long[] w : target.writes) {
                  long address = w[0];
                  long written = w[1];
                  assertEquals(
                      0,
                      Math.floorMod(address - read, 32),
                      where + ": read of " + read + " to " + address);
                  if (count >= TransferTestHook.PLACED_FOR_TARGET) {
                    assertFalse(slow(written - address), where + ": write to " + written);
                  } else {
                    assertEquals(read % 32, address, where + ": placed for the source alone");
                  }
                  read += w[2];
                }
                assertEquals(from + count, read, where);
                byte[] got = Files.readAllBytes(out);
                assertEquals(to + count, got.length, where);
                assertArrayEquals(
                    Arrays.copyOfRange(content, (int) from, (int) (from + count)),
                    Arrays.copyOfRange(got, (int) to, got.length),
                    where);
              }
            }
          }
        }
      }
    } finally {
      Files.delete(file);
      if (out != null) {
        Files.delete(out);
      }
    }
  }

  /**
   * For every source and target offset within a page (and no target), the place chosen lies a
   * multiple of 32 bytes after the source, at most 95 bytes into the buffer, and 0, 32 or at least
   * 64 bytes before the target; with no target it is the source's offset modulo 32.
   */
  @Test
  void slowCopiesAreThoseToOneTo31BytesAfterTheSource() {
    for (long source : new long[] {0, 5, 4095, 4096, 1L << 40}) {
      for (int d = 0; d < 4096; d++) {
        assertEquals(d >= 1 && d <= 31, Placement.slowCopy(source, source + d), source + " +" + d);
        assertEquals(
            d >= 1 && d <= 31, Placement.slowCopy(source + 4096, source + d), source + " +" + d);
      }
    }
  }

  @Test
  void placementAlwaysFindsAFastPlace() {
    int page = PlatformTestHook.PAGE;
    for (int s = 0; s < page; s++) {
      assertEquals(s % 32, Placement.of(s), "source " + s);
      assertEquals(s % 32, Placement.of(7L * page + s, -1), "source " + s);
      for (int t = 0; t < page; t++) {
        int at = Placement.of(3L * page + s, 5L * page + t);
        if (at < 0 || at > 95 || Math.floorMod(at - s, 32) != 0 || slow(t - at)) {
          throw new AssertionError("source " + s + ", target " + t + ": placed at " + at);
        }
      }
    }
  }

  /** True unless a copy to {@code delta} bytes after its source, modulo a page, is 0, 32 or 64+. */
  private static boolean slow(long delta) {
    long d = Math.floorMod(delta, PlatformTestHook.PAGE);
    return d != 0 && d != 32 && d < 64;
  }

  /**
   * A file channel that passes everything to another and records, for each write, the buffer's
   * address modulo a page, the file offset written and the bytes written.
   */
  private static final class Recorder extends FileChannel {
    private final FileChannel file;
    final List<long[]> writes = new ArrayList<>();

    Recorder(FileChannel file) {
      this.file = file;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      long address = src.alignmentOffset(src.position(), PlatformTestHook.PAGE);
      long at = file.position();
      int n = file.write(src);
      writes.add(new long[] {address, at, n});
      return n;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return file.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
      return file.read(dsts, offset, length);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      throw new UnsupportedOperationException("not used by the transfer loop");
    }

    @Override
    public long position() throws IOException {
      return file.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
      file.position(newPosition);
      return this;
    }

    @Override
    public long size() throws IOException {
      return file.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
      file.truncate(size);
      return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
      file.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target)
        throws IOException {
      throw new UnsupportedOperationException("not used by the transfer loop");
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count)
        throws IOException {
      throw new UnsupportedOperationException("not used by the transfer loop");
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      return file.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
      throw new UnsupportedOperationException("not used by the transfer loop");
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
      return file.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
      return file.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
      return file.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      file.close();
    }
  }

  private static void assertAligned(ByteBuffer b, int capacity) {
    assertTrue(b.isDirect());
    assertEquals(capacity, b.capacity());
    assertEquals(0, b.position());
    assertEquals(capacity, b.limit());
    assertEquals(0, b.alignmentOffset(0, PlatformTestHook.PAGE), "offset from a page boundary");
  }
}
