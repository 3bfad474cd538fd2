package dev.fastio.internal.platform;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The JDK 17 region: one {@code MappedByteBuffer} per window, each unmapped on close through {@code
 * sun.misc.Unsafe.invokeCleaner}, unless a window was exposed: such a view could be read after
 * close, which would crash the JVM on unmapped memory, so the windows are then left to the GC.
 */
final class BufferRegion extends MappedRegion {
  private final MappedByteBuffer[] windows;
  private volatile boolean exposed;

  private BufferRegion(MappedByteBuffer[] windows, long size, int windowSize) {
    super(size, windowSize);
    this.windows = windows;
  }

  static BufferRegion map(FileChannel channel, long position, long size, int windowSize)
      throws IOException {
    MappedByteBuffer[] windows = new MappedByteBuffer[windowCount(size, windowSize)];
    try {
      for (int i = 0; i < windows.length; i++) {
        long offset = (long) i * windowSize;
        long length = Math.min(windowSize, size - offset);
        windows[i] = channel.map(FileChannel.MapMode.READ_ONLY, position + offset, length);
      }
    } catch (IOException | RuntimeException | Error e) {
      unmapAll(windows);
      throw e;
    }
    return new BufferRegion(windows, size, windowSize);
  }

  @Override
  MappedByteBuffer view(int i, long offset, int length) {
    return windows[i].duplicate();
  }

  @Override
  public MappedByteBuffer exposedWindow(int i) {
    exposed = true;
    return window(i);
  }

  @Override
  void release() {
    if (!exposed) {
      unmapAll(windows);
    } // else: a view handed out may still be read; the GC unmaps once none is reachable
  }

  private static void unmapAll(MappedByteBuffer[] windows) {
    for (MappedByteBuffer w : windows) {
      if (w != null) {
        UnsafeAccess.free(w);
      }
    }
  }
}
