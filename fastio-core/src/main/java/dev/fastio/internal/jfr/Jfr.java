package dev.fastio.internal.jfr;

/**
 * fastio's JDK Flight Recorder events ({@code dev.fastio.LoadFully}, {@code dev.fastio.Transfer},
 * {@code dev.fastio.DigestBatch}, {@code dev.fastio.BackgroundFailure}): begun and committed here,
 * at no cost when no recording enables them.
 *
 * <p>The pattern:
 *
 * <pre>{@code
 * Object event = Jfr.beginTransfer();  // null unless a recording enables the event
 * ... the work ...
 * if (event != null) Jfr.commitTransfer(event, strategy, fallbackFrom, kind, bytes, refused);
 * }</pre>
 *
 * <p>fastio requires {@code jdk.jfr} statically: a runtime image without it, or a modular
 * application that does not resolve it, still runs fastio, without events. {@link #AVAILABLE} is a
 * {@code static final} constant, so where it is false the JIT removes the event code altogether;
 * where it is true, {@link JfrEvents} asks whether Flight Recorder is initialized at all, then
 * whether the event is enabled, before it makes one. This class refers to no {@code jdk.jfr} type,
 * so loading it never fails; events are passed as {@code Object} for the same reason.
 */
public final class Jfr {
  /** True when {@code jdk.jfr.Event} can be loaded from fastio's module. */
  static final boolean AVAILABLE = available();

  private Jfr() {}

  private static boolean available() {
    try {
      Class.forName("jdk.jfr.Event", false, Jfr.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError | SecurityException e) {
      return false; // no jdk.jfr in this runtime, or not read by fastio's module: no events
    }
  }

  /**
   * A begun {@code dev.fastio.LoadFully} event.
   *
   * @return the event, or null if no recording enables it
   */
  public static Object beginLoadFully() {
    return AVAILABLE ? JfrEvents.beginLoadFully() : null;
  }

  /**
   * Ends and commits an event {@link #beginLoadFully()} returned, if it passes its threshold.
   *
   * @param begun the event
   * @param file the file, or a description of the buffer
   * @param bytes the bytes made resident
   * @param pages the pages touched
   */
  public static void commitLoadFully(Object begun, String file, long bytes, long pages) {
    JfrEvents.commitLoadFully(begun, file, bytes, pages);
  }

  /**
   * A begun {@code dev.fastio.Transfer} event.
   *
   * @return the event, or null if no recording enables it
   */
  public static Object beginTransfer() {
    return AVAILABLE ? JfrEvents.beginTransfer() : null;
  }

  /**
   * Ends and commits an event {@link #beginTransfer()} returned, if it passes its threshold.
   *
   * @param begun the event
   * @param strategy the strategy that moved the bytes
   * @param fallbackFrom the strategy chosen first, when another took over; else empty
   * @param targetKind the kind of target
   * @param bytes the bytes moved
   * @param kernelRefused the kernel-path refusals the process remembers (learned state that steers
   *     later transfers), described
   */
  public static void commitTransfer(
      Object begun,
      String strategy,
      String fallbackFrom,
      String targetKind,
      long bytes,
      String kernelRefused) {
    JfrEvents.commitTransfer(begun, strategy, fallbackFrom, targetKind, bytes, kernelRefused);
  }

  /**
   * A begun {@code dev.fastio.DigestBatch} event.
   *
   * @return the event, or null if no recording enables it
   */
  public static Object beginDigestBatch() {
    return AVAILABLE ? JfrEvents.beginDigestBatch() : null;
  }

  /**
   * Ends and commits an event {@link #beginDigestBatch()} returned, if it passes its threshold.
   *
   * @param begun the event
   * @param algorithm the batch's algorithm
   * @param engine what computed the digests
   * @param files the files digested
   * @param threads the hashing threads
   * @param reading the pipeline
   * @param warmUpFiles the files hashed with {@code MessageDigest} while the lanes warmed up
   */
  public static void commitDigestBatch(
      Object begun,
      String algorithm,
      String engine,
      long files,
      int threads,
      String reading,
      long warmUpFiles) {
    JfrEvents.commitDigestBatch(begun, algorithm, engine, files, threads, reading, warmUpFiles);
  }

  /**
   * Commits a {@code dev.fastio.BackgroundFailure} event, if a recording enables it: a task of a
   * fastio background thread threw {@code failure}.
   *
   * @param thread the background thread's name
   * @param failure what the task threw
   */
  public static void backgroundFailure(String thread, Throwable failure) {
    if (AVAILABLE) {
      JfrEvents.backgroundFailure(thread, failure);
    }
  }
}
