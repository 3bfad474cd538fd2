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
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.security.SecureRandom;
import java.util.EnumSet;
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

  /** The longest part of the target's name kept in the temporary file's (NAME_MAX is 255). */
  private static final int NAME_KEPT = 200;

  private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");
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
  private Leftover leftover;

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
    check(target, existing, create, createNew);
    Path temporary = null;
    ResumableChannel file = null;
    for (int tries = 0; file == null; tries++) {
      temporary = temporaryFor(target);
      try {
        file =
            ResumableChannel.open(
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
      }
    }
    Replacement replacement = new Replacement(target, temporary, createNew, durable);
    try {
      if (existing != null && !existing.isSymbolicLink()) {
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
      file.force();
      file.close();
      if (createNew) {
        Files.createLink(target, temporary);
        Files.delete(temporary);
      } else {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (IOException | RuntimeException | Error e) {
      abort(file, e);
      throw e;
    }
    forget();
    if (durable) {
      syncDirectory(target);
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
  private static BasicFileAttributes attributes(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return null;
    }
  }

  /** The JDK's checks of an output stream's target, for a file replaced rather than written. */
  private static void check(
      Path target, BasicFileAttributes existing, boolean create, boolean createNew)
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
    if (Files.isDirectory(target)) {
      throw new FileSystemException(target.toString(), null, "Is a directory");
    }
    if (!existing.isSymbolicLink() && !Files.isWritable(target)) {
      throw new AccessDeniedException(target.toString());
    }
    if (existing.isSymbolicLink() && !create && !Files.exists(target)) {
      throw new NoSuchFileException(target.toString()); // a dangling link, followed by the JDK
    }
  }

  private static Set<OpenOption> temporaryOptions(Set<OpenOption> options) {
    Set<OpenOption> set = new java.util.HashSet<>();
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
    if (kept.length() > NAME_KEPT) {
      kept = kept.substring(0, NAME_KEPT);
    }
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
      GroupPrincipal group = from.group();
      if (!now.group().equals(group)) {
        to.setGroup(group);
      }
    } catch (IOException | SecurityException e) {
      // as Files.copy with COPY_ATTRIBUTES: the owner is kept where allowed, silently not otherwise
    }
  }
}
