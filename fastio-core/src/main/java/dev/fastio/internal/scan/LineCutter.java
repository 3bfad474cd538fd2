package dev.fastio.internal.scan;

import dev.fastio.internal.platform.ByteSearch;
import dev.fastio.internal.platform.Faults;
import java.nio.ByteBuffer;

/**
 * Cuts the bytes of a buffer into lines at the terminators {@link ByteSearch} finds, a batch of
 * positions per search. One per thread (it keeps its batch between calls).
 */
final class LineCutter {
  private static final byte LF = '\n';
  private static final byte CR = '\r';

  private final ByteSearch search;
  private final ScanOptions options;

  /** The most bytes one search covers: a truncated mapping fails within one window's faults. */
  private static final int WINDOW = 64 * 1024;

  private final int[] ends = new int[16 * ByteSearch.STEP];

  LineCutter(ByteSearch search, ScanOptions options) {
    this.search = search;
    this.options = options;
  }

  /**
   * Hands {@code sink} each line that starts in {@code [start, end)}: each runs to its terminator,
   * which may lie beyond {@code end}; the bytes {@code [start, limit)} of {@code buf}, a heap
   * buffer whose array starts at its index 0, are there.
   *
   * @param eof whether {@code limit} is the end of the file: a last line without terminator is a
   *     line; else a line whose end is not found before {@code limit} is left for more bytes
   * @param base the file offset of index 0
   * @return the index of the first line start not handed over: {@code end} or beyond when all were,
   *     else the start of a line that needs bytes beyond {@code limit}
   * @throws LineTooLongException if a line is longer than the maximum
   */
  int cut(ByteBuffer buf, int start, int end, int limit, boolean eof, long base, LineSink sink)
      throws LineTooLongException {
    int max = options.maxLineLength();
    int q = start;
    int from = start;
    while (q < end) {
      int to = (int) Math.min(reach(q, limit), (long) from + WINDOW);
      int n = search.find(buf, from, to, options.first(), options.second(), ends);
      Faults.deliverPending(); // a file truncated under the mapping fails here, window by window
      for (int k = 0; k < n; k++) {
        int t = ends[k];
        if (t < q) {
          continue; // the LF of a CR LF already taken
        }
        int next = t + 1;
        if (options.crlf() && buf.get(t) == CR) {
          if (next < limit) {
            next += buf.get(next) == LF ? 1 : 0;
          } else if (!eof) {
            return q; // an LF may follow
          }
        }
        sink.line(buf.array(), buf.arrayOffset() + q, t - q, base + q);
        q = next;
        if (q >= end) {
          return q;
        }
      }
      from = n > ends.length - ByteSearch.STEP ? ends[n - 1] + 1 : to; // all before it searched
      long reach = reach(q, limit);
      if (from < reach) {
        continue;
      }
      if (reach < limit) {
        throw new LineTooLongException(base + q, max); // no terminator within the maximum
      }
      if (!eof) {
        return q;
      }
      if (limit - q > max) {
        throw new LineTooLongException(base + q, max);
      }
      if (q < limit) {
        sink.line(buf.array(), buf.arrayOffset() + q, limit - q, base + q);
      }
      return limit;
    }
    return q;
  }

  /** Whether {@code b} ends a line. */
  boolean isTerminator(byte b) {
    return b == options.first() || b == options.second();
  }

  /**
   * Where the search for the end of a line starting at {@code q} may stop: its maximum, or limit.
   */
  private long reach(int q, int limit) {
    return Math.min(
        limit, (long) q + options.maxLineLength() + 1); // a terminator at q + max ends it
  }

  /**
   * The first line start at or after index {@code start} ({@code start > 0}), given the bytes
   * {@code [start - 1, limit)}; {@code limit} if none is found within a line's maximum length (a
   * line that began earlier is too long, or runs to the end).
   */
  int firstLineStart(ByteBuffer buf, int start, int limit) {
    long reach = reach(start, limit);
    for (int from = start - 1; from < reach; from += WINDOW) {
      int to = (int) Math.min(reach, (long) from + WINDOW);
      int n = search.find(buf, from, to, options.first(), options.second(), ends);
      Faults.deliverPending();
      if (n > 0) {
        int t = ends[0];
        boolean crlf = options.crlf() && buf.get(t) == CR && t + 1 < limit && buf.get(t + 1) == LF;
        return crlf ? t + 2 : t + 1;
      }
    }
    return limit;
  }

  /**
   * How many lines end in {@code [from, to)} of {@code buf}: its terminators, a CR LF counted once
   * (at its CR; an LF at {@code from} after a CR at {@code from - 1}, passed as {@code before}, not
   * counted).
   */
  long countTerminators(ByteBuffer buf, int from, int to, byte before) {
    boolean pairs = options.crlf();
    long n = 0;
    for (int at = from; at < to; at += WINDOW) {
      int end = (int) Math.min(to, (long) at + WINDOW);
      n += search.count(buf, at, end, options.first(), options.second(), pairs);
      Faults.deliverPending();
      byte previous = at == from ? before : buf.get(at - 1);
      if (pairs && previous == CR && buf.get(at) == LF) {
        n--; // a CR LF across the window's start, or the part's
      }
    }
    return n;
  }
}
