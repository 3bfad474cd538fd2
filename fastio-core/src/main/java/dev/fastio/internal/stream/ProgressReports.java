package dev.fastio.internal.stream;

import dev.fastio.ProgressListener;

/**
 * The running total of one copy, told to a {@link ProgressListener} as its contract says: each time
 * it grows {@link #STEP} or more past the value last reported, and once at the end.
 */
final class ProgressReports {
  /** How far the total grows between two reports, at least: 1 MiB. */
  static final long STEP = 1 << 20;

  /**
   * The most bytes one step of a transfer between files moves when a listener is given: 16 MiB, the
   * size from which the default policy maps for targets that are neither files nor sockets, so that
   * slicing does not change the strategy chosen.
   */
  static final long SLICE = 16 << 20;

  private final ProgressListener listener;
  private long last;
  private boolean reported;

  private ProgressReports(ProgressListener listener) {
    this.listener = listener;
  }

  /** A counter for {@code listener}, or null (no counting at all) if it is null. */
  static ProgressReports of(ProgressListener listener) {
    return listener == null ? null : new ProgressReports(listener);
  }

  /** The copy has moved {@code total} bytes so far. */
  void moved(long total) {
    if (total - last >= STEP) {
      report(total);
    }
  }

  /** The copy ended having moved {@code total} bytes. */
  void end(long total) {
    if (!reported || total != last) {
      report(total);
    }
  }

  /** True once a value was reported. */
  boolean reported() {
    return reported;
  }

  private void report(long total) {
    last = total;
    reported = true;
    listener.bytesMoved(total);
  }
}
