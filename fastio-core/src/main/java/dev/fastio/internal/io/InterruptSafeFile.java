package dev.fastio.internal.io;

import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A file open for reading whose operations an interrupt neither aborts nor closes, as those of
 * {@code Files.readAllBytes}: the thread's interrupt status is cleared while the file is open and
 * set again by {@link #close()} if it was set on entry or an interrupt arrived meanwhile.
 *
 * <p>A {@code FileChannel} is interruptible: an interrupt closes it. The JDK opts its own reads out
 * with an internal call; fastio instead opens the file again and resumes where it was. A read the
 * interrupt cut short has already moved its bytes into the buffer, so nothing is read twice or
 * lost. Resuming needs a file the kernel can read again from an offset: a regular file (those of
 * {@code /proc} and {@code /sys} included). A FIFO, socket or device cannot be resumed: there, an
 * interrupt that arrives while a read is blocked closes the file as it closes any {@code
 * FileChannel}, and the operation throws {@link ClosedByInterruptException}. Should the path be
 * replaced by another file at the moment an interrupt arrives, the rest is read from the new file.
 *
 * <p>One thread at a time. A region made by {@link #map} outlives {@link #close()}, as those of
 * {@code FileChannel.map} do.
 */
public final class InterruptSafeFile implements Closeable {
  private final Path path;
  private FileChannel channel;

  /**
   * Bytes consumed by {@link #read(ByteBuffer)} since the start, or where {@link #position} moved.
   */
  private long position;

  private boolean interrupted;

  private InterruptSafeFile(Path path, FileChannel channel, boolean interrupted) {
    this.path = path;
    this.channel = channel;
    this.interrupted = interrupted;
  }

  /**
   * Opens {@code path} for reading, as {@code Files.readAllBytes} does (same exceptions); opening a
   * FIFO blocks until a writer opens it.
   */
  public static InterruptSafeFile open(Path path) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      return new InterruptSafeFile(path, FileChannel.open(path, FileKinds.READ), interrupted);
    } catch (IOException | RuntimeException | Error e) {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      throw e;
    }
  }

  /** The file's size, as {@link FileChannel#size()} tells it. */
  public long size() throws IOException {
    while (true) {
      try {
        return channel.size();
      } catch (ClosedByInterruptException e) {
        reopen(e);
      }
    }
  }

  /**
   * Reads into {@code dst} from the current position, as {@link FileChannel#read(ByteBuffer)}.
   *
   * @return the bytes read, or -1 at end of file
   */
  public int read(ByteBuffer dst) throws IOException {
    while (true) {
      int before = dst.position();
      try {
        int n = channel.read(dst);
        if (n > 0) {
          position += n;
        }
        return n;
      } catch (ClosedByInterruptException e) {
        int n = dst.position() - before; // what the cut-short read delivered before the close
        position += n;
        reopen(e);
        if (n > 0) {
          return n;
        }
      }
    }
  }

  /** Moves the read position to {@code newPosition}. */
  public void position(long newPosition) throws IOException {
    while (true) {
      try {
        channel.position(newPosition);
        position = newPosition;
        return;
      } catch (ClosedByInterruptException e) {
        reopen(e);
      }
    }
  }

  /** Maps {@code [from, from + size)} read-only; see {@link PlatformProvider#map}. */
  public MappedRegion map(long from, long size, int windowSize, PlatformProvider.Sharing sharing)
      throws IOException {
    while (true) {
      try {
        return PlatformProvider.get().map(channel, from, size, windowSize, sharing);
      } catch (ClosedByInterruptException e) {
        reopen(e);
      }
    }
  }

  /**
   * Opens the file again after an interrupt closed it, at the position it had, or rethrows {@code
   * e} where the file cannot be read again from an offset.
   */
  private void reopen(ClosedByInterruptException e) throws IOException {
    Thread.interrupted(); // the status the channel set: cleared now, set again by close()
    interrupted = true;
    BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
    if (!a.isRegularFile()) {
      throw e; // a FIFO, socket or device: what was read is gone with the descriptor
    }
    while (true) {
      channel = FileChannel.open(path, FileKinds.READ);
      try {
        if (position != 0) {
          channel.position(position);
        }
        return;
      } catch (ClosedByInterruptException again) {
        Thread.interrupted(); // another interrupt, at once: open again
      }
    }
  }

  /** Closes the file and sets the interrupt status again if an interrupt was held back. */
  @Override
  public void close() throws IOException {
    try {
      channel.close();
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
