package dev.fastio.internal;

import java.nio.file.FileSystemException;

/**
 * Recognises the asynchronous {@link InternalError} HotSpot raises when a read of mapped memory faults
 * (the file was truncated underneath the mapping) and turns it into a checked exception naming the file.
 */
public final class Faults {
  private Faults() {}

  /** True if {@code e} is the error HotSpot raises for a fault in an unsafe (mapped) memory access. */
  public static boolean isMappingFault(Throwable e) {
    if (!(e instanceof InternalError)) {
      return false;
    }
    String message = e.getMessage();
    return message != null && message.contains("fault occurred") && message.contains("memory access");
  }

  /** The exception fastio throws instead of the fault: names the file and keeps the error as cause. */
  public static FileSystemException truncated(Object file, Throwable fault) {
    FileSystemException e =
        new FileSystemException(
            String.valueOf(file),
            null,
            "mapped read faulted: the file was truncated while mapped");
    e.initCause(fault);
    return e;
  }
}
