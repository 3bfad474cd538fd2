package dev.fastio.internal;

import dev.fastio.internal.IoBuffers.IoBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Chunks read into one page-aligned direct buffer, reused for every chunk: a pooled {@link
 * IoBuffers#CHUNK_SIZE} buffer when the chunk size fits it, else one of its own (no larger than the
 * file), freed by {@link #release()} (see {@link DirectBuffer}). Each chunk is the same read-only
 * view of the buffer, reset to the new bytes, so reading allocates nothing.
 *
 * <p>Regular files (those of {@code /proc} and {@code /sys} included) are read with positional reads,
 * so moving costs nothing. FIFOs, devices and sockets are read with relative reads: a forward move is
 * carried out by the next {@link #read}, which reads and discards the bytes skipped; a move back before
 * the bytes already read is refused.
 */
final class BufferedChunks extends Chunks {
  private final IoBuffer pooled;
  private final DirectBuffer own;
  private final ByteBuffer buffer;
  private final ByteBuffer view;

  /** True for FIFOs, devices and sockets: relative reads, forward only. */
  private final boolean stream;

  /** Of a stream: the bytes read from the channel so far (its own position). */
  private long consumed;

  BufferedChunks(Path path, FileChannel channel, int chunkSize, long size, boolean stream) {
    super(path, channel, chunkSize, size);
    this.stream = stream;
    int capacity = size > 0 ? (int) Math.min(chunkSize, size) : chunkSize;
    if (capacity <= IoBuffers.CHUNK_SIZE) {
      pooled = IoBuffers.acquireChunk();
      own = null;
      buffer = pooled.direct;
    } else {
      pooled = null;
      own = DirectBuffer.allocate(capacity);
      buffer = own.buffer();
    }
    view = buffer.asReadOnlyBuffer();
  }

  @Override
  public Strategy strategy() {
    return Strategy.BUFFERED;
  }

  @Override
  ByteBuffer read(int max) throws IOException {
    if (stream && !discardTo(position)) {
      return null; // end of file came before the position skipped to
    }
    long left = limit - position;
    if (left <= 0) {
      return null;
    }
    int n = (int) Math.min(Math.min(max, left), buffer.capacity());
    buffer.clear().limit(n);
    int got = stream ? fillRelative() : fillAt(position);
    if (got == 0) {
      return null;
    }
    position += got;
    view.clear().limit(got);
    return view;
  }

  /** Fills the buffer from {@code at} with positional reads, to its limit or end of file. */
  private int fillAt(long at) throws IOException {
    ByteBuffer b = buffer;
    while (b.hasRemaining()) {
      if (channel.read(b, at + b.position()) < 0) {
        endOfFile(at + b.position());
        break;
      }
    }
    return b.position();
  }

  /**
   * End of file at {@code at}, before the size at open: the file shrank (an {@link IOException}, as the
   * mapped strategy gives), or it reports a size larger than its content, as {@code /sys} files do
   * (4096), and ends here.
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
              + ": a FIFO, socket or device cannot be read again, and "
              + consumed
              + " bytes were read");
    }
  }

  @Override
  void release() {
    if (pooled != null) {
      IoBuffers.release(pooled);
    } else {
      own.close();
    }
  }
}
