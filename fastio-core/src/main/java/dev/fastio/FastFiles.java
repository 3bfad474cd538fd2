package dev.fastio;

import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import dev.fastio.internal.stream.Streams;
import dev.fastio.internal.text.Lines;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Whole-file operations: drop-in replacements for {@link java.nio.file.Files} methods, faster and
 * lighter on native memory.
 *
 * <p>All methods are static and thread-safe; concurrent calls share nothing but a small pool of
 * reusable buffers and, for digests of large files, fastio's two daemon threads that fault mapped
 * windows in ahead and unmap them ({@code fastio-prefault}, {@code fastio-unmapper}; see {@link
 * ChunkedReader}). Each call opens its own file channel and closes it, and releases any mapping it
 * made, before it returns or throws; but {@link #newInputStream} and {@link #newOutputStream},
 * which return a stream the caller owns and closes.
 *
 * <p><b>Native memory.</b> {@link java.nio.file.Files#readAllBytes} reads through a temporary
 * native buffer as large as the file and keeps it cached in the calling thread for the thread's
 * lifetime (on JDK 17 counted against {@code -XX:MaxDirectMemorySize}). fastio reads through
 * buffers of a fixed size from a process-wide pool bounded by the number of processors, or through
 * a mapping that is unmapped before the call returns; nothing file-sized is retained. {@link
 * #forEachChunk} reads small files through a second pool, of as many larger buffers (see {@link
 * ChunkedReader}). Every pooled buffer is page-aligned in memory and takes up to a page more.
 *
 * <p><b>Interrupts.</b> Like {@code Files.readAllBytes} and the JDK's file streams, these methods
 * and streams (but {@link #forEachChunk}, which reads as a {@link ChunkedReader} does, and the
 * transfers of the stream copies, see {@link #newInputStream}) are not interruptible: an interrupt
 * neither aborts nor closes anything, and the thread's interrupt status is still set when the
 * method returns. (The JDK opts its channel out of interrupts with an internal call; fastio opens
 * the file again and resumes at the same offset, reading nothing twice.) One deviation: a FIFO,
 * socket or device cannot be read again from an offset, so an interrupt that arrives while such a
 * file is being read closes it, as it closes any {@code FileChannel}, and the method throws {@link
 * java.nio.channels.ClosedByInterruptException}; the JDK would go on reading.
 *
 * <p><b>Other file systems.</b> Paths of a non-default {@link java.nio.file.FileSystem} (zip,
 * in-memory) are delegated to the JDK's own implementation; {@link #digest} and {@link #digestAll}
 * read them as {@code Files.readAllBytes} does, with its exceptions (a directory of a zip file
 * system is a {@link java.nio.file.NoSuchFileException}, as there).
 *
 * @implNote The pooled buffers of digests, streams and transfers hold 68 KiB (64 KiB and a page),
 *     those of {@link #readAllBytes}, {@link #lines} and {@link #forEachChunk} 128 KiB; at most
 *     {@code 2 * availableProcessors} of each size are kept (capped at 64).
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
   * as the JDK does. Large regular files (system property {@code fastio.readAllBytes.mapThreshold},
   * in bytes) are copied from a mapping; should the file shrink while mapped, the fault is caught
   * and the file read again without mapping, so no {@link InternalError} escapes.
   *
   * @implNote Regular files of 4 MiB and more are mapped unless the system property says otherwise.
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
   * in memory: small files go through a reused pooled buffer, larger ones (system property {@code
   * fastio.digest.mapThreshold}, in bytes) through mappings of part of the file at a time, each
   * faulted in ahead on the {@code fastio-prefault} daemon thread and released on the {@code
   * fastio-unmapper} one as the hashing moves on (see {@link ChunkedReader} for both threads), so
   * that at most two such parts of the file are mapped at once, and nothing once the method
   * returns.
   *
   * @implNote Files of 16 MiB and more are mapped unless the system property says otherwise, 32 MiB
   *     at a time.
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
   * (slices of a mapping for large regular files, a reused pooled buffer otherwise); each is valid
   * only during the call of {@code action} that receives it (see the Warnings of {@link
   * ChunkedReader}). The file is opened, and closed with its mappings released, by this method.
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
   * Copies a file to a target file: {@link java.nio.file.Files#copy(Path, Path, CopyOption...)}
   * itself, with its options, results and exceptions. The JDK's copy already moves the data in
   * native code (on Linux with the kernel's {@code copy_file_range} or {@code sendfile}, no copy
   * through user space) and copies the attributes as each platform allows; this method is here so
   * that code calling {@code FastFiles} for its reads can copy through the same class. The overload
   * with a {@link ProgressListener} is fastio's own copy.
   *
   * @param source the file to copy
   * @param target the path of the copy
   * @param options any option {@code Files.copy} takes
   * @return {@code target}
   * @throws java.nio.file.NoSuchFileException if the source does not exist
   * @throws java.nio.file.FileAlreadyExistsException if the target exists and {@code
   *     REPLACE_EXISTING} is not given
   * @throws java.nio.file.DirectoryNotEmptyException if {@code REPLACE_EXISTING} is given and the
   *     target is a non-empty directory
   * @throws UnsupportedOperationException for an option {@code Files.copy} does not support
   * @throws IOException if another I/O error occurs
   * @throws SecurityException as the JDK does, under a security manager
   */
  public static Path copy(Path source, Path target, CopyOption... options) throws IOException {
    return Files.copy(source, target, options);
  }

  /**
   * Copies a file to a target file as {@link #copy(Path, Path, CopyOption...)} does, telling {@code
   * listener} how many bytes have been copied (see {@link ProgressListener} for when).
   *
   * <p>A regular file of the default file system of a POSIX platform (options {@code
   * REPLACE_EXISTING}, {@code COPY_ATTRIBUTES} and {@code NOFOLLOW_LINKS} only) fastio copies
   * itself, in the JDK's order and with its exceptions: source attributes, then the target's
   * without following links; a target that is the same file as the source is left alone; an
   * existing target is a {@link java.nio.file.FileAlreadyExistsException} unless {@code
   * REPLACE_EXISTING} is given, then it is deleted first (a non-empty directory is a {@link
   * java.nio.file.DirectoryNotEmptyException}); the target is created exclusively with the source's
   * permissions (less the umask) and the data moved by {@link FastChannels#transferTo} in steps of
   * at most 16 MiB. With {@code COPY_ATTRIBUTES} the owner and permissions are copied where allowed
   * (silently not otherwise, as the JDK), the extended attributes of the {@code user} namespace
   * (the JDK also copies those of other namespaces it may read) and the last-modified and
   * last-access times, to the nanosecond as JDK 25 does (JDK 17 keeps microseconds); a failure to
   * set the times fails the copy. A source that grows while copied is copied to its new end; files
   * of {@code /proc} and {@code /sys} to their end of file. A copy that fails, or whose listener
   * throws, once the target was created deletes the target: no partial file is left, and no
   * descriptor stays open. Like {@code Files.copy}, not interruptible: an interrupt that closes the
   * channels makes fastio open both again and go on from the last completed step; the thread's
   * interrupt status is set when the method returns.
   *
   * <p>Every other case is {@code Files.copy}'s own and reports only the final total: the size of
   * the copy, or 0 for what is not a regular file (directories, links with {@code NOFOLLOW_LINKS},
   * FIFOs and devices, files with set-user-ID, set-group-ID or sticky bits, an unreadable source,
   * other options, other file systems, Windows).
   *
   * @param source the file to copy
   * @param target the path of the copy
   * @param listener told the bytes copied so far, on the calling thread
   * @param options as for {@link #copy(Path, Path, CopyOption...)}
   * @return {@code target}
   * @throws NullPointerException if {@code listener} is null
   * @throws java.nio.file.FileSystemException naming both files if the data cannot be copied (a
   *     full disk, an I/O error)
   * @throws IOException as {@link #copy(Path, Path, CopyOption...)} throws it
   */
  public static Path copy(
      Path source, Path target, ProgressListener listener, CopyOption... options)
      throws IOException {
    return Streams.copy(source, target, listener, options);
  }

  /**
   * Opens a file for reading: {@link java.nio.file.Files#newInputStream(Path, OpenOption...)}, with
   * the same options, bytes and exceptions, read without a native buffer per thread.
   *
   * <p><b>Native memory.</b> The JDK's stream reads through a temporary direct buffer as large as
   * the request and, on JDK 17, keeps it cached in the thread for the thread's life; {@link
   * java.io.FileInputStream} allocates and frees native memory as large as the request on every
   * read above a few KiB. This stream allocates nothing native per read and keeps nothing between
   * reads that grows with the request size:
   *
   * <ul>
   *   <li>A large regular file, once the stream reads large requests or is well past its start, is
   *       copied from a read-only mapped window of part of the file, straight into the caller's
   *       array, one {@code fstat} per read to see that the file did not shrink (should it have, or
   *       should a copy fault, the stream reads the file from then on). The window is unmapped when
   *       the stream moves past it and by {@code close}; a stream dropped without {@code close} has
   *       its window unmapped once the garbage collector found it unreachable and another stream
   *       maps one.
   *   <li>Anything else is read in pieces of at most a pooled buffer through a buffer of the pool
   *       {@link #readAllBytes} uses, taken for the call only. Where more streams read or write at
   *       once than the pool keeps buffers, the others read the same pieces through the JDK's
   *       temporary buffer of their thread, which is then one piece large.
   * </ul>
   *
   * <p><b>As the JDK's.</b> Not buffered: every read is served by the file, so bytes appended
   * meanwhile are read, as with the JDK. Thread-safe, with reads serialised as the JDK serialises
   * them. {@code read} of a regular file returns the bytes asked for unless the file ends first; on
   * a FIFO, socket or character device one call makes one read, which may return fewer (at most a
   * pooled buffer, where the JDK may return more). {@code skip} moves the offset of a seekable file
   * as the JDK's does (as far as the end, and backward for a negative count, returning the distance
   * moved) and reads and discards on a FIFO; {@code available} is what is left to the file's size,
   * 0 on a FIFO or device; {@code readAllBytes} and {@code readNBytes} read a regular file into an
   * array of the size left; {@code transferTo} moves the rest of a regular file to a {@link
   * java.io.FileOutputStream} or to one of fastio's output streams with {@link
   * FastChannels#transferTo} (on Linux the kernel's copy, no copy through the Java heap) and writes
   * to any other stream in small writes (a closed {@code FileOutputStream} too, which throws its
   * own {@code IOException}, as with the JDK's stream). {@code close} is idempotent and closes the
   * file; a read blocked on a FIFO in another thread then throws {@link
   * java.nio.channels.AsynchronousCloseException}. A closed stream throws {@link
   * java.nio.channels.ClosedChannelException} from every method that reads, skips, transfers or
   * asks {@code available}, as the JDK's; reads of 0 bytes ({@code read(b, off, 0)}, {@code
   * readNBytes(0)}, {@code skipNBytes(0)}) return at once, as the JDK's do.
   *
   * <p><b>Interrupts.</b> Like the JDK's stream, not interruptible: an interrupt neither aborts nor
   * closes it, and stays set. (An interrupt that arrives during a read of a regular file makes the
   * stream open the file again and read on from the same offset.) Deviations, as in {@link
   * #readAllBytes}: an interrupt arriving while a FIFO, socket or device is read closes the stream
   * with {@link java.nio.channels.ClosedByInterruptException}; and one arriving while {@code
   * transferTo} moves bytes to a file stream closes both, as {@code FileChannel.transferTo} does
   * (JDK 25's {@code FileInputStream.transferTo} does the same).
   *
   * <p><b>Deviations from a JDK.</b> On a FIFO, JDK 17's {@code skip} and {@code available} throw
   * {@code IOException("Illegal seek")}; this stream's skip and report 0, as JDK 25's do, where JDK
   * 25's {@code available} reports the bytes the pipe holds. JDK 25's {@code available} of a
   * directory is {@code Integer.MAX_VALUE}, this one's the directory's size, as JDK 17's. JDK 25's
   * {@code transferTo} of a {@code /proc} file to the JDK's own output stream moves nothing; this
   * one reads it to its end. {@code readNBytes(len)} of a file that grew while read returns up to
   * {@code len} bytes, where JDK 25's stops at the size it saw first.
   *
   * <p>Options {@code DELETE_ON_CLOSE} and those of other providers (such as {@code
   * com.sun.nio.file.ExtendedOpenOption.DIRECT}), and paths of other file systems, get the JDK's
   * own stream.
   *
   * @implNote A regular file is mapped from 4 MiB, once reads ask 64 KiB at a time or the stream is
   *     past its first MiB, in windows of up to 64 MiB; pieces are at most 68 KiB; {@code
   *     transferTo} to another stream writes 8 KiB at a time. {@code close()} unmaps the window. A
   *     stream dropped without {@code close()} keeps its window mapped (address space and
   *     page-cache pages, no heap) until the garbage collector finds the stream unreachable: on JDK
   *     17 to 21 the collector then unmaps it, on JDK 22+ the next stream that maps a window does.
   * @param path the file to open
   * @param options {@link java.nio.file.StandardOpenOption#READ}, {@link
   *     java.nio.file.LinkOption#NOFOLLOW_LINKS}, or any option {@code Files.newInputStream} takes;
   *     none means {@code READ}
   * @return a new input stream the caller owns and must close
   * @throws IllegalArgumentException if the options are an invalid combination
   * @throws UnsupportedOperationException for {@code APPEND} or {@code WRITE} ({@code "'APPEND' not
   *     allowed"}), or an option not supported
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws java.nio.file.AccessDeniedException if the file cannot be read
   * @throws java.nio.file.FileSystemException for a link with {@code NOFOLLOW_LINKS}, and other
   *     file system errors the JDK reports the same way
   * @throws IOException if another I/O error occurs (a directory opens; reading it throws {@code
   *     "Is a directory"})
   */
  public static InputStream newInputStream(Path path, OpenOption... options) throws IOException {
    return Streams.newInputStream(path, options);
  }

  /**
   * Opens or creates a file for writing: {@link java.nio.file.Files#newOutputStream(Path,
   * OpenOption...)}, with the same options, defaults ({@code CREATE}, {@code TRUNCATE_EXISTING},
   * {@code WRITE} when none are given), bytes and exceptions, written without a native buffer per
   * thread.
   *
   * <p>Not buffered, as the JDK's: each {@code write} has reached the file when it returns, in
   * writes of at most a pooled buffer, from a buffer taken for the call only (the JDK copies the
   * whole array into a temporary direct buffer of its size, cached in the thread on JDK 17). Each
   * piece is placed so that the kernel's copy into the page cache runs at full speed. Thread-safe;
   * {@code close} is idempotent; once closed, {@code write} throws {@link
   * java.nio.channels.ClosedChannelException} but for 0 bytes, and {@code flush} does nothing, as
   * the JDK's. Not interruptible, as the JDK's (see {@link #newInputStream}; a FIFO or device is
   * closed by an interrupt that arrives during a write).
   *
   * <p><b>Deviation from JDK 17.</b> {@code write(b, off, len)} with a range outside {@code b}
   * throws {@link IndexOutOfBoundsException} with the message of {@link
   * java.util.Objects#checkFromIndexSize}, as JDK 25's stream; JDK 17's has no message.
   *
   * <p><b>Atomic and durable writes.</b> With {@link FastOpenOption#ATOMIC} the stream writes a
   * temporary file and its {@code close()} replaces the file with it, so that readers and a crash
   * see the old content or the new; a stream whose {@code write} threw, or that is never closed,
   * leaves the old file. With {@link FastOpenOption#DURABLE} the content (and a new or replaced
   * file's directory entry) is on stable storage when {@code close()} returns. {@code close()} then
   * waits for a write in progress on another thread, and throws what the commit throws. The same
   * holds for the methods that write through this stream ({@code write}, {@code writeString},
   * {@code newBufferedWriter}). See {@link FastOpenOption} for the options each may be given with.
   *
   * @param path the file to open or create
   * @param options any option {@code Files.newOutputStream} takes, and {@link FastOpenOption}s;
   *     {@code WRITE} is added
   * @return a new output stream the caller owns and must close
   * @throws IllegalArgumentException for {@code READ} ({@code "READ not allowed"}) or an invalid
   *     combination ({@code "APPEND + TRUNCATE_EXISTING not allowed"}, {@code "ATOMIC and APPEND"})
   * @throws UnsupportedOperationException if an option is not supported, or a {@link
   *     FastOpenOption} is given for a path of another file system
   * @throws java.nio.file.FileAlreadyExistsException with {@code CREATE_NEW} if the file exists
   * @throws java.nio.file.NoSuchFileException if the file does not exist and is not to be created,
   *     or its directory does not exist
   * @throws java.nio.file.AccessDeniedException if the file cannot be written
   * @throws java.nio.file.FileSystemException for a directory ({@code "Is a directory"}), a link
   *     with {@code NOFOLLOW_LINKS}, and other file system errors the JDK reports the same way
   * @throws IOException if another I/O error occurs
   */
  public static OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
    return Streams.newOutputStream(path, options);
  }

  /**
   * Writes bytes to a file: {@link java.nio.file.Files#write(Path, byte[], OpenOption...)}, through
   * {@link #newOutputStream}.
   *
   * @param path the file
   * @param bytes the bytes to write
   * @param options as for {@link #newOutputStream}
   * @return {@code path}
   * @throws IOException as {@link #newOutputStream} and its {@code write} throw it
   */
  public static Path write(Path path, byte[] bytes, OpenOption... options) throws IOException {
    return Streams.write(path, bytes, options);
  }

  /**
   * Writes lines of text to a file: {@link java.nio.file.Files#write(Path, Iterable, Charset,
   * OpenOption...)}, through {@link #newOutputStream}: each line, then {@link
   * System#lineSeparator()}, encoded by {@code cs}'s encoder, which reports what it cannot encode
   * ({@link java.nio.charset.UnmappableCharacterException} or {@link
   * java.nio.charset.MalformedInputException}, thrown after what came before was written, as the
   * JDK's). A {@code null} line is written as {@code "null"}, as the JDK's writer writes it.
   *
   * @param path the file
   * @param lines the lines
   * @param cs the charset
   * @param options as for {@link #newOutputStream}
   * @return {@code path}
   * @throws IOException as {@link #newOutputStream} throws it, or a coding error
   */
  public static Path write(
      Path path, Iterable<? extends CharSequence> lines, Charset cs, OpenOption... options)
      throws IOException {
    return Streams.write(path, lines, cs, options);
  }

  /**
   * {@link #write(Path, Iterable, Charset, OpenOption...)} in UTF-8: {@link
   * java.nio.file.Files#write(Path, Iterable, OpenOption...)}.
   *
   * @param path the file
   * @param lines the lines
   * @param options as for {@link #newOutputStream}
   * @return {@code path}
   * @throws IOException as {@link #write(Path, Iterable, Charset, OpenOption...)} throws it
   */
  public static Path write(Path path, Iterable<? extends CharSequence> lines, OpenOption... options)
      throws IOException {
    return Streams.write(path, lines, StandardCharsets.UTF_8, options);
  }

  /**
   * Writes text to a file: {@link java.nio.file.Files#writeString(Path, CharSequence, Charset,
   * OpenOption...)}. The text is encoded before the file is opened, and text {@code cs} cannot
   * encode fails then, creating nothing, with the JDK's exception: {@link
   * java.nio.charset.UnmappableCharacterException} (a lone surrogate in UTF-8, a character outside
   * ISO-8859-1 or US-ASCII) or {@link java.nio.charset.MalformedInputException} (a lone surrogate
   * in US-ASCII and in the charsets that encode through their encoder), with the JDK's input
   * length.
   *
   * @param path the file
   * @param csq the text
   * @param cs the charset
   * @param options as for {@link #newOutputStream}
   * @return {@code path}
   * @throws IOException as {@link #newOutputStream} throws it, or the coding error above
   */
  public static Path writeString(Path path, CharSequence csq, Charset cs, OpenOption... options)
      throws IOException {
    return Streams.writeString(path, csq, cs, options);
  }

  /**
   * {@link #writeString(Path, CharSequence, Charset, OpenOption...)} in UTF-8: {@link
   * java.nio.file.Files#writeString(Path, CharSequence, OpenOption...)}.
   *
   * @param path the file
   * @param csq the text
   * @param options as for {@link #newOutputStream}
   * @return {@code path}
   * @throws IOException as {@link #writeString(Path, CharSequence, Charset, OpenOption...)}
   */
  public static Path writeString(Path path, CharSequence csq, OpenOption... options)
      throws IOException {
    return Streams.writeString(path, csq, StandardCharsets.UTF_8, options);
  }

  /**
   * Reads a file as text: {@link java.nio.file.Files#readString(Path, Charset)}, the bytes read as
   * {@link #readAllBytes} reads them. Bytes that are not text in {@code cs} fail with the JDK's
   * exception and input length: {@link java.nio.charset.MalformedInputException} (for UTF-8 with
   * the JDK's own lengths, which differ from the UTF-8 decoder's: 3 for any bad 3-byte sequence, 4
   * for a bad 4-byte one) or {@link java.nio.charset.UnmappableCharacterException}.
   *
   * @param path the file
   * @param cs the charset
   * @return the file's text
   * @throws IOException as {@link #readAllBytes} throws it, or the coding error above
   * @throws OutOfMemoryError as {@link #readAllBytes} throws it
   */
  public static String readString(Path path, Charset cs) throws IOException {
    return Streams.readString(path, cs);
  }

  /**
   * {@link #readString(Path, Charset)} in UTF-8: {@link java.nio.file.Files#readString(Path)}.
   *
   * @param path the file
   * @return the file's text
   * @throws IOException as {@link #readString(Path, Charset)} throws it
   */
  public static String readString(Path path) throws IOException {
    return Streams.readString(path, StandardCharsets.UTF_8);
  }

  /**
   * Reads the lines of a file as a lazy stream: {@link java.nio.file.Files#lines(Path, Charset)}.
   * The same lines (ended by LF, CR or CR LF, as {@link java.io.BufferedReader#readLine()} ends
   * them; a last line without a terminator; a byte order mark kept as the JDK keeps it), opened and
   * failing as the JDK's: the file is opened now ({@link java.nio.file.NoSuchFileException} and the
   * others are thrown here), read as the stream is consumed, and closed when the stream is closed
   * (use try-with-resources); an {@link IOException} while reading, or bytes that are not text in
   * {@code cs} ({@link java.nio.charset.MalformedInputException} or {@link
   * java.nio.charset.UnmappableCharacterException}), is thrown as an {@link
   * java.io.UncheckedIOException} from the stream operation that met it (in the charsets read from
   * their bytes, when the reading reaches the bad bytes, after the lines before them; the JDK's
   * reader decodes ahead and may throw it sooner).
   *
   * <p>In a charset whose line ends are the single bytes 0x0A and 0x0D, which no other character's
   * bytes contain (UTF-8, US-ASCII, ISO-8859-1 and the other single-byte ASCII charsets; Shift_JIS,
   * windows-31j, EUC-KR, GBK, Big5 and the other stateless CJK charsets whose decoders never take
   * those bytes into a character; decided once per charset by probing its encoder and decoder), a
   * regular file is read without a {@code Reader}: its bytes are searched for line terminators and
   * each line decoded once; a parallel stream splits the file at line boundaries into parts read by
   * separate threads, for files of any size. As the JDK's, a file of up to 2 GiB in UTF-8,
   * ISO-8859-1 or US-ASCII is read up to its size when it was opened (what is appended later is not
   * read); a larger one, and one in any other charset, to its end. Other charsets (UTF-16, UTF-32,
   * EUC-JP, GB18030, the ISO-2022 and EBCDIC charsets, ...), FIFOs and files whose size reads as 0
   * ({@code /proc}) are read by the JDK's {@code BufferedReader} and decoder, over {@link
   * #newInputStream} or the channel already open, to their end, so their lines and errors are the
   * JDK's; unlike the JDK, which closes such a file and opens it a second time (a FIFO then loses
   * what a writer wrote to the first open, or waits for another writer), fastio reads it through
   * the one open.
   *
   * <p>The stream is not thread-safe, as any stream; its parallel form reads with a positional read
   * per part on one shared channel.
   *
   * @param path the file
   * @param cs the charset of its text
   * @return the lines; close it to close the file
   * @throws IOException if the file cannot be opened, as {@code Files.lines} throws it
   */
  public static Stream<String> lines(Path path, Charset cs) throws IOException {
    return Lines.lines(path, cs);
  }

  /**
   * {@link #lines(Path, Charset)} in UTF-8: {@link java.nio.file.Files#lines(Path)}.
   *
   * @param path the file
   * @return the lines; close it to close the file
   * @throws IOException if the file cannot be opened
   */
  public static Stream<String> lines(Path path) throws IOException {
    return Lines.lines(path, StandardCharsets.UTF_8);
  }

  /**
   * Reads every line of a file: {@link java.nio.file.Files#readAllLines(Path, Charset)}. The lines
   * of {@link #lines(Path, Charset)}, read to the end of the file whatever its size then; the file
   * is closed before this returns or throws.
   *
   * @param path the file
   * @param cs the charset of its text
   * @return the lines, in a new mutable list
   * @throws IOException if the file cannot be opened or read, or {@link
   *     java.nio.charset.MalformedInputException} (or {@link
   *     java.nio.charset.UnmappableCharacterException}) for bytes that are not text in {@code cs}
   */
  public static List<String> readAllLines(Path path, Charset cs) throws IOException {
    return Lines.readAllLines(path, cs);
  }

  /**
   * {@link #readAllLines(Path, Charset)} in UTF-8: {@link java.nio.file.Files#readAllLines(Path)}.
   *
   * @param path the file
   * @return the lines, in a new mutable list
   * @throws IOException as {@link #readAllLines(Path, Charset)} throws it
   */
  public static List<String> readAllLines(Path path) throws IOException {
    return Lines.readAllLines(path, StandardCharsets.UTF_8);
  }

  /**
   * Opens a file for reading text: {@link java.nio.file.Files#newBufferedReader(Path, Charset)},
   * the JDK's {@code BufferedReader} and decoder (bytes that are not text throw {@link
   * java.nio.charset.MalformedInputException}) over {@link #newInputStream}, so no native buffer is
   * allocated per read or kept per thread. The caller closes it; as the JDK's, each of its methods
   * holds the reader's lock.
   *
   * @param path the file
   * @param cs the charset of its text
   * @return a new reader
   * @throws IOException if the file cannot be opened, as {@link #newInputStream} throws it
   */
  public static BufferedReader newBufferedReader(Path path, Charset cs) throws IOException {
    return Lines.newBufferedReader(path, cs);
  }

  /**
   * {@link #newBufferedReader(Path, Charset)} in UTF-8: {@link
   * java.nio.file.Files#newBufferedReader(Path)}.
   *
   * @param path the file
   * @return a new reader
   * @throws IOException if the file cannot be opened
   */
  public static BufferedReader newBufferedReader(Path path) throws IOException {
    return Lines.newBufferedReader(path, StandardCharsets.UTF_8);
  }

  /**
   * Opens a file for writing text: {@link java.nio.file.Files#newBufferedWriter(Path, Charset,
   * OpenOption...)}, the JDK's {@code BufferedWriter} and encoder (characters {@code cs} cannot
   * encode throw {@link java.nio.charset.UnmappableCharacterException}) over {@link
   * #newOutputStream}, with its options and their meaning. The caller closes it; not thread-safe.
   *
   * @param path the file
   * @param cs the charset to write in
   * @param options as {@link #newOutputStream}
   * @return a new writer
   * @throws IOException if the file cannot be opened, as {@link #newOutputStream} throws it
   */
  public static BufferedWriter newBufferedWriter(Path path, Charset cs, OpenOption... options)
      throws IOException {
    return Lines.newBufferedWriter(path, cs, options);
  }

  /**
   * {@link #newBufferedWriter(Path, Charset, OpenOption...)} in UTF-8: {@link
   * java.nio.file.Files#newBufferedWriter(Path, OpenOption...)}.
   *
   * @param path the file
   * @param options as {@link #newOutputStream}
   * @return a new writer
   * @throws IOException if the file cannot be opened
   */
  public static BufferedWriter newBufferedWriter(Path path, OpenOption... options)
      throws IOException {
    return Lines.newBufferedWriter(path, StandardCharsets.UTF_8, options);
  }

  /**
   * Copies a file to an output stream: {@link java.nio.file.Files#copy(Path, OutputStream)}, the
   * file read as {@link #newInputStream} reads it and moved as its {@code transferTo} moves it: to
   * an open {@link java.io.FileOutputStream} or to one of fastio's streams, a regular file goes
   * with {@link FastChannels#transferTo} (on Linux the kernel's copy); to any other stream, in
   * small writes. {@code out} is not closed, and may hold part of the file if an error occurs.
   *
   * @param source the file to read
   * @param out the stream to write to
   * @return the number of bytes copied
   * @throws IOException as {@link #newInputStream} and {@code out} throw it
   */
  public static long copy(Path source, OutputStream out) throws IOException {
    return Streams.copy(source, out, null);
  }

  /**
   * {@link #copy(Path, OutputStream)}, telling {@code listener} how many bytes have been copied
   * (see {@link ProgressListener} for when).
   *
   * @param source the file to read
   * @param out the stream to write to
   * @param listener told the bytes copied so far, on the calling thread
   * @return the number of bytes copied
   * @throws IOException as {@link #copy(Path, OutputStream)} throws it
   */
  public static long copy(Path source, OutputStream out, ProgressListener listener)
      throws IOException {
    return Streams.copy(source, out, java.util.Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Copies a stream to a new file: {@link java.nio.file.Files#copy(InputStream, Path,
   * CopyOption...)}, with the same options ({@code REPLACE_EXISTING} only) and exceptions. The
   * target is opened as {@link #newOutputStream} opens it with {@code CREATE_NEW}; an open {@link
   * java.io.FileInputStream} of a regular file, or one of fastio's input streams, is moved to it
   * with {@link FastChannels#transferTo}, from its position, which ends at the end of the file; any
   * other stream by its own {@code transferTo}, as the JDK's copy does. {@code in} is not closed.
   * On failure the target keeps what was written, as with the JDK.
   *
   * <p>An interrupt that arrives while a {@code FileInputStream}'s bytes move closes it and the
   * target, with {@link java.nio.channels.ClosedByInterruptException}, as {@code
   * FileChannel.transferTo} does; one that came before is held back.
   *
   * @param in the stream to read to its end
   * @param target the file to create
   * @param options {@link java.nio.file.StandardCopyOption#REPLACE_EXISTING}, or none
   * @return the number of bytes copied
   * @throws java.nio.file.FileAlreadyExistsException if the target exists and {@code
   *     REPLACE_EXISTING} is not given
   * @throws java.nio.file.DirectoryNotEmptyException with {@code REPLACE_EXISTING}, if the target
   *     is a non-empty directory
   * @throws UnsupportedOperationException for any other option ({@code "... not supported"})
   * @throws NullPointerException for a null option ({@code "options contains 'null'"})
   * @throws IOException if reading, creating or writing fails
   */
  public static long copy(InputStream in, Path target, CopyOption... options) throws IOException {
    return Streams.copy(in, target, null, options);
  }

  /**
   * {@link #copy(InputStream, Path, CopyOption...)}, telling {@code listener} how many bytes have
   * been copied (see {@link ProgressListener} for when).
   *
   * @param in the stream to read to its end
   * @param target the file to create
   * @param listener told the bytes copied so far, on the calling thread
   * @param options {@link java.nio.file.StandardCopyOption#REPLACE_EXISTING}, or none
   * @return the number of bytes copied
   * @throws IOException as {@link #copy(InputStream, Path, CopyOption...)} throws it
   */
  public static long copy(
      InputStream in, Path target, ProgressListener listener, CopyOption... options)
      throws IOException {
    return Streams.copy(
        in, target, java.util.Objects.requireNonNull(listener, "listener"), options);
  }
}
