package dev.fastio.tests.chunks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.ChunkedReader;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ChunkedReader.asInputStream()}: the reader's bytes from its position, for buffered and
 * mapped files (33 MiB, over the 32 MiB from which a reader maps), FIFOs and {@code /proc} files;
 * skips bounded by the size, reads and transfers that move the reader, close closing it.
 */
class ChunkedReaderStreamTest {
  @TempDir Path dir;

  @Test
  void readsSkipsAndTransfersGiveTheFilesBytes() throws Exception {
    for (int size : List.of(0, 1, 131071, 131072, 131073, 1 << 20, (33 << 20) + 7)) {
      byte[] content = TestSupport.randomBytes(size, size);
      Path file = TestSupport.write(dir, "view-" + size, content);
      try (ChunkedReader reader = ChunkedReader.open(file)) {
        InputStream in = reader.asInputStream();
        assertEquals(size, in.available());
        byte[] head = in.readNBytes(100);
        assertArrayEquals(Arrays.copyOf(content, Math.min(100, size)), head);
        assertEquals(Math.min(1000, Math.max(0, size - 100)), in.skip(1000));
        assertEquals(reader.position(), Math.min(size, 1100));
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        assertEquals(Math.max(0, size - 1100), in.transferTo(rest));
        assertArrayEquals(
            Arrays.copyOfRange(content, Math.min(size, 1100), size), rest.toByteArray());
        assertEquals(-1, in.read());
        assertEquals(0, in.skip(10));
        assertEquals(0, in.available());
      }
      try (ChunkedReader reader = ChunkedReader.open(file, 4096)) {
        reader.skip(size / 2);
        Path copy = dir.resolve("copy-" + size);
        try (OutputStream out = new FileOutputStream(copy.toFile())) {
          assertEquals(size - size / 2, reader.asInputStream().transferTo(out));
        }
        assertArrayEquals(Arrays.copyOfRange(content, size / 2, size), Files.readAllBytes(copy));
      }
      Files.delete(file);
    }
  }

  @Test
  void closingTheStreamClosesTheReader() throws Exception {
    Path file = TestSupport.write(dir, "close", new byte[10]);
    ChunkedReader reader = ChunkedReader.open(file);
    InputStream in = reader.asInputStream();
    assertEquals(0, in.read());
    in.close();
    assertThrows(ClosedChannelException.class, reader::next);
    assertThrows(IOException.class, in::read);
  }

  @Test
  void aFifoIsReadToItsEndAndSkippedByReading() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(15, 500_000);
    Path fifo = TestSupport.fifo(dir, "fifo");
    Thread writer = TestSupport.feed(fifo, content);
    try (ChunkedReader reader = ChunkedReader.open(fifo);
        InputStream in = reader.asInputStream()) {
      assertEquals(0, in.available());
      assertEquals(1000, in.skip(1000));
      assertArrayEquals(Arrays.copyOfRange(content, 1000, content.length), in.readAllBytes());
    }
    writer.join();
  }

  @Test
  void aProcFileIsReadToItsEnd() throws Exception {
    Path version = Paths.get("/proc/version");
    assumeTrue(Files.isReadable(version));
    try (ChunkedReader reader = ChunkedReader.open(version);
        InputStream in = reader.asInputStream()) {
      assertArrayEquals(Files.readAllBytes(version), in.readAllBytes());
    }
  }
}
