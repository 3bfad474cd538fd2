package dev.fastio.internal.transfer;

import dev.fastio.TransferPolicy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.CopyOption;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Moving bytes: {@code FastChannels.transferTo} (the contract checks in the JDK's order, then a
 * {@link TransferRun}) and {@code FastFiles.copy} with a listener (a {@link ProgressCopy}).
 */
public final class Transfers {
  /**
   * From which count the source is sized before a strategy is chosen: 16 MiB. A smaller count is
   * taken as the number of bytes there are; a larger one, such as {@code Long.MAX_VALUE} ("to the
   * end of the file"), has the source's size asked first, so that a small file is not sent down the
   * path chosen for a large transfer. A count above the file's size is still moved correctly: the
   * path chosen moves what there is, and only then is the file sized.
   */
  static final long SIZED_FROM_COUNT = 16 << 20;

  /**
   * From how many bytes the read/write loop asks a file target where its writes go (one system
   * call: its position, which for an append-mode channel is its size), to place its reads for the
   * write as well: 64 KiB. Below that the reads are placed for the source alone. The count is the
   * one asked for. A target that cannot tell its position (a pipe or a terminal) is written to
   * unplaced.
   */
  static final long PLACED_FOR_TARGET = 64 * 1024;

  /**
   * From how many bytes a transfer the policy gives the kernel path to a file target checks where
   * the target writes, and takes {@code READ_WRITE} instead when the kernel's copy from the page
   * cache to the page cache would be slow there ({@code Placement.slowCopy}): 256 KiB. The check is
   * one system call (the target's position).
   */
  static final long KERNEL_OFFSETS_CHECKED = 256 * 1024;

  private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

  private Transfers() {}

  /**
   * {@code FastChannels.transferTo}: moves {@code [position, position + count)} of {@code source}
   * to {@code target}, with the JDK's checks and exceptions.
   *
   * @param source the file to read
   * @param position the first byte's offset in the file
   * @param count the most bytes to move
   * @param target the channel to write to
   * @param options the policy, the mapping window and whether to record the event
   * @return the bytes moved
   * @throws IOException as {@code FastChannels.transferTo} documents
   */
  public static long transfer(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferOptions options)
      throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(options, "options");
    // FileChannel.transferTo's order: closed source, closed target, modes, then the arguments.
    if (!source.isOpen() || !target.isOpen()) {
      throw new ClosedChannelException();
    }
    if (position < 0 || count < 0) {
      checkModes(source, target);
      throw new IllegalArgumentException(
          position < 0 ? "position < 0: " + position : "count < 0: " + count);
    }
    if (count == 0) {
      checkModes(source, target);
      return 0;
    }
    try {
      return new TransferRun(source, position, count, target, options).run();
    } catch (ClosedByInterruptException e) {
      // As FileChannel.transferTo does (JDK 21+): an interrupt closes both channels.
      closeQuietly(source, e);
      closeQuietly(target, e);
      throw e;
    }
  }

  /**
   * {@code FastChannels.transferTo(source, position, count, target)}: {@link #transfer(FileChannel,
   * long, long, WritableByteChannel, TransferOptions)} with the default policy.
   *
   * @return the bytes moved
   * @throws IOException as {@code FastChannels.transferTo} documents
   */
  public static long transfer(
      FileChannel source, long position, long count, WritableByteChannel target)
      throws IOException {
    return transfer(source, position, count, target, TransferOptions.of(TransferPolicy.defaults()));
  }

  /**
   * {@code FastFiles.copy(source, target, listener, options)}: {@code Files.copy}, with a regular
   * file's data moved by transfers of at most 16 MiB each, after each of which {@code progress} is
   * given the bytes copied so far. The cases left to {@code Files.copy} report nothing.
   *
   * @param source the file to copy
   * @param target the path of the copy
   * @param progress told the bytes copied so far, on the calling thread
   * @param options as {@code Files.copy} takes them
   * @return {@code target}
   * @throws IOException as {@code Files.copy} throws it
   */
  public static Path copy(Path source, Path target, LongConsumer progress, CopyOption... options)
      throws IOException {
    return ProgressCopy.copy(source, target, progress, options);
  }

  /**
   * The mode checks {@code FileChannel.transferTo} makes before it moves anything: a source not
   * open for reading, a file target not open for writing. Called on the paths that move no byte; on
   * the others the first read or write throws the same exceptions, in the same order.
   */
  static void checkModes(FileChannel source, WritableByteChannel target) throws IOException {
    source.read(EMPTY, 0);
    if (target instanceof FileChannel file) {
      file.write(EMPTY, 0);
    }
  }

  private static void closeQuietly(Channel channel, Throwable primary) {
    try {
      channel.close();
    } catch (IOException | RuntimeException e) {
      primary.addSuppressed(e);
    }
  }
}
