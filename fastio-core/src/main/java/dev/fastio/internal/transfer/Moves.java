package dev.fastio.internal.transfer;

import dev.fastio.TransferStrategy;
import dev.fastio.internal.io.BufferPool;
import dev.fastio.internal.io.Placement;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.FileSystemException;

/**
 * The three ways to move bytes from a file to a channel, each moving at most what it is asked and
 * stopping early where the target accepts less than offered or the source ends.
 */
final class Moves {
  /** The most bytes one {@code FileChannel.transferTo} call moves on Linux (sendfile's limit). */
  static final long KERNEL_CHUNK = 0x7ffff000L;

  private Moves() {}

  /**
   * Moves {@code [position, position + count)} of {@code source} to {@code target} with {@code
   * strategy}.
   *
   * @param window the mapping window of {@link TransferStrategy#MAPPED}
   * @param written where a file target writes the first byte, if known; else -1
   * @return the bytes moved
   */
  static long move(
      TransferStrategy strategy,
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      int window,
      long written)
      throws IOException {
    return switch (strategy) {
      case KERNEL -> source.transferTo(position, count, target);
      case MAPPED -> mapped(source, position, count, target, window);
      case READ_WRITE -> readWrite(source, position, count, target, written);
    };
  }

  /**
   * Writes {@code [position, position + count)} of the source from mappings of at most {@code
   * window} bytes, each unmapped before the next is made.
   */
  private static long mapped(
      FileChannel source, long position, long count, WritableByteChannel target, int window)
      throws IOException {
    long done = 0;
    while (done < count) {
      long at = position + done;
      // Map only what the file holds: a read-only mapping past its end would fault (or, through a
      // channel also open for writing, extend the file).
      long length = Math.min(Math.min(window, count - done), source.size() - at);
      if (length <= 0) {
        break;
      }
      long n = mappedWindow(source, at, (int) length, target);
      done += n;
      if (n < length) {
        break;
      }
    }
    return done;
  }

  /** Maps {@code [at, at + length)}, writes it out, and unmaps it. */
  private static long mappedWindow(
      FileChannel source, long at, int length, WritableByteChannel target) throws IOException {
    try (MappedRegion region =
        PlatformProvider.get().map(source, at, length, length, PlatformProvider.Sharing.CONFINED)) {
      long n = writeWindow(region.window(0), target);
      Faults.deliverPending(); // a fault of the copy is thrown here, inside this try
      return n;
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        throw truncated(at, e);
      }
      throw e;
    } catch (ClosedChannelException e) {
      throw e;
    } catch (IOException e) {
      // A native write from the mapping of a file truncated meanwhile fails with EFAULT.
      if (source.size() < at + length) {
        throw truncated(at, e);
      }
      throw e;
    }
  }

  // The mapped reads happen in this callee, so the caller's try covers them however they are
  // inlined.
  private static int writeWindow(MappedByteBuffer buffer, WritableByteChannel target)
      throws IOException {
    return writeFully(buffer, target);
  }

  private static FileSystemException truncated(long position, Throwable cause) {
    FileSystemException e =
        new FileSystemException(
            "transfer source",
            null,
            "the file was truncated while mapped (reading at position "
                + position
                + "); the channel does not know the file's path");
    e.initCause(cause);
    return e;
  }

  /**
   * Reads {@code [position, position + count)} of the source through a pooled direct buffer and
   * writes each read out. Each read lands at the index {@link Placement#of(long, long)} gives for
   * its file offset and, from {@link Transfers#PLACED_FOR_TARGET} bytes, for the file offset it is
   * written to, out of the offsets where the kernel's copies are slow.
   *
   * @param asked where a file target writes the first byte, if the caller asked it already; else -1
   */
  private static long readWrite(
      FileChannel source, long position, long count, WritableByteChannel target, long asked)
      throws IOException {
    long written =
        asked >= 0 || count < Transfers.PLACED_FOR_TARGET || !(target instanceof FileChannel file)
            ? asked
            : Targets.writeOffset(file);
    try (BufferPool.PooledBuffer b = BufferPool.READS.acquire()) {
      ByteBuffer d = b.buffer();
      long done = 0;
      while (done < count) {
        int at = Placement.of(position + done, written < 0 ? -1 : written + done);
        d.clear().position(at).limit(at + (int) Math.min(d.capacity() - at, count - done));
        int r = source.read(d, position + done);
        if (r <= 0) {
          break;
        }
        d.flip().position(at);
        int w = writeFully(d, target);
        done += w;
        if (w < r) {
          break;
        }
      }
      return done;
    }
  }

  /**
   * Writes {@code buffer} until it is empty or a write accepts nothing: a non-blocking target that
   * is full, or a blocking channel that accepts no byte although its contract says it blocks. The
   * transfer then ends with what was moved; it never spins (see {@code FastChannels.transferTo}).
   */
  private static int writeFully(ByteBuffer buffer, WritableByteChannel target) throws IOException {
    int total = 0;
    while (buffer.hasRemaining()) {
      int n = target.write(buffer);
      if (n <= 0) {
        break;
      }
      total += n;
    }
    return total;
  }
}
