package dev.fastio.internal.read;

import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.mapping.Prefaulter;
import dev.fastio.internal.mapping.Unmapper;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.channels.ClosedByInterruptException;

/**
 * The mapped step that reading and hashing a whole file share: map the file's first {@code size}
 * bytes, hand the mapped bytes to a reader in order, release the mappings, and tell the caller
 * whether to read the file again without a mapping instead (it could not be mapped, a read faulted
 * because the file shrank, or it shrank during the pass and may have shown bytes of a later state).
 *
 * <p>Two ways: {@link #whole} maps the file at once (in 1 GiB windows); {@link #windowed} maps it
 * {@link #WINDOW} bytes at a time, has each window's pages faulted in ahead of the reader on the
 * {@code fastio-prefault} thread, and hands each window it leaves to the {@code fastio-unmapper}
 * thread, so that at most two windows are mapped, and resident, whatever the file's size.
 */
final class MappedPass {
  /** The bytes {@link #windowed} maps at a time: 32 MiB. */
  static final int WINDOW = 32 << 20;

  private MappedPass() {}

  /**
   * Hands the windows of {@code [0, size)} of {@code file}, mapped at once, to {@code reader}.
   *
   * @return true if every window was read and the file still holds {@code size} bytes; false if the
   *     caller must read the file again some other way
   * @throws ClosedByInterruptException if an interrupt closed a file that cannot be opened again
   *     (see {@link ResumableChannel})
   */
  static boolean whole(ResumableChannel file, long size, PassReader reader) throws IOException {
    MappedRegion region = map(file, 0, size, PlatformProvider.Sharing.CONFINED);
    if (region == null) {
      return false;
    }
    try (region) {
      if (!read(region, reader)) {
        return false;
      }
    }
    return file.size() >= size;
  }

  /**
   * Hands {@code [0, size)} of {@code file} to {@code reader} {@code window} bytes at a time
   * ({@link #WINDOW} but in tests), each faulted in ahead and released in the background.
   *
   * @return as {@link #whole}
   * @throws ClosedByInterruptException as {@link #whole}
   */
  static boolean windowed(ResumableChannel file, long size, int window, PassReader reader)
      throws IOException {
    Unmapper.Release releasing = null;
    try {
      for (long at = 0; at < size; at += window) {
        long length = Math.min(window, size - at);
        MappedRegion region = map(file, at, length, PlatformProvider.Sharing.SHARED);
        if (region == null) {
          return false;
        }
        Prefaulter.Prefault prefault = Prefaulter.prefault(region.window(0), 0, (int) length);
        boolean complete;
        try {
          complete = read(region, reader);
        } catch (RuntimeException | Error e) {
          releaseAfterFailure(region, prefault, e);
          throw e;
        }
        if (complete) {
          releasing = release(region, prefault, releasing);
        } else {
          Unmapper.releaseNow(region, prefault); // a fault: on this thread
        }
        if (!complete) {
          return false;
        }
      }
    } finally {
      if (releasing != null) {
        releasing.await(); // nothing of the file stays mapped once the pass returns
      }
    }
    return file.size() >= size;
  }

  /**
   * Maps {@code [at, at + length)} of {@code file}, or returns null where it cannot be mapped
   * (device, address space): the caller reads it.
   */
  private static MappedRegion map(
      ResumableChannel file, long at, long length, PlatformProvider.Sharing sharing)
      throws IOException {
    try {
      return file.map(at, length, MappedRegion.MAX_WINDOW, sharing);
    } catch (ClosedByInterruptException e) {
      throw e;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Hands the region's windows to {@code reader}; false if a read faulted (the file shrank). A
   * fault of a read is delivered here, inside the {@code try}, before the region is released.
   */
  private static boolean read(MappedRegion region, PassReader reader) {
    try {
      readAll(region, reader);
      Faults.deliverPending();
      return true;
    } catch (InternalError e) {
      if (Faults.isMappingFault(e)) {
        return false;
      }
      throw e;
    }
  }

  // The mapped reads happen in this callee, so the caller's try covers them however they are
  // inlined.
  private static void readAll(MappedRegion region, PassReader reader) {
    for (int i = 0; i < region.windowCount(); i++) {
      reader.read(region.window(i));
    }
  }

  /**
   * Releases {@code region} on this thread after the reader threw {@code failure}: a fault error of
   * this thread's reads still pending, delivered by the release, is kept as suppressed.
   */
  private static void releaseAfterFailure(
      MappedRegion region, Prefaulter.Prefault prefault, Throwable failure) {
    try {
      Unmapper.releaseNow(region, prefault);
    } catch (RuntimeException | Error e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * Hands {@code region} to the release thread, or releases it here while the one handed over
   * before is still being released (at most two windows at once).
   *
   * @return the release now running in the background
   */
  private static Unmapper.Release release(
      MappedRegion region, Prefaulter.Prefault prefault, Unmapper.Release releasing) {
    if (releasing == null || releasing.isDone()) {
      return Unmapper.release(region, prefault);
    }
    Unmapper.releaseNow(region, prefault);
    return releasing;
  }
}
