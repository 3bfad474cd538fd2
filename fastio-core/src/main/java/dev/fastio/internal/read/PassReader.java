package dev.fastio.internal.read;

import java.nio.ByteBuffer;

/**
 * Takes a whole-file pass's bytes in order, on the calling thread: a mapped window of {@link
 * MappedPass} or a read of {@link BufferedPass}. The buffer holds the bytes between its position
 * and limit, is valid only during the call and may be read, not kept.
 */
interface PassReader {
  void read(ByteBuffer bytes);
}
