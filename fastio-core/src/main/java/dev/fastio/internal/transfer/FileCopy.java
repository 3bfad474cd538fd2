package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.io.FileKinds;
import java.io.IOException;
import java.nio.file.CopyOption;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * {@code FastFiles.copy}: a regular file to a new regular file on the default file system of a
 * POSIX platform, with the data moved by a transfer ({@link CopyData}); every other case
 * (directories, links, special files, other file systems, options other than {@code
 * REPLACE_EXISTING}, {@code COPY_ATTRIBUTES} and {@code NOFOLLOW_LINKS}) is {@code Files.copy}'s
 * own.
 *
 * <p>The steps, checks and exceptions are those of the JDK's {@code UnixFileSystem.copy}: source
 * attributes, target attributes (links not followed), same file, existing target, the target
 * deleted, the source opened, the target created exclusively with the source's permissions, the
 * data, then with {@code COPY_ATTRIBUTES} owner and permissions (failures ignored), user extended
 * attributes (failures ignored) and times (a failure fails the copy). A copy that fails after the
 * target was created deletes it.
 */
final class FileCopy {
  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
  private static final String ATTRIBUTES =
      "unix:mode,uid,gid,fileKey,isRegularFile,size,lastModifiedTime,lastAccessTime";
  private static final LinkOption[] FOLLOW = {};
  private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

  /** Set-user-ID, set-group-ID and sticky bits, which a permission set cannot express. */
  private static final int SPECIAL_BITS = 07000;

  /** Who copies a regular file's data. */
  enum Route {
    /** {@code Files.copy}, for every file. */
    JDK,
    /** fastio's copy, the data moved by a transfer, where the platform allows it. */
    TRANSFERS;

    /**
     * {@link #JDK} where {@link TransferPolicy#defaults()} moves large amounts of data to files
     * with {@link TransferStrategy#KERNEL}, as on Linux unless a system property forces another
     * strategy: the JDK's native copy makes the same system calls, faster than a Java path. {@link
     * #TRANSFERS} elsewhere.
     */
    static Route forDefaults() {
      return TransferPolicy.defaults().choose(TransferPolicy.TargetKind.FILE, Long.MAX_VALUE)
              == TransferStrategy.KERNEL
          ? JDK
          : TRANSFERS;
    }
  }

  /** The options fastio's copy handles itself. */
  record Flags(boolean replace, boolean copyAttributes, boolean followLinks) {}

  private FileCopy() {}

  /**
   * Copies {@code source} to {@code target}.
   *
   * @param progress told the bytes copied so far after each transfer of at most 16 MiB, or null
   */
  static Path copy(
      Path source, Path target, Route route, LongConsumer progress, CopyOption... options)
      throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    Flags flags = flags(options);
    if (flags == null || route == Route.JDK || !POSIX || !bothDefault(source, target)) {
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
      CopyData.copy(source, target, attributes, flags, progress);
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
}
