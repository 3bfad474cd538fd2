package dev.fastio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.internal.Chunks;
import dev.fastio.internal.DirectBuffer;
import dev.fastio.internal.IoBuffers;
import dev.fastio.internal.IoBuffers.IoBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Every buffer the kernel fills for fastio starts at a page boundary in memory (see {@link
 * IoBuffers#allocateAligned}) and has exactly the capacity asked for; buffered chunks are placed in
 * it never just after the file's bytes modulo a page.
 */
class IoBuffersTest {
  @Test
  void pooledBuffersArePageAlignedAndOfTheirSize() {
    IoBuffer small = IoBuffers.acquire();
    IoBuffer chunk = IoBuffers.acquireChunk();
    try {
      assertAligned(small.direct, IoBuffers.SIZE);
      assertAligned(chunk.direct, IoBuffers.CHUNK_BUFFER);
    } finally {
      IoBuffers.release(small);
      IoBuffers.release(chunk);
    }
    // Each went back to the pool it came from: whatever slot a later call takes, the sizes hold.
    for (int i = 0; i < 2 * IoBuffers.slots(); i++) {
      IoBuffer s = IoBuffers.acquire();
      IoBuffer c = IoBuffers.acquireChunk();
      try {
        assertEquals(IoBuffers.SIZE, s.direct.capacity());
        assertEquals(IoBuffers.CHUNK_BUFFER, c.direct.capacity());
      } finally {
        IoBuffers.release(s);
        IoBuffers.release(c);
      }
    }
  }

  /** Capacities around the page and pool sizes, then random ones; each buffer freed at once. */
  @Property(tries = 200, seed = "20261124")
  void anyCapacityIsAlignedAndExact(@ForAll("capacities") int capacity) {
    try (DirectBuffer own = DirectBuffer.allocate(capacity)) {
      assertAligned(own.buffer(), capacity);
    }
  }

  @Provide
  Arbitrary<Integer> capacities() {
    int p = IoBuffers.PAGE;
    return Arbitraries.oneOf(
        Arbitraries.of(1, 2, p - 1, p, p + 1, 2 * p - 1, 2 * p, 2 * p + 1, IoBuffers.SIZE - 1,
            IoBuffers.SIZE, IoBuffers.SIZE + 1, IoBuffers.CHUNK_SIZE - 1, IoBuffers.CHUNK_SIZE,
            IoBuffers.CHUNK_SIZE + 1),
        Arbitraries.integers().between(1, 3 << 20));
  }

  @Test
  void allocateAlignedIsExactForPoolSizes() {
    for (int capacity : new int[] {1, IoBuffers.PAGE + 1, IoBuffers.SIZE, IoBuffers.CHUNK_SIZE}) {
      assertAligned(IoBuffers.allocateAligned(capacity), capacity);
    }
  }

  /**
   * A buffered chunk read from the file starts at a page boundary, or 64 bytes past one when its
   * first byte lies in the last 63 bytes of a page of the file: never 1 to 63 bytes after the
   * file's bytes modulo a page, where the kernel's copy is slow.
   */
  @Test
  void bufferedChunksAreNeverPlacedJustAfterTheFilesBytes() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    int page = IoBuffers.PAGE;
    try {
      byte[] content = TestSupport.randomBytes(11, 300_000);
      Files.write(file, content);
      for (int chunkSize : new int[] {Chunks.DEFAULT, 1000, page, 100_000, 1 << 20}) {
        for (long at : new long[] {0, 1, 16, page - 64, page - 63, page - 16, page - 1, page, 5000,
            131_071}) {
          try (Chunks chunks = Chunks.open(file, chunkSize, Chunks.Strategy.BUFFERED)) {
            chunks.position(at);
            String where = "chunk size " + chunkSize + " at " + at;
            // Chunks of up to 64 KiB may be served from bytes read ahead, slices anywhere in the
            // buffer: only the first, read from the file, is checked for them.
            boolean every = chunkSize == Chunks.DEFAULT || chunkSize > IoBuffers.CHUNK_SIZE / 2;
            for (ByteBuffer chunk; (chunk = chunks.next()) != null; ) {
              long from = chunks.position() - chunk.remaining();
              int expected = from % page > page - 64 ? 64 : 0;
              assertEquals(expected, chunk.alignmentOffset(0, page), where + ", chunk at " + from);
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

  private static void assertAligned(ByteBuffer b, int capacity) {
    assertTrue(b.isDirect());
    assertEquals(capacity, b.capacity());
    assertEquals(0, b.position());
    assertEquals(capacity, b.limit());
    assertEquals(0, b.alignmentOffset(0, IoBuffers.PAGE), "offset from a page boundary");
  }
}
