package dev.fastio.internal.platform;

import java.lang.foreign.Arena;

/**
 * The JDK 22+ native buffer: a segment of an {@link Arena} of its own, freed by closing it. Shared
 * (any thread may use and close it, one at a time) or confined to the thread that allocated it,
 * whose close needs no handshake with the other threads. A view used after close throws {@link
 * IllegalStateException}; it never reads freed memory.
 */
final class ArenaBuffer extends NativeBuffer {
  private final Arena arena;

  private ArenaBuffer(Arena arena, int capacity) {
    super(arena.allocate(capacity, AlignedBuffers.PAGE).asByteBuffer());
    this.arena = arena;
  }

  // Ownership of the arena passes to the buffer, whose free() closes it.
  @SuppressWarnings("MustBeClosedChecker")
  static ArenaBuffer allocate(int capacity, PlatformProvider.Sharing sharing) {
    Arena arena =
        sharing == PlatformProvider.Sharing.SHARED ? Arena.ofShared() : Arena.ofConfined();
    try {
      return new ArenaBuffer(arena, capacity);
    } catch (RuntimeException | Error e) {
      arena.close();
      throw e;
    }
  }

  @Override
  void free() {
    arena.close();
  }
}
