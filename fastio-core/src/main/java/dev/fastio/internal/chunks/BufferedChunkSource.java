package dev.fastio.internal.chunks;

import dev.fastio.internal.Settings;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.Placement;
import dev.fastio.internal.platform.AlignedBuffers;
import dev.fastio.internal.platform.NativeBuffer;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Chunks read into one page-aligned direct buffer, reused for every chunk: a pooled buffer ({@link
 * BufferPool#CHUNKS}) when the chunk size fits it, else one of its own (no larger than the file,
 * plus a page), freed by {@link #release()} (see {@link NativeBuffer}). A chunk read from the file
 * is one of the read-only views of the buffer, reset to the new bytes, so reading allocates
 * nothing; a chunk served from bytes read ahead (below) is a slice of it.
 *
 * <p><b>Placement.</b> A read lands where {@link Placement#of(long)} says: at the same offset
 * modulo 32 as the file's bytes, 0 to 31 bytes into the buffer, where the kernel's copy is fastest.
 * Each of those places has a reused view, made the first time a read lands there, so reading
 * allocates at most 32 views per reader.
 *
 * <p>Regular files (those of {@code /proc} and {@code /sys} included) and block devices, whose size
 * is known, are read with positional reads, so moving costs nothing; so is a directory, whose first
 * read fails ("Is a directory"). FIFOs, character devices and sockets are read with relative reads:
 * a forward move is carried out by the next {@link #read}, which reads and discards the bytes
 * skipped; a move back before the bytes already read is refused.
 *
 * <p><b>Read-ahead</b> (positional reads only). A chunk smaller than {@link #READ_AHEAD_MAX} asked
 * for at most {@code fastio.chunked.readAheadGap} bytes after the end of the last one is read
 * together with the bytes after it, and the next chunks that fall inside those bytes are handed out
 * without a system call, as read-only slices of the buffer, one small object each. A parser that
 * takes a file 64 bytes at a time thus makes one system call per 128 KiB, not one per record; one
 * that reads a record every 8 KiB reads the bytes between records rather than make a call per
 * record; records further apart are read one exact read each. The amount read ahead starts at
 * {@link #READ_AHEAD_MIN} and grows fourfold while the reads stay sequential (16, 64, then 128
 * KiB), so a reader that takes two small chunks and stops reads little more, and a long one soon
 * reads 128 KiB a call. The first chunk is never read ahead. Only bytes after the last chunk handed
 * out are served from the buffer: moving back reads the file again.
 */
final class BufferedChunkSource extends ChunkSource {
  /**
   * The first read-ahead: 16 KiB; each next one, while the reads stay sequential, four times the
   * last, up to {@link #READ_AHEAD_MAX}.
   */
  static final int READ_AHEAD_MIN = 16 * 1024;

  /** The largest read-ahead: a pooled chunk buffer's size, whatever the buffer's capacity. */
  static final int READ_AHEAD_MAX = BufferPool.CHUNKS.size();

  private final BufferPool.PooledBuffer pooled;
  private final NativeBuffer own;
  private final ByteBuffer buffer;

  /** The most bytes a chunk holds: the chunk size, or the file's size if smaller. */
  private final int capacity;

  /** The most bytes a read asks for, chunk and read-ahead: the buffer less a page. */
  private final int room;

  /** A read-only view of the whole buffer, never handed out: chunks are slices of it. */
  private final ByteBuffer whole;

  /**
   * Read-only views of the buffer from each index a read may land at (0 to 31), made the first time
   * a read lands there and reset for each chunk: at most 32 per reader, however many chunks.
   */
  private final ByteBuffer[] views = new ByteBuffer[Placement.ALIGN];

  /** True for FIFOs, character devices and sockets: relative reads, forward only. */
  private final boolean stream;

  /** Of a stream: the bytes read from the channel so far (its own position). */
  private long consumed;

  /** File offsets of the bytes the buffer holds (positional reads only): {@code [from, to)}. */
  private long bufferedFrom;

  private long bufferedTo;

  /** The index in the buffer of the byte at {@link #bufferedFrom}. */
  private int bufferedAt;

  /** The offset just past the last chunk handed out, or -1 before the first. */
  private long handedTo = -1;

  /**
   * @param size the size at open, or -1 for a FIFO, character device or socket, read as a stream
   */
  BufferedChunkSource(Path path, FileChannel channel, int chunkSize, long size) {
    super(path, channel, chunkSize, size);
    this.stream = size < 0;
    capacity = size > 0 ? (int) Math.min(chunkSize, size) : chunkSize;
    if (capacity <= BufferPool.CHUNKS.size()) {
      pooled = BufferPool.CHUNKS.acquire();
      own = null;
      buffer = pooled.buffer();
    } else {
      pooled = null;
      own =
          PlatformProvider.get().allocate(capacity + AlignedBuffers.PAGE); // at most 1 GiB + 4 KiB
      buffer = own.buffer();
    }
    room = buffer.capacity() - AlignedBuffers.PAGE;
    whole = buffer.asReadOnlyBuffer();
  }

  @Override
  public ChunkStrategy strategy() {
    return ChunkStrategy.BUFFERED;
  }

  @Override
  ByteBuffer read(int max) throws IOException {
    if (stream && !discardTo(position)) {
      return null; // end of file came before the position skipped to
    }
    long p = position;
    long left = limit - p;
    if (left <= 0) {
      return null;
    }
    int n = (int) Math.min(Math.min(max, left), capacity);
    ByteBuffer chunk;
    if (stream) {
      buffer.clear().limit(n);
      chunk = view(0, fillRelative());
    } else if (p >= handedTo && p >= bufferedFrom && p + n <= bufferedTo) {
      // read ahead with an earlier chunk
      chunk = whole.slice(bufferedAt + (int) (p - bufferedFrom), n);
    } else {
      chunk = readAt(p, n, left);
    }
    int got = chunk.remaining();
    if (got == 0) {
      return null;
    }
    position = handedTo = p + got;
    return chunk;
  }

  /**
   * Reads the {@code n} bytes at {@code p}, and more after them if the reads look sequential (see
   * the class description); returns the view of the bytes at {@code p}, fewer than {@code n} only
   * at end of file.
   */
  private ByteBuffer readAt(long p, int n, long left) throws IOException {
    int want = n;
    if (n < READ_AHEAD_MAX
        && handedTo >= 0
        && p >= handedTo
        && p - handedTo <= Settings.CHUNKED_READ_AHEAD_GAP) {
      long last = bufferedTo - bufferedFrom;
      long ahead = Math.min(READ_AHEAD_MAX, Math.max(READ_AHEAD_MIN, 4 * last));
      want = (int) Math.max(n, Math.min(Math.min(ahead, room), left));
    }
    int at = Placement.of(p);
    bufferedFrom = bufferedTo = p; // nothing held while the buffer is refilled (or a read fails)
    bufferedAt = at;
    buffer.limit(at + want).position(at);
    int got = fillAt(p - at);
    bufferedTo = p + got;
    return view(at, Math.min(got, n));
  }

  /**
   * Fills the buffer with positional reads, to its limit or end of file; index {@code i} of the
   * buffer gets the byte at {@code base + i}. Returns the bytes read.
   */
  private int fillAt(long base) throws IOException {
    ByteBuffer b = buffer;
    int from = b.position();
    while (b.hasRemaining()) {
      if (channel.read(b, base + b.position()) < 0) {
        endOfFile(base + b.position());
        break;
      }
    }
    return b.position() - from;
  }

  /** The {@code length} bytes from index {@code at} (0 to 31) of the buffer. */
  private ByteBuffer view(int at, int length) {
    ByteBuffer v = views[at];
    if (v == null) {
      v = views[at] = whole.slice(at, whole.capacity() - at);
    }
    return v.clear().limit(length);
  }

  /**
   * End of file at {@code at}, before the size at open: the file shrank (an {@link IOException}, as
   * the mapped strategy gives), or it reports a size larger than its content, as {@code /sys} files
   * do (4096), and ends here.
   */
  private void endOfFile(long at) throws IOException {
    if (limit == Long.MAX_VALUE || at >= limit) {
      return;
    }
    long size = channel.size();
    if (size < limit) {
      throw shrank(size);
    }
    limit = at;
  }

  /** Fills the buffer with relative reads, to its limit or end of file. */
  private int fillRelative() throws IOException {
    ByteBuffer b = buffer;
    while (b.hasRemaining()) {
      int r = channel.read(b);
      if (r < 0) {
        break;
      }
      consumed += r;
    }
    return b.position();
  }

  /** Of a stream: reads and discards up to {@code target}; false if end of file came first. */
  private boolean discardTo(long target) throws IOException {
    ByteBuffer b = buffer;
    while (consumed < target) {
      b.clear().limit((int) Math.min(b.capacity(), target - consumed));
      int r = channel.read(b);
      if (r < 0) {
        return false;
      }
      consumed += r;
    }
    return true;
  }

  @Override
  void checkMove(long target) throws IOException {
    if (stream && target < consumed) {
      throw new IOException(
          path
              + ": cannot move back to "
              + target
              + ": a FIFO, socket or character device cannot be read again, and "
              + consumed
              + " bytes were read");
    }
  }

  @Override
  void release() {
    if (pooled != null) {
      pooled.close();
    } else {
      own.close();
    }
  }
}
