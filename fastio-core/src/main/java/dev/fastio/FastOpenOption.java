package dev.fastio;

import java.nio.file.OpenOption;

/**
 * fastio's own options for the writing calls of {@link FastFiles}: {@link FastFiles#write(
 * java.nio.file.Path, byte[], OpenOption...)}, {@code write} of lines, {@link
 * FastFiles#writeString(java.nio.file.Path, CharSequence, OpenOption...) writeString}, {@link
 * FastFiles#newOutputStream newOutputStream} and {@link FastFiles#newBufferedWriter(
 * java.nio.file.Path, java.nio.charset.Charset, OpenOption...) newBufferedWriter}. They are given
 * beside the standard options, on the default file system only; the JDK's {@code Files} methods
 * reject them ({@link UnsupportedOperationException}), as do paths of other file systems here.
 *
 * <p>{@link #ATOMIC} and {@link #DURABLE} may be given alone or together; {@code
 * FastFiles.write(path, bytes, ATOMIC, DURABLE)} is the whole recipe for a configuration file, a
 * manifest or an index that a crash must not tear. The user guide says what each file system and
 * operating system guarantees.
 *
 * @since 0.1.0
 */
public enum FastOpenOption implements OpenOption {
  /**
   * The file is replaced as a whole: its new content is written to a temporary file in the same
   * directory, named {@code .NAME.fastio-NNNNNNNNNNNNNNNN.tmp}, whose data is forced to the device
   * ({@code fsync}) and which is then renamed over the file. A reader, and after a crash the file
   * system, sees the old content or the new, never a mix, an empty file or no file (where there was
   * one). A replaced file keeps its POSIX permissions (its temporary file is readable by its owner
   * only until it takes them), and its owner and group where the process may set them; a new file
   * gets the permissions {@code Files.write} would give it. The replacement is a new file:
   * set-user-ID, set-group-ID and sticky bits, ACLs, extended attributes and other hard links of
   * the old file are not carried over, and a reader that has the old file open goes on reading it.
   * A symbolic link at the path is replaced by the file, as {@link java.nio.file.Files#move}
   * replaces one (with {@code NOFOLLOW_LINKS} a link there is an error, as with the JDK); the file
   * it pointed to is left as it was. Replacing needs write access to the directory; the options are
   * checked against the file when the stream is opened.
   *
   * <p>An output stream or writer commits when it is closed: until {@code close()} returns the old
   * file stays, and a stream whose {@code write} threw, or a writer whose text could not be
   * encoded, does not commit (its {@code close()} deletes the temporary file and throws). A stream
   * closed by a {@code try}-with-resources block that an exception of the caller's own code leaves
   * is closed, and commits, like any other: write to a stream, then close it, only what is to be
   * the file. A stream never closed leaves the old file and its temporary file, which the next
   * {@code ATOMIC} open of the process deletes once the garbage collector has found the stream
   * unreachable; a process killed while writing leaves its temporary file, which the pattern above
   * names. An interrupt that closes the temporary file while it is synced fails the call.
   *
   * <p>Taken with {@code CREATE} (or no option, as {@code Files.write}), {@code CREATE_NEW} (the
   * file is linked into place, which fails with {@link java.nio.file.FileAlreadyExistsException} if
   * one appeared at the path meanwhile, and needs a file system with hard links), {@code WRITE} and
   * {@code TRUNCATE_EXISTING} (what {@code ATOMIC} does anyway), {@code SYNC}, {@code DSYNC},
   * {@code SPARSE} and {@code NOFOLLOW_LINKS}; {@code APPEND}, {@code READ} and {@code
   * DELETE_ON_CLOSE} are an {@link IllegalArgumentException}. Without {@code CREATE} or {@code
   * CREATE_NEW} a file must exist at the path ({@link java.nio.file.NoSuchFileException}). A
   * directory at the path is a {@link java.nio.file.FileSystemException} naming it, as {@code
   * Files.write} throws.
   */
  ATOMIC,

  /**
   * The content, and for a new or replaced file its directory entry, are on stable storage when the
   * call returns (the output stream's or writer's {@code close()}): the file is forced ({@code
   * fsync}) before it is closed and, where a file was created or replaced, its directory after. A
   * failure to sync is a {@link java.nio.file.FileSystemException} naming the file or the
   * directory; one of the directory comes after the file was replaced, which a crash may then undo.
   * An interrupt that closes the file while it is synced fails the call: the sync is not made again
   * on the file opened again, which would not see an error of the first. Without {@code ATOMIC} the
   * file is written in place, as {@code Files.write} writes it: a crash during the call may leave
   * it partly written.
   *
   * <p>On Windows the directory is not synced (it cannot be opened for it), nor where the file
   * system refuses to sync a directory ({@code EINVAL}: some FUSE and network file systems). On
   * macOS {@code FileChannel.force} is {@code fsync}, which the drive may still cache. A file
   * system or a device that acknowledges a sync it has not done can lose what it acknowledged.
   */
  DURABLE
}
