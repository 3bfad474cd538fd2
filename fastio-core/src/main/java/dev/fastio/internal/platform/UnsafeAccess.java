package dev.fastio.internal.platform;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;

/**
 * The two {@code sun.misc.Unsafe} methods the JDK 17 implementation uses (module {@code
 * jdk.unsupported}): {@code invokeCleaner}, which frees a direct or mapped buffer now, and a read
 * of a buffer's address. Either may be missing (no {@code jdk.unsupported}, or access refused): the
 * garbage collector then frees buffers, and addresses are unknown.
 */
final class UnsafeAccess {
  private static final Object UNSAFE = theUnsafe();
  private static final MethodHandle INVOKE_CLEANER = findCleaner();

  /**
   * Looked up when an address is first asked for (an error message), not before: on JDK 24 and
   * newer the lookup's {@code objectFieldOffset} prints a warning unless allowed.
   */
  private static final class AddressReader {
    static final MethodHandle HANDLE = findAddressReader();
  }

  private UnsafeAccess() {}

  /** True where {@link #free} frees at once. */
  static boolean canFree() {
    return INVOKE_CLEANER != null;
  }

  /**
   * Frees a buffer made by {@code ByteBuffer.allocateDirect} or {@code FileChannel.map} now.
   *
   * @return false if the runtime offers no way to do it (the GC will)
   * @throws IllegalArgumentException if {@code buffer} is a slice or duplicate, or not direct
   */
  static boolean free(ByteBuffer buffer) {
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

  /** The address of a direct buffer's first element, or -1 if not known. */
  static long address(ByteBuffer buffer) {
    MethodHandle reader = buffer.isDirect() ? AddressReader.HANDLE : null;
    if (reader == null) {
      return -1;
    }
    try {
      return (long) reader.invokeExact((Object) buffer);
    } catch (Throwable t) {
      return -1;
    }
  }

  private static Object theUnsafe() {
    try {
      Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return f.get(null);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null; // no jdk.unsupported, or refused
    }
  }

  private static MethodHandle findCleaner() {
    if (UNSAFE == null) {
      return null;
    }
    try {
      return MethodHandles.lookup()
          .findVirtual(
              UNSAFE.getClass(),
              "invokeCleaner",
              MethodType.methodType(void.class, ByteBuffer.class))
          .bindTo(UNSAFE);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // buffers are released by the GC
    }
  }

  private static MethodHandle findAddressReader() {
    if (UNSAFE == null) {
      return null;
    }
    try {
      Class<?> unsafeClass = UNSAFE.getClass();
      Field address = java.nio.Buffer.class.getDeclaredField("address");
      long offset =
          (long)
              MethodHandles.lookup()
                  .findVirtual(
                      unsafeClass,
                      "objectFieldOffset",
                      MethodType.methodType(long.class, Field.class))
                  .invoke(UNSAFE, address);
      MethodHandle getLong =
          MethodHandles.lookup()
              .findVirtual(
                  unsafeClass,
                  "getLong",
                  MethodType.methodType(long.class, Object.class, long.class))
              .bindTo(UNSAFE);
      return MethodHandles.insertArguments(getLong, 1, offset);
    } catch (Throwable t) {
      return null; // addresses are not known
    }
  }
}
