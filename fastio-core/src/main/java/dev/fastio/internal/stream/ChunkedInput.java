package dev.fastio.internal.stream;

import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.platform.Faults;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.util.Objects;

/**
 * {@code ChunkedReader.asInputStream()}: the reader's bytes from its position on, as an {@link
 * InputStream} that moves the reader. A read copies from one chunk ({@code next(len)}) into the
 * caller's array; {@link #transferTo} writes whole chunks, straight from the mapping or buffer to a
 * {@link FileOutputStream}'s channel (an open one: a closed stream is written to, and throws its
 * own exception, as when the JDK's stream writes to it). A mapped read that faults because the file
 * shrank is thrown as the reader's {@code FileSystemException}, never as the JVM's {@code
 * InternalError}. Once the reader is closed, every method but {@code close} and those {@code
 * InputStream} answers without reading ({@code read} and {@code readNBytes} of 0 bytes, {@code
 * mark}, {@code markSupported}) throws {@link java.nio.channels.ClosedChannelException}, as the
 * JDK's stream of a file channel does.
 */
final class ChunkedInput extends InputStream {
  private final ChunkSource reader;
  private byte[] copy;

  ChunkedInput(ChunkSource reader) {
    this.reader = reader;
  }

  @Override
  public int read() throws IOException {
    ByteBuffer chunk = reader.next(1);
    return chunk == null ? -1 : chunk.get() & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    ByteBuffer chunk = reader.next(len);
    if (chunk == null) {
      return -1;
    }
    int n = chunk.remaining();
    copy(chunk, b, off, n);
    return n;
  }

  // The mapped reads happen in this callee, inside the caller's try, however it is inlined.
  private void copy(ByteBuffer chunk, byte[] b, int off, int n) throws IOException {
    try {
      chunk.get(b, off, n);
      Faults.deliverPending();
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw Faults.truncated(reader.path(), e);
      }
      throw e;
    }
  }

  /**
   * Moves forward by {@code n} bytes, at most to the end of a file of known size; on a FIFO,
   * socket, character device or {@code /proc} file (size unknown), reads and discards. 0 for {@code
   * n <= 0}, but for a closed reader.
   */
  @Override
  public long skip(long n) throws IOException {
    reader.ensureOpen();
    if (n <= 0) {
      return 0;
    }
    long size = reader.size();
    if (size < 0) {
      return super.skip(n);
    }
    long step = Math.max(0, Math.min(n, size - reader.position()));
    reader.skip(step);
    return step;
  }

  /** The bytes left to the size of a file of known size; 0 where the size is not known. */
  @Override
  public int available() throws IOException {
    reader.ensureOpen();
    long size = reader.size();
    if (size < 0) {
      return 0;
    }
    return (int) Math.min(Integer.MAX_VALUE, Math.max(0, size - reader.position()));
  }

  @Override
  public long transferTo(OutputStream out) throws IOException {
    Objects.requireNonNull(out, "out");
    FileChannel channel = FileOutput.openChannelOf(out);
    long total = 0;
    for (ByteBuffer chunk; (chunk = reader.next()) != null; ) {
      total += chunk.remaining();
      if (channel != null) {
        write(chunk, channel);
      } else {
        writeCopy(chunk, out);
      }
    }
    return total;
  }

  private void write(ByteBuffer chunk, FileChannel channel) throws IOException {
    try {
      while (chunk.hasRemaining()) {
        channel.write(chunk);
      }
    } catch (IOException e) {
      // The kernel's copy from a mapping of a file truncated meanwhile fails ("Bad address").
      if (shrank()) {
        throw Faults.truncated(reader.path(), e);
      }
      throw e;
    }
  }

  /** True if the file is now shorter than the size the reader opened it with. */
  private boolean shrank() {
    try {
      return reader.size() > 0 && Files.size(reader.path()) < reader.size();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private void writeCopy(ByteBuffer chunk, OutputStream out) throws IOException {
    if (copy == null) {
      copy = new byte[Math.min(reader.chunkSize(), FileInput.TRANSFER_BUFFER)];
    }
    while (chunk.hasRemaining()) {
      int n = Math.min(copy.length, chunk.remaining());
      copy(chunk, copy, 0, n);
      out.write(copy, 0, n);
    }
  }

  /** Closes the reader. */
  @Override
  public void close() throws IOException {
    reader.close();
  }
}
