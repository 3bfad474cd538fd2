package dev.fastio.internal.stream;

import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file replaced as a whole ({@code FastOpenOption.ATOMIC}): the stream writes a temporary file in
 * the target's directory, and its close forces that file's data to the device, renames it over the
 * target (or, for {@code CREATE_NEW}, links it there, which fails if a file appeared meanwhile)
 * and, for {@code DURABLE}, forces the directory. Any failure before the rename deletes the
 * temporary file and leaves the target as it was.
 *
 * <p>The temporary file of a stream never closed is deleted by the next replacement the process
 * opens, once the garbage collector has found the stream unreachable.
 */
final class Replacement implements FileOutput.Ending {
  /** The options of the temporary file's channel that the caller's options may add. */
  private static final Set<StandardOpenOption> PASSED =
      EnumSet.of(StandardOpenOption.SYNC, StandardOpenOption.DSYNC, StandardOpenOption.SPARSE);

  /**
   * The most bytes (in UTF-8) of the target's name kept in the temporary file's, whose other 29
   * bytes then keep it within NAME_MAX (255).
   */
  private static final int NAME_KEPT = 200;

  private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

  /**
   * The permissions a temporary file replacing an existing one is created with, before it takes the
   * target's: no other user can open it meanwhile. Null without POSIX attributes.
   */
  private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
          ? PosixFilePermissions.asFileAttribute(
              EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE))
          : null;

  private static final SecureRandom RANDOM = new SecureRandom();

  private static final ReferenceQueue<Object> DROPPED = new ReferenceQueue<>();
  private static final Set<Leftover> OPEN = ConcurrentHashMap.newKeySet();

  /** The temporary file of one stream, reachable from the queue once the stream is not. */
  private static final class Leftover extends PhantomReference<Object> {
    final Path temporary;

    Leftover(Object stream, Path temporary) {
      super(stream, DROPPED);
      this.temporary = temporary;
    }
  }

  private final Path target;
  private final Path temporary;
  private final boolean createNew;
  private final boolean durable;
  private volatile Leftover leftover;

  private Replacement(Path target, Path temporary, boolean createNew, boolean durable) {
    this.target = target;
    this.temporary = temporary;
    this.createNew = createNew;
    this.durable = durable;
  }

  /**
   * Opens a stream that replaces {@code target} when closed.
   *
   * @param options the standard options, checked by {@link OpenOptions#forOutput}, {@code WRITE}
   *     among them
   * @throws IllegalArgumentException for {@code APPEND}
   * @throws NoSuchFileException if no file is at the path and neither {@code CREATE} nor {@code
   *     CREATE_NEW} is given, or its directory does not exist
   * @throws FileAlreadyExistsException for {@code CREATE_NEW} and a file at the path
   * @throws FileSystemException naming the path if it is a directory
   * @throws AccessDeniedException naming the path if it cannot be written, or no file can be made
   *     in its directory
   */
  static FileOutput open(Path target, Set<OpenOption> options, boolean durable) throws IOException {
    if (options.contains(StandardOpenOption.APPEND)) {
      throw new IllegalArgumentException("ATOMIC and APPEND");
    }
    expunge();
    boolean createNew = options.contains(StandardOpenOption.CREATE_NEW);
    boolean create = createNew || options.contains(StandardOpenOption.CREATE);
    BasicFileAttributes existing = attributes(target);
    check(target, existing, create, createNew, options.contains(LinkOption.NOFOLLOW_LINKS));
    boolean replacing = existing != null && !existing.isSymbolicLink();
    Path temporary = null;
    ResumableChannel file = null;
    for (int tries = 0; file == null; tries++) {
      temporary = temporaryFor(target);
      try {
        file =
            replacing && OWNER_ONLY != null
                ? ResumableChannel.open(
                    temporary,
                    temporaryOptions(options),
                    ResumableChannel.Hold.PER_CALL,
                    OWNER_ONLY)
                : ResumableChannel.open(
                    temporary, temporaryOptions(options), ResumableChannel.Hold.PER_CALL);
      } catch (FileAlreadyExistsException e) {
        if (tries == 16) {
          throw e; // sixteen random names taken: something else is at work in the directory
        }
      } catch (NoSuchFileException e) {
        throw new NoSuchFileException(target.toString());
      } catch (AccessDeniedException e) {
        AccessDeniedException denied =
            new AccessDeniedException(
                target.toString(), null, "no file can be created in its directory to replace it");
        denied.initCause(e);
        throw denied;
      } catch (FileSystemException e) {
        // read-only file system, no space, quota: the target named, as the JDK names it
        throw failure(target, e.getReason(), e);
      }
    }
    Replacement replacement = new Replacement(target, temporary, createNew, durable);
    try {
      if (replacing) {
        keepOwnerAndPermissions(target, temporary);
      }
    } catch (IOException | RuntimeException | Error e) {
      replacement.abort(file, e);
      throw e;
    }
    FileOutput stream = new FileOutput(file, false, replacement);
    replacement.leftover = new Leftover(stream, temporary);
    OPEN.add(replacement.leftover);
    return stream;
  }

  @Override
  public void end(ResumableChannel file, boolean failed) throws IOException {
    if (failed) {
      IOException e = new IOException(target + ": not replaced: a write to its stream failed");
      abort(file, e);
      throw e;
    }
    try {
      force(file, target);
      file.close();
      if (createNew) {
        Files.createLink(target, temporary);
      } else {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (IOException | RuntimeException | Error e) {
      abort(file, e);
      throw e;
    }
    if (createNew) {
      deleteQuietly(temporary); // the file is in place: a second name left is no failure
    }
    forget();
    if (durable) {
      syncDirectory(target);
    }
  }

  /**
   * Forces {@code file}'s content and metadata to the device, once, on its own descriptor: an error
   * of the write-back is reported to the descriptor that had the pages, so an interrupt that closes
   * the file during the sync fails the commit rather than syncing a file opened again.
   *
   * @throws FileSystemException naming {@code path}, with the cause
   */
  static void force(ResumableChannel file, Path path) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      file.channel().force(true);
    } catch (IOException e) {
      throw failure(path, "sync failed: " + e.getMessage(), e);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * A {@link FileSystemException} naming {@code path}, for {@code reason}, caused by {@code cause}.
   */
  private static FileSystemException failure(Path path, String reason, IOException cause) {
    FileSystemException e = new FileSystemException(path.toString(), null, reason);
    e.initCause(cause);
    return e;
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // a second link to the new file: nothing is lost, and the pattern names it
    }
  }

  /** Closes and deletes the temporary file after {@code cause}; the target is left as it was. */
  private void abort(ResumableChannel file, Throwable cause) {
    try {
      file.close();
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
    try {
      Files.deleteIfExists(temporary);
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
    forget();
  }

  private void forget() {
    if (leftover != null) {
      OPEN.remove(leftover);
      leftover.clear();
    }
  }

  /**
   * Forces the directory that holds {@code file}, so that an entry created or renamed in it is on
   * the device; nothing on Windows, which cannot open a directory for it. An interrupt is held back
   * and set again when it returns.
   *
   * @throws IOException naming the directory if it cannot be opened or synced
   */
  static void syncDirectory(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (WINDOWS || dir == null) {
      return;
    }
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
          channel.force(true);
          return;
        } catch (ClosedByInterruptException e) {
          interrupted |= Thread.interrupted();
        } catch (IOException e) {
          if ("Invalid argument".equals(e.getMessage())) {
            return; // a file system whose directories cannot be synced (some FUSE and NFS)
          }
          throw failure(dir, "sync failed: " + e.getMessage(), e);
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Deletes the temporary files of streams dropped without {@code close}. */
  private static void expunge() {
    for (Object r; (r = DROPPED.poll()) != null; ) {
      Leftover leftover = (Leftover) r;
      if (OPEN.remove(leftover)) {
        try {
          Files.deleteIfExists(leftover.temporary);
        } catch (IOException ignored) {
          // gone, or its directory is no longer writable: nothing more to do
        }
      }
    }
  }

  /** The target's own attributes (a link's, not its target's), or null if there is none. */
  private static BasicFileAttributes attributes(Path target) throws IOException {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** The JDK's checks of an output stream's target, for a file replaced rather than written. */
  private static void check(
      Path target,
      BasicFileAttributes existing,
      boolean create,
      boolean createNew,
      boolean noFollow)
      throws IOException {
    if (existing == null) {
      if (!create) {
        throw new NoSuchFileException(target.toString());
      }
      return;
    }
    if (createNew) {
      throw new FileAlreadyExistsException(target.toString());
    }
    if (noFollow && existing.isSymbolicLink()) {
      // the JDK's exception for O_NOFOLLOW on a link, which names no path
      throw new IOException("Too many levels of symbolic links (NOFOLLOW_LINKS specified)");
    }
    BasicFileAttributes followed = existing.isSymbolicLink() ? linked(target) : existing;
    if (followed == null) {
      if (!create) {
        throw new NoSuchFileException(target.toString()); // a dangling link, followed by the JDK
      }
      return;
    }
    if (followed.isDirectory()) {
      throw new FileSystemException(target.toString(), null, "Is a directory");
    }
    if (!Files.isWritable(target)) {
      throw new AccessDeniedException(target.toString());
    }
  }

  /** The attributes of the file a link at {@code target} points to, or null if it dangles. */
  private static BasicFileAttributes linked(Path target) throws IOException {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  private static Set<OpenOption> temporaryOptions(Set<OpenOption> options) {
    Set<OpenOption> set = new HashSet<>();
    set.add(StandardOpenOption.CREATE_NEW);
    set.add(StandardOpenOption.WRITE);
    for (OpenOption option : options) {
      if (PASSED.contains(option)) {
        set.add(option);
      }
    }
    return set;
  }

  /** {@code .NAME.fastio-NNNNNNNNNNNNNNNN.tmp} beside {@code target}. */
  private static Path temporaryFor(Path target) {
    Path name = target.getFileName();
    String kept = name == null ? "" : name.toString();
    int end = 0;
    for (int bytes = 0; end < kept.length(); ) {
      int c = kept.codePointAt(end);
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (bytes > NAME_KEPT) {
        break;
      }
      end += Character.charCount(c);
    }
    kept = kept.substring(0, end);
    String temporary = "." + kept + ".fastio-" + String.format("%016x", RANDOM.nextLong()) + ".tmp";
    return target.resolveSibling(temporary);
  }

  /**
   * Gives the temporary file the target's permissions, and its owner and group where the process
   * may (silently not otherwise).
   */
  private static void keepOwnerAndPermissions(Path target, Path temporary) throws IOException {
    PosixFileAttributeView to = Files.getFileAttributeView(temporary, PosixFileAttributeView.class);
    if (to == null) {
      return; // no POSIX attributes here (Windows)
    }
    PosixFileAttributes from = Files.readAttributes(target, PosixFileAttributes.class);
    to.setPermissions(from.permissions());
    PosixFileAttributes now = to.readAttributes();
    try {
      if (!now.owner().equals(from.owner())) {
        to.setOwner(from.owner());
      }
    } catch (IOException | SecurityException e) {
      // as Files.copy with COPY_ATTRIBUTES: the owner is kept where allowed, silently not otherwise
    }
    try {
      GroupPrincipal group = from.group();
      if (!now.group().equals(group)) {
        to.setGroup(group); // a member of the group may keep it where the owner cannot be kept
      }
    } catch (IOException | SecurityException e) {
      // the same: where allowed
    }
  }
}
