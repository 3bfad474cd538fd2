package dev.fastio;

/**
 * How {@link FastChannels#transferTo} moves bytes from a file to a channel. {@link TransferPolicy}
 * chooses one by operating system, target kind and size; the overload {@link
 * FastChannels#transferTo(java.nio.channels.FileChannel, long, long,
 * java.nio.channels.WritableByteChannel, TransferStrategy)} forces one.
 *
 * <p>Every strategy gives the same bytes, the same return value and the same exceptions; they
 * differ only in speed, which depends on the platform, the target and the size (see {@link
 * TransferPolicy}).
 *
 * @since 0.1.0
 */
public enum TransferStrategy {
  /**
   * The JDK's {@link java.nio.channels.FileChannel#transferTo}, called in a loop: on Linux {@code
   * sendfile} (JDK 17) or {@code copy_file_range} then {@code sendfile} (JDK 21 and newer) for file
   * and socket targets, no copy through user space. To any other channel the JDK copies through an
   * 8 KiB heap buffer, which makes this the slowest strategy for such targets.
   */
  KERNEL,

  /**
   * The source region is mapped read-only in bounded windows, each written to the target with
   * {@code write} and unmapped before the next is mapped: one copy, from the page cache to the
   * target.
   */
  MAPPED,

  /**
   * Positional reads into a reused direct buffer, each written out in full: the loop a native
   * program would write. Two copies, but no mapping set-up, so the fastest for small transfers.
   */
  READ_WRITE
}
