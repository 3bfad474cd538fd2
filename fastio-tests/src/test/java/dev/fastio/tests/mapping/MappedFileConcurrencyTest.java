package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastFiles;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.tests.support.MappedProbe;
import dev.fastio.tests.support.TestSupport;
import java.io.RandomAccessFile;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Truncation while {@code loadFully} and readers run, at several delays: a result or an {@code
 * IOException} naming the file, never an {@code InternalError}; and close racing with readers.
 */
class MappedFileConcurrencyTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(longs = {0, 20, 100, 500, 3000})
  void truncationWhileLoadingAndReadingGivesResultsOrIoExceptions(long delayMicros)
      throws Exception {
    Path file = dir.resolve("truncated");
    int size = 8 << 20;
    int faults = 0;
    for (int round = 0; round < 4; round++) {
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.setLength(0);
        f.setLength(size);
        f.seek(size - 1);
        f.write(1);
      }
      // The same routine the C2 child runs (MappedFileJitTest); it throws AssertionError if
      // anything
      // but a result or a FileSystemException naming the file came out.
      faults += MappedProbe.truncateWhileReading(file, delayMicros, size)[1];
      assertTrue(FastFiles.readAllBytes(file).length <= size);
    }
    assertTrue(faults > 0, "loads after the truncation must fault");
  }

  @Test
  void closeWaitsForRunningReadsAndLaterReadsThrowIllegalStateException() throws Exception {
    byte[] content = TestSupport.randomBytes(3, 4 << 20);
    Path file = TestSupport.write(dir, "f", content);
    for (int round = 0; round < 20; round++) {
      MappedFile mf = MappedFiles.map(file);
      CountDownLatch started = new CountDownLatch(4);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      AtomicInteger completed = new AtomicInteger();
      List<Thread> readers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Thread reader =
            new Thread(
                () -> {
                  byte[] dst = new byte[content.length];
                  started.countDown();
                  try {
                    while (true) {
                      mf.read(0, dst, 0, dst.length);
                      assertArrayEquals(content, dst);
                      mf.loadFully();
                      completed.incrementAndGet();
                    }
                  } catch (IllegalStateException e) {
                    // closed: the expected end
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                });
        reader.start();
        readers.add(reader);
      }
      started.await();
      mf.close();
      for (Thread r : readers) {
        r.join();
      }
      assertNull(failure.get());
      assertTrue(mf.isClosed());
    }
  }

  @Test
  void aFaultNamesTheFile() throws Exception {
    Path file = TestSupport.write(dir, "named", new byte[1 << 20]);
    try (MappedFile mf = MappedFiles.map(file)) {
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.setLength(0);
      }
      FileSystemException e =
          org.junit.jupiter.api.Assertions.assertThrows(FileSystemException.class, mf::loadFully);
      assertEquals(file.toString(), e.getFile());
    }
  }
}
