package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * {@code FastFiles.copy} with a {@code ProgressListener}: a regular file to a new regular file on
 * the default file system of a POSIX platform, its data moved by transfers of at most 16 MiB, after
 * each of which the bytes copied so far are reported; every other case (directories, links, special
 * files, other file systems, options other than {@code REPLACE_EXISTING}, {@code COPY_ATTRIBUTES}
 * and {@code NOFOLLOW_LINKS}) is {@code Files.copy}'s own.
 *
 * <p>The steps, checks and exceptions are those of the JDK's {@code UnixFileSystem.copy}: source
 * attributes, target attributes (links not followed), same file, existing target, the target
 * deleted, the source opened, the target created exclusively with the source's permissions, the
 * data, then with {@code COPY_ATTRIBUTES} owner and permissions (failures ignored), user extended
 * attributes (failures ignored) and times (a failure fails the copy). A copy that fails after the
 * target was created deletes it. Like {@code Files.copy}, not interruptible: both files are {@link
 * ResumableChannel}s that hold the interrupt status back until they are closed, and an interrupt
 * that closes them during a transfer makes the copy open both again and go on from the last
 * completed transfer.
 */
final class ProgressCopy {
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
  private static final String ATTRIBUTES =
      "unix:mode,uid,gid,fileKey,isRegularFile,size,lastModifiedTime,lastAccessTime";
  private static final LinkOption[] FOLLOW = {};
  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

  /** Set-user-ID, set-group-ID and sticky bits, which a permission set cannot express. */
  private static final int SPECIAL_BITS = 07000;

  /** The options fastio's copy handles itself. */
  record Flags(boolean replace, boolean copyAttributes, boolean followLinks) {}

  /**
   * Copies {@code source} to {@code target}.
   *
   * @param progress told the bytes copied so far after each transfer of at most 16 MiB
   */
  static Path copy(Path source, Path target, LongConsumer progress, CopyOption... options)
      throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(progress, "progress");
    Flags flags = flags(options);
    if (flags == null || !POSIX || !bothDefault(source, target)) {
      return Files.copy(source, target, options);
    }
    Map<String, Object> attributes;
    try {
      attributes =
          Files.readAttributes(source, ATTRIBUTES, flags.followLinks() ? FOLLOW : NOFOLLOW);
    } catch (IOException e) {
      return Files.copy(source, target, options); // throws the JDK's exception for this source
    }
    int mode = (Integer) attributes.get("mode");
    if (!(Boolean) attributes.get("isRegularFile")
        || (mode & SPECIAL_BITS) != 0
        || !Files.isReadable(source)) {
      // Directories, links, FIFOs and devices; modes a permission set cannot create; and the JDK's
      // access check, whose exception differs between JDK versions: all the JDK's own.
      return Files.copy(source, target, options);
    }
    if (clearTarget(target, attributes.get("fileKey"), flags.replace())) {
      ProgressCopy copy = new ProgressCopy(source, target, progress);
      copy.open((Integer) attributes.get("mode"), flags.replace());
      copy.run(attributes, flags.copyAttributes());
    }
    return target;
  }

  /** The options, or null where one of them is not fastio's to handle (null, ATOMIC_MOVE, ...). */
  private static Flags flags(CopyOption... options) {
    boolean replace = false;
    boolean copyAttributes = false;
    boolean followLinks = true;
    for (CopyOption option : options) {
      if (option == StandardCopyOption.REPLACE_EXISTING) {
        replace = true;
      } else if (option == StandardCopyOption.COPY_ATTRIBUTES) {
        copyAttributes = true;
      } else if (option == LinkOption.NOFOLLOW_LINKS) {
        followLinks = false;
      } else {
        return null; // null, ATOMIC_MOVE, INTERRUPTIBLE, unknown: Files.copy's to handle
      }
    }
    return new Flags(replace, copyAttributes, followLinks);
  }

  private static boolean bothDefault(Path source, Path target) {
    return FileKinds.isDefaultFileSystem(source) && FileKinds.isDefaultFileSystem(target);
  }

  /**
   * Makes way for the copy, as the JDK does: nothing to do if the target does not exist; nothing to
   * copy if it is the source itself; else it is deleted if {@code replace}, an error if not.
   *
   * @return false if the target is the source itself (nothing to copy)
   * @throws FileAlreadyExistsException if the target exists and {@code replace} is false
   * @throws java.nio.file.DirectoryNotEmptyException if it is a non-empty directory to replace
   */
  private static boolean clearTarget(Path target, Object sourceKey, boolean replace)
      throws IOException {
    BasicFileAttributes existing = targetAttributes(target);
    if (existing == null) {
      return true;
    }
    if (Objects.equals(existing.fileKey(), sourceKey)) {
      return false; // the same file: nothing to do, as the JDK
    }
    if (!replace) {
      throw new FileAlreadyExistsException(target.toString());
    }
    Files.deleteIfExists(target);
    return true;
  }

  private static BasicFileAttributes targetAttributes(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return null; // as the JDK: any failure to read them means no target
    }
  }

  private static final Set<StandardOpenOption> CREATE =
      EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

  private final Path source;
  private final Path target;

  /** The most bytes one transfer moves when progress is reported: 16 MiB. */
  private static final long PROGRESS_SLICE = 16 << 20;

  private final LongConsumer progress;
  private ResumableChannel in;
  private ResumableChannel out;

  private ProgressCopy(Path source, Path target, LongConsumer progress) {
    this.source = source;
    this.target = target;
    this.progress = progress;
  }

  /** Opens the source, then creates the target; nothing is left open on failure. */
  private void open(int mode, boolean replace) throws IOException {
    in = ResumableChannel.openForReading(source);
    try {
      out =
          ResumableChannel.open(
              target,
              CREATE,
              ResumableChannel.Hold.UNTIL_CLOSE,
              PosixFilePermissions.asFileAttribute(permissions(mode)));
    } catch (FileAlreadyExistsException e) {
      in.close();
      if (replace) {
        throw new FileSystemException(target.toString()); // the JDK's exception for this race
      }
      throw e;
    } catch (IOException | RuntimeException | Error e) {
      in.close();
      throw e;
    }
  }

  /**
   * Moves the data, closes the target and copies the attributes; deletes the target if any of it
   * fails.
   */
  private void run(Map<String, Object> attributes, boolean copyAttributes) throws IOException {
    boolean complete = false;
    try {
      moveData((Long) attributes.get("size"));
      out.close();
      if (copyAttributes) {
        copyAttributes(attributes);
      }
      complete = true;
    } catch (FileSystemException e) {
      throw e;
    } catch (IOException e) {
      // The JDK reports an error of the data copy naming both files.
      FileSystemException f =
          new FileSystemException(source.toString(), target.toString(), e.getMessage());
      f.initCause(e);
      throw f;
    } finally {
      closeQuietly(in);
      closeQuietly(out);
      if (!complete) {
        deleteQuietly(target); // as the JDK: no partial target is left behind
      }
    }
  }

  /**
   * Transfers the source to its end: the size seen, then on while the file grows; a size of 0
   * (files of {@code /proc} and {@code /sys}) is read to end of file.
   */
  private void moveData(long size) throws IOException {
    TransferOptions options = TransferOptions.of(TransferPolicy.defaults());
    long done = 0;
    while (true) {
      long from = done;
      long count = count(size, done);
      long n =
          ResumableChannel.transfer(
              in,
              out,
              (source, target) -> {
                Targets.notAppendMode(target); // a channel opened here, without APPEND
                return Transfers.transfer(source, from, count, target, options);
              });
      done += n;
      if (n > 0) {
        progress.accept(done);
      }
      if (n == 0 || (done >= size && (size = in.size()) <= done)) {
        return; // end of file, a file that shrank, or the end of one that grew
      }
    }
  }

  /**
   * The bytes the next transfer asks for: the rest of the size seen (a size of 0, that of {@code
   * /proc} files, to end of file), at most {@link #PROGRESS_SLICE}.
   */
  private static long count(long size, long done) {
    return size <= done ? Long.MAX_VALUE : Math.min(size - done, PROGRESS_SLICE);
  }

  private void copyAttributes(Map<String, Object> attributes) throws IOException {
    try {
      Files.setAttribute(target, "unix:uid", attributes.get("uid"), LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(target, "unix:gid", attributes.get("gid"), LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(target, "unix:mode", attributes.get("mode"), LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | UnsupportedOperationException e) {
      // as the JDK: owner and permissions are copied where allowed, silently not otherwise
    }
    copyUserAttributes();
    Files.getFileAttributeView(target, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .setTimes(
            (FileTime) attributes.get("lastModifiedTime"),
            (FileTime) attributes.get("lastAccessTime"),
            null);
  }

  /** Extended attributes of the {@code user} namespace, best effort as in the JDK. */
  private void copyUserAttributes() {
    try {
      UserDefinedFileAttributeView from =
          Files.getFileAttributeView(source, UserDefinedFileAttributeView.class);
      UserDefinedFileAttributeView to =
          Files.getFileAttributeView(
              target, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
      if (from == null || to == null) {
        return;
      }
      for (String name : from.list()) {
        copyUserAttribute(from, to, name);
      }
    } catch (IOException | RuntimeException e) {
      // no extended attributes on this file system, or they cannot be listed: nothing to copy
    }
  }

  private static void copyUserAttribute(
      UserDefinedFileAttributeView from, UserDefinedFileAttributeView to, String name) {
    try {
      ByteBuffer value = ByteBuffer.allocate(from.size(name));
      from.read(name, value);
      value.flip();
      to.write(name, value);
    } catch (IOException | RuntimeException e) {
      // as the JDK: an attribute that cannot be copied is skipped
    }
  }

  private static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits =
        PosixFilePermission.values(); // OWNER_READ (0400) ... OTHERS_EXECUTE
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (0400 >> i)) != 0) {
        set.add(bits[i]);
      }
    }
    return set;
  }

  private static void closeQuietly(ResumableChannel channel) {
    try {
      if (channel != null) {
        channel.close();
      }
    } catch (IOException ignored) {
      // closing a channel only read from, or already closed: nothing to report
    }
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // nothing more can be done; the copy's own exception is the one thrown
    }
  }
}
