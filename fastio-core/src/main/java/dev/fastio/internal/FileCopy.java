package dev.fastio.internal;

import dev.fastio.TransferPolicy;
import dev.fastio.TransferStrategy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
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
 * The implementation of {@code FastFiles.copy}: a regular file to a new regular file on the default
 * file system of a POSIX platform, with the data moved by {@link Transfers}; every other case
 * (directories, links, special files, other file systems, options other than {@code REPLACE_EXISTING},
 * {@code COPY_ATTRIBUTES} and {@code NOFOLLOW_LINKS}) is {@code Files.copy}'s own.
 *
 * <p>The steps, checks and exceptions are those of the JDK's {@code UnixFileSystem.copy}: source
 * attributes, target attributes (links not followed), same file, existing target, the target deleted,
 * the source opened, the target created exclusively with the source's permissions, the data, then with
 * {@code COPY_ATTRIBUTES} owner and permissions (failures ignored), user extended attributes (failures
 * ignored) and times (a failure fails the copy). A copy that fails after the target was created
 * deletes it.
 */
public final class FileCopy {
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
  private static final String ATTRIBUTES =
      "unix:mode,uid,gid,fileKey,isRegularFile,size,lastModifiedTime,lastAccessTime";
  private static final LinkOption[] FOLLOW = {};
  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
  private static final Set<StandardOpenOption> CREATE =
      EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  /** The most bytes one transfer of a copy with progress moves: 16 MiB. */
  private static final long PROGRESS_SLICE = 16 << 20;
  /** Set-user-ID, set-group-ID and sticky bits, which a permission set cannot express. */
  private static final int SPECIAL_BITS = 07000;

  private FileCopy() {}

  /**
   * {@code Files.copy(source, target, options)}: the JDK's own where the policy moves file data with the
   * kernel at every size (Linux), else with the data moved by the adaptive transfer.
   */
  public static Path copy(Path source, Path target, CopyOption... options) throws IOException {
    return copy(source, target, !kernelForFiles(), null, options);
  }

  /**
   * {@link #copy}, with a regular file's data always moved by {@link Transfers}, in transfers of at
   * most {@link #PROGRESS_SLICE} bytes, after each of which {@code progress} is given the bytes
   * copied so far. The cases left to {@code Files.copy} report nothing.
   */
  public static Path copy(Path source, Path target, LongConsumer progress, CopyOption... options)
      throws IOException {
    Objects.requireNonNull(progress, "progress");
    return copy(source, target, true, progress, options);
  }

  /**
   * {@link #copy} with regular files' data always moved by {@link Transfers}, whatever the platform:
   * the path taken on systems where the policy does not choose the kernel for files, reachable here so
   * that the tests run it on every system.
   */
  public static Path copyWithTransfers(Path source, Path target, CopyOption... options)
      throws IOException {
    return copy(source, target, true, null, options);
  }

  private static Path copy(
      Path source,
      Path target,
      boolean withTransfers,
      LongConsumer progress,
      CopyOption... options)
      throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
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
        return Files.copy(source, target, options); // null, ATOMIC_MOVE, INTERRUPTIBLE, unknown
      }
    }
    if (!withTransfers
        || !POSIX
        || !ReadAll.isDefaultFileSystem(source)
        || !ReadAll.isDefaultFileSystem(target)) {
      // Where the policy moves file data with the kernel's copy (Linux), the JDK's own copy makes the
      // same system calls from native code: faster than a Java path, and identical by construction.
      return Files.copy(source, target, options);
    }
    Map<String, Object> attributes;
    try {
      attributes = Files.readAttributes(source, ATTRIBUTES, followLinks ? FOLLOW : NOFOLLOW);
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
    BasicFileAttributes existing = targetAttributes(target);
    if (existing != null) {
      if (Objects.equals(existing.fileKey(), attributes.get("fileKey"))) {
        return target; // the same file: nothing to do, as the JDK
      }
      if (!replace) {
        throw new FileAlreadyExistsException(target.toString());
      }
      Files.deleteIfExists(target); // DirectoryNotEmptyException for a non-empty directory
    }
    copyFile(source, target, attributes, mode, replace, copyAttributes, progress);
    return target;
  }

  /**
   * True if {@link TransferPolicy#defaults()} moves large amounts of data to files with {@link
   * TransferStrategy#KERNEL}, as on Linux unless a system property forces another strategy. (Small
   * transfers to files use a read/write loop there, faster than the kernel's copy from Java; the JDK's
   * native copy is faster than both.)
   */
  private static boolean kernelForFiles() {
    return TransferPolicy.defaults().choose(TransferPolicy.TargetKind.FILE, Long.MAX_VALUE)
        == TransferStrategy.KERNEL;
  }

  private static BasicFileAttributes targetAttributes(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return null; // as the JDK: any failure to read them means no target
    }
  }

  private static void copyFile(
      Path source,
      Path target,
      Map<String, Object> attributes,
      int mode,
      boolean replace,
      boolean copyAttributes,
      LongConsumer progress)
      throws IOException {
    // Like Files.copy, not interruptible: the status is cleared while copying and set again after.
    boolean interrupted = Thread.interrupted();
    try {
      FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
      FileChannel out;
      try {
        out = FileChannel.open(target, CREATE, PosixFilePermissions.asFileAttribute(permissions(mode)));
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
      boolean complete = false;
      try {
        Transfers.notAppendMode(out);
        long size = (Long) attributes.get("size");
        long done = 0;
        while (true) {
          try {
            // The size as seen, exactly: no call is made to learn that the end was reached. A size
            // of 0 (files of /proc and /sys) is read to end of file.
            long count = size > done ? size - done : Long.MAX_VALUE;
            if (progress != null && size > done) {
              count = Math.min(count, PROGRESS_SLICE);
            }
            long n =
                Transfers.transfer(
                    in, done, count, out, TransferPolicy.defaults(), null,
                    Transfers.MAPPED_WINDOW, true);
            done += n;
            if (progress != null && n > 0) {
              progress.accept(done);
            }
            if (n == 0) {
              break; // end of file, or a file that shrank
            }
            if (done >= size) {
              size = in.size(); // a file that grew meanwhile is copied to its new end
              if (size <= done) {
                break;
              }
            }
          } catch (ClosedByInterruptException e) {
            // The interrupt closed both channels: open them again and write again from the last
            // completed transfer (rewriting bytes already written with the same bytes).
            Thread.interrupted();
            interrupted = true;
            in = FileChannel.open(source, StandardOpenOption.READ);
            out = FileChannel.open(target, StandardOpenOption.WRITE);
            out.position(done);
            Transfers.notAppendMode(out);
          }
        }
        out.close();
        if (copyAttributes) {
          copyAttributes(source, target, attributes, mode);
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
          try {
            Files.deleteIfExists(target); // as the JDK: no partial target is left behind
          } catch (IOException ignored) {
            // nothing more can be done; the copy's own exception is the one thrown
          }
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void copyAttributes(
      Path source, Path target, Map<String, Object> attributes, int mode) throws IOException {
    try {
      Files.setAttribute(target, "unix:uid", attributes.get("uid"), LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(target, "unix:gid", attributes.get("gid"), LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(target, "unix:mode", mode, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | UnsupportedOperationException e) {
      // as the JDK: owner and permissions are copied where allowed, silently not otherwise
    }
    copyUserAttributes(source, target);
    Files.getFileAttributeView(target, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .setTimes(
            (FileTime) attributes.get("lastModifiedTime"),
            (FileTime) attributes.get("lastAccessTime"),
            null);
  }

  /** Extended attributes of the {@code user} namespace, best effort as in the JDK. */
  private static void copyUserAttributes(Path source, Path target) {
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
        try {
          ByteBuffer value = ByteBuffer.allocate(from.size(name));
          from.read(name, value);
          value.flip();
          to.write(name, value);
        } catch (IOException | RuntimeException e) {
          // as the JDK: an attribute that cannot be copied is skipped
        }
      }
    } catch (IOException | RuntimeException e) {
      // no extended attributes on this file system, or they cannot be listed: nothing to copy
    }
  }

  private static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ (0400) ... OTHERS_EXECUTE
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (0400 >> i)) != 0) {
        set.add(bits[i]);
      }
    }
    return set;
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // closing a channel only read from, or already closed: nothing to report
    }
  }
}
