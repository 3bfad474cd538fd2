package dev.fastio.internal.platform;

import java.io.IOException;
import java.nio.file.FileSystemException;

/**
 * Recognises the asynchronous {@link InternalError} HotSpot raises when a read of mapped memory
 * faults (the file was truncated underneath the mapping) and turns it into a checked exception
 * naming the file.
 */
public final class Faults {
  private Faults() {}

  /** Read on every call so the JIT cannot shape the allocation below: always 1. */
  @SuppressWarnings("NonFinalStaticField") // volatile on purpose: opaque to the JIT
  private static volatile int one = 1;

  /**
   * Makes HotSpot deliver, now, a fault error still pending from an earlier mapped read.
   *
   * <p>The error of a faulting mapped read is asynchronous: HotSpot marks the thread and throws the
   * error the next time the thread returns from the VM to Java (a runtime call, not a JNI native
   * return), which may be after the reading method returned. Call this at the end of the {@code
   * try} that catches the fault, before the mapping is released: on JDK 17 an error delivered
   * inside the JDK's unmapping cleaner makes it print "Cleaner terminated abnormally" and exit the
   * VM.
   *
   * <p>A two-dimensional array whose outer length is not a constant is allocated by a call into the
   * VM runtime in the interpreter, C1 and C2 alike; returning from that call delivers any pending
   * error.
   */
  public static void deliverPending() {
    byte[][] unused = new byte[one][0];
  }

  /**
   * True if {@code e} is the error HotSpot raises for a fault in an unsafe (mapped) memory access.
   */
  public static boolean isMappingFault(Throwable e) {
    if (!(e instanceof InternalError)) {
      return false;
    }
    String message = e.getMessage();
    return message != null
        && message.contains("fault occurred")
        && message.contains("memory access");
  }

  /**
   * The exception fastio throws instead of the fault: names the file and keeps the error as cause.
   */
  public static FileSystemException truncated(Object file, Throwable fault) {
    FileSystemException e =
        new FileSystemException(
            String.valueOf(file), null, "mapped read faulted: the file was truncated while mapped");
    e.initCause(fault);
    return e;
  }

  /**
   * The {@code IOException} for a failed {@code map} of {@code length} bytes of {@code path}; when
   * the cause is a lack of address space or mappings (an {@code OutOfMemoryError}, itself or as the
   * cause of the JDK's "Map failed"), the message names the limits to raise.
   */
  public static IOException mapFailed(Object path, long length, Throwable e) {
    boolean exhausted = e instanceof OutOfMemoryError || e.getCause() instanceof OutOfMemoryError;
    return new IOException(
        path
            + ": mapping "
            + length
            + " bytes failed ("
            + e.getMessage()
            + (exhausted
                ? "): raise the number of mappings allowed (sysctl vm.max_map_count) or the address"
                    + " space limit (ulimit -v), or map a smaller region"
                : ")"),
        e);
  }
}
