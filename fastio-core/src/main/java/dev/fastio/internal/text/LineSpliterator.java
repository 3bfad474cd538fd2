package dev.fastio.internal.text;

import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.platform.ByteSearch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The lines of the bytes {@code [index, fence)} of a file, for a charset whose line ends are the
 * single bytes 0x0A and 0x0D ({@link LineEnds}). A line ends at LF, CR or CR LF, as {@link
 * java.io.BufferedReader#readLine()} ends it; a last line without a terminator is a line; the
 * terminators are not part of the lines.
 *
 * <p>Reading: positional reads of the shared channel through a pooled direct buffer, copied into a
 * heap array that grows to hold the longest line, searched for line ends by the {@link ByteSearch}
 * of the part; nothing is mapped, and no native buffer is kept. A fence of {@link #TO_END} reads to
 * the end of the file as it is when the reading gets there.
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

  private static final byte LF = 0x0A;
  private static final byte CR = 0x0D;

  private final FileChannel channel;
  private final Charset charset;
  private final Supplier<ByteSearch> searches;
  private final long knownSize;
  private final long minSplit;
  private final int initial;
  private final long fence;
  private long index; // the next byte to read from the file
  private boolean started;
  private LineDecoder decoder;
  private byte[] buf;
  private ByteBuffer view; // buf's bytes, for the search
  private int pos; // the next byte of buf to scan
  private int limit; // the end of the bytes read into buf
  private boolean eof;
  private ByteSearch search;

  LineSpliterator(FileChannel channel, Charset charset, long index, long fence, long knownSize) {
    this(channel, charset, index, fence, knownSize, MIN_SPLIT, INITIAL, ByteSearch::get);
  }

  /**
   * With a smallest part of {@code minSplit} bytes, a first buffer of {@code initial}, and each
   * part's search engine made by {@code searches}.
   */
  LineSpliterator(
      FileChannel channel,
      Charset charset,
      long index,
      long fence,
      long knownSize,
      long minSplit,
      int initial,
      Supplier<ByteSearch> searches) {
    this.channel = channel;
    this.charset = charset;
    this.searches = searches;
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
      search = searches.get();
      buf = new byte[initial];
      view = ByteBuffer.wrap(buf).order(ByteOrder.LITTLE_ENDIAN); // the search's word order
    }
    int scan = pos;
    while (true) {
      int end = terminator(scan);
      if (end >= 0 && (buf[end] != CR || end + 1 < limit || eof)) {
        int terminator = buf[end] == CR && end + 1 < limit && buf[end + 1] == LF ? 2 : 1;
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

  /** The index of the first LF or CR in {@code buf[from, limit)}, or -1. */
  private int terminator(int from) {
    return search.indexOf(view, from, limit, LF, CR);
  }

  /**
   * Moves the unread bytes to the start of {@code buf} (growing it if they fill it) and reads more
   * after them; sets {@code eof} at the fence or the end of the file.
   */
  private void fill() throws IOException {
    int kept = limit - pos;
    if (kept == buf.length) {
      buf = Arrays.copyOf(buf, Math.max(kept * 2, initial));
      view = ByteBuffer.wrap(buf).order(ByteOrder.LITTLE_ENDIAN);
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
        new LineSpliterator(channel, charset, lo, mid, knownSize, minSplit, initial, searches);
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
          if (c == LF) {
            return Math.min(at + i + 1, hi);
          }
          if (c == CR) {
            if (i + 1 < n) {
              return Math.min(at + i + 1 + (b.get(i + 1) == LF ? 1 : 0), hi);
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
