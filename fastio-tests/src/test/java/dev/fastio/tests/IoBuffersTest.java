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
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Every buffer the kernel fills for fastio starts at a page boundary in memory (see {@link
 * IoBuffers#allocateAligned}) and has exactly the capacity asked for.
 */
class IoBuffersTest {
  @Test
  void pooledBuffersArePageAlignedAndOfTheirSize() {
    IoBuffer small = IoBuffers.acquire();
    IoBuffer chunk = IoBuffers.acquireChunk();
    try {
      assertAligned(small.direct, IoBuffers.SIZE);
      assertAligned(chunk.direct, IoBuffers.CHUNK_SIZE);
    } finally {
      IoBuffers.release(small);
      IoBuffers.release(chunk);
    }
    // Released to the pool of their size: taken back, they are the same sizes.
    IoBuffer again = IoBuffers.acquireChunk();
    try {
      assertEquals(IoBuffers.CHUNK_SIZE, again.direct.capacity());
    } finally {
      IoBuffers.release(again);
    }
  }

  @Property(tries = 200, seed = "20261124")
  void anyCapacityIsAlignedAndExact(@ForAll @IntRange(min = 1, max = 3 << 20) int capacity) {
    assertAligned(IoBuffers.allocateAligned(capacity), capacity);
    try (DirectBuffer own = DirectBuffer.allocate(capacity)) {
      assertAligned(own.buffer(), capacity);
    }
  }

  @Test
  void bufferedChunksStartAtAPageBoundary() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    try {
      Files.write(file, TestSupport.randomBytes(11, 300_000));
      for (int chunkSize : new int[] {Chunks.DEFAULT, 1000, 1 << 20}) {
        try (Chunks chunks = Chunks.open(file, chunkSize, Chunks.Strategy.BUFFERED)) {
          ByteBuffer first = chunks.next();
          assertEquals(0, first.alignmentOffset(first.position(), IoBuffers.PAGE), "chunk " + chunkSize);
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
