package dev.fastio.internal.stream;

import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * The file under one of fastio's streams: a {@link FileChannel} whose operations an interrupt
 * neither aborts nor closes, as those under the JDK's file streams (which the JDK opts out of
 * interrupts with an internal call).
 *
 * <p>Each operation clears the thread's interrupt status before it calls the channel, so that an
 * interrupt that came earlier does not close it, and sets the status again before it returns. An
 * interrupt that arrives during the call still closes the channel; the operation then opens the
 * file again, with the options it was opened with but those that create or truncate, at the offset
 * reached, and goes on. A read or write the interrupt cut short has moved its bytes already, and
 * they are counted. Opening again needs a regular file (those of {@code /proc} and {@code /sys}
 * included): a FIFO, socket or device cannot be read again from an offset, so there the operation
 * throws {@link ClosedByInterruptException}, as any {@code FileChannel} does, and the file stays
 * closed. Should the path name another file by then, the rest is read from, or written to, that
 * file.
 *
 * <p>The stream makes one operation at a time; {@link #close()} may come from any thread, and an
 * operation it interrupts throws {@link AsynchronousCloseException}.
 */
final class FileHandle implements Closeable {
  private final Path path;
  private final Set<OpenOption> reopen;
  private final boolean append;
  private volatile FileChannel channel;
  private volatile boolean closed;

  /** Where the channel reads or writes next (its position), kept so it can be restored. */
  private long position;

  private FileHandle(Path path, Set<OpenOption> options, FileChannel channel) {
    this.path = path;
    this.reopen = OpenOptions.forReopening(options);
    this.append = options.contains(StandardOpenOption.APPEND);
    this.channel = channel;
  }

  /** Opens {@code path} as {@code FileChannel.open(path, options)} does, with its exceptions. */
  static FileHandle open(Path path, Set<OpenOption> options) throws IOException {
    return new FileHandle(path, options, FileChannel.open(path, options));
  }

  /** The path the file was opened by. */
  Path path() {
    return path;
  }

  /**
   * The channel, for a transfer; the caller holds back interrupts and reports the bytes moved
   * through the channel's position with {@link #advanced}. An interrupt during a transfer closes it
   * for good.
   */
  FileChannel channel() {
    return channel;
  }

  /** Where the next relative read or write goes, as last known; meaningless in append mode. */
  long position() {
    return position;
  }

  /** Records that a transfer moved the channel's position by {@code n} bytes. */
  void advanced(long n) {
    position += n;
  }

  /** Reads from the channel's position, as {@link FileChannel#read(ByteBuffer)}. */
  int read(ByteBuffer dst) throws IOException {
    return move(dst, false);
  }

  /**
   * Writes at the channel's position (or its end, in append mode), as {@link FileChannel#write}.
   */
  int write(ByteBuffer src) throws IOException {
    return move(src, true);
  }

  /**
   * One read or write. One cut short by an interrupt has moved its bytes already (the buffer's
   * position says how many): they are counted, and returned if there are any.
   */
  private int move(ByteBuffer buffer, boolean write) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        int before = buffer.position();
        try {
          int n = write ? channel.write(buffer) : channel.read(buffer);
          position += Math.max(n, 0);
          return n;
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          int n = buffer.position() - before;
          position += n;
          reopen(e);
          if (n > 0) {
            return n;
          }
        }
      }
    } finally {
      restore(interrupted);
    }
  }

  /** The file's size, as {@link FileChannel#size()}. */
  long size() throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          return channel.size();
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          reopen(e);
        }
      }
    } finally {
      restore(interrupted);
    }
  }

  /** Moves the channel's position to {@code newPosition}, if it is not there already. */
  void seek(long newPosition) throws IOException {
    if (newPosition == position) {
      return;
    }
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          channel.position(newPosition);
          position = newPosition;
          return;
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          reopen(e);
        }
      }
    } finally {
      restore(interrupted);
    }
  }

  /**
   * Maps {@code [at, at + length)} read-only, as one window any thread may read and release (see
   * {@code MappedRegion}); the mapping outlives {@link #close()} until released.
   */
  MappedRegion map(long at, long length) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          return PlatformProvider.get()
              .map(channel, at, length, (int) length, PlatformProvider.Sharing.SHARED);
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          reopen(e);
        }
      }
    } finally {
      restore(interrupted);
    }
  }

  /** True until {@link #close()}, or until an interrupt closed a file that cannot be reopened. */
  boolean isOpen() {
    return !closed && channel.isOpen();
  }

  /**
   * Closes the channel; idempotent. A concurrent operation throws {@link
   * AsynchronousCloseException}.
   */
  @Override
  public void close() throws IOException {
    closed = true;
    channel.close();
  }

  /**
   * Opens the file again after an interrupt closed it, at the position it had, or throws {@code e}
   * where it cannot be read or written again from an offset.
   */
  private void reopen(ClosedByInterruptException e) throws IOException {
    Thread.interrupted(); // the status the channel set: set again when the operation returns
    if (closed || !isRegularFile(e)) {
      throw e;
    }
    while (true) {
      FileChannel reopened = FileChannel.open(path, reopen);
      channel = reopened;
      if (closed) { // close() may have closed the old channel meanwhile, not this one
        reopened.close();
        throw new AsynchronousCloseException();
      }
      try {
        if (!append && position != 0) {
          reopened.position(position);
        }
        return;
      } catch (ClosedByInterruptException again) {
        Thread.interrupted(); // another interrupt at once: open again
      }
    }
  }

  private boolean isRegularFile(ClosedByInterruptException e) {
    LinkOption[] links =
        OpenOptions.noFollow(reopen)
            ? new LinkOption[] {LinkOption.NOFOLLOW_LINKS}
            : new LinkOption[0];
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, links).isRegularFile();
    } catch (IOException | RuntimeException failure) {
      e.addSuppressed(failure);
      return false;
    }
  }

  private static void restore(boolean interrupted) {
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
