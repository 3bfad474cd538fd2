package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.platform.AlignedBuffers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The reader thread of a {@link Pipeline#SEQUENTIAL} batch: reads each regular file, in input
 * order, into the page cache, at most the read-ahead budget ahead of the hashing, then hands its
 * index to the hashing threads, which hash it from the cache. The device sees one sequential
 * reader.
 *
 * <p>Where {@code /dev/null} can be opened, a file is "read" by transferring it there: the kernel
 * fills the page cache (reading ahead sequentially) and copies nothing, so the reader costs the
 * hashing threads no CPU when the files are cached already. Elsewhere it reads into a buffer it
 * discards. Only regular files are read ahead: FIFOs and devices go straight to the hashing
 * threads, so nothing is consumed twice.
 */
final class SequentialReader implements Runnable {
  /** Bytes per read into the buffer, where there is no {@code /dev/null}. */
  private static final int READ_CHUNK = 1 << 20;

  /** Bytes per transfer to {@code /dev/null}: small enough that a cancelled batch stops soon. */
  private static final long PRELOAD_STEP = 8L << 20;

  private final List<? extends Path> paths;
  private final ReadAheadBudget budget;
  private final long limit;
  private final IntConsumer ready;
  private final int hashers;
  private final BatchRun run;

  /**
   * @param limit the read-ahead budget, in bytes: a file larger than half of it is handed on before
   *     it is read, so that its hashing follows the reader through it
   * @param ready takes the index of each file, once it is read (or to be read by the hashing thread
   *     itself), then -1 once per hashing thread: no file is left
   * @param hashers the hashing threads
   */
  SequentialReader(
      List<? extends Path> paths,
      ReadAheadBudget budget,
      long limit,
      IntConsumer ready,
      int hashers,
      BatchRun run) {
    this.paths = paths;
    this.budget = budget;
    this.limit = limit;
    this.ready = ready;
    this.hashers = hashers;
    this.run = run;
  }

  @Override
  public void run() {
    ByteBuffer buffer = null;
    FileChannel sink = openDevNull();
    try {
      if (sink == null) {
        buffer = AlignedBuffers.allocate(READ_CHUNK);
      }
      for (int i = 0; i < paths.size() && !run.isCancelled(); i++) {
        readAhead(i, buffer, sink);
      }
      for (int i = 0; i < hashers; i++) {
        ready.accept(-1); // no file is left
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      run.fail(e);
    } finally {
      closeQuietly(sink);
    }
  }

  private void readAhead(int i, ByteBuffer buffer, FileChannel sink) throws InterruptedException {
    Path path = paths.get(i);
    long size = FileKinds.regularFileSize(path);
    if (size <= 0) {
      ready.accept(i); // empty, missing, FIFO, device: the hashing thread reports or reads it
      return;
    }
    budget.reserve(i, size);
    boolean large = size > limit / 2;
    if (large) {
      ready.accept(i); // the hashing thread follows the reader through the file
    }
    preload(path, size, buffer, sink);
    if (!large) {
      ready.accept(i);
    }
  }

  /**
   * Reads {@code path}'s first {@code size} bytes into the page cache and discards them, through
   * {@code sink} ({@code /dev/null}) when there is one, else through {@code buffer}; errors are the
   * hashing thread's to report.
   */
  private void preload(Path path, long size, ByteBuffer buffer, FileChannel sink) {
    try (FileChannel ch = FileChannel.open(path, FileKinds.READ)) {
      long done = 0;
      while (done < size && !run.isCancelled()) {
        long n =
            sink != null
                ? ch.transferTo(done, Math.min(size - done, PRELOAD_STEP), sink)
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

  private static void closeQuietly(FileChannel ch) {
    if (ch != null) {
      try {
        ch.close();
      } catch (IOException e) {
        // /dev/null: nothing was written that could be lost
      }
    }
  }
}
