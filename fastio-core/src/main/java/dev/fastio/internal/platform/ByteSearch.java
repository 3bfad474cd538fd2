package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * Finds the bytes equal to one of two values in a range of a buffer or an array: the one search for
 * line ends under the line scanner, {@code countLines} and {@code FastFiles.lines}, and for a byte
 * in a line. Two engines: {@link #swar()} (eight bytes a step in a {@code long}, any JDK) and a
 * vector one on {@code jdk.incubator.vector} where it can run ({@link #get()}).
 *
 * <p>The buffers passed are only read, below their limit (their position is ignored), and only
 * through the JDK's fault-checked accesses ({@code ByteBuffer} gets and bulk copies): a read of a
 * mapping whose file was truncated raises the JDK's {@code InternalError}, never a crash. An engine
 * may keep a buffer of its own: one per thread ({@link #get()} makes one).
 */
public interface ByteSearch {
  /**
   * The most positions one step of an engine adds; {@link #find} stops adding steps once fewer than
   * this many slots are left.
   */
  int STEP = 64;

  /**
   * An engine for this runtime, for the calling thread: the vector one where {@link
   * VectorByteSearchLookup} finds it can run, else {@link #swar()}.
   *
   * @return an engine not shared with other threads
   */
  static ByteSearch get() {
    return VectorByteSearchLookup.create();
  }

  /**
   * The name of the engines {@link #get()} makes.
   *
   * @return e.g. {@code "vector 64x8-bit"} or {@code "swar 8x8-bit"}
   */
  static String engineName() {
    return VectorByteSearchLookup.NAME;
  }

  /**
   * The engine that runs everywhere; stateless, any thread may use it.
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
   * The index of the first byte of {@code array[from, to)} equal to {@code b}, or -1: eight bytes a
   * step, any thread.
   *
   * @param array the bytes
   * @param from the first index looked at
   * @param to one past the last
   * @param b the value sought
   * @return its index, or -1
   */
  static int indexOf(byte[] array, int from, int to, byte b) {
    return SwarByteSearch.indexOf(array, from, to, b, b);
  }

  /**
   * The index of the first byte of {@code [from, to)} equal to {@code a} or {@code b}, or -1.
   *
   * @param buf the bytes
   * @param from the first index looked at
   * @param to one past the last
   * @param a a value sought
   * @param b another (equal to {@code a} for one value)
   * @return its index, or -1
   */
  int indexOf(ByteBuffer buf, int from, int to, byte a, byte b);

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
