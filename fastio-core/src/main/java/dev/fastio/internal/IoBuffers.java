package dev.fastio.internal;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Two small, bounded pools of page-aligned direct {@link IoBuffer}s shared by all threads: {@link
 * #SIZE}-byte buffers for whole-file reads, digests and transfers, and {@link #CHUNK_BUFFER}-byte
 * ones for {@code ChunkedReader}'s buffered chunks.
 *
 * <p>The JDK keeps a temporary direct buffer as large as the largest request per thread, without
 * limit; fastio instead reads through fixed-size buffers and keeps at most {@link #slots()} of each
 * size, so the native memory retained is bounded by
 * {@code slots() * (SIZE + CHUNK_BUFFER + 2 * (PAGE - 1))} for the whole process, whatever the file
 * sizes and however many threads (virtual ones included) call it.
 */
public final class IoBuffers {
  /**
   * Bytes per buffer: 64 KiB, large enough to amortise the system call and small enough to stay in
   * L2, plus one page, so that a file of up to 64 KiB is read, and its end seen (a short read), in
   * one system call where a 64 KiB buffer needs a second read that returns 0.
   */
  public static final int SIZE = 64 * 1024 + 4096;

  /**
   * Bytes per chunk buffer: 128 KiB. A chunked reader knows where the file ends, so it needs no
   * page for a short read. Measured on a 2-core AMD EPYC VM with {@code ReadBufferBenchmark} (a
   * cached 1 MiB file scanned with positional reads into a page-aligned buffer, CRC32C of each
   * read; 3 forks): 128 KiB reads scanned 4.6 % (JDK 17) and 3.2 % (JDK 25) faster than 64 KiB
   * ones, 8 system calls instead of 16. With {@code -p readSize=131072,262144,1048576} (2 forks),
   * 256 KiB was within 1 % of 128 KiB and 1 MiB 3 % slower (the buffer no longer stays in L2).
   */
  public static final int CHUNK_SIZE = 128 * 1024;

  /**
   * Bytes per pooled chunk buffer: {@link #CHUNK_SIZE} and a page, so that a chunk of {@code
   * CHUNK_SIZE} bytes can be read up to 31 bytes into it (see {@link #placement}); a whole page
   * rather than 31 bytes keeps the buffer a whole number of pages.
   */
  public static final int CHUNK_BUFFER = CHUNK_SIZE + 4096;

  /**
   * The alignment in memory of every buffer the kernel fills for fastio: 4096 bytes (a page on
   * x86-64; on systems of 16 or 64 KiB pages, a boundary the kernel's copy aligns to all the same).
   */
  public static final int PAGE = 4096;

  /**
   * The distance modulo which the kernel's copy is fastest: 32 bytes (see {@link #placement}); a
   * read lands at one of this many places in a buffer.
   */
  static final int ALIGN = 32;

  private static final int SLOTS = Math.min(64, 2 * Runtime.getRuntime().availableProcessors());

  private static final AtomicReferenceArray<IoBuffer> POOL = new AtomicReferenceArray<>(SLOTS);

  private static final AtomicReferenceArray<IoBuffer> CHUNK_POOL =
      new AtomicReferenceArray<>(SLOTS);

  private IoBuffers() {}

  /**
   * A {@link #SIZE}-byte buffer owned by the caller until {@link #release}; taken from the pool or
   * made anew.
   */
  public static IoBuffer acquire() {
    return take(POOL, SIZE);
  }

  /**
   * A {@link #CHUNK_BUFFER}-byte buffer owned by the caller until {@link #release}; taken from the
   * pool or made anew.
   */
  public static IoBuffer acquireChunk() {
    return take(CHUNK_POOL, CHUNK_BUFFER);
  }

  private static IoBuffer take(AtomicReferenceArray<IoBuffer> pool, int size) {
    int n = pool.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      IoBuffer b = pool.getAndSet((start + i) % n, null);
      if (b != null) {
        return b;
      }
    }
    return new IoBuffer(size, pool);
  }

  /** Returns a buffer to the pool it came from (or drops it to the GC when that pool is full). */
  public static void release(IoBuffer b) {
    b.direct.clear();
    AtomicReferenceArray<IoBuffer> pool = b.pool;
    int n = pool.length();
    int start = (int) (Thread.currentThread().getId() % n);
    for (int i = 0; i < n; i++) {
      if (pool.compareAndSet((start + i) % n, null, b)) {
        return;
      }
    }
  }

  /**
   * A new direct buffer of exactly {@code capacity} bytes that starts at a page boundary in memory,
   * freed by the garbage collector.
   *
   * <p>Why: the kernel copies from the page cache fastest into a buffer that lies a multiple of 32
   * bytes from the bytes it copies modulo a page (see {@link #placement}), which for reads from
   * page-aligned file offsets, as fastio's whole-file reads make, a page-aligned buffer does;
   * {@code ByteBuffer.allocateDirect} has only {@code malloc}'s 16-byte alignment. Measured on a
   * 2-core AMD EPYC VM, JDK 17, a 1 MiB cached file scanned with 64 KiB positional reads and a
   * CRC32C of each ({@code ReadBufferBenchmark -p offset=0,8,16,24,32,40,48,56,64,2048}): a buffer
   * 8, 16 or 24 bytes past a page boundary scanned 4.1 to 4.3 times slower than a page-aligned one,
   * one 40, 48 or 56 bytes past it 3 to 8 % slower; 32, 64 and 2048 bytes past it were as fast.
   */
  public static ByteBuffer allocateAligned(int capacity) {
    return alignedSlice(allocatePadded(capacity), capacity);
  }

  /**
   * A new direct buffer of {@code capacity + PAGE - 1} bytes: room for {@link #alignedSlice} to
   * find {@code capacity} page-aligned bytes in it.
   *
   * @throws ArithmeticException if that size overflows an int
   */
  static ByteBuffer allocatePadded(int capacity) {
    return ByteBuffer.allocateDirect(Math.addExact(capacity, PAGE - 1));
  }

  /**
   * The {@code capacity} bytes of {@code raw} from its first page boundary on; {@code raw} is
   * direct, of at least {@code capacity + PAGE - 1} bytes, and must stay reachable as long as the
   * slice is used (a slice refers to it).
   */
  static ByteBuffer alignedSlice(ByteBuffer raw, int capacity) {
    int misalignment = raw.alignmentOffset(0, PAGE);
    return raw.slice(misalignment == 0 ? 0 : PAGE - misalignment, capacity);
  }

  /**
   * The index in a page-aligned buffer at which to read the file's bytes from {@code position}: the
   * same offset modulo 32 as the file's, 0 to 31. Same as {@code placement(position, -1)}.
   */
  public static int placement(long position) {
    return placement(position, -1);
  }

  /**
   * The index in a page-aligned buffer at which to read the file's bytes from {@code source}, so
   * that the kernel's copies in and out of the buffer run at full speed: the same offset modulo 32
   * as the source ({@code source & 31}), moved on by 32 or 64 bytes where the copy out of the
   * buffer to file offset {@code target} would otherwise land 1 to 63 bytes (other than 32) after
   * its source modulo a page. At most 95; the copy into the buffer always lands a multiple of 32
   * bytes after its source.
   *
   * <p>Why: on AMD EPYC (Zen) the kernel's copy between the page cache and a user buffer depends on
   * where the destination lies relative to the source modulo 4096 (a page), not on either address
   * alone. Measured on a 2-core VM, JDK 17, a cached 1 MiB file read with 64 KiB positional reads
   * into a page-aligned buffer from file offsets chosen to set that distance: 17.6 to 18.3 GB/s at
   * multiples of 32 (0, 32, 64, 96, 128, 1024, 2016, 4064), 2.5 to 2.6 GB/s at 8, 16 and 24 (about
   * 7 times slower), 16.2 to 16.3 at 40 to 56, 16.9 to 17.0 at 72 to 120 and 17.4 to 17.6 further
   * on (2 to 11 % slower). With a CRC32C of each read ({@code ReadBufferBenchmark}, 128 KiB reads)
   * the slow distances cost 4.3 times, 40 bytes 9 % and 80 bytes 2.6 %. 64 KiB positional writes
   * from a page-aligned buffer into a cached file ran at 2.3 GB/s to file offsets 1, 16 and 31 past
   * a page boundary, against 9.5 to 9.9 at 0, 32, 64, 2048 and 4080 (ext4; 10.3 to 11.3 on tmpfs).
   * A buffer at a page boundary is thus slow for every read from the last 31 bytes of a page of the
   * file, and for every write to the first 31.
   *
   * @param source the file offset of the first byte read
   * @param target the file offset the first byte is written to, or -1 if unknown or not a file
   */
  public static int placement(long source, long target) {
    int at = (int) (source & (ALIGN - 1));
    if (target >= 0) {
      // Each step moves the write's distance by 32, so two steps clear the slow distances.
      while (slowWrite((int) (target & (PAGE - 1)) - at)) {
        at += ALIGN;
      }
    }
    return at;
  }

  /**
   * True if a copy from file or buffer offset {@code source} to {@code target} is one of the slow
   * ones: the target 1 to 31 bytes after the source modulo a page (see {@link #placement}). The
   * kernel's own copy from a file to a file ({@code copy_file_range}, {@code sendfile}) meets it
   * too: 2.1 GB/s at 16 bytes against 6.6-7.3 GB/s at 0, 32, 48 and 2048 (1 MiB, JDK 17 and 25).
   */
  public static boolean slowCopy(long source, long target) {
    int d = (int) ((target - source) & (PAGE - 1));
    return d > 0 && d < ALIGN;
  }

  /**
   * True if a write whose source lies {@code delta} bytes before its destination is slow: 1 to 63
   * bytes modulo a page, other than 32.
   */
  private static boolean slowWrite(int delta) {
    int d = delta & (PAGE - 1);
    return d % ALIGN != 0 && d < 2 * ALIGN;
  }

  /** The most buffers each pool keeps. */
  public static int slots() {
    return SLOTS;
  }

  /** A direct buffer for the kernel to fill. */
  public static final class IoBuffer {
    /** Direct, {@link #SIZE} or {@link #CHUNK_BUFFER} bytes, page-aligned (see allocateAligned). */
    public final ByteBuffer direct;

    /** The pool it was made for and goes back to. */
    private final AtomicReferenceArray<IoBuffer> pool;

    IoBuffer(int size, AtomicReferenceArray<IoBuffer> pool) {
      this.direct = allocateAligned(size);
      this.pool = pool;
    }
  }
}
