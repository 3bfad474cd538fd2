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
    // Each went back to the pool it came from: whatever slot a later call takes, the sizes hold.
    for (int i = 0; i < 2 * IoBuffers.slots(); i++) {
      IoBuffer s = IoBuffers.acquire();
      IoBuffer c = IoBuffers.acquireChunk();
      try {
        assertEquals(IoBuffers.SIZE, s.direct.capacity());
        assertEquals(IoBuffers.CHUNK_SIZE, c.direct.capacity());
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

  @Test
  void bufferedChunksStartAtAPageBoundary() throws IOException {
    Path file = Files.createTempFile("fastio-aligned", ".bin");
    try {
      Files.write(file, TestSupport.randomBytes(11, 300_000));
      for (int chunkSize : new int[] {Chunks.DEFAULT, 1000, 1 << 20}) {
        try (Chunks chunks = Chunks.open(file, chunkSize, Chunks.Strategy.BUFFERED)) {
          ByteBuffer first = chunks.next();
          assertEquals(
              0, first.alignmentOffset(first.position(), IoBuffers.PAGE), "chunk " + chunkSize);
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
