package dev.fastio.internal.read;

import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.Placement;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The buffered step of every whole-file read, beside {@link MappedPass}: a file read in order, from
 * a position to its end, through a direct, page-aligned buffer. {@code readAllBytes}, {@code
 * digest} and a {@code DigestBatch}'s sources read through it.
 *
 * <p>Each read lands where {@link Placement#of(long)} puts the file offset, and asks one byte more
 * than the expected size (the file's size when opened, or a {@code stat} of its path just before)
 * leaves, so that a regular file's end shows as a short read at that size, without the read that
 * returns -1: a short read at exactly the expected size ends the pass. A file that grew is read on
 * to its new end; one of {@code /proc} (size 0) is read until a read returns -1.
 *
 * <p>One thread. The pass neither owns nor closes the file or the buffer; interrupts are those of
 * the {@link ResumableChannel}.
 */
public final class BufferedPass {
  private final ResumableChannel file;
  private final long expected;
  private long position;
  private boolean ended;

  private BufferedPass(ResumableChannel file, long position, long expected) {
    this.file = file;
    this.position = position;
    this.expected = expected;
  }

  /**
   * A pass over {@code file} from {@code position}, to which the file is moved first.
   *
   * @param file the file, open for reading
   * @param position where to start
   * @param expected the file's expected size (when opened, or a {@code stat} of its path just
   *     before), or 0 where it reports none (a pipe, {@code /proc})
   * @return the pass
   */
  public static BufferedPass from(ResumableChannel file, long position, long expected)
      throws IOException {
    file.position(position);
    return new BufferedPass(file, position, expected);
  }

  /**
   * Reads the next bytes into {@code buffer}, a direct buffer aligned to a page, at their
   * placement.
   *
   * @return the bytes read, which the buffer then holds between its position and limit; or -1 at
   *     end of file, every later call too, the buffer's content then undefined
   */
  public int read(ByteBuffer buffer) throws IOException {
    if (ended) {
      return -1;
    }
    int at = Placement.of(position);
    int room = buffer.capacity() - at;
    long want = expected > position ? Math.min(room, expected - position + 1) : room;
    buffer.clear().position(at).limit(at + (int) want);
    int n = file.read(buffer);
    if (n < 0) {
      ended = true;
      return -1;
    }
    buffer.flip().position(at);
    position += n;
    ended = position == expected && n < want; // a regular file's short read at its size
    return n;
  }

  /**
   * Hands {@code file}'s bytes from {@code position} to its end to {@code reader}, each read
   * through a buffer of {@code pool} held for the pass.
   */
  static void readToEnd(
      ResumableChannel file, long position, long expected, BufferPool pool, PassReader reader)
      throws IOException {
    BufferedPass pass = from(file, position, expected);
    try (BufferPool.PooledBuffer b = pool.acquire()) {
      ByteBuffer d = b.buffer();
      while (pass.read(d) >= 0) {
        reader.read(d);
      }
    }
  }
}
