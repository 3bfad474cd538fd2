package dev.fastio.internal.chunks;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.PageTouch;
import dev.fastio.internal.mapping.Prefaulter;
import dev.fastio.internal.mapping.Unmapper;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Chunks as read-only slices of a window mapped lazily: the window starts at the first chunk that
 * does not fit the current one and spans {@code windowSize} bytes (or to the size at open), so a
 * chunk never straddles two windows and skipped ranges are never mapped. When a chunk outside the
 * window is asked for, the window is handed to the {@link Unmapper}, which releases it on a
 * background thread while this reader maps the next one; should the previous window's release still
 * be running, it is released on this thread instead, so at most two windows are mapped at once.
 * {@link #close()} releases the current window on this thread and waits for the one handed over:
 * nothing is left mapped when it returns.
 *
 * <p>A chunk that starts where the last one ended (no move in between) shows the reader is reading
 * in order: the pages of the window after it are then faulted in ahead of the reader by the {@link
 * Prefaulter}, once per window. A move ({@link #position(long)}, {@link #skip(long)}) stops that,
 * so bytes skipped are not read ahead of a reader that skips.
 *
 * <p>Before a chunk is handed out its last byte is read, inside a {@code try} that turns the fault
 * of a file truncated under the mapping into a {@link java.nio.file.FileSystemException}: a chunk
 * whose pages are gone is never returned. The last byte is enough: truncation removes the pages at
 * the end of the file, so if any page of the chunk is gone, its last page is. Where {@link
 * PlatformProvider#touchesChunkPages()} one byte of every page is read as well, which makes the
 * pages present before the caller reads them.
 */
final class MappedChunkSource extends ChunkSource {
  private static final boolean TOUCH_PAGES = PlatformProvider.get().touchesChunkPages();

  private final int windowSize;
  private MappedRegion region;
  private ByteBuffer window;
  private long windowStart;
  private long windowEnd;

  /** The window last handed to the {@link Unmapper}, or null. */
  private Unmapper.Release releasing;

  /** The prefault of the current window, or null if none was asked for (yet). */
  private Prefaulter.Prefault prefault;

  /** Where the last chunk handed out ended; -1 before the first. */
  private long lastEnd = -1;

  /** The sum of the last bytes read, kept so the JIT cannot drop the reads. */
  int touched;

  MappedChunkSource(Path path, FileChannel channel, int chunkSize, long size, int windowSize) {
    super(path, channel, chunkSize, size);
    this.windowSize = windowSize;
  }

  @Override
  public ChunkStrategy strategy() {
    return ChunkStrategy.MAPPED;
  }

  @Override
  ByteBuffer read(int max) throws IOException {
    long left = limit - position;
    if (left <= 0) {
      return null;
    }
    int n = (int) Math.min(max, left);
    ByteBuffer chunk;
    try {
      chunk = chunk(n);
      Faults.deliverPending(); // a fault of the read is thrown here, inside this try
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw Faults.truncated(path, e);
      }
      throw e;
    }
    long p = position;
    position += n;
    // In order (no move since the last chunk): the rest of the window is faulted in ahead. Asked
    // here, after the try, where no fault error of this thread's reads can still be pending.
    if (Settings.CHUNKED_PREFAULT && prefault == null && p == lastEnd && position < windowEnd) {
      int end = (int) (windowEnd - windowStart);
      prefault = Prefaulter.prefault(window.duplicate(), (int) (position - windowStart), end);
    }
    lastEnd = position;
    return chunk;
  }

  // The mapped read (of the last byte) happens in this callee, so the caller's try covers it
  // however the JIT inlines it.
  private ByteBuffer chunk(int n) throws IOException {
    long p = position;
    if (window == null || p < windowStart || p + n > windowEnd) {
      map(p, n);
    }
    ByteBuffer chunk = window.slice((int) (p - windowStart), n);
    // Faults here if the file no longer covers the chunk.
    touched += TOUCH_PAGES ? PageTouch.read(chunk, 0, n, PageTouch.STRIDE) : chunk.get(n - 1);
    return chunk;
  }

  /**
   * Releases the current window and maps one from {@code p}, after checking that the file still
   * covers the chunk of {@code n} bytes there; a file that shrank is mapped no further than its
   * end.
   */
  private void map(long p, int n) throws IOException {
    unmap();
    long size = channel.size();
    if (size < p + n) {
      throw shrank(size);
    }
    long length = Math.min(windowSize, Math.min(limit, size) - p);
    MappedRegion r;
    try {
      r =
          PlatformProvider.get()
              .map(channel, p, length, (int) length, PlatformProvider.Sharing.SHARED);
    } catch (ClosedByInterruptException e) {
      throw e;
    } catch (IOException | OutOfMemoryError e) {
      throw Faults.mapFailed(path, length, e);
    }
    region = r;
    window = r.window(0);
    windowStart = p;
    windowEnd = p + length;
  }

  /**
   * Releases the current window, if any: on the {@link Unmapper}'s thread unless the window handed
   * over before is still being released. A fault error still pending from a read of it is thrown
   * here.
   */
  private void unmap() {
    MappedRegion r = region;
    if (r == null) {
      return;
    }
    region = null;
    window = null;
    Prefaulter.Prefault f = prefault;
    prefault = null;
    try {
      Faults.deliverPending(); // the error belongs to this thread: thrown before the hand-over
    } finally {
      if (releasing == null || releasing.isDone()) {
        releasing = Unmapper.release(r, f);
      } else {
        // At most two windows at once: the one being released and this one.
        Unmapper.releaseNow(r, f);
      }
    }
  }

  /** A move stops the prefault of the window: the bytes skipped are not to be read ahead. */
  @Override
  void checkMove(long target) {
    if (prefault != null && target != position) {
      prefault.stop();
    }
  }

  @Override
  void release() throws IOException {
    MappedRegion r = region;
    region = null;
    window = null;
    Prefaulter.Prefault f = prefault;
    prefault = null;
    try {
      try {
        Faults.deliverPending(); // a fault error of the last chunk: thrown here, not in the waits
      } finally {
        try {
          if (r != null) {
            Unmapper.releaseNow(r, f); // the last window: on this thread
          }
        } finally {
          if (releasing != null) {
            releasing.await();
            releasing = null;
          }
        }
      }
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw Faults.truncated(path, e);
      }
      throw e;
    }
  }
}
