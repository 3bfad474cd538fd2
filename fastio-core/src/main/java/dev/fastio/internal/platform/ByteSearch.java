package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * Finds the bytes equal to one of two values in a range of a buffer, many positions per call: the
 * newline search under the line scanner. Two engines: {@link #swar()} (eight bytes a step in a
 * {@code long}, any JDK) and a vector one on {@code jdk.incubator.vector} where it can run ({@link
 * #get()}).
 *
 * <p>Implementations are stateless and thread-safe; the buffers passed are only read, through
 * absolute gets below their limit (their position is ignored).
 */
public interface ByteSearch {
  /**
   * The most positions one step of an engine adds; {@link #find} stops adding steps once fewer than
   * this many slots are left.
   */
  int STEP = 64;

  /**
   * The engine for this runtime: the vector one where {@link VectorByteSearchLookup} finds it can
   * run, else {@link #swar()}.
   *
   * @return the same instance on every call
   */
  static ByteSearch get() {
    return VectorByteSearchLookup.ACTIVE;
  }

  /**
   * The engine that runs everywhere.
   *
   * @return the SWAR engine
   */
  static ByteSearch swar() {
    return SwarByteSearch.INSTANCE;
  }

  /**
   * The engine's name, e.g. {@code "vector 64x8-bit"} or {@code "swar 8x8-bit"}.
   *
   * @return the name
   */
  String name();

  /**
   * Writes the indexes of the bytes of {@code [from, to)} equal to {@code a} or {@code b}, in
   * order, into {@code out} from index 0, and returns how many it wrote. It scans in steps and
   * stops after the step in which fewer than {@link #STEP} slots of {@code out} were left: when it
   * returns more than {@code out.length - STEP}, bytes after the last index written may not have
   * been looked at; otherwise all of {@code [from, to)} was.
   *
   * @param buf the bytes
   * @param from the first index looked at
   * @param to one past the last
   * @param a a value sought
   * @param b another (equal to {@code a} for one value)
   * @param out the positions found; at least {@code 2 * STEP} long
   * @return how many positions were written
   */
  int find(ByteBuffer buf, int from, int to, byte a, byte b, int[] out);

  /**
   * How many bytes of {@code [from, to)} equal {@code a} or {@code b}, where with {@code pairs} a
   * {@code b} directly followed by an {@code a} counts once (a CR LF as one line end, with {@code
   * a} LF and {@code b} CR); a pair across {@code to} is not seen.
   *
   * @param buf the bytes
   * @param from the first index counted
   * @param to one past the last
   * @param a a value counted
   * @param b another (equal to {@code a} for one value)
   * @param pairs whether a {@code b} before an {@code a} counts once
   * @return the count
   */
  long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs);
}
