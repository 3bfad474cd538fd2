package dev.fastio.internal.scan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes of a file passed through one heap buffer for {@link LineCutter}: filled from a source
 * (a channel, or a mapped part copied by the buffer's bulk get), the lines in it cut and handed
 * over, the unfinished last line moved to the front before the next fill; the buffer grows only
 * when one line fills it (up to a line of the maximum length and a CR LF). Lines handed over are
 * views of the heap array: reading them can never fault, whatever happens to the file.
 */
final class HeapWindow {
  /** Fills {@code dst} from its position; returns the bytes added, or -1 at the source's end. */
  @FunctionalInterface
  interface Source {
    int read(ByteBuffer dst) throws IOException;
  }

  private ByteBuffer buf;

  /** A window whose buffer starts with {@code first} bytes; one per thread, reused by its parts. */
  HeapWindow(int first) {
    this.buf = ByteBuffer.allocate(first).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Hands {@code sink} every line that starts at or after file offset {@code from} and before
   * {@code end}, reading {@code source} (whose first byte is at {@code from}) as far as needed.
   *
   * @param fileEnd whether the source ends where the file does (else a line it does not finish is
   *     too long: the source reaches a line's maximum length past {@code end})
   * @param progress whether to report the bytes passed to {@link ScanOptions#progress}
   * @throws LineTooLongException if a line is longer than the maximum
   */
  void lines(
      Source source,
      long from,
      long end,
      boolean fileEnd,
      LineCutter cutter,
      ScanOptions options,
      LineSink sink,
      boolean progress)
      throws IOException, LineTooLongException {
    buf.clear();
    long base = from;
    long reported = -1;
    while (true) {
      boolean exhausted = source.read(buf) < 0;
      int limit = buf.position();
      int stop = (int) Math.min(limit, end - base);
      int q = cutter.cut(buf, 0, stop, limit, exhausted && fileEnd, base, sink);
      if ((q >= stop && base + stop >= end) || exhausted) {
        if (q < stop) { // the source ended before the line did
          throw new LineTooLongException(base + q, options.maxLineLength());
        }
        if (progress && base + limit > reported) {
          options.reportProgress(base + limit);
        }
        return;
      }
      base += q;
      if (progress && base > reported) {
        options.reportProgress(base);
        reported = base;
      }
      buf = keep(buf, q, limit, options.maxLineLength());
    }
  }

  /**
   * Moves the bytes {@code [q, limit)} to the start of {@code buf}, or of a buffer twice as large
   * if they fill it (at most one that holds a line of the maximum length and a CR LF).
   */
  private static ByteBuffer keep(ByteBuffer buf, int q, int limit, int maxLineLength) {
    buf.limit(limit).position(q);
    if (q > 0 || limit < buf.capacity()) {
      return buf.compact();
    }
    int capacity = (int) Math.min((long) maxLineLength + 2, 2L * buf.capacity());
    return ByteBuffer.allocate(Math.max(capacity, buf.capacity())).order(buf.order()).put(buf);
  }
}
