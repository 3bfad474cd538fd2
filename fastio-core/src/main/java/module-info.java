/**
 * fastio: fast, zero-dependency file-I/O primitives.
 *
 * <p>Only {@code dev.fastio} is exported; {@code dev.fastio.internal} is implementation and may change
 * in any release.
 */
module dev.fastio {
  // sun.misc.Unsafe.invokeCleaner: deterministic unmapping on JDK 17-21 (JDK 22+ uses an Arena instead).
  requires jdk.unsupported;

  exports dev.fastio;
}
