package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.platform.AlignedBuffers;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * Reads the start of files into the page cache and discards the bytes, for the read-ahead threads
 * of a batch ({@link SequentialReader}, {@link ParallelReadAhead}). Where {@code /dev/null} can be
 * opened a file is "read" by transferring it there: the kernel fills the page cache (reading ahead
 * sequentially) and copies nothing, so loading a file that is cached already costs next to no CPU.
 * Elsewhere it reads into a buffer of its own. Confined to one thread; {@link #close()} frees what
 * it holds.
 */
final class PageCacheLoader implements Closeable {
  /** Bytes per read into the buffer, where there is no {@code /dev/null}. */
  private static final int READ_CHUNK = 1 << 20;

  /** Bytes per transfer to {@code /dev/null}: small enough that a cancelled batch stops soon. */
  private static final long STEP = 8L << 20;

  private final FileChannel sink;
  private final ByteBuffer buffer;
  private final Delivery run;

  /** A loader that stops within a step once {@code run} is cancelled. */
  PageCacheLoader(Delivery run) {
    this.run = run;
    this.sink = openDevNull();
    this.buffer = sink == null ? AlignedBuffers.allocate(READ_CHUNK) : null;
  }

  /**
   * Loads the first {@code size} bytes of {@code path} into the page cache; stops early at the end
   * of the file or when cancelled. Errors are left to the hashing thread to meet and report.
   */
  void load(Path path, long size) {
    try (FileChannel ch = FileChannel.open(path, FileKinds.READ)) {
      long done = 0;
      while (done < size && !run.isCancelled()) {
        long n =
            sink != null
                ? ch.transferTo(done, Math.min(size - done, STEP), sink)
                : read(ch, buffer);
        if (n <= 0) {
          return; // end of file (it shrank), or the kernel declined: the hashing reads the rest
        }
        done += n;
      }
    } catch (IOException | RuntimeException e) {
      // vanished, unreadable, interrupted: the hashing thread hashes it and reports the error
    }
  }

  private static long read(FileChannel ch, ByteBuffer buffer) throws IOException {
    buffer.clear();
    return ch.read(buffer);
  }

  private static FileChannel openDevNull() {
    try {
      return FileChannel.open(Paths.get("/dev/null"), StandardOpenOption.WRITE);
    } catch (IOException | RuntimeException e) {
      return null; // not a Unix system: read into a buffer
    }
  }

  @Override
  public void close() {
    if (sink != null) {
      try {
        sink.close();
      } catch (IOException e) {
        // /dev/null: nothing was written that could be lost
      }
    }
  }
}
