package dev.fastio.internal.io;

/**
 * How fastio grows an array whose final size it does not know, as the JDK's streams grow theirs.
 */
public final class ArraySizes {
  /** The largest array fastio makes, as the JDK's {@code ArraysSupport.SOFT_MAX_ARRAY_LENGTH}. */
  public static final int MAX = Integer.MAX_VALUE - 8;

  private ArraySizes() {}

  /**
   * The length to grow an array of {@code length} to so that it holds {@code needed} elements: at
   * least double and at least 8192, at most {@code max} and {@link #MAX}.
   *
   * @param length the array's length now
   * @param needed the elements it must hold, at most {@code max}
   * @param max the most the caller wants
   * @return the new length, at least {@code needed}
   * @throws OutOfMemoryError "Required array size too large", as the JDK's, if {@code needed} is
   *     above {@link #MAX} (or overflowed)
   */
  public static int grow(int length, int needed, int max) {
    if (needed < 0 || needed > MAX) {
      throw new OutOfMemoryError("Required array size too large");
    }
    long doubled = Math.max(2L * length, 8192);
    return (int) Math.min(Math.max(doubled, needed), Math.min(max, MAX));
  }
}
