/**
 * fastio: fast, zero-dependency file-I/O primitives.
 *
 * <p>Only {@code dev.fastio} is exported; the {@code dev.fastio.internal} packages are
 * implementation and may change in any release.
 */
module dev.fastio {
  // sun.misc.Unsafe.invokeCleaner: deterministic unmapping on JDK 17-21 (JDK 22+ uses an Arena
  // instead).
  requires jdk.unsupported;

  // JFR events (dev.fastio.*), zero-cost when no recording enables them; optional: without
  // jdk.jfr in the runtime, or not resolved in a modular application, fastio runs without events.
  requires static jdk.jfr;

  exports dev.fastio;
}
