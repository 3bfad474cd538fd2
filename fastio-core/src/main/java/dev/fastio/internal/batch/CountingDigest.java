package dev.fastio.internal.batch;

import dev.fastio.internal.platform.Faults;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.function.LongConsumer;

/**
 * A {@link MessageDigest} that forwards to another and reports the bytes it was fed ({@link
 * ByteReports}), so a progress display moves inside large files too.
 *
 * <p>Mapped buffers are fed in slices of {@link ByteReports#EVERY} bytes; after each slice a
 * pending fault of the mapped read is delivered ({@link Faults#deliverPending()}) before anything
 * else runs, so it reaches {@code FileReads.digest}'s handler rather than the progress callback.
 * One thread at a time, like any digest.
 */
final class CountingDigest extends MessageDigest {
  private final MessageDigest delegate;
  private final ByteReports reports;

  /** Wraps {@code delegate}; {@code progress} receives byte counts, from the thread that hashes. */
  CountingDigest(MessageDigest delegate, LongConsumer progress) {
    super(delegate.getAlgorithm());
    this.delegate = delegate;
    this.reports = new ByteReports(progress);
  }

  @Override
  protected void engineUpdate(byte input) {
    delegate.update(input);
    reports.add(1);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    delegate.update(input, offset, len);
    reports.add(len);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    int position = input.position();
    int limit = input.limit();
    while (position < limit) {
      int n = Math.min(limit - position, ByteReports.EVERY);
      delegate.update(input.slice(position, n));
      Faults.deliverPending(); // a fault of this mapped slice surfaces here, before the callback
      position += n;
      input.position(position);
      reports.add(n);
    }
  }

  @Override
  protected byte[] engineDigest() {
    reports.flush();
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
}
