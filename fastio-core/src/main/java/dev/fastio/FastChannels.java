package dev.fastio;

import dev.fastio.internal.stream.Streams;
import dev.fastio.internal.transfer.TransferOptions;
import dev.fastio.internal.transfer.Transfers;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * Channel operations: {@link #transferTo(FileChannel, long, long, WritableByteChannel)}, a drop-in
 * for {@link FileChannel#transferTo(long, long, WritableByteChannel)} that always finishes and
 * picks the fastest way to move the bytes for the platform, the target and the size.
 *
 * <p><b>Why.</b> {@code FileChannel.transferTo} may move fewer bytes than asked (at most about 2
 * GiB per call on Linux, less whenever the kernel says so), so every caller needs a loop; it copies
 * to any channel that is neither a file nor a socket through an 8 KiB heap buffer; and on JDK 17
 * one refusal of {@code sendfile} (an append-mode target is enough) turns {@code sendfile} to files
 * off for the rest of the process. The best path also differs by platform: the kernel's on Linux
 * (but for small transfers to files, where a read/write loop is faster), a read/write loop on
 * macOS, read/write for small and mapped for large transfers on Windows (see {@link
 * TransferPolicy}).
 *
 * <p><b>Ownership.</b> fastio never closes the caller's channels, except as the JDK does when the
 * calling thread is interrupted (see the methods). It keeps no reference to them after returning.
 *
 * <p><b>Thread safety.</b> All methods are static and thread-safe. Concurrent transfers share
 * nothing but the process-wide pool of buffers {@link FastFiles} reads through and what fastio
 * remembers about targets: whether a file channel is in append mode (weakly, per channel) and
 * kernel-path refusals (per target kind and condition). A transfer to a file target writes at, and
 * advances, that channel's position; other threads using the same target channel at the same time
 * interleave with it as they would with {@code FileChannel.transferTo}.
 *
 * <p><b>Observability.</b> Every transfer that moves bytes emits a JDK Flight Recorder event {@code
 * dev.fastio.Transfer} (strategy, the strategy it fell back from if any, target kind, bytes,
 * duration) when a recording enables it; with no recording, or without the {@code jdk.jfr} module,
 * nothing is allocated or recorded.
 *
 * @since 0.1.0
 */
public final class FastChannels {
  private FastChannels() {}

  /**
   * Transfers bytes from a file to a channel: {@link FileChannel#transferTo(long, long,
   * WritableByteChannel)}, with the same arguments, results and exceptions, except that it goes on
   * until every byte asked for is moved, where the JDK stops at what one call of the kernel moved
   * (the one case where it stops early is below). Uses {@link TransferPolicy#defaults()}.
   *
   * <p>The policy chooses by the bytes to move: {@code count}, or, for a large count (such as
   * {@code Long.MAX_VALUE}), the bytes from {@code position} to the end of the file, which takes
   * one more system call to learn. Where the policy picks no strategy of its own and gives a large
   * transfer to a file target the kernel path, the target's position is asked too (one system
   * call): if it lies just after {@code position} within a page, where the kernel's copy between
   * the two files runs several times slower on some processors, {@link TransferStrategy#READ_WRITE}
   * is used instead (the JFR event records it as taken over from {@code KERNEL}). An append-mode
   * target is never given the kernel path, as below.
   *
   * <p>For a blocking target (any channel but a {@link java.nio.channels.SelectableChannel} in
   * non-blocking mode) it returns only once {@code min(count, source.size() - position)} bytes are
   * written, or 0 if {@code position} is beyond the end of the file, with one exception: should a
   * blocking target's write accept no byte at all (which a blocking channel's contract rules out,
   * but a channel of the application's own may do), the transfer ends there and returns what was
   * moved, fewer bytes than asked, rather than spin on it. For a non-blocking target it returns
   * what the target accepted, possibly 0, without waiting or retrying.
   *
   * <p>The bytes are read from {@code position} of the source's file; the source's own position is
   * not changed. A file target is written at its position, which advances by the number of bytes
   * returned (an append-mode file target appends).
   *
   * <p><b>Files that change.</b> Bytes appended to the source during the transfer may or may not be
   * transferred, as with {@code FileChannel.transferTo}. Should the source shrink during the
   * transfer, the transfer stops at its new end and returns the bytes moved so far, or, if the
   * shrinking was seen by a read of a mapping, throws a {@link java.nio.file.FileSystemException};
   * it never spins and never throws the JVM's {@link InternalError}. A source whose size is 0
   * (files of {@code /proc} and {@code /sys} report that) is read to its end of file with {@link
   * TransferStrategy#READ_WRITE}, as {@code FileChannel.transferTo} does from JDK 21 on (JDK 17
   * transfers nothing from such a file).
   *
   * <p><b>Fallback.</b> If the kernel path cannot serve a target, the transfer goes on with {@link
   * TransferStrategy#MAPPED} or {@link TransferStrategy#READ_WRITE} (the policy's choice for other
   * targets of that size) instead of failing, and fastio remembers the refusal for that kind of
   * target in that condition only, never for the whole process. Append-mode file targets are never
   * handed to {@code FileChannel.transferTo}, which on JDK 17 would turn {@code sendfile} off for
   * every file target of the process: they are detected and written from a mapping or a buffer.
   * There is no API to ask a channel whether it appends; fastio tells once per channel, remembered
   * weakly. A channel whose position differs from its size is not in append mode. For one whose
   * position equals its size (a new file, say), the first transfer moves its position one byte and
   * sets it back (a channel in append mode ignores the move). A write through the same channel by
   * another thread at that instant would land at the moved position: do not write to a target
   * channel from other threads while its first transfer runs. Channels fastio opens itself (for
   * {@link FastFiles#copy}) are never probed.
   *
   * <p><b>Interrupts.</b> As with {@code FileChannel.transferTo} from JDK 21 on: if the calling
   * thread is interrupted during the transfer, both channels are closed and {@link
   * java.nio.channels.ClosedByInterruptException} is thrown, with the thread's interrupt status
   * set.
   *
   * @implNote "Large" is 16 MiB and more for the count, 256 KiB and more for the position check,
   *     which looks for a target position 1 to 31 bytes after {@code position} modulo 4096.
   * @param source the file to read; must be open for reading
   * @param position the position in the file of the first byte to transfer; must be non-negative
   * @param count the most bytes to transfer; must be non-negative ({@code Long.MAX_VALUE} for "to
   *     the end of the file")
   * @param target the channel to write to
   * @return the number of bytes transferred
   * @throws IllegalArgumentException if {@code position} or {@code count} is negative
   * @throws java.nio.channels.NonReadableChannelException if the source was not opened for reading
   * @throws java.nio.channels.NonWritableChannelException if the target is a file channel not
   *     opened for writing
   * @throws java.nio.channels.ClosedChannelException if either channel is closed
   * @throws java.nio.channels.AsynchronousCloseException if another thread closes either channel
   *     during the transfer
   * @throws java.nio.channels.ClosedByInterruptException if the calling thread is interrupted
   *     during the transfer; both channels are closed then
   * @throws java.nio.file.FileSystemException if the source was truncated under a mapping of it; a
   *     channel does not know its file's path, so {@code getFile()} is {@code "transfer source"}
   *     and the message gives the position read
   * @throws IOException if another I/O error occurs
   */
  public static long transferTo(
      FileChannel source, long position, long count, WritableByteChannel target)
      throws IOException {
    return Transfers.transfer(source, position, count, target);
  }

  /**
   * {@link #transferTo(FileChannel, long, long, WritableByteChannel)} with the strategy chosen by
   * {@code policy} instead of the defaults.
   *
   * @param source the file to read; must be open for reading
   * @param position the position in the file of the first byte to transfer; must be non-negative
   * @param count the most bytes to transfer; must be non-negative
   * @param target the channel to write to
   * @param policy chooses the strategy from the OS, the target's kind and the bytes to move
   * @return the number of bytes transferred
   * @throws IOException as {@link #transferTo(FileChannel, long, long, WritableByteChannel)} throws
   *     it
   */
  public static long transferTo(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferPolicy policy)
      throws IOException {
    Objects.requireNonNull(policy, "policy");
    return Transfers.transfer(source, position, count, target, TransferOptions.of(policy));
  }

  /**
   * {@link #transferTo(FileChannel, long, long, WritableByteChannel)} with the given strategy,
   * whatever the platform, target and size. The fallback still applies: {@link
   * TransferStrategy#KERNEL} to an append-mode file target writes from a mapping or a buffer
   * instead. A source whose size is 0 is read with {@link TransferStrategy#READ_WRITE} whatever the
   * strategy (a mapping would show nothing).
   *
   * @param source the file to read; must be open for reading
   * @param position the position in the file of the first byte to transfer; must be non-negative
   * @param count the most bytes to transfer; must be non-negative
   * @param target the channel to write to
   * @param strategy how to move the bytes
   * @return the number of bytes transferred
   * @throws IOException as {@link #transferTo(FileChannel, long, long, WritableByteChannel)} throws
   *     it
   */
  public static long transferTo(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferStrategy strategy)
      throws IOException {
    Objects.requireNonNull(strategy, "strategy");
    return Transfers.transfer(
        source,
        position,
        count,
        target,
        TransferOptions.of(TransferPolicy.defaults().withStrategy(strategy)));
  }

  /**
   * {@link #transferTo(FileChannel, long, long, WritableByteChannel)}, telling {@code listener} how
   * many bytes have been transferred (see {@link ProgressListener} for when).
   *
   * <p>The bytes move in bounded steps (see {@link ProgressListener}), each one transfer as the
   * overload without a listener makes it (and one JFR event each); a source whose size is 0 ({@code
   * /proc}) is read to its end in one step. A step that moves fewer bytes than asked ends the
   * transfer: the end of the file, or a non-blocking target that took what it could.
   *
   * @param source the file to read; must be open for reading
   * @param position the position in the file of the first byte to transfer; must be non-negative
   * @param count the most bytes to transfer; must be non-negative
   * @param target the channel to write to
   * @param listener told the bytes transferred so far, on the calling thread
   * @return the number of bytes transferred
   * @throws NullPointerException if {@code listener} is null
   * @throws IOException as {@link #transferTo(FileChannel, long, long, WritableByteChannel)} throws
   *     it
   */
  public static long transferTo(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      ProgressListener listener)
      throws IOException {
    return Streams.transferTo(source, position, count, target, listener);
  }
}
