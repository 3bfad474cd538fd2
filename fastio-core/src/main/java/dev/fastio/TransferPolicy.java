package dev.fastio;

import dev.fastio.internal.Settings;
import java.nio.channels.FileChannel;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * Chooses the {@link TransferStrategy} of {@link FastChannels#transferTo} from the operating
 * system, the kind of target and the number of bytes to move. Immutable and thread-safe.
 *
 * <p><b>Defaults</b> (implementation notes: chosen from measurements of {@code
 * FileChannel.transferTo} per platform, they may change in any release; the system properties below
 * are the supported way to change them):
 *
 * <table class="striped">
 *   <caption>Strategy by operating system and target kind</caption>
 *   <thead>
 *     <tr><th scope="col">OS ({@code os.name})</th><th scope="col">{@link TargetKind#FILE FILE},
 *     {@link TargetKind#SOCKET SOCKET}</th><th scope="col">{@link TargetKind#OTHER OTHER}</th></tr>
 *   </thead>
 *   <tbody>
 *     <tr><th scope="row">Linux</th><td>{@link TransferStrategy#KERNEL KERNEL}; for {@code FILE} targets
 *     only from {@link #fileKernelThreshold()} bytes (default 32 KiB), {@link TransferStrategy#READ_WRITE
 *     READ_WRITE} below</td>
 *     <td rowspan="4">{@link TransferStrategy#MAPPED MAPPED} from {@link #otherMappedThreshold()} bytes
 *     (default 16 MiB), {@link TransferStrategy#READ_WRITE READ_WRITE} below</td></tr>
 *     <tr><th scope="row">macOS ({@code Mac OS X}, {@code Darwin})</th>
 *     <td>{@link TransferStrategy#READ_WRITE READ_WRITE}</td></tr>
 *     <tr><th scope="row">Windows</th><td>{@link TransferStrategy#MAPPED MAPPED} from {@link
 *     #windowsMappedThreshold()} bytes (default 2 MiB), {@link TransferStrategy#READ_WRITE READ_WRITE}
 *     below</td></tr>
 *     <tr><th scope="row">any other</th><td>{@link TransferStrategy#KERNEL KERNEL} (the JDK's own
 *     choice)</td></tr>
 *   </tbody>
 * </table>
 *
 * <p>A policy that {@linkplain #withStrategy forces} a strategy chooses it for every OS, kind and
 * size.
 *
 * <p><b>System properties</b>, read once, by the first call of {@link #defaults()}:
 *
 * <ul>
 *   <li>{@code fastio.transfer.strategy}: {@code KERNEL}, {@code MAPPED} or {@code READ_WRITE} (any
 *       case) forces that strategy for every transfer that uses the defaults;
 *   <li>{@code fastio.transfer.otherMappedThreshold}: bytes from which {@code MAPPED} is chosen for
 *       {@link TargetKind#OTHER OTHER} targets (default 16777216);
 *   <li>{@code fastio.transfer.windowsMappedThreshold}: bytes from which {@code MAPPED} is chosen
 *       for file and socket targets on Windows (default 2097152);
 *   <li>{@code fastio.transfer.fileKernelThreshold}: bytes from which {@code KERNEL} is chosen for
 *       {@link TargetKind#FILE FILE} targets on Linux, {@code READ_WRITE} below (default 32768).
 * </ul>
 *
 * <p>A value that is not a strategy name or not a non-negative decimal number is ignored, as {@link
 * Long#getLong(String, long)} ignores one, and the default applies.
 *
 * @since 0.1.0
 */
public final class TransferPolicy {
  /** The kind of channel a transfer writes to, the second input of the choice. */
  public enum TargetKind {
    /** A {@link FileChannel}. */
    FILE,
    /**
     * A {@link SocketChannel}, or any other {@link NetworkChannel} that is a {@link
     * SelectableChannel}.
     */
    SOCKET,
    /**
     * Any other channel: a pipe's sink channel, {@code Channels.newChannel(OutputStream)}, a
     * channel of the application's own.
     */
    OTHER;

    /**
     * The kind of {@code channel}.
     *
     * @param channel a target channel
     * @return its kind
     */
    public static TargetKind of(WritableByteChannel channel) {
      Objects.requireNonNull(channel, "channel");
      if (channel instanceof FileChannel) {
        return FILE;
      }
      if (channel instanceof SocketChannel
          || (channel instanceof NetworkChannel && channel instanceof SelectableChannel)) {
        return SOCKET;
      }
      return OTHER;
    }
  }

  private static final long DEFAULT_FILE_KERNEL_THRESHOLD = 32 * 1024;
  private static final long DEFAULT_OTHER_MAPPED_THRESHOLD = 16 * 1024 * 1024;
  private static final long DEFAULT_WINDOWS_MAPPED_THRESHOLD = 2 * 1024 * 1024;
  private static final String OS_NAME = System.getProperty("os.name", "");

  private final TransferStrategy strategy; // null: adaptive
  private final long otherMappedThreshold;
  private final long windowsMappedThreshold;
  private final long fileKernelThreshold;

  private TransferPolicy(
      TransferStrategy strategy,
      long otherMappedThreshold,
      long windowsMappedThreshold,
      long fileKernelThreshold) {
    this.strategy = strategy;
    this.otherMappedThreshold = otherMappedThreshold;
    this.windowsMappedThreshold = windowsMappedThreshold;
    this.fileKernelThreshold = fileKernelThreshold;
  }

  /** The defaults, from the system properties as the first call found them. */
  private static final class Defaults {
    static final TransferPolicy INSTANCE = fromProperties(System.getProperties());
  }

  /**
   * The policy {@link FastChannels#transferTo(FileChannel, long, long, WritableByteChannel)} uses:
   * the documented defaults, overridden by the {@code fastio.transfer.*} system properties as they
   * are when this method is first called; later changes to the properties are not seen.
   *
   * @return the default policy
   */
  public static TransferPolicy defaults() {
    return Defaults.INSTANCE;
  }

  /**
   * A policy made from the documented defaults and the {@code fastio.transfer.*} entries of {@code
   * properties}, as {@link #defaults()} is made from the system properties.
   *
   * @param properties where to look the {@code fastio.transfer.*} keys up; other keys are ignored
   * @return a new policy
   */
  public static TransferPolicy fromProperties(Properties properties) {
    Objects.requireNonNull(properties, "properties");
    return new TransferPolicy(
        strategyOf(properties.getProperty(Settings.TRANSFER_STRATEGY)),
        bytesOf(
            properties.getProperty(Settings.TRANSFER_OTHER_MAPPED_THRESHOLD),
            DEFAULT_OTHER_MAPPED_THRESHOLD),
        bytesOf(
            properties.getProperty(Settings.TRANSFER_WINDOWS_MAPPED_THRESHOLD),
            DEFAULT_WINDOWS_MAPPED_THRESHOLD),
        bytesOf(
            properties.getProperty(Settings.TRANSFER_FILE_KERNEL_THRESHOLD),
            DEFAULT_FILE_KERNEL_THRESHOLD));
  }

  private static TransferStrategy strategyOf(String value) {
    if (value == null) {
      return null;
    }
    try {
      return TransferStrategy.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null; // not a strategy: ignored, as documented
    }
  }

  private static long bytesOf(String value, long fallback) {
    if (value == null) {
      return fallback;
    }
    try {
      long v = Long.parseLong(value.trim());
      return v >= 0 ? v : fallback;
    } catch (NumberFormatException e) {
      return fallback; // not a number: ignored, as documented
    }
  }

  /**
   * This policy forcing {@code strategy}, or choosing adaptively again if {@code strategy} is null.
   *
   * @param strategy the strategy to use for every transfer, or null
   * @return a policy equal to this one but for the forced strategy
   */
  public TransferPolicy withStrategy(TransferStrategy strategy) {
    return new TransferPolicy(
        strategy, otherMappedThreshold, windowsMappedThreshold, fileKernelThreshold);
  }

  /**
   * This policy with another threshold for {@link TargetKind#OTHER OTHER} targets.
   *
   * @param bytes transfers of this many bytes and more use {@link TransferStrategy#MAPPED MAPPED},
   *     smaller ones {@link TransferStrategy#READ_WRITE READ_WRITE}; 0 maps every transfer
   * @return a policy equal to this one but for the threshold
   * @throws IllegalArgumentException if {@code bytes < 0}
   */
  public TransferPolicy withOtherMappedThreshold(long bytes) {
    return new TransferPolicy(
        strategy, checkBytes(bytes), windowsMappedThreshold, fileKernelThreshold);
  }

  /**
   * This policy with another threshold for file and socket targets on Windows.
   *
   * @param bytes transfers of this many bytes and more use {@link TransferStrategy#MAPPED MAPPED},
   *     smaller ones {@link TransferStrategy#READ_WRITE READ_WRITE}
   * @return a policy equal to this one but for the threshold
   * @throws IllegalArgumentException if {@code bytes < 0}
   */
  public TransferPolicy withWindowsMappedThreshold(long bytes) {
    return new TransferPolicy(
        strategy, otherMappedThreshold, checkBytes(bytes), fileKernelThreshold);
  }

  /**
   * This policy with another threshold for {@link TargetKind#FILE FILE} targets on Linux.
   *
   * @param bytes transfers of this many bytes and more use {@link TransferStrategy#KERNEL KERNEL},
   *     smaller ones {@link TransferStrategy#READ_WRITE READ_WRITE}; 0 uses the kernel for every
   *     transfer
   * @return a policy equal to this one but for the threshold
   * @throws IllegalArgumentException if {@code bytes < 0}
   */
  public TransferPolicy withFileKernelThreshold(long bytes) {
    return new TransferPolicy(
        strategy, otherMappedThreshold, windowsMappedThreshold, checkBytes(bytes));
  }

  private static long checkBytes(long bytes) {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes < 0: " + bytes);
    }
    return bytes;
  }

  /**
   * The forced strategy, if this policy forces one.
   *
   * @return the strategy every choice returns, or empty for an adaptive policy
   */
  public Optional<TransferStrategy> strategy() {
    return Optional.ofNullable(strategy);
  }

  /**
   * The size from which {@link TargetKind#OTHER OTHER} targets are written from a mapping.
   *
   * @return bytes
   */
  public long otherMappedThreshold() {
    return otherMappedThreshold;
  }

  /**
   * The size from which file and socket targets are written from a mapping on Windows.
   *
   * @return bytes
   */
  public long windowsMappedThreshold() {
    return windowsMappedThreshold;
  }

  /**
   * The size from which file targets are written by the kernel ({@code copy_file_range}, {@code
   * sendfile}) on Linux; smaller transfers use a read/write loop.
   *
   * @return bytes
   */
  public long fileKernelThreshold() {
    return fileKernelThreshold;
  }

  /**
   * The strategy for a transfer on the running operating system (system property {@code os.name}).
   *
   * @param kind the kind of target
   * @param size the number of bytes to move
   * @return the strategy, as the table above gives it for this OS
   * @throws IllegalArgumentException if {@code size < 0}
   */
  public TransferStrategy choose(TargetKind kind, long size) {
    return choose(OS_NAME, kind, size);
  }

  /**
   * The strategy for a transfer on the operating system named {@code osName} (a value of {@code
   * os.name}, matched by its start, ignoring case), as the table above gives it.
   */
  TransferStrategy choose(String osName, TargetKind kind, long size) {
    Objects.requireNonNull(osName, "osName");
    Objects.requireNonNull(kind, "kind");
    if (size < 0) {
      throw new IllegalArgumentException("size < 0: " + size);
    }
    if (strategy != null) {
      return strategy;
    }
    if (kind == TargetKind.OTHER) {
      return mappedFrom(otherMappedThreshold, size);
    }
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("linux")) {
      return kind == TargetKind.FILE && size < fileKernelThreshold
          ? TransferStrategy.READ_WRITE
          : TransferStrategy.KERNEL;
    }
    if (os.startsWith("mac") || os.startsWith("darwin")) {
      return TransferStrategy.READ_WRITE;
    }
    if (os.startsWith("windows")) {
      return mappedFrom(windowsMappedThreshold, size);
    }
    return TransferStrategy.KERNEL;
  }

  private static TransferStrategy mappedFrom(long threshold, long size) {
    return size >= threshold ? TransferStrategy.MAPPED : TransferStrategy.READ_WRITE;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TransferPolicy p)) {
      return false;
    }
    return strategy == p.strategy
        && otherMappedThreshold == p.otherMappedThreshold
        && windowsMappedThreshold == p.windowsMappedThreshold
        && fileKernelThreshold == p.fileKernelThreshold;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        strategy, otherMappedThreshold, windowsMappedThreshold, fileKernelThreshold);
  }

  @Override
  public String toString() {
    return "TransferPolicy[strategy="
        + (strategy == null ? "adaptive" : strategy)
        + ", otherMappedThreshold="
        + otherMappedThreshold
        + ", windowsMappedThreshold="
        + windowsMappedThreshold
        + ", fileKernelThreshold="
        + fileKernelThreshold
        + "]";
  }
}
