package dev.fastio.internal.platform;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The JDK 22+ region: one segment mapped in its own arena; windows are {@code MappedByteBuffer}
 * views of it; closing the arena unmaps at once. A window used after close throws {@link
 * IllegalStateException}; it never crashes the JVM.
 */
final class SegmentRegion extends MappedRegion {
  private final Arena arena;
  private final MemorySegment segment;

  private SegmentRegion(Arena arena, MemorySegment segment, long size, int windowSize) {
    super(size, windowSize);
    this.arena = arena;
    this.segment = segment;
  }

  static SegmentRegion map(
      FileChannel channel,
      long position,
      long size,
      int windowSize,
      PlatformProvider.Sharing sharing)
      throws IOException {
    windowCount(size, windowSize); // checks the arguments before anything is mapped
    if (size == 0) {
      return new SegmentRegion(null, MemorySegment.NULL, 0, windowSize);
    }
    Arena arena = newArena(sharing);
    try {
      MemorySegment segment = channel.map(FileChannel.MapMode.READ_ONLY, position, size, arena);
      return new SegmentRegion(arena, segment, size, windowSize);
    } catch (IOException | RuntimeException | Error e) {
      arena.close();
      throw e;
    }
  }

  // Ownership of the arena passes to the region, whose release() closes it.
  @SuppressWarnings("MustBeClosedChecker")
  private static Arena newArena(PlatformProvider.Sharing sharing) {
    return sharing == PlatformProvider.Sharing.SHARED ? Arena.ofShared() : Arena.ofConfined();
  }

  @Override
  MappedByteBuffer view(int i, long offset, int length) {
    return (MappedByteBuffer) segment.asSlice(offset, length).asByteBuffer();
  }

  @Override
  void release() {
    if (arena != null) {
      arena.close();
    }
  }
}
