package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * The part of {@link FileCopy} after the checks: the target created exclusively with the source's
 * permissions, the data moved by transfers, then the attributes; on any failure the target is
 * deleted. Like {@code Files.copy}, not interruptible: both files are {@link ResumableChannel}s
 * that hold the interrupt status back until they are closed, and an interrupt that closes them
 * during a transfer makes the copy open both again and go on from the last completed transfer.
 */
final class CopyData {
  private static final Set<StandardOpenOption> CREATE =
      EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

  private final Path source;
  private final Path target;

  /** The most bytes one transfer moves when progress is reported: 16 MiB. */
  private static final long PROGRESS_SLICE = 16 << 20;

  private final LongConsumer progress;
  private ResumableChannel in;
  private ResumableChannel out;

  private CopyData(Path source, Path target, LongConsumer progress) {
    this.source = source;
    this.target = target;
    this.progress = progress;
  }

  /**
   * Copies, as the class description says.
   *
   * @param progress told the bytes copied so far after each transfer, or null
   */
  static void copy(
      Path source,
      Path target,
      Map<String, Object> attributes,
      FileCopy.Flags flags,
      LongConsumer progress)
      throws IOException {
    CopyData copy = new CopyData(source, target, progress);
    copy.open((Integer) attributes.get("mode"), flags.replace());
    copy.run(attributes, flags.copyAttributes());
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
      if (progress != null && n > 0) {
        progress.accept(done);
      }
      if (n == 0 || (done >= size && (size = in.size()) <= done)) {
        return; // end of file, a file that shrank, or the end of one that grew
      }
    }
  }

  /**
   * The bytes the next transfer asks for: the rest of the size seen (a size of 0, that of {@code
   * /proc} files, to end of file), at most {@link #PROGRESS_SLICE} when progress is reported.
   */
  private long count(long size, long done) {
    if (size <= done) {
      return Long.MAX_VALUE;
    }
    return progress == null ? size - done : Math.min(size - done, PROGRESS_SLICE);
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
