package dev.fastio.internal.batch;

import dev.fastio.internal.platform.Faults;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.function.LongConsumer;

/**
 * A {@link MessageDigest} that forwards to another and reports the bytes it was fed, in batches of
 * about {@link #REPORT_EVERY} bytes, so a progress display moves inside large files too.
 *
 * <p>Mapped buffers are fed in slices of {@link #REPORT_EVERY} bytes; after each slice a pending
 * fault of the mapped read is delivered ({@link Faults#deliverPending()}) before anything else
 * runs, so it reaches {@code FileReads.digest}'s handler rather than the progress callback. One
 * thread at a time, like any digest.
 */
final class CountingDigest extends MessageDigest {
  /** Bytes between two reports (1 MiB). */
  public static final int REPORT_EVERY = 1 << 20;

  private final MessageDigest delegate;
  private final LongConsumer progress;
  private long pending;

  /** Wraps {@code delegate}; {@code progress} receives byte counts, from the thread that hashes. */
  CountingDigest(MessageDigest delegate, LongConsumer progress) {
    super(delegate.getAlgorithm());
    this.delegate = delegate;
    this.progress = progress;
  }

  @Override
  protected void engineUpdate(byte input) {
    delegate.update(input);
    count(1);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    delegate.update(input, offset, len);
    count(len);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    int position = input.position();
    int limit = input.limit();
    while (position < limit) {
      int n = Math.min(limit - position, REPORT_EVERY);
      delegate.update(input.slice(position, n));
      Faults.deliverPending(); // a fault of this mapped slice surfaces here, before the callback
      position += n;
      input.position(position);
      count(n);
    }
  }

  @Override
  protected byte[] engineDigest() {
    flush();
    return delegate.digest();
  }

  @Override
  protected void engineReset() {
    delegate.reset();
  }

  @Override
  protected int engineGetDigestLength() {
    return delegate.getDigestLength();
  }

  private void count(long n) {
    pending += n;
    if (pending >= REPORT_EVERY) {
      flush();
    }
  }

  private void flush() {
    if (pending > 0) {
      long n = pending;
      pending = 0;
      progress.accept(n);
    }
  }
}
