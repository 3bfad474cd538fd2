package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.Placement;
import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.platform.AlignedBuffers;
import dev.fastio.internal.read.BufferedPass;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A file's bytes for a lane, read in order into a buffer lent by the lane's thread: the bytes
 * {@code FastFiles.digest} hashes, with its exceptions and, unless opened to hold an interrupt per
 * read ({@link #open}), its interrupt behaviour (a {@link ResumableChannel} read by a {@link
 * BufferedPass}, as {@code digest} reads; a file of another file system as {@link
 * FileKinds#openOnOtherFileSystem} opens it). Reports the bytes it hands out to {@code counted};
 * {@link #close()} closes the file and gives the buffer back.
 */
final class FileSource implements LaneScheduler.Source {
  /** Bytes per read from a file of another file system. */
  private static final int STREAM_READ = 128 * 1024;

  /** Told of the bytes each read hands out. */
  interface Counter {
    void add(long bytes);
  }

  /** Lends the direct, page-aligned buffers that sources read into. */
  interface Buffers {
    /**
     * A buffer for a file of {@code size} bytes (0 if unknown), at least {@link #minimum} bytes.
     *
     * @throws OutOfMemoryError if no native memory is left
     */
    ByteBuffer lend(long size);

    /** Takes back a buffer {@link #lend} returned. */
    void giveBack(ByteBuffer buffer);
  }

  /** Bytes a lent buffer must hold for a file of {@code size} bytes (0 if unknown). */
  static int minimum(long size, int read) {
    int whole = AlignedBuffers.PAGE + read;
    if (size <= 0 || size >= read) {
      return whole;
    }
    long pages = (size + 1 + Placement.ALIGN + AlignedBuffers.PAGE - 1) / AlignedBuffers.PAGE;
    return (int) Math.min(whole, pages * AlignedBuffers.PAGE); // the file in one read
  }

  private final ResumableChannel file;
  private final BufferedPass pass;
  private final InputStream stream;
  private final ByteBuffer buffer;
  private final Buffers lender;
  private final Counter counted;
  private final long size;
  private boolean ended;

  private FileSource(
      ResumableChannel file,
      BufferedPass pass,
      InputStream stream,
      ByteBuffer buffer,
      Buffers lender,
      Counter counted,
      long size) {
    this.file = file;
    this.pass = pass;
    this.stream = stream;
    this.buffer = buffer;
    this.lender = lender;
    this.counted = counted;
    this.size = size;
  }

  /**
   * The file's size: its size hint, else its size when opened; 0 for a file of another file system
   * (not known).
   */
  long size() {
    return size;
  }

  /**
   * Opens {@code path}, as {@code FastFiles.digest} opens it, to be read through a buffer {@code
   * buffers} lends for its size; a file of another file system is read through a heap buffer. The
   * size is {@code sizeHint} where that is positive (the feed's {@code stat} of the path, which
   * spares an {@code fstat}), else asked of the open file; either way the file is read to its end,
   * so that a regular file that changed size since its {@code stat} gives the bytes it has when
   * read (for a path replaced by a pipe in between, see {@link Feed#sizeHint}). An interrupt of the
   * reading thread is held back as {@code hold} says: until the file is closed, as {@code
   * FastFiles.digest} holds it, or after each read, for a thread that must see it between reads.
   */
  static FileSource open(
      Path path, long sizeHint, ResumableChannel.Hold hold, Buffers buffers, Counter counted)
      throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      ByteBuffer heap = ByteBuffer.allocate(STREAM_READ); // a stream reads into an array
      InputStream stream = FileKinds.openOnOtherFileSystem(path); // as FastFiles.digest reads it
      return new FileSource(null, null, stream, heap, null, counted, 0);
    }
    ResumableChannel file = ResumableChannel.open(path, FileKinds.READ, hold);
    try {
      long size = sizeHint > 0 ? sizeHint : file.size();
      BufferedPass pass = BufferedPass.from(file, 0, size);
      return new FileSource(file, pass, null, buffers.lend(size), buffers, counted, size);
    } catch (IOException | RuntimeException | Error e) {
      file.close();
      throw e;
    }
  }

  @Override
  public ByteBuffer next() throws IOException {
    if (ended) {
      return null;
    }
    int n = stream != null ? readStream() : pass.read(buffer);
    if (n < 0) {
      ended = true;
      return null;
    }
    counted.add(n);
    return buffer;
  }

  private int readStream() throws IOException {
    int n = stream.read(buffer.array(), buffer.arrayOffset(), buffer.capacity());
    if (n >= 0) {
      buffer.clear().limit(n);
    }
    return n;
  }

  @Override
  public void close() throws IOException {
    if (stream != null) {
      stream.close();
      return;
    }
    try {
      file.close();
    } finally {
      lender.giveBack(buffer);
    }
  }
}
