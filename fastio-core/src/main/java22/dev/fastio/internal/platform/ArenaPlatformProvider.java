package dev.fastio.internal.platform;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The JDK 22+ implementation: a region is one {@link MemorySegment} mapped by {@code
 * FileChannel.map(mode, offset, size, Arena)}, whatever its size, and a native buffer a segment of
 * a shared {@code Arena}; closing the arena releases either at once. No {@code sun.misc.Unsafe}:
 * its memory-access methods print a warning from JDK 24 on. Found by name by {@code Platforms}.
 */
final class ArenaPlatformProvider implements PlatformProvider {
  ArenaPlatformProvider() {}

  @Override
  public String name() {
    return "jdk22-arena";
  }

  @Override
  public MappedRegion map(
      FileChannel channel, long position, long size, int windowSize, Sharing sharing)
      throws IOException {
    return SegmentRegion.map(channel, position, size, windowSize, sharing);
  }

  @Override
  public NativeBuffer allocate(int capacity, Sharing sharing) {
    return ArenaBuffer.allocate(capacity, sharing);
  }

  /**
   * Leaves the buffer to the GC: the only public way to unmap on this runtime is an {@code Arena},
   * and {@code invokeCleaner} warns from JDK 24 on.
   */
  @Override
  public boolean unmap(MappedByteBuffer buffer) {
    if (!buffer.isDirect()) {
      throw new IllegalArgumentException("not a direct buffer: " + buffer);
    }
    return false;
  }

  @Override
  public long address(ByteBuffer buffer) {
    if (!buffer.isDirect()) {
      return -1;
    }
    try {
      return MemorySegment.ofBuffer(buffer).address();
    } catch (RuntimeException e) {
      return -1;
    }
  }

  @Override
  public boolean touchesChunkPages() {
    return true;
  }
}
