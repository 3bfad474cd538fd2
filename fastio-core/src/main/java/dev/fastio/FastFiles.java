package dev.fastio;

import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import dev.fastio.internal.transfer.Transfers;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.CopyOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.function.Consumer;

/**
 * Whole-file operations: drop-in replacements for {@link java.nio.file.Files} methods, faster and
 * lighter on native memory.
 *
 * <p>All methods are static and thread-safe; concurrent calls share nothing but a small pool of
 * reusable buffers and, for digests of large files, fastio's two daemon threads that fault mapped
 * windows in ahead and unmap them ({@code fastio-prefault}, {@code fastio-unmapper}; see {@link
 * ChunkedReader}). Each call opens its own file channel and closes it, and releases any mapping it
 * made, before it returns or throws.
 *
 * <p><b>Native memory.</b> {@link java.nio.file.Files#readAllBytes} reads through a temporary
 * native buffer as large as the file and keeps it cached in the calling thread for the thread's
 * lifetime (on JDK 17 counted against {@code -XX:MaxDirectMemorySize}). fastio reads through 68 KiB
 * buffers (64 KiB and a page) from a process-wide pool of at most {@code 2 * availableProcessors}
 * (capped at 64) buffers, or through a mapping that is unmapped before the call returns; nothing
 * file-sized is retained. {@link #forEachChunk} reads small files through a second pool, of as many
 * 128 KiB buffers (see {@link ChunkedReader}). Every pooled buffer is page-aligned in memory and
 * takes up to 4 KiB more.
 *
 * <p><b>Interrupts.</b> Like {@code Files.readAllBytes}, these methods (but {@link #forEachChunk},
 * which reads as a {@link ChunkedReader} does) are not interruptible: an interrupt neither aborts
 * nor closes anything, and the thread's interrupt status is still set when the method returns. (The
 * JDK opts its channel out of interrupts with an internal call; fastio opens the file again and
 * resumes at the same offset, reading nothing twice.) One deviation: a FIFO, socket or device
 * cannot be read again from an offset, so an interrupt that arrives while such a file is being read
 * closes it, as it closes any {@code FileChannel}, and the method throws {@link
 * java.nio.channels.ClosedByInterruptException}; the JDK would go on reading.
 *
 * <p><b>Other file systems.</b> Paths of a non-default {@link java.nio.file.FileSystem} (zip,
 * in-memory) are delegated to the JDK's own implementation.
 *
 * @since 0.1.0
 */
public final class FastFiles {
  private FastFiles() {}

  /**
   * Reads all the bytes from a file: the same bytes, and the same exceptions, as {@link
   * java.nio.file.Files#readAllBytes(Path)}.
   *
   * <p>The file is read from start to end of file even when its size is reported as 0 or wrongly
   * ({@code /proc} and {@code /sys} files, FIFOs, character devices such as {@code /dev/null}); a
   * file that grows or shrinks while it is read is read to the end of file seen by the last read,
   * as the JDK does. Large regular files (4 MiB and up by default; system property {@code
   * fastio.readAllBytes.mapThreshold}) are copied from a mapping; should the file shrink while
   * mapped, the fault is caught and the file read again without mapping, so no {@link
   * InternalError} escapes.
   *
   * @param path the file to read
   * @return a new array holding the file's bytes
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws java.nio.file.AccessDeniedException if the file cannot be read
   * @throws java.nio.file.FileSystemException if a path element is not a directory, and other file
   *     system errors the JDK reports the same way
   * @throws IOException if an I/O error occurs, including {@code "Is a directory"} for a directory
   * @throws OutOfMemoryError with the JDK's message {@code "Required array size too large"} if the
   *     file is larger than {@code Integer.MAX_VALUE} bytes; sizes just below that fail as they do
   *     in the JDK, when the array is allocated ({@code "Requested array size exceeds VM limit"},
   *     or heap space)
   * @throws SecurityException as the JDK does, under a security manager
   */
  public static byte[] readAllBytes(Path path) throws IOException {
    return FileReads.readAllBytes(path, ReadStrategy.AUTO);
  }

  /**
   * Computes the digest of a file's content with a new {@link MessageDigest} of the given
   * algorithm.
   *
   * <p>Any algorithm the installed providers offer; the name is matched as {@link
   * MessageDigest#getInstance(String)} matches it (case-insensitively). The content hashed is what
   * {@link #readAllBytes(Path)} would return, for the same kinds of files, but without holding it
   * in memory: files under 16 MiB go through a reused 68 KiB buffer, larger ones (system property
   * {@code fastio.digest.mapThreshold}) through mappings of 32 MiB at a time, each faulted in ahead
   * on the {@code fastio-prefault} daemon thread and released on the {@code fastio-unmapper} one as
   * the hashing moves on (see {@link ChunkedReader} for both threads), so that at most 64 MiB of
   * the file are mapped at once, and nothing once the method returns.
   *
   * @param path the file to hash
   * @param algorithm a {@code MessageDigest} algorithm name such as {@code "MD5"} or {@code
   *     "SHA-256"}
   * @return the digest bytes
   * @throws IllegalArgumentException if no provider offers {@code algorithm}, with the {@link
   *     NoSuchAlgorithmException} as cause; thrown before the file is opened
   * @throws IOException as {@link #readAllBytes(Path)} throws it
   */
  public static byte[] digest(Path path, String algorithm) throws IOException {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unknown digest algorithm: " + algorithm, e);
    }
    return FileReads.digest(path, md, ReadStrategy.AUTO);
  }

  /**
   * Computes the digest of a file's content with the given {@link MessageDigest}.
   *
   * <p>{@code digest} is reset before the file is read and is left reset on every path out, success
   * or failure, so it can be reused at once. A {@code MessageDigest} is not thread-safe: use one
   * per thread.
   *
   * @param path the file to hash
   * @param digest the digest to use; its state before the call is discarded
   * @return the digest bytes, as {@link MessageDigest#digest()} returns them
   * @throws IOException as {@link #readAllBytes(Path)} throws it
   */
  public static byte[] digest(Path path, MessageDigest digest) throws IOException {
    return FileReads.digest(path, digest, ReadStrategy.AUTO);
  }

  /**
   * Computes the digests of many files on all processors, one result per file: a shortcut for
   * {@code DigestBatch.builder(algorithm).build().digestAll(paths)}. See {@link DigestBatch} for
   * the threads, the reading pipeline and progress listeners.
   *
   * @param paths the files; a file that cannot be read gives a result holding its {@link
   *     IOException}, and the other files go on
   * @param algorithm a {@code MessageDigest} algorithm name such as {@code "MD5"} or {@code
   *     "SHA-256"}
   * @return an unmodifiable list of one result per path, in input order; each digest equals {@link
   *     #digest(Path, String)}'s
   * @throws NullPointerException if {@code paths} or one of its elements is null
   * @throws IllegalArgumentException if no provider offers {@code algorithm}, before any file is
   *     opened
   * @throws InterruptedException if the calling thread is interrupted while waiting; the worker
   *     threads are stopped before it is thrown
   */
  public static java.util.List<DigestBatch.Result> digestAll(
      java.util.Collection<? extends Path> paths, String algorithm) throws InterruptedException {
    return DigestBatch.builder(algorithm).build().digestAll(paths);
  }

  /**
   * Hands every byte of a file to {@code action}, in order, as read-only chunks, without copying
   * the file into the heap: a shortcut for a {@link ChunkedReader} loop.
   *
   * <pre>{@code
   * CRC32C crc = new CRC32C();
   * FastFiles.forEachChunk(path, crc::update);
   * }</pre>
   *
   * <p>Chunks are as {@link ChunkedReader#next()} hands them out with the default chunk size
   * (slices of a mapping for regular files of 32 MiB and more, a reused 128 KiB buffer otherwise);
   * each is valid only during the call of {@code action} that receives it (see the Warnings of
   * {@link ChunkedReader}). The file is opened, and closed with its mappings released, by this
   * method.
   *
   * <p>Unlike a reader loop of one's own, {@code action} runs inside fastio's handling of mapped
   * reads: should the file shrink while it is read, the fault of a read in {@code action} too is
   * thrown as a {@link java.nio.file.FileSystemException} naming the file, never as the JVM's
   * {@link InternalError}.
   *
   * @param path the file; symbolic links are followed
   * @param action called with each chunk, on the calling thread; an exception it throws ends the
   *     reading and is rethrown
   * @return the number of bytes handed to {@code action}
   * @throws java.nio.channels.ClosedByInterruptException if the thread is interrupted before or
   *     while the file is read (mapping a window, for a mapped file): unlike the other methods of
   *     this class, this one is interruptible, as a {@code ChunkedReader} is; the interrupt status
   *     stays set
   * @throws java.nio.file.FileSystemException naming the file if it shrank while read
   * @throws IOException as {@link ChunkedReader#open(Path)} and {@link ChunkedReader#next()} throw
   *     it
   */
  public static long forEachChunk(Path path, Consumer<? super ByteBuffer> action)
      throws IOException {
    return ChunkSource.forEach(path, action);
  }

  /**
   * Copies a file to a target file: {@link java.nio.file.Files#copy(Path, Path, CopyOption...)},
   * with the same options, results and exceptions, the data moved as {@link
   * FastChannels#transferTo( java.nio.channels.FileChannel, long, long,
   * java.nio.channels.WritableByteChannel)} would move it.
   *
   * <p><b>Platforms.</b> Where {@link TransferPolicy#defaults()} moves data to files with {@link
   * TransferStrategy#KERNEL} at every size (Linux, unless {@code fastio.transfer.strategy} forces
   * another strategy), this method is {@code Files.copy} itself: the JDK's copy makes the same
   * system calls ({@code copy_file_range}, {@code sendfile}) from native code, faster than a Java
   * path (see {@code docs/design.md}), and no {@code dev.fastio.Transfer} event is recorded.
   * Elsewhere (macOS, or a strategy forced) fastio copies a regular file as follows.
   *
   * <p>fastio copies a regular file itself: it checks the source and the target in the JDK's order
   * (source attributes, then the target's without following links; a target that is the same file
   * as the source is left alone; an existing target is a {@link
   * java.nio.file.FileAlreadyExistsException} unless {@code REPLACE_EXISTING} is given, then it is
   * deleted first, a non-empty directory being a {@link java.nio.file.DirectoryNotEmptyException}),
   * creates the target exclusively with the source's permissions (less the umask), moves the data
   * with the adaptive transfer (on Linux the kernel's {@code copy_file_range} or {@code sendfile},
   * no copy through user space) and, with {@code COPY_ATTRIBUTES}, copies the owner and permissions
   * (where allowed, silently not otherwise, as the JDK), the extended attributes of the {@code
   * user} namespace (the JDK also copies those of other namespaces it may read, such as {@code
   * security.*}) and the last-modified and last-access times, to the nanosecond as JDK 25 does (JDK
   * 17 keeps microseconds); a failure to set the times fails the copy. Every other case is {@code
   * Files.copy}'s own: directories (an empty directory is created), symbolic links with {@code
   * NOFOLLOW_LINKS} (the link is copied), FIFOs and devices, files with set-user-ID, set-group-ID
   * or sticky bits, an unreadable source, other options ({@code ATOMIC_MOVE} and unknown ones throw
   * {@link UnsupportedOperationException}, {@code
   * com.sun.nio.file.ExtendedCopyOption.INTERRUPTIBLE} is honoured), file systems other than the
   * default one, and platforms without POSIX attributes (Windows).
   *
   * <p>A copy that fails once the target was created deletes the target, as the JDK does: no
   * partial file is left. No descriptor stays open. A source that grows while copied is copied to
   * its new end; files of {@code /proc} and {@code /sys} are copied to their end of file.
   *
   * <p><b>Interrupts.</b> Like {@code Files.copy} without {@code INTERRUPTIBLE}, not interruptible:
   * an interrupt that closes the channels makes fastio open both again and go on from the last
   * completed transfer; the thread's interrupt status is set when the method returns.
   *
   * @param source the file to copy
   * @param target the path of the copy
   * @param options {@link java.nio.file.StandardCopyOption#REPLACE_EXISTING}, {@link
   *     java.nio.file.StandardCopyOption#COPY_ATTRIBUTES}, {@link
   *     java.nio.file.LinkOption#NOFOLLOW_LINKS}, or any option {@code Files.copy} takes
   * @return {@code target}
   * @throws java.nio.file.NoSuchFileException if the source does not exist, or the target's
   *     directory does not
   * @throws java.nio.file.FileAlreadyExistsException if the target exists and {@code
   *     REPLACE_EXISTING} is not given
   * @throws java.nio.file.DirectoryNotEmptyException if {@code REPLACE_EXISTING} is given and the
   *     target is a non-empty directory
   * @throws UnsupportedOperationException for an option {@code Files.copy} does not support, such
   *     as {@code ATOMIC_MOVE}
   * @throws java.nio.file.FileSystemException naming both files if the data cannot be copied (a
   *     full disk, an I/O error), and as the JDK throws it otherwise
   * @throws IOException if another I/O error occurs
   * @throws SecurityException as the JDK does, under a security manager
   */
  public static Path copy(Path source, Path target, CopyOption... options) throws IOException {
    return Transfers.copy(source, target, options);
  }
}
