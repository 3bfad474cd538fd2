package dev.fastio.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A read-only mapping of a file region of any size, cut into windows of at most {@link #MAX_WINDOW}
 * bytes, released by {@link #close()}.
 *
 * <p>This is the JDK 17 implementation: one {@code MappedByteBuffer} per window, unmapped on close
 * through {@code sun.misc.Unsafe.invokeCleaner} (module {@code jdk.unsupported}). Where that is not
 * available the mappings are left to the garbage collector. The JDK 22+ overlay in {@code
 * META-INF/versions/22} has the same API and maps through an {@code Arena}.
 *
 * <p>Windows must not be used after {@link #close()}: on this implementation the memory is gone and an
 * access would crash the JVM. Callers inside fastio never let a window escape past close.
 */
public final class MappedRegion implements AutoCloseable {
  /** Largest window, in bytes. */
  public static final int MAX_WINDOW = 1 << 30;

  /**
   * Whether a reader of windows should touch one byte of every page of a chunk before handing it out,
   * so that its pages are present when the caller reads them. False on this runtime: without the
   * touch the caller's reads fault the pages in, and a 256 MiB scan ran 0-12 % faster (JMH, JDK 17,
   * alternating single-fork runs of two builds).
   */
  public static final boolean TOUCH_PAGES = false;

  private static final MethodHandle INVOKE_CLEANER = findCleaner();
  private static final MethodHandle BUFFER_ADDRESS = findAddressReader();

  private final MappedByteBuffer[] windows;
  private final long size;
  private volatile boolean closed;

  /**
   * Set once a window was handed out beyond fastio's control ({@link #exposedWindow}): such a view
   * could be read after {@link #close()}, and reading unmapped memory crashes the JVM, so close then
   * leaves the unmapping to the garbage collector.
   */
  private volatile boolean exposed;

  private MappedRegion(MappedByteBuffer[] windows, long size) {
    this.windows = windows;
    this.size = size;
  }

  /**
   * Maps {@code [position, position + size)} of {@code channel} read-only in windows of at most {@code
   * windowSize} bytes.
   *
   * @param shared ignored on this implementation (used by the JDK 22+ overlay to pick the arena kind)
   */
  public static MappedRegion map(
      FileChannel channel, long position, long size, int windowSize, boolean shared)
      throws IOException {
    if (windowSize <= 0 || windowSize > MAX_WINDOW) {
      throw new IllegalArgumentException("windowSize out of range: " + windowSize);
    }
    long count = (size + windowSize - 1) / windowSize;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many windows: " + count);
    }
    MappedByteBuffer[] windows = new MappedByteBuffer[(int) count];
    try {
      for (int i = 0; i < windows.length; i++) {
        long offset = (long) i * windowSize;
        long length = Math.min(windowSize, size - offset);
        windows[i] = channel.map(FileChannel.MapMode.READ_ONLY, position + offset, length);
      }
    } catch (IOException | RuntimeException | Error e) {
      for (MappedByteBuffer w : windows) {
        if (w != null) {
          release(w);
        }
      }
      throw e;
    }
    return new MappedRegion(windows, size);
  }

  /** Maps with {@link #MAX_WINDOW}-sized windows. */
  public static MappedRegion map(FileChannel channel, long position, long size, boolean shared)
      throws IOException {
    return map(channel, position, size, MAX_WINDOW, shared);
  }

  /** The mapped length in bytes. */
  public long size() {
    return size;
  }

  /** The number of windows. */
  public int windowCount() {
    return windows.length;
  }

  /**
   * Window {@code i}: its own read-only view, position 0, limit its length.
   *
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer window(int i) {
    if (closed) {
      throw new IllegalStateException("mapping closed");
    }
    return windows[i].duplicate();
  }

  /**
   * {@link #window(int)} for a view that leaves fastio (a user's buffer): from now on {@link #close()}
   * does not unmap but leaves the windows to the garbage collector, so that the view stays readable
   * (the file's bytes) for as long as it is reachable, instead of crashing the JVM when read after
   * close.
   *
   * @throws IllegalStateException if closed
   */
  public MappedByteBuffer exposedWindow(int i) {
    exposed = true;
    return window(i);
  }

  /** True when this region has been closed. */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Releases every window now where the runtime allows, otherwise leaves them to the GC. Idempotent.
   *
   * @throws InternalError the fault error of an earlier read of a window, should one still be pending
   *     (see {@link Faults#deliverPending()}); the windows are released all the same
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      // A fault still pending from a read must be thrown here: delivered inside the JDK's unmapping
      // cleaner it would make the JDK exit the VM ("Cleaner terminated abnormally").
      Faults.deliverPending();
    } finally {
      if (!exposed) {
        for (MappedByteBuffer w : windows) {
          release(w);
        }
      } // else: a view handed out may still be read; the GC unmaps once none is reachable
    }
  }

  /** True when {@link #close()} unmaps at once on this runtime. */
  public static boolean releasesImmediately() {
    return INVOKE_CLEANER != null;
  }

  /** How mappings are made and released on this runtime, for diagnostics and tests. */
  public static String mechanism() {
    return INVOKE_CLEANER != null ? "jdk17-unsafe-cleaner" : "jdk17-gc";
  }

  /**
   * Unmaps a buffer created by {@code FileChannel.map} now, if the runtime allows.
   *
   * @return false if the runtime offers no way to do it (the GC will)
   * @throws IllegalArgumentException if {@code buffer} is a slice or duplicate, or not direct
   */
  public static boolean release(ByteBuffer buffer) {
    if (INVOKE_CLEANER == null) {
      return false;
    }
    try {
      INVOKE_CLEANER.invokeExact(buffer);
      return true;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /**
   * The native address of a direct buffer's first element, for diagnostics (naming the file behind a
   * mapping in an error message); never used to access memory.
   *
   * @return -1 if {@code buffer} is not direct or the runtime does not tell
   */
  public static long address(ByteBuffer buffer) {
    if (!buffer.isDirect() || BUFFER_ADDRESS == null) {
      return -1;
    }
    try {
      return (long) BUFFER_ADDRESS.invokeExact((Object) buffer);
    } catch (Throwable t) {
      return -1;
    }
  }

  private static MethodHandle findAddressReader() {
    try {
      Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
      Field f = unsafeClass.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      Object unsafe = f.get(null);
      Field address = java.nio.Buffer.class.getDeclaredField("address");
      long offset =
          (long)
              MethodHandles.lookup()
                  .findVirtual(
                      unsafeClass, "objectFieldOffset", MethodType.methodType(long.class, Field.class))
                  .invoke(unsafe, address);
      MethodHandle getLong =
          MethodHandles.lookup()
              .findVirtual(
                  unsafeClass,
                  "getLong",
                  MethodType.methodType(long.class, Object.class, long.class))
              .bindTo(unsafe);
      return MethodHandles.insertArguments(getLong, 1, offset);
    } catch (Throwable t) {
      return null; // no jdk.unsupported or refused: addresses are not known
    }
  }

  private static MethodHandle findCleaner() {
    try {
      Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
      Field f = unsafeClass.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      Object unsafe = f.get(null);
      return MethodHandles.lookup()
          .findVirtual(
              unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
          .bindTo(unsafe);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null; // no jdk.unsupported or refused: mappings are released by the GC
    }
  }
}
