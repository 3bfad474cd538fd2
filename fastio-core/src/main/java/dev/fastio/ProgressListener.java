package dev.fastio;

/**
 * Told how many bytes a long copy or transfer has moved so far; passed to the overloads of {@link
 * FastFiles#copy(java.nio.file.Path, java.nio.file.Path, ProgressListener,
 * java.nio.file.CopyOption...) FastFiles.copy} and {@link FastChannels#transferTo(
 * java.nio.channels.FileChannel, long, long, java.nio.channels.WritableByteChannel,
 * ProgressListener) FastChannels.transferTo} that take one. A functional interface: a lambda is a
 * listener.
 *
 * <pre>{@code
 * FastFiles.copy(source, target, total -> bar.update(total));
 * }</pre>
 *
 * <p>Batches of digests have a listener of their own, {@link DigestBatch.Listener}: it hears the
 * bytes hashed and each file finished, from several threads at once; this one hears one copy's
 * running total, from one thread.
 *
 * <p><b>When.</b> On the thread that called the copy, never concurrently with itself: from time to
 * time while the copy runs, and when the copy ends, with the final total (what the method returns;
 * for {@code copy(Path, Path, ...)}, the size of the copy) unless that is the value last reported.
 * A copy that moves nothing reports 0 once. The values reported strictly grow; a copy that fails
 * ends without the final call.
 *
 * <p><b>Cost.</b> A copy without a listener runs exactly as the overload without one. With one, a
 * transfer between files moves its bytes in bounded steps, each one call of the transfer's loop;
 * the listener's own time is added to the copy's.
 *
 * <p><b>Cancelling.</b> An unchecked exception thrown by the listener ends the copy and is thrown
 * to the caller, after the copy's own clean-up: a file copy deletes its partial target, as it does
 * on any failure; a stream copy leaves what it wrote, as {@link java.nio.file.Files#copy(
 * java.io.InputStream, java.nio.file.Path, java.nio.file.CopyOption...)} does on failure.
 *
 * @implNote A report is made each time a step of the copy brings the total 1 MiB or more past the
 *     last value reported. A transfer between files given a listener moves at most 16 MiB per step,
 *     so a listener hears at least once per 16 MiB of such a transfer.
 * @see DigestBatch.Listener
 * @since 0.1.0
 */
@FunctionalInterface
public interface ProgressListener {
  /**
   * Called with the number of bytes moved so far.
   *
   * @param total the bytes moved since the copy began: 0 or more, never less than the last value
   *     passed for the same copy
   */
  void bytesMoved(long total);
}
