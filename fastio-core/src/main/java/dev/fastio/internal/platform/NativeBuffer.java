package dev.fastio.internal.platform;

import java.nio.ByteBuffer;

/**
 * A page-aligned direct buffer freed by {@link #close()}, not by the garbage collector: a reader
 * that allocates one per file would otherwise pile up native memory until a collection (and on JDK
 * 17 make {@code ByteBuffer.allocateDirect} call {@code System.gc()} and sleep once {@code
 * -XX:MaxDirectMemorySize} is reached). Made by {@link PlatformProvider#allocate(int)}.
 *
 * <p>One thread at a time; any thread may close it. The buffer and every view of it must not be
 * used after {@link #close()}: the JDK 22+ implementation then throws {@link
 * IllegalStateException}, the JDK 17 one has freed the memory and a read would crash the JVM.
 */
public abstract class NativeBuffer implements AutoCloseable {
  private final ByteBuffer buffer;
  private boolean closed;

  NativeBuffer(ByteBuffer buffer) {
    this.buffer = buffer;
  }

  /**
   * The buffer: position 0, limit and capacity as allocated, zeroed, page-aligned.
   *
   * @return the same buffer on every call
   */
  public final ByteBuffer buffer() {
    return buffer;
  }

  /** Frees the memory now where the runtime allows, else leaves it to the GC. Idempotent. */
  @Override
  public final void close() {
    if (!closed) {
      closed = true;
      free();
    }
  }

  /** Frees the memory; called once. */
  abstract void free();
}
