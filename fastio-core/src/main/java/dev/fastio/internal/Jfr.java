package dev.fastio.internal;

/**
 * Whether JDK Flight Recorder's API ({@code jdk.jfr}) can be used by this runtime; the only class
 * fastio's hot paths consult before touching an event.
 *
 * <p>fastio requires {@code jdk.jfr} statically: a runtime image without it, or a modular application
 * that does not resolve it, still runs fastio, without events. {@link #AVAILABLE} is a {@code static
 * final} constant, so where it is false the JIT removes the event code altogether; where it is true,
 * the code asks the event whether it is enabled in a running recording and does nothing more when it is
 * not. This class itself refers to no {@code jdk.jfr} type, so loading it never fails; the event types
 * are touched only by {@link JfrEvents}, and only once {@link #AVAILABLE} is true.
 */
public final class Jfr {
  /** True when {@code jdk.jfr.Event} can be loaded from fastio's module. */
  public static final boolean AVAILABLE = available();

  private Jfr() {}

  private static boolean available() {
    try {
      Class.forName("jdk.jfr.Event", false, Jfr.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError | SecurityException e) {
      return false; // no jdk.jfr in this runtime, or not read by fastio's module: no events
    }
  }
}
