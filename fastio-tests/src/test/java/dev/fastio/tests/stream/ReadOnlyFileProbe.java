package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The refusal to write a file without write permission, as {@link StreamsSpecialFilesTest} checks
 * it: in its own JVM, or where that JVM may write any file (root, {@code CAP_DAC_OVERRIDE}) in a
 * child JVM without that capability, which runs this class.
 *
 * <p>Usage: {@code ReadOnlyFileProbe FILE}; prints {@code refused}, or fails with the assertion's
 * error (exit status 1).
 */
public final class ReadOnlyFileProbe {
  private ReadOnlyFileProbe() {}

  /**
   * Runs {@link #assertWritesRefused} on the file.
   *
   * @param args the file, which must not be writable by this process
   * @throws Exception if the check fails
   */
  public static void main(String[] args) throws Exception {
    assertWritesRefused(Paths.get(args[0]));
    System.out.println("refused");
  }

  /**
   * Opening {@code file} for writing, and writing it, fail with the JDK's exception, in fastio too.
   */
  static void assertWritesRefused(Path file) {
    for (StreamOps ops : new StreamOps[] {StreamOps.JDK, StreamOps.FASTIO}) {
      assertThrows(AccessDeniedException.class, () -> ops.newOutputStream(file), ops.toString());
      assertThrows(AccessDeniedException.class, () -> ops.write(file, new byte[1]), ops.toString());
    }
  }
}
