package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.InterruptSafeFile;
import dev.fastio.internal.io.Placement;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A file's bytes for a lane, read in order into a buffer the lane owns: the bytes {@code
 * FastFiles.digest} hashes, with its exceptions and its interrupt behaviour (an {@link
 * InterruptSafeFile}; a file of another file system through the JDK's stream). A read asks one byte
 * more than the file's size leaves, so that a regular file's end shows without a read returning -1;
 * each read lands where {@link Placement} says. Reports the bytes it hands out to {@code counted}.
 */
final class FileSource implements LaneScheduler.Source {
  /** Told of the bytes each read hands out. */
  interface Counter {
    void add(long bytes);
  }

  private final InterruptSafeFile file;
  private final InputStream stream;
  private final ByteBuffer buffer;
  private final Counter counted;
  private final long expected;
  private long position;
  private boolean ended;

  private FileSource(
      InterruptSafeFile file,
      InputStream stream,
      ByteBuffer buffer,
      long expected,
      Counter counted) {
    this.file = file;
    this.stream = stream;
    this.buffer = buffer;
    this.expected = expected;
    this.counted = counted;
  }

  /**
   * Opens {@code path}, as {@code FastFiles.digest} opens it, to be read through {@code buffer}
   * (direct, page-aligned); a file of another file system is read through a heap buffer as large.
   */
  static FileSource open(Path path, ByteBuffer buffer, Counter counted) throws IOException {
    if (!FileKinds.isDefaultFileSystem(path)) {
      ByteBuffer heap = ByteBuffer.allocate(buffer.capacity()); // a stream reads into an array
      return new FileSource(null, Files.newInputStream(path), heap, -1, counted);
    }
    InterruptSafeFile file = InterruptSafeFile.open(path);
    try {
      return new FileSource(file, null, buffer, file.size(), counted);
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
    int n = stream != null ? readStream() : readFile();
    if (n < 0) {
      ended = true;
      return null;
    }
    counted.add(n);
    return buffer;
  }

  /** A read into the buffer at its placement; the buffer holds its bytes, or -1 at end of file. */
  private int readFile() throws IOException {
    int at = Placement.of(position);
    int room = buffer.capacity() - at;
    long want = expected > position ? Math.min(room, expected - position + 1) : room;
    buffer.clear().position(at).limit(at + (int) want);
    int n = file.read(buffer);
    if (n >= 0) {
      buffer.flip().position(at);
      position += n;
      ended = position == expected && n < want; // a regular file's short read at its size
    }
    return n;
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
    } else {
      file.close();
    }
  }
}
