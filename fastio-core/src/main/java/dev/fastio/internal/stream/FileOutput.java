package dev.fastio.internal.stream;

import dev.fastio.internal.io.BufferPool.PooledBuffer;
import dev.fastio.internal.io.ResumableChannel;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * The output stream of {@code FastFiles.newOutputStream}: the JDK's stream over a file channel
 * ({@code sun.nio.ch.ChannelOutputStream}), written through a small pooled direct buffer.
 *
 * <p>Like the JDK's, it buffers nothing: every {@code write} has reached the file (the page cache)
 * when it returns. An array is copied in pieces of up to 68 KiB ({@code BufferPool.READS}) into a
 * pooled buffer taken for the call ({@link PieceBuffers}) and each piece written out in full. Each
 * piece is placed in the buffer at the same offset modulo 32 as the file offset it is written to,
 * where the kernel's copy into the page cache runs at full speed (see {@code Placement.of}); in
 * append mode the end of the file is asked once, at the first write of 64 KiB or more. Writes are
 * serialised as the JDK's are ({@code synchronized}); {@link #close()} may come from any thread.
 */
final class FileOutput extends OutputStream {
  /** From how many bytes a write in append mode asks where the file ends, to place its pieces. */
  private static final int PLACED_FROM = 64 * 1024;

  /** What {@link #close()} does with the file, beyond the plain close of a JDK stream. */
  interface Ending {
    /**
     * Ends {@code file}, which this call must close, once, on the thread that closed the stream.
     *
     * @param failed true if a write to the stream threw, or the caller {@link #abandon abandoned}
     *     it
     */
    void end(ResumableChannel file, boolean failed) throws IOException;
  }

  private final ResumableChannel file;
  private final boolean append;

  /** Null for a plain stream, whose close may come from any thread, during a write. */
  private final Ending ending;

  private boolean failed;
  private boolean ended;

  /** In append mode, where the next write lands as far as known, or -1 if not asked yet. */
  private long end = -1;

  private byte[] one;

  FileOutput(ResumableChannel file, boolean append) {
    this(file, append, null);
  }

  FileOutput(ResumableChannel file, boolean append, Ending ending) {
    this.file = file;
    this.append = append;
    this.ending = ending;
  }

  @Override
  public synchronized void write(int b) throws IOException {
    if (one == null) {
      one = new byte[1];
    }
    one[0] = (byte) b;
    write(one, 0, 1);
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return;
    }
    if (append && end < 0 && len >= PLACED_FROM) {
      end = file.size();
    }
    PooledBuffer buffer = PieceBuffers.take();
    try {
      writePieces(buffer == null ? null : buffer.buffer(), b, off, len);
    } catch (IOException | RuntimeException | Error e) {
      failed = true;
      throw e;
    } finally {
      PieceBuffers.give(buffer);
    }
  }

  /** Marks the stream failed: its {@link Ending} is told so at close. */
  synchronized void abandon() {
    failed = true;
  }

  /**
   * Writes {@code b} in pieces through {@code d}, or straight from {@code b} if {@code d} is null.
   */
  private void writePieces(ByteBuffer d, byte[] b, int off, int len) throws IOException {
    int done = 0;
    while (done < len) {
      int n;
      if (d == null) {
        n = Math.min(PieceBuffers.pieceSize(), len - done);
        writeFully(ByteBuffer.wrap(b, off + done, n));
      } else {
        int start = PieceBuffers.placement(append ? Math.max(end, 0) : file.position());
        n = Math.min(d.capacity() - start, len - done);
        d.clear().position(start);
        d.put(b, off + done, n);
        d.flip().position(start);
        writeFully(d);
      }
      done += n;
      if (end >= 0) {
        end += n;
      }
    }
  }

  private void writeFully(ByteBuffer d) throws IOException {
    while (d.hasRemaining()) {
      if (file.write(d) <= 0) {
        throw new IOException("no bytes written to " + file.path()); // a blocking file never does
      }
    }
  }

  /**
   * Moves the bytes of {@code source} from {@code position} to its end into this stream's file, by
   * the adaptive transfer, as {@link #write} would have written them.
   */
  synchronized long receive(FileChannel source, long position, ProgressReports progress)
      throws IOException {
    if (!file.isOpen()) {
      throw new ClosedChannelException();
    }
    long n;
    try {
      n =
          SlicedTransfer.transferHoldingInterrupt(
              source, position, Long.MAX_VALUE, file.channel(), progress);
    } catch (IOException | RuntimeException | Error e) {
      failed = true;
      throw e;
    }
    file.advanced(n);
    if (end >= 0) {
      end += n;
    }
    return n;
  }

  /** True for a file stream {@link #transferInto} moves bytes into by the adaptive transfer. */
  static boolean hasChannel(OutputStream out) {
    return out instanceof FileOutput || openChannelOf(out) != null;
  }

  /**
   * The channel of {@code out} if it is exactly a {@link FileOutputStream} (a subclass may override
   * {@code write}) and open; else null, and the caller writes to {@code out}. A closed {@code
   * FileOutputStream} is written to, as the JDK's streams write to it, so that it throws its own
   * {@code IOException("Stream Closed")} rather than its closed channel's {@link
   * ClosedChannelException}.
   */
  static FileChannel openChannelOf(OutputStream out) {
    if (out.getClass() != FileOutputStream.class) {
      return null;
    }
    FileChannel channel = ((FileOutputStream) out).getChannel(); // closed with the stream
    return channel.isOpen() ? channel : null;
  }

  /**
   * Transfers {@code source} from {@code position} to its end into {@code out} by the adaptive
   * transfer where {@code out} is a file stream (fastio's, or an open {@link FileOutputStream},
   * whose channel is its file's), and returns the bytes moved; -1 where it is not, so the caller
   * copies with {@code write}.
   */
  static long transferInto(
      OutputStream out, FileChannel source, long position, ProgressReports progress)
      throws IOException {
    if (out instanceof FileOutput f) {
      return f.receive(source, position, progress);
    }
    FileChannel channel = openChannelOf(out);
    if (channel != null) {
      return SlicedTransfer.transferHoldingInterrupt(
          source, position, Long.MAX_VALUE, channel, progress);
    }
    return -1;
  }

  /**
   * Closes the file; idempotent. A plain stream's close may come from any thread, during a write;
   * one with an {@link Ending} waits for a write in progress, and ends the file once.
   */
  @Override
  public void close() throws IOException {
    if (ending == null) {
      file.close();
      return;
    }
    synchronized (this) {
      if (!ended) {
        ended = true;
        ending.end(file, failed);
      }
    }
  }
}
