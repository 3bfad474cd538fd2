package dev.fastio.internal.text;

import dev.fastio.internal.io.BufferPool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.function.Consumer;

/**
 * The lines of the bytes {@code [index, fence)} of a file, for a charset in which one byte only
 * ever means LF (or two) and one only ever CR ({@link Lines#newlines}: 0x0A and 0x0D but in
 * EBCDIC). A line ends at LF, CR or CR LF, as {@link java.io.BufferedReader#readLine()} ends it; a
 * last line without a terminator is a line; the terminators are not part of the lines.
 *
 * <p>Reading: positional reads of the shared channel through a pooled direct buffer, copied into a
 * heap array that grows to hold the longest line; nothing is mapped, and no native buffer is kept.
 * A fence of {@link #TO_END} reads to the end of the file as it is when the reading gets there.
 *
 * <p>Splitting ({@link #trySplit}): before traversal, at the first line boundary at or after the
 * middle of the bytes known to exist ({@code knownSize}), never below {@link #MIN_SPLIT} bytes (or
 * the size given) a side; the left part ends with its line terminator, so every line is read whole
 * by one part.
 *
 * <p>Errors: an {@link IOException} of the channel, or bytes that are not text in the charset
 * ({@link LineDecoder}), surface as an {@link UncheckedIOException}, as from {@code Files.lines}.
 * Each part is used by one thread at a time; the parts share the channel, which their owner closes.
 */
final class LineSpliterator implements Spliterator<String> {
  /** A fence that reads to the end of the file. */
  static final long TO_END = Long.MAX_VALUE;

  /** By default no part is made smaller than this many bytes. */
  static final long MIN_SPLIT = 1 << 20;

  /** The initial size of a part's buffer. */
  static final int INITIAL = 64 * 1024;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;

  private final FileChannel channel;
  private final Charset charset;
  private final byte lf; // the byte of LF in the charset, another (or the same), and CR's
  private final byte lf2;
  private final byte cr;
  private final long lfs; // eight of each, and eight of the byte above the highest
  private final long lf2s;
  private final long crs;
  private final long belowNewline;
  private final long knownSize;
  private final long minSplit;
  private final int initial;
  private final long fence;
  private long index; // the next byte to read from the file
  private boolean started;
  private LineDecoder decoder;
  private byte[] buf;
  private int pos; // the next byte of buf to scan
  private int limit; // the end of the bytes read into buf
  private boolean eof;

  LineSpliterator(FileChannel channel, Charset charset, long index, long fence, long knownSize) {
    this(channel, charset, index, fence, knownSize, MIN_SPLIT, INITIAL);
  }

  /** With a smallest part of {@code minSplit} bytes and a first buffer of {@code initial}. */
  LineSpliterator(
      FileChannel channel,
      Charset charset,
      long index,
      long fence,
      long knownSize,
      long minSplit,
      int initial) {
    this.channel = channel;
    this.charset = charset;
    int newlines = Lines.newlines(charset);
    this.lf = (byte) newlines;
    this.cr = (byte) (newlines >>> 8);
    this.lf2 = (byte) (newlines >>> 16);
    this.lfs = ONES * lf;
    this.lf2s = ONES * lf2;
    this.crs = ONES * cr;
    this.belowNewline = ONES * (Math.max(Math.max(lf, lf2), cr) + 1);
    this.index = index;
    this.fence = fence;
    this.knownSize = knownSize;
    this.minSplit = minSplit;
    this.initial = initial;
  }

  @Override
  public boolean tryAdvance(Consumer<? super String> action) {
    String line = next();
    if (line == null) {
      return false;
    }
    action.accept(line);
    return true;
  }

  @Override
  public void forEachRemaining(Consumer<? super String> action) {
    for (String line; (line = next()) != null; ) {
      action.accept(line);
    }
  }

  /** The next line, or null at the end. */
  String next() {
    try {
      return readLine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String readLine() throws IOException {
    if (!started) {
      started = true;
      decoder = new LineDecoder(charset);
      buf = new byte[initial];
    }
    int scan = pos;
    while (true) {
      int end = terminator(scan);
      if (end >= 0 && (buf[end] != cr || end + 1 < limit || eof)) {
        int terminator = buf[end] == cr && end + 1 < limit && isLf(buf[end + 1]) ? 2 : 1;
        String line = decoder.decode(buf, pos, end - pos, terminator);
        pos = end + terminator;
        return line;
      }
      if (end < 0 && eof) {
        if (pos == limit) {
          return null;
        }
        String line = decoder.decode(buf, pos, limit - pos, 0);
        pos = limit;
        return line;
      }
      // No terminator yet, or a CR that is the last byte read (an LF may follow): read on.
      int resume = (end >= 0 ? end : limit) - pos;
      fill();
      scan = resume;
    }
  }

  /**
   * The index of the first LF or CR in {@code buf[from, limit)}, or -1: eight bytes at a time
   * (SWAR). A word passes a first test only if it has a byte below the higher of the two plus one
   * (0x0E; 0x26 in EBCDIC; no false negative; text rarely has one); then a byte equal to LF or CR
   * is a zero byte of the word XOR the pattern: the lowest flagged byte is exact, the carry only
   * flags bytes above it.
   */
  private int terminator(int from) {
    byte[] b = buf;
    long lfs = this.lfs;
    long lf2s = this.lf2s;
    long crs = this.crs;
    long below = belowNewline;
    int i = from;
    for (int end = limit - Long.BYTES; i <= end; i += Long.BYTES) {
      long word = (long) LONGS.get(b, i);
      if (((word - below) & ~word & HIGHS) == 0) {
        continue;
      }
      long l = word ^ lfs;
      long l2 = word ^ lf2s;
      long c = word ^ crs;
      long found = (((l - ONES) & ~l) | ((l2 - ONES) & ~l2) | ((c - ONES) & ~c)) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < limit; i++) {
      if (isLf(b[i]) || b[i] == cr) {
        return i;
      }
    }
    return -1;
  }

  /** Whether {@code b} is a byte of LF in the charset. */
  private boolean isLf(byte b) {
    return b == lf || b == lf2;
  }

  /**
   * Moves the unread bytes to the start of {@code buf} (growing it if they fill it) and reads more
   * after them; sets {@code eof} at the fence or the end of the file.
   */
  private void fill() throws IOException {
    int kept = limit - pos;
    if (kept == buf.length) {
      buf = Arrays.copyOf(buf, Math.max(kept * 2, initial));
    } else if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, kept);
    }
    pos = 0;
    limit = kept;
    long wanted = Math.min(buf.length - kept, fence - index);
    if (wanted <= 0) {
      eof = true;
      return;
    }
    try (BufferPool.PooledBuffer pooled = BufferPool.CHUNKS.acquire()) {
      ByteBuffer direct = pooled.buffer();
      direct.limit((int) Math.min(wanted, direct.capacity()));
      int n = channel.read(direct, index);
      if (n < 0) {
        eof = true;
        return;
      }
      direct.flip().get(buf, limit, n);
      limit += n;
      index += n;
    }
  }

  @Override
  public Spliterator<String> trySplit() {
    if (started) {
      return null; // as the JDK's: no split after traversal began
    }
    long hi = Math.min(fence, knownSize);
    long lo = index;
    if (hi - lo < 2 * minSplit) {
      return null;
    }
    long mid;
    try {
      mid = boundary(lo + (hi - lo) / 2, hi);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (mid - lo < minSplit || hi - mid < minSplit) {
      return null;
    }
    LineSpliterator left =
        new LineSpliterator(channel, charset, lo, mid, knownSize, minSplit, initial);
    index = mid;
    return left;
  }

  /**
   * The first position {@code p >= from} (below {@code hi}) where a line starts: after an LF, or
   * after a CR not followed by an LF; {@code hi} if there is none.
   */
  private long boundary(long from, long hi) throws IOException {
    try (BufferPool.PooledBuffer pooled = BufferPool.READS.acquire()) {
      ByteBuffer b = pooled.buffer();
      long at =
          from - 1; // the file position of b's first byte: the byte before the first candidate
      window:
      while (at < hi) {
        b.clear().limit((int) Math.min(b.capacity(), hi + 1 - at)); // and the byte after hi - 1
        int n = channel.read(b, at);
        if (n <= 0) {
          return hi;
        }
        for (int i = 0; i < n; i++) {
          byte c = b.get(i);
          if (isLf(c)) {
            return Math.min(at + i + 1, hi);
          }
          if (c == cr) {
            if (i + 1 < n) {
              return Math.min(at + i + 1 + (isLf(b.get(i + 1)) ? 1 : 0), hi);
            }
            if (n == 1 || at + i + 1 >= hi) {
              return Math.min(at + i + 1, hi);
            }
            at += i; // the CR ends the window: read again from it, to see the byte after it
            continue window;
          }
        }
        at += n;
      }
      return hi;
    }
  }

  @Override
  public long estimateSize() {
    return Math.min(fence, knownSize) - index;
  }

  @Override
  public int characteristics() {
    return ORDERED | NONNULL;
  }
}
