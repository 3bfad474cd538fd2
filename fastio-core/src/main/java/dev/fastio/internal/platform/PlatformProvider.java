package dev.fastio.internal.platform;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The code that differs by JDK, behind one interface: mapping files and releasing mappings, native
 * buffers freed on demand, and what a JDK tells about a buffer.
 *
 * <p>Two implementations: one for JDK 17 to 21 ({@code MappedByteBuffer} windows of at most 1 GiB,
 * unmapped through {@code sun.misc.Unsafe.invokeCleaner}), and one for JDK 22 and newer (one
 * mapping of any size in an {@code Arena}, unmapped by closing it; no {@code sun.misc.Unsafe}),
 * compiled into the jar's {@code META-INF/versions/22} overlay. {@link #get()} picks one once, when
 * first called: the JDK 22+ one where the runtime is 22 or newer and has the overlay (a
 * multi-release jar), unless system property {@code fastio.platform=legacy} asks for the JDK 17 one
 * (see {@link dev.fastio.internal.Settings#PLATFORM}). {@link #name()} says which is active.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface PlatformProvider {
  /**
   * The provider of this runtime, chosen once.
   *
   * @return the same instance on every call
   */
  static PlatformProvider get() {
    return Platforms.ACTIVE;
  }

  /** Who may use a region and close it. */
  enum Sharing {
    /** The thread that mapped it, alone (cheaper to close on JDK 22+). */
    CONFINED,
    /** Any thread, several at once (a reader and the thread faulting its pages in ahead). */
    SHARED
  }

  /**
   * The active implementation's name: {@code jdk22-arena}, {@code jdk17-unsafe-cleaner}, or {@code
   * jdk17-gc} where {@code sun.misc.Unsafe} cannot be used and the garbage collector releases
   * mappings and buffers.
   *
   * @return the name
   */
  String name();

  /**
   * Maps {@code [position, position + size)} of {@code channel} read-only, in windows of at most
   * {@code windowSize} bytes.
   *
   * @param channel a channel open for reading
   * @param position the offset in the file of the first byte mapped
   * @param size the bytes to map; 0 gives a region without windows
   * @param windowSize the most bytes a window holds, 1 to {@link MappedRegion#MAX_WINDOW}
   * @param sharing which threads may use and close the region
   * @return the region, which the caller must close
   * @throws IllegalArgumentException if {@code windowSize} is out of range
   * @throws IOException as {@code FileChannel.map} throws it; nothing is left mapped then
   */
  MappedRegion map(FileChannel channel, long position, long size, int windowSize, Sharing sharing)
      throws IOException;

  /**
   * A new zeroed, page-aligned direct buffer freed by its {@link NativeBuffer#close()}, which any
   * thread may use and close, one at a time.
   *
   * @param capacity the buffer's capacity in bytes
   * @return the buffer, which the caller must close
   */
  default NativeBuffer allocate(int capacity) {
    return allocate(capacity, Sharing.SHARED);
  }

  /**
   * A new zeroed, page-aligned direct buffer freed by its {@link NativeBuffer#close()}.
   *
   * @param capacity the buffer's capacity in bytes
   * @param sharing {@link Sharing#CONFINED} if only the calling thread will use and close it: on
   *     JDK 22+ closing it then costs no handshake with every other thread
   * @return the buffer, which the caller must close
   */
  NativeBuffer allocate(int capacity, Sharing sharing);

  /**
   * Unmaps, now if the runtime allows, a buffer the caller mapped with {@code FileChannel.map}.
   *
   * @param buffer the buffer {@code FileChannel.map} returned
   * @return true if it was unmapped now, false if it is left to the garbage collector
   * @throws IllegalArgumentException if {@code buffer} is not direct, or where the runtime can
   *     unmap, a slice or duplicate
   */
  boolean unmap(MappedByteBuffer buffer);

  /**
   * The native address of a direct buffer's first byte, for error messages (the file behind a
   * mapping); never used to access memory.
   *
   * @param buffer a buffer
   * @return the address, or -1 if {@code buffer} is not direct or the runtime does not tell
   */
  long address(ByteBuffer buffer);

  /**
   * Whether a reader of mapped windows should read one byte of every page of a chunk before handing
   * it out, so that its pages are present when the caller reads them: measured faster on JDK 22+,
   * slower on JDK 17, where a caller's own reads fault the pages in as fast (see {@code
   * docs/maintainer-guide.md}).
   *
   * @return true to touch the pages first
   */
  boolean touchesChunkPages();
}
