package dev.fastio.internal.scan;

import dev.fastio.internal.platform.ByteSearch;
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
  private final int[] ends = new int[16 * ByteSearch.STEP];

  LineCutter(ByteSearch search, ScanOptions options) {
    this.search = search;
    this.options = options;
  }

  /**
   * Hands {@code sink} each line that starts in {@code [start, end)}: each runs to its terminator,
   * which may lie beyond {@code end}; the bytes {@code [start, limit)} of {@code buf} are there.
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
      int to = (int) Math.min(limit, (long) q + max + 1); // a terminator at q + max ends a line
      int n = search.find(buf, from, to, options.first(), options.second(), ends);
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
        sink.line(buf, q, t - q, base + q);
        q = next;
        if (q >= end) {
          return q;
        }
      }
      if (n > ends.length - ByteSearch.STEP) {
        from = ends[n - 1] + 1; // the batch was full: search on
        continue;
      }
      if (to < Math.min(limit, (long) q + max + 1)) {
        from = to; // [from, to) was searched for an earlier line: search on for this one
        continue;
      }
      if (to < limit) {
        throw new LineTooLongException(base + q, max);
      }
      if (!eof) {
        return q;
      }
      if (limit - q > max) {
        throw new LineTooLongException(base + q, max);
      }
      if (q < limit) {
        sink.line(buf, q, limit - q, base + q);
      }
      return limit;
    }
    return q;
  }

  /**
   * The first line start at or after index {@code start} ({@code start > 0}), given the bytes
   * {@code [start - 1, limit)}; {@code limit} if none is found within a line's maximum length (a
   * line that began earlier is too long, or runs to the end).
   */
  int firstLineStart(ByteBuffer buf, int start, int limit, boolean eof) {
    int to = (int) Math.min(limit, (long) start + options.maxLineLength() + 1);
    int n = search.find(buf, start - 1, to, options.first(), options.second(), ends);
    if (n == 0) {
      return limit;
    }
    int t = ends[0];
    if (options.crlf() && buf.get(t) == CR && t + 1 < limit && buf.get(t + 1) == LF) {
      return t + 2;
    }
    return t + 1;
  }

  /**
   * How many lines end in {@code [from, to)} of {@code buf}: its terminators, a CR LF counted once
   * (at its CR; an LF at {@code from} after a CR at {@code from - 1}, passed as {@code before}, not
   * counted).
   */
  long countTerminators(ByteBuffer buf, int from, int to, byte before) {
    long n = search.count(buf, from, to, options.first(), options.second(), options.crlf());
    if (options.crlf() && before == CR && from < to && buf.get(from) == LF) {
      n--;
    }
    return n;
  }
}
