package dev.fastio.internal.read;

import dev.fastio.internal.io.InterruptSafeFile;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.ClosedByInterruptException;

/**
 * The mapped step that reading and hashing a whole file share: map the file's first {@code size}
 * bytes, hand each window to a consumer, release the mapping, and tell the caller whether to read
 * the file again without a mapping instead (it could not be mapped, a read faulted because the file
 * shrank, or it shrank during the pass and may have shown bytes of a later state).
 */
final class MappedPass {
  /** Reads one window of the mapping, on the calling thread. */
  interface WindowReader {
    void read(MappedByteBuffer window);
  }

  private MappedPass() {}

  /**
   * Hands the windows of {@code [0, size)} of {@code file} to {@code reader}, in order.
   *
   * @return true if every window was read and the file still holds {@code size} bytes; false if the
   *     caller must read the file again some other way
   * @throws ClosedByInterruptException if an interrupt closed a file that cannot be opened again
   *     (see {@link InterruptSafeFile})
   */
  static boolean run(InterruptSafeFile file, long size, WindowReader reader) throws IOException {
    MappedRegion region;
    try {
      region = file.map(0, size, MappedRegion.MAX_WINDOW, PlatformProvider.Sharing.CONFINED);
    } catch (ClosedByInterruptException e) {
      throw e;
    } catch (IOException e) {
      return false; // cannot be mapped (device, address space): the caller reads it
    }
    try (region) {
      readAll(region, reader);
      Faults.deliverPending(); // a fault of a read is thrown here, inside this try
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        return false;
      }
      throw e;
    }
    return file.size() >= size;
  }

  // The mapped reads happen in this callee, so the caller's try covers them however they are
  // inlined.
  private static void readAll(MappedRegion region, WindowReader reader) {
    for (int i = 0; i < region.windowCount(); i++) {
      reader.read(region.window(i));
    }
  }
}
