package dev.fastio.internal.stream;

import dev.fastio.internal.io.ArraySizes;
import dev.fastio.internal.io.BufferPool.PooledBuffer;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;

/**
 * The input stream of {@code FastFiles.newInputStream}: the JDK's stream over a file channel
 * ({@code sun.nio.ch.ChannelInputStream}), read through a small pooled direct buffer.
 *
 * <p>A regular file of {@link #MAP_MIN} bytes or more is copied from a {@link MappedWindow} once
 * the stream reads {@link #MAP_REQUEST} bytes at a time or is {@link #MAP_AFTER} bytes in: one
 * copy, from the page cache into the caller's array, and one {@code fstat} per read. Anything else,
 * and a file that shrank or faulted while mapped, is read in pieces of up to 68 KiB ({@code
 * BufferPool.READS}), each into a pooled buffer that lies in the processor's cache when its bytes
 * are copied out; the buffer is taken for the call and given back before it returns ({@link
 * PieceBuffers}). So nothing native is allocated per read or kept between reads, whatever the
 * request's size. On a regular file the pieces go on until the request is filled or the file ends;
 * on a FIFO, socket or character device a call makes one read, which may return fewer bytes than
 * asked, as the JDK's does.
 *
 * <p>What kind of file is open is learnt only when it matters (a request larger than a piece,
 * {@code skip}, {@code available}, {@code readAllBytes}, {@code transferTo}): from its size ({@code
 * fstat}), and, for a size of 0, from a {@code stat} of the path. Reads and writes are serialised
 * as the JDK's are ({@code synchronized}); {@link #close()} may come from any thread.
 */
final class FileInput extends InputStream {
  /**
   * Bytes per {@code write} of the read/write loop of {@link #transferTo}: 8 KiB, as JDK 17's loop.
   * To a socket's stream, which copies through a buffer of its own, 8 KiB writes ran faster than 16
   * and 64 KiB ones (see {@code docs/maintainer-guide.md}).
   */
  static final int TRANSFER_BUFFER = 8 * 1024;

  private static final byte UNKNOWN = 0;
  private static final byte SEEKABLE = 1;
  private static final byte STREAM = 2;

  /** Files from this size up may be read from a mapping: 4 MiB. */
  static final long MAP_MIN = 4 << 20;

  /** A read of this many bytes or more decides whether to map: 64 KiB. */
  static final int MAP_REQUEST = 64 * 1024;

  /** Or once the stream is this far into the file: 1 MiB (a header read maps nothing). */
  static final long MAP_AFTER = 1 << 20;

  private static final int NOT_MAPPED = -2;
  private static final byte MAP_UNDECIDED = 0;
  private static final byte MAP_ON = 1;
  private static final byte MAP_OFF = 2;

  private final ResumableChannel file;

  /** Whether reads copy from {@link #window}: guarded by this stream's lock. */
  private byte mapping = MAP_UNDECIDED;

  private MappedWindow window;

  /** The offset of the next byte read: bytes read and skipped. The channel catches up lazily. */
  private volatile long position;

  /** {@link #SEEKABLE}, {@link #STREAM} (FIFO, socket, character device), or not yet known. */
  private volatile byte kind = UNKNOWN;

  private byte[] one;

  FileInput(ResumableChannel file) {
    this.file = file;
  }

  @Override
  public synchronized int read() throws IOException {
    if (one == null) {
      one = new byte[1];
    }
    int n = read(one, 0, 1);
    return n == 1 ? one[0] & 0xff : -1;
  }

  @Override
  public synchronized int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (mapping != MAP_OFF && mapsFor(len)) {
      int n = readMapped(b, off, len);
      if (n != NOT_MAPPED) {
        return n;
      }
    }
    return readChannel(b, off, len);
  }

  /**
   * Whether a read of {@code len} bytes copies from a mapping: decided once, at the first read of
   * {@link #MAP_REQUEST} bytes or more or once {@link #MAP_AFTER} bytes have been read, for a
   * regular file of {@link #MAP_MIN} bytes or more.
   */
  private boolean mapsFor(int len) throws IOException {
    if (mapping == MAP_ON) {
      return true;
    }
    if (len < MAP_REQUEST && position < MAP_AFTER) {
      return false;
    }
    BasicFileAttributes a = isStream() ? null : attributes();
    boolean map = a != null && a.isRegularFile() && file.size() >= MAP_MIN;
    mapping = map ? MAP_ON : MAP_OFF;
    if (map) {
      window = new MappedWindow(this);
    }
    return map;
  }

  /**
   * Copies from mapped windows, mapping the next as needed, and checks the file's size after: bytes
   * of the last page past a new end read as zeros from a mapping. Should the file have shrunk, or a
   * copy faulted, nothing of the call counts and mapping stops for good: {@link #NOT_MAPPED}.
   */
  private int readMapped(byte[] b, int off, int len) throws IOException {
    long from = position;
    long at = from;
    int done = 0;
    while (done < len) {
      if (!window.covers(at)) {
        long size = file.size();
        if (at >= size) {
          break; // end of file
        }
        if (!mapWindow(at, size)) {
          return stopMapping(from);
        }
      }
      int n = window.copy(at, b, off + done, len - done);
      if (n == MappedWindow.FAULTED) {
        return stopMapping(from);
      }
      done += n;
      at += n;
    }
    if (done == 0) {
      return -1;
    }
    if (file.size() < at) {
      return stopMapping(from); // truncated meanwhile: read it again from the file
    }
    position = at;
    return done;
  }

  /**
   * Maps the window from {@code at}; false where the file cannot be mapped (a file system without
   * {@code mmap}, address space exhausted): the stream then reads it.
   */
  private boolean mapWindow(long at, long size) throws IOException {
    try {
      window.map(file, at, Math.min(MappedWindow.SIZE, size - at));
      return true;
    } catch (ClosedChannelException e) {
      throw e;
    } catch (IOException e) {
      return false;
    }
  }

  private int stopMapping(long from) {
    window.release();
    mapping = MAP_OFF;
    position = from; // unchanged: the caller reads from there
    return NOT_MAPPED;
  }

  private int readChannel(byte[] b, int off, int len) throws IOException {
    file.position(position); // after a skip, a transfer or mapped reads: where this stream is
    PooledBuffer buffer = PieceBuffers.take();
    try {
      return readPieces(buffer == null ? null : buffer.buffer(), b, off, len);
    } finally {
      PieceBuffers.give(buffer);
    }
  }

  /**
   * Reads pieces into {@code b} through {@code d}, or straight into {@code b} if {@code d} is null.
   */
  private int readPieces(ByteBuffer d, byte[] b, int off, int len) throws IOException {
    int done = 0;
    do {
      long at = position;
      int start = d == null ? 0 : PieceBuffers.placement(at);
      int room = d == null ? PieceBuffers.pieceSize() : d.capacity();
      int want = Math.min(room - start, len - done);
      int n =
          d == null
              ? file.read(ByteBuffer.wrap(b, off + done, want))
              : readPiece(d, start, want, b, off + done);
      if (n < 0) {
        return done == 0 ? -1 : done;
      }
      done += n;
      position = at + n;
      if (n < want) {
        break; // end of file, or all a FIFO had
      }
    } while (done < len && !isStream());
    return done;
  }

  /**
   * Reads up to {@code want} bytes into {@code d} at {@code start}, then copies them to {@code b}.
   */
  private int readPiece(ByteBuffer d, int start, int want, byte[] b, int off) throws IOException {
    d.clear().position(start).limit(start + want);
    int n = file.read(d);
    if (n > 0) {
      d.flip().position(start);
      d.get(b, off, n);
    }
    return n;
  }

  /**
   * As the JDK's: on a seekable file, moves by {@code n} (backward if negative, as far as the
   * start; forward as far as the end of the file) and returns the distance moved, negative for a
   * move back; on a FIFO, socket or character device, reads and discards.
   */
  @Override
  public synchronized long skip(long n) throws IOException {
    ensureOpen();
    if (isStream()) {
      return super.skip(n);
    }
    long from = position;
    long to;
    if (n > 0) {
      to = from + n;
      long size = file.size();
      if (to < 0 || to > size) {
        to = size;
      }
    } else {
      to = Math.max(from + n, 0);
    }
    position = to;
    return to - from;
  }

  /** The bytes from the position to the size of a seekable file; 0 for a FIFO, socket or device. */
  @Override
  public int available() throws IOException {
    ensureOpen();
    if (isStream()) {
      return 0;
    }
    long left = Math.max(0, file.size() - position);
    return (int) Math.min(left, Integer.MAX_VALUE);
  }

  @Override
  public byte[] readAllBytes() throws IOException {
    return readUpTo(Integer.MAX_VALUE);
  }

  @Override
  public byte[] readNBytes(int len) throws IOException {
    if (len < 0) {
      throw new IllegalArgumentException("len < 0");
    }
    if (len == 0) {
      return new byte[0]; // as the JDK's, even once closed: nothing to read, nothing checked
    }
    return readUpTo(len);
  }

  /**
   * Up to {@code max} bytes, to end of file: into an array of the size left in a seekable file,
   * grown only if the file grew meanwhile, as the JDK's {@code readAllBytes} does.
   */
  private synchronized byte[] readUpTo(int max) throws IOException {
    ensureOpen();
    long left = isStream() ? -1 : file.size() - position;
    if (max == Integer.MAX_VALUE && left > ArraySizes.MAX) {
      throw new OutOfMemoryError("Required array size too large");
    }
    byte[] bytes = new byte[(int) Math.min(max, left > 0 ? left : 8192)];
    int count = 0;
    while (true) {
      int n;
      while (count < bytes.length && (n = read(bytes, count, bytes.length - count)) >= 0) {
        count += n;
      }
      if (count < bytes.length || count == max) {
        break; // end of file, or as many as asked
      }
      int next = read(); // a full array: is there more?
      if (next < 0) {
        break;
      }
      bytes = Arrays.copyOf(bytes, ArraySizes.grow(count, count + 1, max));
      bytes[count++] = (byte) next;
    }
    return count == bytes.length ? bytes : Arrays.copyOf(bytes, count);
  }

  @Override
  public long transferTo(OutputStream out) throws IOException {
    return transferTo(out, null);
  }

  /**
   * {@link #transferTo(OutputStream)}, reporting to {@code progress} if not null. The rest of a
   * regular file goes to a file stream ({@code FileOutputStream} or fastio's) by the adaptive
   * transfer, without a copy through the Java heap; anything else through a read/write loop.
   */
  long transferTo(OutputStream out, ProgressReports progress) throws IOException {
    Objects.requireNonNull(out, "out");
    if (FileOutput.hasChannel(out)) {
      synchronized (this) {
        ensureOpen();
        if (isRegularWithSize()) {
          long n = FileOutput.transferInto(out, file.channel(), position, progress);
          if (n >= 0) { // else a FileOutputStream closed meanwhile: written to, it throws
            position += n;
            return n;
          }
        }
      }
    }
    return copyLoop(out, progress);
  }

  private long copyLoop(OutputStream out, ProgressReports progress) throws IOException {
    byte[] buffer = new byte[TRANSFER_BUFFER];
    long total = 0;
    for (int n; (n = read(buffer, 0, buffer.length)) >= 0; ) {
      out.write(buffer, 0, n);
      total += n;
      if (progress != null) {
        progress.moved(total);
      }
    }
    if (progress != null) {
      progress.end(total);
    }
    return total;
  }

  /**
   * Closes the file, then, once no read is copying from it, releases the mapped window; idempotent.
   * A read blocked on a FIFO in another thread is woken up.
   */
  @Override
  public void close() throws IOException {
    file.close();
    synchronized (this) {
      if (window != null) {
        window.release();
        mapping = MAP_OFF;
      }
    }
  }

  private void ensureOpen() throws ClosedChannelException {
    if (!file.isOpen()) {
      throw new ClosedChannelException();
    }
  }

  /** True for a FIFO, socket or character device: read as a stream, never by offset. */
  private boolean isStream() throws IOException {
    byte k = kind;
    if (k == UNKNOWN) {
      k = file.size() > 0 || !isOther() ? SEEKABLE : STREAM;
      kind = k;
    }
    return k == STREAM;
  }

  /**
   * A regular file of a size other than 0 ({@code /proc} files report 0): transferable by offset.
   */
  private boolean isRegularWithSize() throws IOException {
    if (isStream() || file.size() == 0) {
      return false;
    }
    BasicFileAttributes a = attributes();
    return a != null && a.isRegularFile();
  }

  private boolean isOther() {
    BasicFileAttributes a = attributes();
    return a != null && a.isOther();
  }

  /** The attributes of the file at the path, or null if they cannot be read (removed since). */
  private BasicFileAttributes attributes() {
    try {
      return Files.readAttributes(file.path(), BasicFileAttributes.class);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
