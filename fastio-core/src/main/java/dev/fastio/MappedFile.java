package dev.fastio;

import dev.fastio.internal.mapping.FileMapping;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * A read-only mapping of a file, or of a region of one, of any size, released by {@link #close()}.
 * Created by {@link MappedFiles#map(Path)}.
 *
 * <p>The mapping is exposed as {@link #bufferCount()} read-only {@link MappedByteBuffer}s of at
 * most 1 GiB each ({@code Integer.MAX_VALUE} bytes is the most one buffer can address), in file
 * order: buffer {@code i} covers the bytes from {@link #bufferPosition(int) bufferPosition(i)} of
 * the mapped region. {@link #read(long, byte[], int, int)} copies across buffer boundaries. An
 * empty file has no buffers.
 *
 * <p><b>Release.</b> {@link #close()} unmaps at once: on JDK 22 and newer by closing the {@code
 * Arena} the file was mapped in; on JDK 17 to 21 through {@code sun.misc.Unsafe.invokeCleaner}
 * (module {@code jdk.unsupported}, no command-line flag needed). Module {@code dev.fastio} requires
 * {@code jdk.unsupported}, so a runtime image built for it includes that module; where the method
 * is absent all the same (fastio on the class path of an image without {@code jdk.unsupported}),
 * the mappings are released by the garbage collector once unreachable, as plain {@code
 * FileChannel.map} buffers are. One more exception on JDK 17 to 21: once {@link #buffer(int)} has
 * handed out a view, {@code close()} leaves the mapping to the garbage collector too, because a
 * view read after an unmapping would crash the JVM and nothing can check it there (see Warnings).
 * Use {@link #read}, {@link #loadFully()} and {@link #isLoaded()} for a mapping that must be
 * released at once on every JDK. The file's channel is closed before {@code map} returns: a {@code
 * MappedFile} holds no file descriptor, only the mapping.
 *
 * <p><b>Thread safety.</b> All methods are thread-safe. {@link #close()} waits for the fastio
 * methods already running on this object ({@link #read}, {@link #loadFully()}, {@link #isLoaded()})
 * to finish, then unmaps; those called after {@code close()} throw {@link IllegalStateException}.
 *
 * <p><b>Truncation.</b> Should the file shrink under the mapping, a read of a page past its new end
 * faults. The methods of this class turn the fault into a {@link java.nio.file.FileSystemException}
 * naming the file; they never throw the JVM's {@link InternalError}.
 *
 * <p><b>Warnings.</b> The buffers returned by {@link #buffer(int)} are zero-copy views of the
 * mapping, owned by this object; use them only while it is open, and only for reading:
 *
 * <ul>
 *   <li>After {@link #close()}, on JDK 22 and newer, every access to such a buffer throws {@link
 *       IllegalStateException} ("Already closed"). On JDK 17 to 21 a buffer has no way to check
 *       that it was unmapped, and reading unmapped memory would crash the JVM, so a {@code
 *       MappedFile} that handed out a buffer is not unmapped by {@code close()} on those JDKs: its
 *       buffers go on reading the file's bytes until the garbage collector releases the mapping,
 *       once no buffer is reachable (see Release). Either way, use after close never crashes the
 *       JVM, but do not rely on reads after close: they fail on newer JDKs.
 *   <li>A buffer read past the end of a file that shrank throws {@link InternalError} (possibly a
 *       few bytecodes after the read, so possibly from a later call such as {@link #close()}), as
 *       any {@code MappedByteBuffer} does; read through {@link #read} for an {@code IOException}
 *       instead.
 *   <li>Each call returns a new view with its own position and limit; a view may be passed to one
 *       thread, or read by many with absolute {@code get}s only.
 * </ul>
 *
 * @since 0.1.0
 */
public final class MappedFile implements AutoCloseable {
  private final FileMapping mapping;

  MappedFile(FileMapping mapping) {
    this.mapping = mapping;
  }

  /**
   * The file mapped.
   *
   * @return the path as given to {@link MappedFiles#map(Path)}
   */
  public Path path() {
    return mapping.path();
  }

  /**
   * The length of the mapped region; still answered after {@link #close()}.
   *
   * @return the length in bytes
   */
  public long size() {
    return mapping.size();
  }

  /**
   * The number of buffers the mapping is exposed as; still answered after {@link #close()}.
   *
   * @return {@code ceil(size() / 2^30)}, 0 if empty
   */
  public int bufferCount() {
    return mapping.windowCount();
  }

  /**
   * The offset in the mapped region of the first byte of buffer {@code i}. Still answered after
   * {@link #close()}.
   *
   * @param i the buffer's index
   * @return {@code i * 2^30}
   * @throws IndexOutOfBoundsException if {@code i} is not in {@code [0, bufferCount())}
   */
  public long bufferPosition(int i) {
    return mapping.windowPosition(i);
  }

  /**
   * A new read-only view of buffer {@code i}: position 0, limit and capacity its length. Read the
   * Warnings in the class description: the view is valid only until {@link #close()}, and on JDK 17
   * to 21 a call of this method turns the unmapping by {@code close()} into a release by the
   * garbage collector.
   *
   * @param i the buffer's index
   * @return a new read-only view
   * @throws IndexOutOfBoundsException if {@code i} is not in {@code [0, bufferCount())}
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer buffer(int i) {
    return mapping.window(i);
  }

  /**
   * Copies {@code length} bytes from offset {@code position} of the mapped region into {@code
   * dst[offset, offset + length)}, across buffer boundaries.
   *
   * @param position the offset in the mapped region of the first byte copied
   * @param dst the array to copy into
   * @param offset the index in {@code dst} of the first byte written
   * @param length the number of bytes copied
   * @throws IndexOutOfBoundsException if {@code [offset, offset + length)} is not within {@code
   *     dst} or {@code [position, position + length)} not within {@code [0, size())}
   * @throws IllegalStateException if closed
   * @throws java.nio.file.FileSystemException naming the file if it was truncated under the
   *     mapping; {@code dst} may then hold part of the bytes
   * @throws IOException never otherwise
   */
  public void read(long position, byte[] dst, int offset, int length) throws IOException {
    mapping.read(position, dst, offset, length);
  }

  /**
   * Makes every page of the mapping resident, as {@link MappedFiles#loadFully(MappedByteBuffer)}
   * does for each buffer.
   *
   * @return this
   * @throws IllegalStateException if closed
   * @throws java.nio.file.FileSystemException naming the file if it was truncated under the mapping
   * @throws IOException never otherwise
   */
  public MappedFile loadFully() throws IOException {
    mapping.loadFully();
    return this;
  }

  /**
   * Whether every page of the mapping is resident in physical memory, as {@link
   * MappedByteBuffer#isLoaded()} tells it ({@code mincore} on Linux): a hint, which may be stale by
   * the time it returns.
   *
   * @return true if every page is resident; true for an empty mapping
   * @throws IllegalStateException if closed
   */
  public boolean isLoaded() {
    return mapping.isLoaded();
  }

  /**
   * Whether {@link #close()} has been called.
   *
   * @return true once closed
   */
  public boolean isClosed() {
    return mapping.isClosed();
  }

  /**
   * Unmaps the file now (see Release in the class description), after the fastio methods running on
   * this object have finished. Idempotent; any thread. Buffers obtained from {@link #buffer(int)}
   * must no longer be used (see Warnings). Throws nothing of its own; the JVM's {@link
   * InternalError} of a fault in the caller's own earlier read of such a buffer may surface here,
   * as from any call made after that read.
   */
  @Override
  public void close() {
    mapping.close();
  }

  /** The path, the size, and whether closed. */
  @Override
  public String toString() {
    return mapping.toString();
  }
}
