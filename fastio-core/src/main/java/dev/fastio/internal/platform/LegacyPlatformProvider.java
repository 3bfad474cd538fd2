package dev.fastio.internal.platform;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The JDK 17 to 21 implementation: a region is one {@code MappedByteBuffer} per window, a native
 * buffer one {@code ByteBuffer.allocateDirect}; both are freed through {@code
 * sun.misc.Unsafe.invokeCleaner} where the runtime allows it, else by the garbage collector.
 */
final class LegacyPlatformProvider implements PlatformProvider {
  @Override
  public String name() {
    return UnsafeAccess.canFree() ? "jdk17-unsafe-cleaner" : "jdk17-gc";
  }

  @Override
  public MappedRegion map(
      FileChannel channel, long position, long size, int windowSize, Sharing sharing)
      throws IOException {
    return BufferRegion.map(channel, position, size, windowSize);
  }

  @Override
  public NativeBuffer allocate(int capacity, Sharing sharing) {
    return new CleanerBuffer(capacity);
  }

  @Override
  public boolean unmap(MappedByteBuffer buffer) {
    return UnsafeAccess.free(buffer);
  }

  @Override
  public long address(ByteBuffer buffer) {
    return UnsafeAccess.address(buffer);
  }

  @Override
  public boolean touchesChunkPages() {
    return false;
  }
}
