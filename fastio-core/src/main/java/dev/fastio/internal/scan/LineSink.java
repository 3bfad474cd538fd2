package dev.fastio.internal.scan;

/** Takes the lines of one chunk, in order, on the thread that scans the chunk. */
@FunctionalInterface
public interface LineSink {
  /**
   * One line: {@code length} bytes of {@code bytes} from index {@code start}, its terminator not
   * included. The array is the scan's: its bytes may be read only during the call.
   *
   * @param bytes the bytes
   * @param start the index of the line's first byte
   * @param length the line's length, 0 or more
   * @param offset the offset of its first byte in the file
   */
  void line(byte[] bytes, int start, int length, long offset);
}
