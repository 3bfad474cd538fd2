package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.io.IoTestHook;
import dev.fastio.tests.support.TestSupport;
import dev.fastio.tests.transfer.TransferPropertiesTest.Mode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of transfers and copies, every strategy, successful and failing (closed and read-only
 * targets, a source truncated under its mapping, an existing copy target), leave the process's open
 * descriptors and the mappings of the source file as they were.
 */
class TransferLeakTest {
  @TempDir Path dir;

  @Test
  void transfersAndCopiesLeaveDescriptorsAndMappingsUnchanged() throws Exception {
    assumeTrue(TestSupport.isLinux());
    byte[] content = TestSupport.randomBytes(1, 3 * TransferPropertiesTest.WINDOW + 5);
    Path source = TestSupport.write(dir, "leak-source", content);
    Path shrinking = dir.resolve("leak-shrinking");
    Path target = dir.resolve("leak-target");
    Path readOnly = TestSupport.write(dir, "leak-read-only", new byte[1]);
    Path copy = dir.resolve("leak-copy");
    Runnable round =
        () -> {
          try {
            for (Mode mode : Mode.values()) {
              oneRound(mode, source, target, readOnly, shrinking, content);
            }
            FastFiles.copy(source, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertThrows(FileAlreadyExistsException.class, () -> FastFiles.copy(source, copy));
            // fastio's own copy (FastFiles.copy without a listener is the JDK's):
            FastFiles.copy(
                source, copy, total -> {}, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertThrows(
                FileAlreadyExistsException.class, () -> FastFiles.copy(source, copy, total -> {}));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        };
    for (int i = 0; i < 50; i++) { // the JDK's own lazy set-up happens before counting
      round.run();
    }
    int fds = TestSupport.openDescriptors();
    int maps = TestSupport.mappings();
    for (int i = 0; i < 750; i++) { // 4 modes x 6 transfers: 18,000 transfers and 1,500 copies
      round.run();
    }
    assertEquals(0, TestSupport.mappingsOf("leak-"), "mappings of the files");
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoMappingGrowth(maps);
    assertTrue(IoTestHook.poolSlots() > 0);
  }

  private static void oneRound(
      Mode mode, Path source, Path target, Path readOnly, Path shrinking, byte[] content)
      throws IOException {
    try (FileChannel in = FileChannel.open(source)) {
      try (FileChannel out =
          FileChannel.open(
              target,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        assertEquals(
            content.length, TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, out));
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      assertEquals(
          content.length - 7,
          TransferPropertiesTest.transfer(mode, in, 7, Long.MAX_VALUE, Channels.newChannel(bytes)));
      try (FileChannel ro = FileChannel.open(readOnly, StandardOpenOption.READ)) {
        assertThrows(
            NonWritableChannelException.class,
            () -> TransferPropertiesTest.transfer(mode, in, 0, 100, ro));
      }
      WritableByteChannel closed = Channels.newChannel(new ByteArrayOutputStream());
      closed.close();
      assertThrows(
          ClosedChannelException.class,
          () -> TransferPropertiesTest.transfer(mode, in, 0, 100, closed));
    }
    // A source truncated while it is written out: a short transfer or a FileSystemException.
    Files.write(shrinking, content);
    try (FileChannel in = FileChannel.open(shrinking);
        WritableByteChannel out = Channels.newChannel(new Truncating(shrinking))) {
      try {
        TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, out);
      } catch (FileSystemException expected) {
        // the fault of a mapped read, converted
      }
    }
  }

  /** Truncates the file to one page once it has been given a window's worth of bytes. */
  private static final class Truncating extends OutputStream {
    private final Path file;
    private long count;

    Truncating(Path file) {
      this.file = file;
    }

    @Override
    public void write(int b) {
      write(new byte[1], 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      long before = count;
      count += len;
      if (before < TransferPropertiesTest.WINDOW / 2
          && count >= TransferPropertiesTest.WINDOW / 2) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          f.setLength(4096);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }
}
