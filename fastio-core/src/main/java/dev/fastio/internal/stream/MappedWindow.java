package dev.fastio.internal.stream;

import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.platform.Faults;
import dev.fastio.internal.platform.MappedRegion;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.nio.MappedByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The mapped window a {@link FileInput} copies from: one read-only mapping of up to {@link #SIZE}
 * bytes of a regular file, made when first needed, replaced when the stream moves past it and
 * released by {@link #release()} (the stream's {@code close}).
 *
 * <p>A copy from the window reads the page cache with no system call; the caller checks the file's
 * size after it, because bytes of the last page past a new end of a file truncated meanwhile read
 * as zeros rather than fault. A copy that faults (a page gone past the new end) returns {@link
 * #FAULTED}, the fault's asynchronous {@code InternalError} delivered and caught here, never
 * thrown.
 *
 * <p>A stream dropped without {@code close} leaves its window mapped: on JDK 17 to 21 until the
 * garbage collector collects the window's buffer, on JDK 22 and newer (a shared {@code Arena}) for
 * ever. So each window is registered against its stream, and the windows of streams the collector
 * found unreachable are released the next time any stream maps one ({@link #expunge()}), with no
 * thread of its own.
 *
 * <p>Guarded by the stream's lock: one copy at a time, and {@link #release()} never during a copy.
 */
final class MappedWindow {
  /** Bytes mapped at a time: 64 MiB, whose mapping and release cost under 1 % of their copy. */
  static final int SIZE = 64 << 20;

  /** Returned by {@link #copy} when the copy faulted: the window is released. */
  static final int FAULTED = -2;

  private static final ReferenceQueue<Object> DROPPED = new ReferenceQueue<>();
  private static final Set<Holder> LIVE = ConcurrentHashMap.newKeySet();

  /** The window of one stream, reachable from the queue after the stream is not. */
  private static final class Holder extends PhantomReference<Object> {
    volatile MappedRegion region;

    Holder(Object stream) {
      super(stream, DROPPED);
    }
  }

  private final Holder holder;
  private MappedByteBuffer buffer;
  private long start;
  private long end;

  MappedWindow(Object stream) {
    this.holder = new Holder(stream);
  }

  /** True if the window holds the byte at {@code position}. */
  boolean covers(long position) {
    return buffer != null && position >= start && position < end;
  }

  /** Maps {@code [position, position + length)} of the file, releasing the window before. */
  void map(ResumableChannel file, long position, long length) throws IOException {
    release();
    expunge();
    MappedRegion region = file.map(position, length, (int) length, PlatformProvider.Sharing.SHARED);
    holder.region = region;
    LIVE.add(holder);
    buffer = region.window(0);
    start = position;
    end = position + length;
  }

  /**
   * Copies up to {@code len} bytes from {@code position}, which the window covers, to {@code b}.
   *
   * @return the bytes copied, at most to the window's end; or {@link #FAULTED}
   */
  int copy(long position, byte[] b, int off, int len) {
    int n = (int) Math.min(len, end - position);
    try {
      get(position, b, off, n);
      Faults.deliverPending();
      return n;
    } catch (InternalError e) {
      if (!Faults.isMappingFault(e)) {
        throw e;
      }
      release();
      return FAULTED;
    }
  }

  // The mapped reads happen in this callee, inside the caller's try, however it is inlined.
  private void get(long position, byte[] b, int off, int n) {
    buffer.get((int) (position - start), b, off, n);
  }

  /** Unmaps the window, if any. Idempotent. */
  void release() {
    MappedRegion region = holder.region;
    buffer = null;
    if (region != null) {
      holder.region = null;
      LIVE.remove(holder);
      region.close();
    }
  }

  /** Releases the windows of streams dropped without {@code close}. */
  static void expunge() {
    for (Reference<?> r; (r = DROPPED.poll()) != null; ) {
      Holder h = (Holder) r;
      MappedRegion region = h.region;
      h.region = null;
      LIVE.remove(h);
      if (region != null) {
        region.close();
      }
    }
  }
}
