package dev.fastio.internal.batch;

import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.internal.platform.NativeBuffer;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A hashing thread of an MD5 batch that hashes many files at once: one multi-buffer engine ({@link
 * Md5Lanes}) whose lanes a {@link LaneScheduler} fills, each lane with one file read in order
 * through a direct buffer of its own ({@link FileSource}); a lane whose file ends takes the batch's
 * next file at once. A file the feed puts beside the lanes ({@link Feed#besideFrom}: by default one
 * of {@link #ALONE} bytes or more) this thread hashes with {@code MessageDigest} when a lane takes
 * it, the other lanes waiting meanwhile. The buffers, one per lane in flight, are {@link #READ}
 * bytes and a page, or for a smaller file only as large as it needs; they are confined to this
 * thread, reused from file to file and freed when the thread ends.
 */
final class LaneHashing
    implements LaneScheduler.Inputs, LaneScheduler.Sink, FileSource.Counter, FileSource.Buffers {
  /** Blocks per lane the engine compresses in one round. */
  static final int BLOCKS_PER_LANE = 16;

  /** Bytes per read into a lane's buffer. */
  static final int READ = 128 * 1024;

  /**
   * Bytes from which a file may be hashed with {@code MessageDigest} beside the lanes: in a lane,
   * without files as large in the other lanes, it would end the batch alone, every other lane idle,
   * at a fraction of {@code MessageDigest}'s speed (docs/maintainer-guide.md). Where the feed knows
   * the batch's sizes, {@link #besideFrom} decides which of these files go beside.
   */
  static final long ALONE = 64L << 20;

  /** About how many times {@code MessageDigest}'s bytes per second full lanes hash. */
  private static final double LANES_SPEEDUP = 4;

  /** About how many times as long a file alone in the lanes takes as with {@code MessageDigest}. */
  private static final double LONE_SLOWDOWN = 2.6;

  /** A split with files in the lanes must be estimated this much faster than all beside. */
  private static final double LANES_MARGIN = 0.9;

  /**
   * The bytes of a file of {@code size} the lanes hash where files from {@code besideFrom} bytes go
   * beside them: all of a smaller file, none of a larger one or of one of unknown size (negative).
   */
  static long laneBytes(long size, long besideFrom) {
    return size >= 0 && size < besideFrom ? size : 0;
  }

  /** {@link #laneBytes(long, long)} where every file of {@link #ALONE} bytes goes beside. */
  static long laneBytes(long size) {
    return laneBytes(size, ALONE);
  }

  /**
   * The size from which a batch's files go beside the lanes ({@link Long#MAX_VALUE}: none), for a
   * batch whose files of {@link #ALONE} bytes or more are {@code big}, largest first, whose other
   * files come to {@code small} bytes, on {@code threads} hashing threads. Each split that puts the
   * {@code j} largest files beside (never between two files of one size) is given an estimated
   * time, in {@code MessageDigest} time per byte: the files beside plus the lanes' bytes at {@link
   * #LANES_SPEEDUP}, shared by the threads; but no shorter than the largest file in the lanes alone
   * ({@link #LONE_SLOWDOWN}) after a thread's share of the files beside (a thread hashing a file
   * beside stops its lanes meanwhile), nor than the largest file beside. The split with the
   * shortest time is taken if it is shorter by {@link #LANES_MARGIN} than all of them beside (the
   * {@link #ALONE} bound alone); else all go beside.
   */
  static long besideFrom(long[] big, long small, int threads) {
    int n = big.length;
    int t = Math.max(1, threads);
    long besideBytes = 0;
    long laneBytes = small;
    for (long b : big) {
      laneBytes += b;
    }
    double[] time = new double[n + 1]; // time[j]: the j largest beside
    for (int j = 0; j <= n; j++) {
      if (j > 0) {
        besideBytes += big[j - 1];
        laneBytes -= big[j - 1];
      }
      double shared = (besideBytes + laneBytes / LANES_SPEEDUP) / t;
      double lone = j < n ? LONE_SLOWDOWN * big[j] + (double) besideBytes / t : 0;
      double largestBeside = j > 0 ? big[0] : 0;
      time[j] = Math.max(shared, Math.max(lone, largestBeside));
    }
    int best = n;
    for (int j = 0; j < n; j++) {
      boolean split = j > 0 && big[j] == big[j - 1]; // between equal sizes: not a size bound
      if (!split && time[j] < time[best]) {
        best = j;
      }
    }
    if (time[best] >= LANES_MARGIN * time[n]) {
      best = n;
    }
    return best == 0 ? Long.MAX_VALUE : big[best - 1];
  }

  private final Hashers run;
  private final List<NativeBuffer> free = new ArrayList<>();
  private final List<NativeBuffer> lent = new ArrayList<>();
  private final ByteReports reports;
  private final LongConsumer judge;
  private MessageDigest md; // made for the first file beside the lanes

  /** A lane thread of {@code run}; {@code judge} is told of the bytes it hashes (LaneWarmUp). */
  LaneHashing(Hashers run, LongConsumer judge) {
    this.run = run;
    this.reports =
        new ByteReports(
            new LongConsumer() {
              @Override
              public void accept(long bytes) {
                run.reportBytes(bytes);
              }
            });
    this.judge = judge;
  }

  /** Hashes files until the batch has none left for this thread, or stops. */
  void hash() {
    try {
      LaneScheduler.run(Md5Lanes.vector(BLOCKS_PER_LANE), this, this);
    } finally {
      free.addAll(lent); // lent only if the scheduler failed before closing its sources
      lent.clear();
      for (NativeBuffer b : free) {
        b.close();
      }
    }
  }

  /** The next file, without waiting ({@link Feed#NONE_READY} while none is ready yet). */
  @Override
  public int poll() {
    return run.pollIndex();
  }

  @Override
  public int take() {
    return run.nextIndexOrNone();
  }

  @Override
  public boolean stopped() {
    return run.isCancelled();
  }

  @Override
  public LaneScheduler.Source open(int index) throws IOException {
    FileSource source =
        FileSource.open(run.path(index), run.sizeHint(index), run.hold(), this, this);
    if (source.size() < run.besideFrom()) {
      return source;
    }
    source.close(); // nothing read: the lanes' judge and byte count hear none of this file
    if (md == null) {
      md = run.newDigest();
    }
    reports.flush();
    run.hash(index, md); // as the MessageDigest threads hash a file
    return null;
  }

  @Override
  public void done(int index, byte[] digest, IOException error) {
    reports.flush();
    run.complete(index, digest, error);
  }

  @Override
  public void add(long bytes) {
    reports.add(bytes);
    judge.accept(bytes);
  }

  /**
   * The smallest free buffer that holds {@link FileSource#minimum} bytes for {@code size}; else a
   * new one, after freeing a free buffer (too small for it), so that no more buffers are kept than
   * lanes were in flight at once.
   */
  @Override
  public ByteBuffer lend(long size) {
    int need = FileSource.minimum(size, READ);
    NativeBuffer fit = null;
    for (NativeBuffer b : free) {
      int capacity = b.buffer().capacity();
      if (capacity >= need && (fit == null || capacity < fit.buffer().capacity())) {
        fit = b;
      }
    }
    if (fit == null) {
      if (!free.isEmpty()) {
        free.remove(free.size() - 1).close();
      }
      fit = PlatformProvider.get().allocate(need, PlatformProvider.Sharing.CONFINED);
    } else {
      free.remove(fit);
    }
    lent.add(fit);
    return fit.buffer();
  }

  @Override
  // The very buffer lent, not one of equal content: ByteBuffer.equals compares remaining bytes.
  @SuppressWarnings("ReferenceEquality")
  public void giveBack(ByteBuffer buffer) {
    for (int i = 0; i < lent.size(); i++) {
      if (lent.get(i).buffer() == buffer) {
        free.add(lent.remove(i));
        return;
      }
    }
  }
}
