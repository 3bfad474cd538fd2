package dev.fastio.internal.scan;

/** A line longer than the maximum; turned into an {@code IOException} naming the file. */
final class LineTooLongException extends Exception {
  private static final long serialVersionUID = 1L;

  final long offset;
  final int max;

  LineTooLongException(long offset, int max) {
    super(null, null, false, false);
    this.offset = offset;
    this.max = max;
  }
}
