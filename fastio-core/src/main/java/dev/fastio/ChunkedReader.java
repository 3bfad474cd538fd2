package dev.fastio;

import dev.fastio.internal.chunks.ChunkOptions;
import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.chunks.ChunkStrategy;
import dev.fastio.internal.stream.Streams;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * A file read as a sequence of read-only {@link ByteBuffer} chunks, without copying its bytes into
 * the Java heap, with cheap moves forward and backward: for readers that hash, scan or index a file
 * and never need all of it in memory at once.
 *
 * <pre>{@code
 * try (ChunkedReader reader = ChunkedReader.open(path)) {
 *   ByteBuffer header = reader.next(9);         // exactly 9 bytes, unless the file is shorter
 *   ...
 *   reader.skip(tagSize);                       // nothing read, nothing mapped
 *   for (ByteBuffer chunk; (chunk = reader.next()) != null; ) {
 *     crc.update(chunk);
 *   }
 * }
 * }</pre>
 *
 * <p><b>Chunks.</b> {@link #next()} hands out the bytes from {@link #position()} on, at most the
 * chunk size at a time, and moves past them; {@link #next(int)} at most a given number. A chunk has
 * position 0, its limit is its length, and it holds exactly {@code min(max, bytes left to end of
 * file)} bytes, where {@code max} is the chunk size (or {@code maxBytes}): never fewer, on a FIFO
 * too (the call then waits for the bytes), so a header can be parsed from one chunk. At end of file
 * {@code next} returns {@code null}.
 *
 * <p><b>How the bytes are read.</b> A large regular file (system property {@code
 * fastio.chunked.mapThreshold}, in bytes) is mapped: a chunk is a slice of a window of the file (at
 * least the chunk size) mapped when first needed and released as soon as a chunk outside it is
 * asked for, so at most two windows of the file are mapped at any time (the one read and the last,
 * while it is being released), however large the file, and skipped ranges are never mapped. Other
 * files are read into one direct buffer reused for every chunk: with positional reads for regular
 * files (those of {@code /proc} and {@code /sys} included) and block devices, with relative reads
 * for FIFOs, sockets and character devices. The default chunk size depends on the way chosen; a
 * buffered file is read into a page-aligned buffer from a small process-wide pool, or, for a chunk
 * size larger than the pool's buffers, into a buffer of its own, freed by {@link #close()}. The
 * bytes are the same either way. Neither way allocates on the heap per byte read: a mapped chunk is
 * one small buffer object, a buffered chunk none (one if it is served from bytes read ahead).
 *
 * <p><b>Pages faulted in ahead.</b> A mapped file read in order (a chunk that starts where the last
 * one ended) has the pages of the rest of its window faulted in ahead of the reader on a background
 * daemon thread, {@code fastio-prefault} (one per JVM, started when first needed), which reads one
 * byte of every page, so that the page faults happen on another core while the reader works on the
 * bytes before them (for a file not in the page cache, they read it from the disk). Once per
 * window: the thread reads no page twice and stops when the reader moves ({@link #position(long)},
 * {@link #skip(long)}), leaves the window or closes (which waits for at most one page), so the
 * bytes a reader skips are not read for it. A reader that skips from its first chunk never has
 * pages faulted in ahead. System property {@code fastio.chunked.prefault=false} turns this off.
 *
 * <p><b>Placement in memory.</b> A mapped chunk lies at the same offset within a page of memory as
 * its first byte within a page of the file. A buffered chunk read from the file starts as far past
 * a page boundary as its first byte lies past a 32-byte boundary of the file, where the kernel's
 * copy from the page cache is fastest. A chunk served from bytes read ahead may start anywhere.
 *
 * <p><b>Read-ahead.</b> A file read through the buffer by position is read ahead when its chunks
 * are small and close together: a small chunk that starts at most a small gap after the end of the
 * last one (system property {@code fastio.chunked.readAheadGap}, in bytes; -1 turns read-ahead off)
 * is read with the bytes after it, more each time the reads go on in order, up to a pooled buffer's
 * size, and the next chunks that fall inside those bytes are handed out without a system call: a
 * parser taking small records makes one system call per many records. The first chunk is never read
 * ahead, so a reader that only looks at a file's header reads only the header. Bytes read ahead
 * serve only chunks after the last one handed out: moving back reads the file again. FIFOs,
 * character devices and mapped files are never read ahead.
 *
 * <p><b>End of file.</b> A regular file or block device is read up to its size when opened ({@link
 * #size()}): bytes appended later are not handed out. FIFOs, character devices and files that
 * report size 0 ({@code /proc}) are read up to the end of file their reads meet; {@code /sys}
 * files, which report 4096 bytes, up to the end of their content.
 *
 * <p><b>Moving.</b> {@link #position(long)} and {@link #skip(long)} only record the new position;
 * the next {@code next} reads from there. Moving beyond end of file is allowed ({@code next} then
 * returns {@code null}). On a FIFO, socket or character device, which cannot be read again, a
 * forward move makes the next {@code next} read and discard the bytes skipped, and a move back
 * before the bytes already read throws an {@link IOException}.
 *
 * <p><b>Truncation.</b> Should a regular file shrink below its size at open while it is read,
 * {@code next} throws a {@link java.nio.file.FileSystemException} naming the file instead of
 * handing out a chunk the file no longer covers; it never throws the JVM's {@link InternalError}. A
 * chunk served from bytes read ahead is handed out as those bytes were read, before the change; the
 * next read from the file notices it (and a read ahead that meets the new end throws even if the
 * chunk asked for is whole). A mapped chunk is checked when handed out: if the file shrinks after
 * that, reading the chunk raises {@code InternalError} in the caller's code, as reading any {@link
 * java.nio.MappedByteBuffer} does (bytes of the last page beyond the new end read as zeros
 * instead). {@link FastFiles#forEachChunk(Path, java.util.function.Consumer)} runs its consumer
 * inside fastio's handling and throws the {@code FileSystemException} then too.
 *
 * <p><b>Interrupts.</b> The reader holds an interruptible {@link java.nio.channels.FileChannel}: if
 * the thread is interrupted before or while the reader reads from it (buffered reads; for a mapped
 * file, mapping a window), the channel is closed and the call throws {@link
 * java.nio.channels.ClosedByInterruptException}, as a {@code FileChannel} does; every later call
 * but {@link #close()} then throws {@link java.nio.channels.ClosedChannelException}. Chunks of a
 * window already mapped involve no read and notice no interrupt.
 *
 * <p><b>Ownership.</b> The reader owns its channel, its buffer and its mapped window, and releases
 * all of them on {@link #close()}; close it (try-with-resources). On JDK 22 and newer a window is
 * unmapped by closing its {@code Arena}, on JDK 17 to 21 through {@code
 * sun.misc.Unsafe.invokeCleaner}; never by the garbage collector. A window the reader moves away
 * from is released on a background daemon thread, {@code fastio-unmapper} (one per JVM, started
 * when first needed), while the reader goes on with the next one; {@link #close()} releases the
 * current window itself and waits for that release, so nothing of the reader is mapped when it
 * returns. A reader never closed keeps its descriptor until the garbage collector closes it and, on
 * JDK 22 and newer, its current window mapped until the JVM exits.
 *
 * <p><b>Thread safety.</b> A reader is not thread-safe: use it, and its chunks, from one thread at
 * a time; handing it to another thread needs a happens-before edge, as for any unsynchronized
 * object.
 *
 * <p><b>Warnings.</b> A chunk is a zero-copy view owned by the reader, valid only until the next
 * call to {@link #next()}, {@link #next(int)}, {@link #position(long)}, {@link #skip(long)} or
 * {@link #close()} on the same reader. Until then fastio does not touch its bytes (a mapped chunk
 * shows what other processes write to the file meanwhile, as any mapping does); after it, a
 * buffered chunk's buffer may be refilled, and a mapped chunk's window may be unmapped. Do not keep
 * a chunk, or a slice or duplicate of one, beyond that call; copy what must outlive it.
 *
 * <ul>
 *   <li>After its window is unmapped, a mapped chunk on JDK 22 and newer throws {@link
 *       IllegalStateException} on any access: safe. On JDK 17 to 21 the memory is gone and an
 *       access <b>crashes the JVM</b> (SIGSEGV) or, once the address range is reused, reads
 *       unrelated memory. There is no check. The same holds after {@link #close()} for a buffered
 *       chunk of a chunk size larger than the pool's buffers, whose buffer is freed then (on JDK 22
 *       and newer: {@code IllegalStateException}); a pooled buffer goes back to the pool and is
 *       refilled by other readers.
 *   <li>Chunks are read-only: {@link ByteBuffer#isReadOnly()} is true and every {@code put} throws
 *       {@link java.nio.ReadOnlyBufferException}.
 *   <li>A chunk's position and limit are the caller's to move; the reader resets them on the next
 *       chunk.
 * </ul>
 *
 * @implNote Regular files of 32 MiB and more are mapped ({@code fastio.chunked.mapThreshold}), in
 *     windows of 64 MiB. The default chunk size is 1 MiB for a mapped file and 128 KiB for a
 *     buffered one; the pooled buffers hold 128 KiB and take a page more. A buffered chunk starts 0
 *     to 31 bytes past a page boundary. Read-ahead serves chunks under 128 KiB starting at most 8
 *     KiB (the default gap) after the last one, reading 16 KiB at first and four times as much each
 *     time, up to 128 KiB. These figures may change in any release.
 * @since 0.1.0
 */
public final class ChunkedReader implements Closeable {
  /** The implementation; package-private for the test hook in this package. */
  final ChunkSource chunks;

  /** Package-private for the test hook in this package. */
  ChunkedReader(ChunkSource chunks) {
    this.chunks = chunks;
  }

  /** Opens a reader with the given options, the one way every reader is made. */
  static ChunkedReader open(Path path, ChunkOptions options) throws IOException {
    return new ChunkedReader(ChunkSource.open(path, options));
  }

  /**
   * Opens a file for chunked reading with fastio's default chunk size, which depends on whether the
   * file is mapped (see the class description).
   *
   * <p>The file is opened, then its size read from the open file; what kind of file it is, is asked
   * of the file system only when the size is 0 or large enough to map, so opening most files costs
   * two system calls, as opening a {@link java.nio.channels.FileChannel} and asking its size does.
   * Opening a FIFO for reading blocks until a writer opens it, as it does in the JDK. A directory
   * opens, as {@link java.nio.file.Files#newByteChannel(Path, java.nio.file.OpenOption...)} opens
   * it, and {@link #next()} throws what reading it throws (or returns null once moved past the size
   * its file system reports for it). Nothing is mapped or read before the first {@code next()}.
   *
   * @param path the file; symbolic links are followed
   * @return an open reader the caller owns and must close
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws java.nio.file.AccessDeniedException if it cannot be read
   * @throws java.nio.file.FileSystemException if a path element is not a directory, and other file
   *     system errors the JDK reports the same way
   * @throws java.nio.channels.ClosedByInterruptException if the thread's interrupt status is set on
   *     entry, or an interrupt arrives while the file is opened and sized (the reader's channel is
   *     interruptible, see Interrupts); nothing is left open, and the status stays set
   * @throws IOException if an I/O error occurs; nothing is left open then
   */
  public static ChunkedReader open(Path path) throws IOException {
    return open(path, ChunkOptions.DEFAULTS);
  }

  /**
   * Opens a file for chunked reading with chunks of at most {@code chunkSize} bytes. A mapped
   * window grows to the chunk size if that is larger than the default window; a buffer is allocated
   * of {@code chunkSize} bytes (no more than the file's size) unless it fits a pooled buffer. Such
   * a buffer is page-aligned, so it takes up to a page more native memory than its size.
   *
   * @param path the file; symbolic links are followed
   * @param chunkSize the most bytes a chunk holds: 1 to 1 GiB ({@code 1 << 30})
   * @return an open reader the caller owns and must close
   * @throws IllegalArgumentException if {@code chunkSize < 1} or larger than 1 GiB; nothing is
   *     opened
   * @throws IOException as {@link #open(Path)} throws it
   */
  public static ChunkedReader open(Path path, int chunkSize) throws IOException {
    ChunkOptions.checkChunkSize(chunkSize);
    return open(path, ChunkOptions.of(chunkSize, ChunkStrategy.AUTO));
  }

  /**
   * The next chunk: the bytes from {@link #position()} on, exactly {@code min(chunk size, bytes
   * left)} of them, and moves past them. Read the Warnings in the class description: the chunk is
   * valid only until the next call on this reader.
   *
   * @return a read-only buffer of at least one byte, position 0, limit its length; null at end of
   *     file (or beyond it)
   * @throws java.nio.channels.ClosedChannelException if the reader is closed, or an interrupt
   *     closed it
   * @throws java.nio.channels.ClosedByInterruptException if the thread is interrupted before or
   *     during a read; the reader is closed then
   * @throws java.nio.file.FileSystemException naming the file if it shrank below its size at open
   * @throws IOException if an I/O error occurs, including {@code "Is a directory"} for a directory,
   *     as {@link java.nio.file.Files#readAllBytes(Path)} throws it; or if a window cannot be
   *     mapped (the message names the limit to raise)
   */
  public ByteBuffer next() throws IOException {
    return chunks.next();
  }

  /**
   * The next chunk of at most {@code maxBytes} bytes: exactly {@code min(maxBytes, chunk size,
   * bytes left)}, and moves past them. Asking for only the bytes needed saves reading the rest of a
   * chunk (on a file read through a buffer) before a {@link #skip(long)}. Valid only until the next
   * call on this reader (see Warnings).
   *
   * @param maxBytes the most bytes the chunk may hold, at least 1
   * @return a read-only buffer of at least one byte, position 0, limit its length; null at end of
   *     file
   * @throws IllegalArgumentException if {@code maxBytes < 1}
   * @throws IOException as {@link #next()} throws it
   */
  public ByteBuffer next(int maxBytes) throws IOException {
    return chunks.next(maxBytes);
  }

  /**
   * This reader as an {@link InputStream}, for code that takes one: it reads from {@link
   * #position()} on and moves the reader, as {@link #next(int)} does, so the stream and the reader
   * can be used in turn; closing the stream closes the reader.
   *
   * <ul>
   *   <li>{@code read(b, off, len)} copies one chunk of {@code min(len, chunk size, bytes left)}
   *       bytes, waiting on a FIFO for all of them, as {@link #next(int)} does;
   *   <li>{@code skip(n)} moves the reader by at most the bytes left to its {@link #size()}; where
   *       the size is not known (FIFOs, {@code /proc} files) it reads and discards; for {@code n <=
   *       0} it moves nothing and returns 0 (the JDK's stream of a file moves back);
   *   <li>{@code available()} is the bytes left to the size, 0 where the size is not known;
   *   <li>{@code transferTo(out)} writes every chunk left: to an open {@link
   *       java.io.FileOutputStream}, straight from the mapping or buffer to its channel (which an
   *       interrupt closes, as it closes this reader), to any other stream in writes of up to 8
   *       KiB.
   * </ul>
   *
   * <p>Once the stream or the reader is closed, every method that reads, skips, transfers or asks
   * {@code available} throws {@link java.nio.channels.ClosedChannelException}, as the JDK's stream
   * of a {@link java.nio.channels.FileChannel} does; reads of 0 bytes return at once, and {@code
   * close} does nothing.
   *
   * <p>Bytes are copied out of the chunks, so the Warnings above do not apply to what the stream
   * returns; a mapped read that faults because the file shrank throws the {@link
   * java.nio.file.FileSystemException} of {@link #next()}. Interrupts and threads: as the reader
   * (one thread at a time, interruptible). Each call returns a new view of the same reader.
   *
   * @return a stream over this reader, which the caller may close instead of the reader
   */
  public InputStream asInputStream() {
    return Streams.inputStream(chunks);
  }

  /**
   * The offset in the file of the next byte {@link #next()} hands out: the bytes handed out and
   * skipped so far. Still answered after {@link #close()}.
   *
   * @return the position, 0 or more; may be beyond end of file
   */
  public long position() {
    return chunks.position();
  }

  /**
   * Moves to {@code newPosition}, forward or backward, without reading anything; the next {@link
   * #next()} reads from there. A position at or beyond end of file is allowed: {@code next} then
   * returns {@code null}.
   *
   * @param newPosition the offset in the file of the next byte to hand out
   * @return this reader
   * @throws IllegalArgumentException if {@code newPosition < 0}
   * @throws java.nio.channels.ClosedChannelException if the reader is closed
   * @throws IOException if the file is a FIFO, socket or character device and {@code newPosition}
   *     is before the bytes already read from it, which cannot be read again
   */
  public ChunkedReader position(long newPosition) throws IOException {
    chunks.position(newPosition);
    return this;
  }

  /**
   * Moves by {@code n} bytes without reading them: forward if {@code n} is positive, backward if
   * negative; the same as {@code position(position() + n)}, except that a move beyond {@link
   * Long#MAX_VALUE} stops there. The move is always by exactly {@code n}, also beyond end of file.
   *
   * @param n the number of bytes to move by
   * @return this reader
   * @throws IllegalArgumentException if the move would go before the start of the file
   * @throws java.nio.channels.ClosedChannelException if the reader is closed
   * @throws IOException as {@link #position(long)} throws it for a FIFO, socket or character device
   *     moved back
   */
  public ChunkedReader skip(long n) throws IOException {
    chunks.skip(n);
    return this;
  }

  /**
   * The size of the file when it was opened, as its file system reported it; still answered after
   * {@link #close()}.
   *
   * @return the size in bytes of a regular file (4096 for a {@code /sys} file, whatever its
   *     content) or a block device; -1 where not known: FIFOs, sockets, character devices, and
   *     pseudo-files that report size 0, such as those of {@code /proc} (an empty regular file
   *     gives 0); unspecified for a directory, which cannot be read
   */
  public long size() {
    return chunks.size();
  }

  /**
   * The file read.
   *
   * @return the path as given to {@link #open(Path)}
   */
  public Path path() {
    return chunks.path();
  }

  /**
   * The most bytes a chunk holds.
   *
   * @return the chunk size given to {@link #open(Path, int)}, or fastio's default
   */
  public int chunkSize() {
    return chunks.chunkSize();
  }

  /**
   * Unmaps the current window (and waits for the release of the one before, should it still be
   * running), returns the buffer and closes the file. Idempotent. Chunks handed out must no longer
   * be used (see Warnings).
   *
   * @throws java.nio.file.FileSystemException naming the file if the read of a mapped chunk faulted
   *     because the file shrank, and the fault was still pending; everything is released all the
   *     same
   * @throws IOException if closing the file fails
   */
  @Override
  public void close() throws IOException {
    chunks.close();
  }

  /** The path, how it is read, the position, and whether closed. */
  @Override
  public String toString() {
    return chunks.toString();
  }
}
