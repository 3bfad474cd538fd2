package dev.fastio.internal.scan;

import java.nio.ByteBuffer;

/** Takes the lines of one chunk, in order, on the thread that scans the chunk. */
@FunctionalInterface
public interface LineSink {
  /**
   * One line: {@code length} bytes of {@code buf} from index {@code start}, its terminator not
   * included. The bytes may be read only during the call.
   *
   * @param buf the bytes, little-endian order
   * @param start the index of the line's first byte
   * @param length the line's length, 0 or more
   * @param offset the offset of its first byte in the file
   */
  void line(ByteBuffer buf, int start, int length, long offset);
}
