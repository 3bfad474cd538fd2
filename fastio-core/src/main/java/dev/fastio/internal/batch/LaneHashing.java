package dev.fastio.internal.batch;

import dev.fastio.internal.platform.AlignedBuffers;
import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.internal.platform.NativeBuffer;
import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A hashing thread of an MD5 batch that hashes many files at once: one multi-buffer engine ({@link
 * Md5Lanes}) whose lanes a {@link LaneScheduler} fills, each lane with one file read in order
 * through a direct buffer of its own ({@link FileSource}); a lane whose file ends takes the batch's
 * next file at once. The buffers, {@link #READ} bytes and a page each, one per lane in flight, are
 * freed when the thread ends.
 */
final class LaneHashing implements LaneScheduler.Inputs, LaneScheduler.Sink, FileSource.Counter {
  /** Blocks per lane the engine compresses in one round. */
  static final int BLOCKS_PER_LANE = 16;

  /** Bytes per read into a lane's buffer. */
  static final int READ = 128 * 1024;

  private final BatchRun run;
  private final Deque<ByteBuffer> free = new ArrayDeque<>();
  private final List<NativeBuffer> owned = new ArrayList<>();
  private final ByteReports reports;

  LaneHashing(BatchRun run) {
    this.run = run;
    this.reports = new ByteReports(run::reportBytes);
  }

  /** Hashes files until the batch has none left for this thread, or stops. */
  void hash() {
    try {
      LaneScheduler.run(Md5Lanes.vector(BLOCKS_PER_LANE), this, this);
    } finally {
      for (NativeBuffer b : owned) {
        b.close();
      }
    }
  }

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
    ByteBuffer buffer = lendBuffer();
    try {
      return new Lent(FileSource.open(run.path(index), buffer, this), buffer);
    } catch (IOException | RuntimeException | Error e) {
      free.push(buffer);
      throw e;
    }
  }

  @Override
  public void done(int index, byte[] digest, IOException error) {
    reports.flush();
    run.complete(index, digest, error);
  }

  @Override
  public void add(long bytes) {
    reports.add(bytes);
  }

  private ByteBuffer lendBuffer() {
    ByteBuffer b = free.poll();
    if (b == null) {
      NativeBuffer own = PlatformProvider.get().allocate(READ + AlignedBuffers.PAGE);
      owned.add(own);
      b = own.buffer();
    }
    return b;
  }

  /** A file's source, whose buffer goes back to this thread's free list when it closes. */
  private final class Lent implements LaneScheduler.Source {
    private final FileSource source;
    private final ByteBuffer buffer;

    Lent(FileSource source, ByteBuffer buffer) {
      this.source = source;
      this.buffer = buffer;
    }

    @Override
    public ByteBuffer next() throws IOException {
      return source.next();
    }

    @Override
    public void close() throws IOException {
      try {
        source.close();
      } finally {
        free.push(buffer);
      }
    }
  }
}
