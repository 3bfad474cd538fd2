package dev.fastio.internal.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.internal.batch.Md5LanesPropertiesTest.ChunkedSource;
import dev.fastio.internal.batch.Md5LanesPropertiesTest.Delivery;
import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LaneScheduler}'s failure paths: an input that fails to open, mid-way or on close gets its
 * {@code IOException} as its result and the others their digests; a runtime exception stops the run
 * with every source closed; files fed through mapped windows, as the batch will feed them.
 */
class LaneSchedulerTest {
  @TempDir Path dir;

  private static Md5Lanes engine(int blocksPerLane) {
    return Md5Lanes.vectorAvailable()
        ? Md5Lanes.vector(blocksPerLane)
        : Md5Lanes.scalar(8, blocksPerLane);
  }

  /** Fails after {@code failAfter} buffers, or on close. */
  private static final class FailingSource implements LaneScheduler.Source {
    private final ChunkedSource delegate;
    private final int failAfter;
    private final boolean failOnClose;
    private int given;
    boolean closed;

    FailingSource(byte[] bytes, int failAfter, boolean failOnClose) {
      this.delegate = new ChunkedSource(bytes, 100, Delivery.HEAP_CHUNKS);
      this.failAfter = failAfter;
      this.failOnClose = failOnClose;
    }

    @Override
    public ByteBuffer next() throws IOException {
      if (given++ == failAfter) {
        throw new IOException("read failed");
      }
      return delegate.next();
    }

    @Override
    public void close() throws IOException {
      closed = true;
      delegate.close();
      if (failOnClose) {
        throw new IOException("close failed");
      }
    }
  }

  @Test
  void failingInputsGetTheirErrorAndTheOthersTheirDigest() {
    for (int blocksPerLane : new int[] {1, 3, 16}) {
      int n = 40;
      List<byte[]> inputs = new ArrayList<>();
      List<FailingSource> sources = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        byte[] bytes = TestSupport.randomBytes(i, i % 5 == 1 ? 1000 + 37 * i : 37 * i * i % 5000);
        inputs.add(bytes);
        // every 5th fails on open, every 5th + 1 after a few buffers, every 5th + 2 on close
        sources.add(new FailingSource(bytes, i % 5 == 1 ? i % 7 : -1, i % 5 == 2));
      }
      byte[][] digests = new byte[n][];
      IOException[] errors = new IOException[n];
      LaneScheduler.run(
          engine(blocksPerLane),
          n,
          i -> {
            if (i % 5 == 0) {
              throw new IOException("open failed " + i);
            }
            return sources.get(i);
          },
          (i, d, e) -> {
            assertNull(digests[i]);
            assertNull(errors[i]);
            digests[i] = d;
            errors[i] = e;
          });
      for (int i = 0; i < n; i++) {
        switch (i % 5) {
          case 0 -> assertEquals("open failed " + i, errors[i].getMessage());
          case 1 -> assertEquals("read failed", errors[i].getMessage());
          case 2 -> assertEquals("close failed", errors[i].getMessage());
          default -> assertArrayEquals(Md5LanesPropertiesTest.md5(inputs.get(i)), digests[i]);
        }
        assertTrue(i % 5 == 0 || sources.get(i).closed, "source " + i + " left open");
      }
    }
  }

  @Test
  void aRuntimeExceptionStopsTheRunWithEverySourceClosed() {
    List<FailingSource> sources = new ArrayList<>();
    RuntimeException boom = new IllegalStateException("sink failed");
    RuntimeException thrown =
        assertThrows(
            RuntimeException.class,
            () ->
                LaneScheduler.run(
                    engine(2),
                    40,
                    i -> {
                      FailingSource s =
                          new FailingSource(TestSupport.randomBytes(i, 64 * i), -1, false);
                      sources.add(s);
                      return s;
                    },
                    (i, d, e) -> {
                      throw boom;
                    }));
    assertSame(boom, thrown);
    assertTrue(sources.size() > 1);
    for (FailingSource s : sources) {
      assertTrue(s.closed);
    }
  }

  @Test
  void negativeCountIsRejected() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LaneScheduler.run(engine(1), -1, i -> null, (i, d, x) -> {}));
    assertEquals("count < 0: -1", e.getMessage());
  }

  @Test
  void sourceOfABufferLeavesItUntouched() throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(TestSupport.randomBytes(1, 1000), 10, 900);
    byte[][] digest = new byte[1][];
    LaneScheduler.run(
        engine(4), 1, i -> LaneScheduler.Source.of(buffer), (i, d, e) -> digest[0] = d);
    assertEquals(10, buffer.position());
    byte[] expected = new byte[900];
    buffer.duplicate().get(expected);
    assertArrayEquals(Md5LanesPropertiesTest.md5(expected), digest[0]);
  }

  /** A file read in order through read-only mapped windows of {@code window} bytes. */
  private static final class MappedSource implements LaneScheduler.Source {
    private final FileChannel channel;
    private final long size;
    private final int window;
    private long position;

    MappedSource(Path path, int window) throws IOException {
      this.channel = FileChannel.open(path, StandardOpenOption.READ);
      this.size = channel.size();
      this.window = window;
    }

    @Override
    public ByteBuffer next() throws IOException {
      if (position >= size) {
        return null;
      }
      long n = Math.min(window, size - position);
      ByteBuffer b = channel.map(FileChannel.MapMode.READ_ONLY, position, n);
      position += n;
      return b;
    }

    @Override
    public void close() throws IOException {
      channel.close();
    }
  }

  @Test
  void filesThroughMappedWindows() throws IOException {
    List<Path> files = new ArrayList<>();
    List<byte[]> contents = new ArrayList<>();
    for (int size : TestSupport.BOUNDARY_SIZES) {
      byte[] bytes = TestSupport.randomBytes(size, size);
      files.add(TestSupport.write(dir, "f" + files.size(), bytes));
      contents.add(bytes);
    }
    byte[][] digests = new byte[files.size()][];
    LaneScheduler.run(
        engine(16),
        files.size(),
        i -> new MappedSource(files.get(i), 65_536 + 13),
        (i, d, e) -> {
          assertNull(e);
          digests[i] = d;
        });
    for (int i = 0; i < files.size(); i++) {
      byte[] expected = Md5LanesPropertiesTest.md5(contents.get(i));
      assertArrayEquals(expected, digests[i], "size " + contents.get(i).length);
    }
  }
}
