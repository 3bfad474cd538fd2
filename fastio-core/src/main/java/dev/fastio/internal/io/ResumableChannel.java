package dev.fastio.internal.io;

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
import java.nio.file.attribute.FileAttribute;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

/**
 * A file open through a {@link FileChannel} whose operations an interrupt neither aborts nor
 * closes, as those of {@code Files.readAllBytes}, {@code Files.copy} and the JDK's file streams
 * (which the JDK opts out of interrupts with an internal call). The one place fastio resumes a file
 * after an interrupt: whole-file reads and digests, batch sources, copies and streams all go
 * through it.
 *
 * <p><b>Interrupts.</b> Each operation clears the thread's interrupt status before it calls the
 * channel, so that an interrupt that came earlier does not close it. An interrupt that arrives
 * during the call still closes the channel; the operation then opens the file again, with the
 * options it was opened with but those that create or truncate, at the offset reached, and goes on.
 * A read or write the interrupt cut short has moved its bytes already: they are counted, and
 * returned if there are any, so nothing is read twice or lost. The status is set again as {@link
 * Hold} says: when the operation returns ({@link Hold#PER_CALL}), or when the file is closed
 * ({@link Hold#UNTIL_CLOSE}).
 *
 * <p>Opening again needs a regular file (those of {@code /proc} and {@code /sys} included), looked
 * up without following a link where the file was opened with {@code NOFOLLOW_LINKS}: a FIFO, socket
 * or device cannot be read again from an offset, so there the operation throws {@link
 * ClosedByInterruptException}, as any {@code FileChannel} does, and the file stays closed. Should
 * the path name another file by then, the rest is read from, or written to, that file.
 *
 * <p><b>Threads.</b> One operation at a time; {@link #close()} may come from any thread, and an
 * operation it interrupts throws {@link AsynchronousCloseException}. A region made by {@link #map}
 * outlives {@link #close()}, as those of {@code FileChannel.map} do. The caller closes the file.
 */
public final class ResumableChannel implements Closeable {
  /** When an interrupt held back during an operation is set again on the thread. */
  public enum Hold {
    /** When each operation returns: streams, whose caller runs between operations. */
    PER_CALL,
    /**
     * When the file is closed, as {@code Files.readAllBytes} sets it: whole-file reads and copies,
     * whose own code runs between operations. The status is cleared at open.
     */
    UNTIL_CLOSE
  }

  /** A transfer between two channels, resumed after an interrupt by {@link #transfer}. */
  public interface Transfer {
    /**
     * Moves bytes from {@code source} to {@code target}.
     *
     * @return the bytes moved, by which the target's position advances
     * @throws ClosedByInterruptException if an interrupt closed the channels
     */
    long move(FileChannel source, FileChannel target) throws IOException;
  }

  /** Options that act only when a file is opened (creating or truncating it). */
  private static final Set<StandardOpenOption> AT_OPEN_ONLY =
      EnumSet.of(
          StandardOpenOption.CREATE,
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.TRUNCATE_EXISTING,
          StandardOpenOption.SPARSE);

  private final Path path;
  private final Set<? extends OpenOption> options;
  private final boolean append;
  private final Hold hold;
  private volatile FileChannel channel;
  private volatile boolean closed;

  /** Where the channel reads or writes next (its position), kept so it can be restored. */
  private long position;

  /** {@link Hold#UNTIL_CLOSE}: an interrupt was held back, to be set again by {@link #close()}. */
  private boolean held;

  private ResumableChannel(
      Path path, Set<? extends OpenOption> options, Hold hold, FileChannel channel) {
    this.path = path;
    this.options = options;
    this.append = options.contains(StandardOpenOption.APPEND);
    this.hold = hold;
    this.channel = channel;
  }

  /**
   * Opens {@code path} for reading as {@code Files.readAllBytes} does (same exceptions), the
   * interrupt status held until {@link #close()}; opening a FIFO blocks until a writer opens it.
   */
  public static ResumableChannel openForReading(Path path) throws IOException {
    return open(path, FileKinds.READ, Hold.UNTIL_CLOSE);
  }

  /**
   * Opens {@code path} as {@code FileChannel.open(path, options, attributes)} does, with its
   * exceptions; an interrupt status set on entry is set again as {@code hold} says, or at once if
   * the open fails.
   */
  public static ResumableChannel open(
      Path path, Set<? extends OpenOption> options, Hold hold, FileAttribute<?>... attributes)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      ResumableChannel file =
          new ResumableChannel(path, options, hold, FileChannel.open(path, options, attributes));
      file.release(interrupted);
      interrupted = false;
      return file;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The path the file was opened by. */
  public Path path() {
    return path;
  }

  /**
   * The channel, for a transfer that is not resumed: the caller holds back interrupts and reports
   * the bytes moved through the channel's position with {@link #advanced}. An interrupt during such
   * a transfer closes the file for good.
   */
  public FileChannel channel() {
    return channel;
  }

  /** Where the next relative read or write goes, as last known; meaningless in append mode. */
  public long position() {
    return position;
  }

  /** Records that a transfer through {@link #channel()} moved its position by {@code n} bytes. */
  public void advanced(long n) {
    position += n;
  }

  /** Reads from the position, as {@link FileChannel#read(ByteBuffer)}. */
  public int read(ByteBuffer dst) throws IOException {
    return move(dst, false);
  }

  /** Writes at the position (or the end, in append mode), as {@link FileChannel#write}. */
  public int write(ByteBuffer src) throws IOException {
    return move(src, true);
  }

  /** The file's size, as {@link FileChannel#size()}; allocates nothing (streams ask per read). */
  public long size() throws IOException {
    return call(SIZE);
  }

  /** Moves the position to {@code newPosition}, if it is not there already. */
  public void position(long newPosition) throws IOException {
    if (newPosition == position) {
      return;
    }
    call(
        new Call() {
          @Override
          public long run(FileChannel channel) throws IOException {
            channel.position(newPosition);
            return newPosition;
          }
        });
    position = newPosition;
  }

  /** Maps {@code [from, from + size)} read-only; see {@link PlatformProvider#map}. */
  public MappedRegion map(long from, long size, int windowSize, PlatformProvider.Sharing sharing)
      throws IOException {
    MappedRegion[] region = new MappedRegion[1];
    call(
        new Call() {
          @Override
          public long run(FileChannel channel) throws IOException {
            region[0] = PlatformProvider.get().map(channel, from, size, windowSize, sharing);
            return 0;
          }
        });
    return region[0];
  }

  /**
   * Runs {@code transfer} from {@code source} to {@code target}, both opened again after an
   * interrupt that closed them and the transfer run again: the target at the position it had, so
   * bytes already written are written again with the same bytes. The target's position advances by
   * the bytes moved. An interrupt is held back as {@code source}'s {@link Hold} says.
   *
   * @return the bytes moved
   */
  public static long transfer(ResumableChannel source, ResumableChannel target, Transfer transfer)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          long n = transfer.move(source.channel, target.channel);
          target.position += n;
          return n;
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          source.reopen(e);
          target.reopen(e);
        }
      }
    } finally {
      source.release(interrupted);
    }
  }

  /** True until {@link #close()}, or until an interrupt closed a file that cannot be reopened. */
  public boolean isOpen() {
    return !closed && channel.isOpen();
  }

  /**
   * Closes the channel; idempotent. A concurrent operation throws {@link
   * AsynchronousCloseException}. Under {@link Hold#UNTIL_CLOSE}, sets the interrupt status again if
   * an interrupt was held back.
   */
  @Override
  public void close() throws IOException {
    closed = true;
    try {
      channel.close();
    } finally {
      if (held) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * One channel operation, resumed after an interrupt; its result a {@code long}, so that {@link
   * #size()} boxes nothing.
   */
  private interface Call {
    long run(FileChannel channel) throws IOException;
  }

  private static final Call SIZE =
      new Call() {
        @Override
        public long run(FileChannel channel) throws IOException {
          return channel.size();
        }
      };

  private long call(Call call) throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      while (true) {
        try {
          return call.run(channel);
        } catch (ClosedByInterruptException e) {
          interrupted = true;
          reopen(e);
        }
      }
    } finally {
      release(interrupted);
    }
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
      release(interrupted);
    }
  }

  /** Sets the interrupt status again now, or at {@link #close()}, as {@link #hold} says. */
  private void release(boolean interrupted) {
    if (!interrupted) {
      return;
    }
    if (hold == Hold.PER_CALL) {
      Thread.currentThread().interrupt();
    } else {
      held = true;
    }
  }

  /**
   * Opens the file again after an interrupt closed it, at the position it had, or throws {@code e}
   * where it cannot be read or written again from an offset.
   */
  private void reopen(ClosedByInterruptException e) throws IOException {
    Thread.interrupted(); // the status the channel set: set again as hold says
    if (closed || !isRegularFile(e)) {
      throw e;
    }
    closeQuietly(channel); // closed by the interrupt, unless it closed another channel only
    Set<OpenOption> reopen = reopenOptions(options);
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
        options.contains(LinkOption.NOFOLLOW_LINKS)
            ? new LinkOption[] {LinkOption.NOFOLLOW_LINKS}
            : new LinkOption[0];
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, links).isRegularFile();
    } catch (IOException | RuntimeException failure) {
      e.addSuppressed(failure);
      return false;
    }
  }

  /** The options to open a file again with: never creating nor truncating. */
  private static Set<OpenOption> reopenOptions(Set<? extends OpenOption> options) {
    Set<OpenOption> set = new HashSet<>(options);
    set.removeAll(AT_OPEN_ONLY);
    if (!set.contains(StandardOpenOption.WRITE) && !set.contains(StandardOpenOption.APPEND)) {
      set.add(StandardOpenOption.READ);
    }
    return set;
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException ignored) {
      // an interrupt closed it already: nothing to report
    }
  }
}
