package dev.fastio.internal.batch;

import java.util.function.LongConsumer;

/**
 * Bytes hashed, reported to a progress listener in batches of about {@link #EVERY} bytes and at the
 * end of each file ({@link #flush()}), so that a progress display moves inside large files without
 * a call per read. One thread at a time.
 */
final class ByteReports {
  /** Bytes between two reports: 1 MiB. */
  static final int EVERY = 1 << 20;

  private final LongConsumer listener;
  private long pending;

  ByteReports(LongConsumer listener) {
    this.listener = listener;
  }

  /** Counts {@code bytes} more; reports once a batch is full. */
  void add(long bytes) {
    pending += bytes;
    if (pending >= EVERY) {
      flush();
    }
  }

  /** Reports the bytes counted since the last report, if any. */
  void flush() {
    if (pending > 0) {
      long n = pending;
      pending = 0;
      listener.accept(n);
    }
  }
}
