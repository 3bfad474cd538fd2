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
 * next file at once. A file of {@link #ALONE} bytes or more this thread hashes with {@code
 * MessageDigest} when a lane takes it, the other lanes waiting meanwhile. The buffers, one per lane
 * in flight, are {@link #READ} bytes and a page, or for a smaller file only as large as it needs;
 * they are confined to this thread, reused from file to file and freed when the thread ends.
 */
final class LaneHashing
    implements LaneScheduler.Inputs, LaneScheduler.Sink, FileSource.Counter, FileSource.Buffers {
  /** Blocks per lane the engine compresses in one round. */
  static final int BLOCKS_PER_LANE = 16;

  /** Bytes per read into a lane's buffer. */
  static final int READ = 128 * 1024;

  /**
   * Bytes from which a file is hashed with {@code MessageDigest} beside the lanes: in a lane it
   * would likely end the batch alone, every other lane idle, at a fraction of {@code
   * MessageDigest}'s speed (docs/md5-lanes.md).
   */
  static final long ALONE = 64L << 20;

  /**
   * The bytes of a file of {@code size} the lanes hash: all of a file below {@link #ALONE}, none of
   * a larger one (hashed beside them) or of one of unknown size (negative).
   */
  static long laneBytes(long size) {
    return size >= 0 && size < ALONE ? size : 0;
  }

  private final Hashers run;
  private final List<NativeBuffer> free = new ArrayList<>();
  private final List<NativeBuffer> lent = new ArrayList<>();
  private final ByteReports reports;
  private final LongConsumer judge;
  private MessageDigest md; // made for the first file of ALONE bytes

  /** A lane thread of {@code run}; {@code judge} is told of the bytes it hashes (LaneWarmUp). */
  LaneHashing(Hashers run, LongConsumer judge) {
    this.run = run;
    this.reports = new ByteReports(run::reportBytes);
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
    FileSource source = FileSource.open(run.path(index), run.sizeHint(index), this, this);
    if (source.size() < ALONE) {
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
