package dev.fastio;

import dev.fastio.internal.mapping.FileMapping;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Memory mappings made safe: files of any size, released at once on {@link MappedFile#close()}, a
 * {@link #loadFully(MappedByteBuffer)} the JIT cannot delete, and an {@link IOException} instead of
 * the JVM's {@link InternalError} when a mapped file is truncated.
 *
 * <p>All methods are static and thread-safe. Mappings are read-only.
 *
 * <p><b>Runtimes.</b> On JDK 22 and newer the jar's multi-release overlay maps through {@code
 * FileChannel.map(mode, offset, size, Arena)} (one mapping for any size) and unmaps by closing the
 * arena; it never touches {@code sun.misc.Unsafe}, so nothing is printed on JDK 24 and newer. On
 * JDK 17 to 21 a file is mapped in several windows, one per buffer of the {@link MappedFile}, and
 * unmapped through {@code sun.misc.Unsafe.invokeCleaner}. System property {@code
 * fastio.platform=legacy} makes a newer JDK do as JDK 17 to 21 do (for testing that code; on JDK 24
 * and newer the JDK then prints a warning unless {@code --sun-misc-unsafe-memory-access=allow} is
 * given); what this documentation says of "JDK 22 and newer" then holds for JDK 17 to 21 instead.
 *
 * <p><b>Observability.</b> Every {@code loadFully} emits a JDK Flight Recorder event {@code
 * dev.fastio.LoadFully} (file, bytes, pages touched, duration) when a recording enables it; with no
 * recording, or without the {@code jdk.jfr} module, nothing is allocated or recorded.
 *
 * @since 0.1.0
 */
public final class MappedFiles {
  private MappedFiles() {}

  /**
   * Maps the whole of a regular file read-only. Not interruptible: an interrupt of the calling
   * thread neither stops the call nor is cleared by it.
   *
   * @param path the file; symbolic links are followed
   * @return an open mapping the caller owns and must close; empty (no buffers) for an empty file
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws java.nio.file.AccessDeniedException if it cannot be read
   * @throws java.nio.file.FileSystemException if it is not a regular file (a directory, FIFO,
   *     socket or device), not a file of the default file system (a zip file system cannot map), or
   *     a pseudo-file of size 0 such as those of {@code /proc} and {@code /sys}, whose content a
   *     mapping would not show; nothing is mapped then
   * @throws IOException if the mapping fails; the message names the limit to raise ({@code
   *     vm.max_map_count}, the address space)
   */
  public static MappedFile map(Path path) throws IOException {
    return new MappedFile(FileMapping.open(path, 0, -1));
  }

  /**
   * Maps {@code [position, position + size)} of a regular file read-only. The position need not be
   * page-aligned.
   *
   * @param path the file; symbolic links are followed
   * @param position the offset in the file of the first byte mapped
   * @param size the number of bytes mapped; 0 gives an empty mapping
   * @return an open mapping the caller owns and must close
   * @throws IllegalArgumentException if {@code position < 0} or {@code size < 0}
   * @throws java.nio.file.FileSystemException if the region ends beyond the end of the file (a
   *     read-only mapping cannot extend it), with the file's size in the message, or as {@link
   *     #map(Path)} throws it
   * @throws IOException as {@link #map(Path)} throws it
   */
  public static MappedFile map(Path path, long position, long size) throws IOException {
    if (size < 0) {
      throw new IllegalArgumentException("size < 0: " + size);
    }
    return new MappedFile(FileMapping.open(path, position, size));
  }

  /**
   * Makes every page of {@code buffer} (from index 0 to its capacity, whatever its position and
   * limit) resident in physical memory, by reading one byte of every page; a replacement for {@link
   * MappedByteBuffer#load()} that stays correct under any JIT.
   *
   * <p>The bytes read feed a value the JIT cannot prove unused, so the loop survives C2 compilation
   * on every JDK from 17 (the suite checks residency with the loop compiled by C2). Residency is a
   * hint, as for {@code load()}: the kernel may evict pages again at any time. The buffer's
   * position, limit and mark are not changed.
   *
   * @param buffer a buffer from {@code FileChannel.map}, a slice of one, or a buffer of a {@link
   *     MappedFile}; a direct buffer that maps no file is merely read
   * @return {@code buffer}
   * @throws java.nio.file.FileSystemException if the mapped file was truncated below the buffer's
   *     end; the message names the file where {@code /proc/self/maps} tells it. Where {@code
   *     load()} would throw {@link InternalError}, this method never does.
   * @throws IllegalStateException if the buffer's memory was released (JDK 22+ {@code Arena}
   *     closed)
   * @throws IOException never otherwise
   * @implNote A page is taken as 4 KiB, the smallest page of the supported platforms, so larger
   *     pages are read more than once; this may change in any release.
   */
  public static MappedByteBuffer loadFully(MappedByteBuffer buffer) throws IOException {
    Objects.requireNonNull(buffer, "buffer");
    FileMapping.loadBuffer(buffer);
    return buffer;
  }

  /**
   * Unmaps, now, a buffer the caller mapped with {@code FileChannel.map(mode, position, size)},
   * instead of waiting for the garbage collector (which on Windows keeps the file locked until
   * then).
   *
   * <p><b>Warnings.</b> After a successful unmap, any access to {@code buffer}, or to any slice or
   * duplicate of it, <b>crashes the JVM</b> or reads unrelated memory: the caller must make sure no
   * thread still holds one. Buffers of a {@link MappedFile} are released by its {@link
   * MappedFile#close()}, never here.
   *
   * <p>On JDK 17 to 21 this calls {@code sun.misc.Unsafe.invokeCleaner}. On JDK 22 and newer it
   * does nothing and returns false: the only public way to unmap there is an {@code Arena}, and
   * {@code invokeCleaner} prints a warning from JDK 24 on; map through {@link #map(Path)} for
   * deterministic release.
   *
   * @param buffer the buffer {@code FileChannel.map} returned (not a slice or duplicate)
   * @return true if the memory was unmapped now, false if it is left to the garbage collector
   * @throws IllegalArgumentException on JDK 17 to 21 if {@code buffer} is a slice or duplicate (a
   *     buffer of a {@link MappedFile} is one)
   */
  public static boolean unmap(MappedByteBuffer buffer) {
    Objects.requireNonNull(buffer, "buffer");
    return PlatformProvider.get().unmap(buffer);
  }
}
