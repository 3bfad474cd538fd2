package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import dev.fastio.internal.platform.AlignedBuffers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.batch} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class BatchTestHook {
  /** How far a batch reads ahead of the hashing ({@code fastio.batch.readAhead}). */
  public static final long READ_AHEAD = Settings.BATCH_READ_AHEAD;

  private BatchTestHook() {}

  /** Lists of up to this many files are ordered before any is hashed ({@link ParallelFeed}). */
  public static final int ORDER_FIRST = ParallelFeed.ORDER_FIRST;

  /**
   * The indexes a {@link Pipeline#PARALLEL} feed of {@code paths} hands out when the hashing
   * threads take {@code takenFirst} files before the run's calling thread orders the list, then the
   * rest: every index it hands out, in order.
   */
  public static int[] parallelOrder(List<? extends Path> paths, int takenFirst) {
    ParallelFeed feed = new ParallelFeed(paths, Delivery.of(paths.size()), 1);
    int[] handed = new int[paths.size()];
    int n = 0;
    for (int index; n < takenFirst && (index = feed.next()) >= 0; ) {
      handed[n++] = index;
    }
    List<Thread> threads = new ArrayList<>();
    feed.start(threads, 1);
    for (int index; (index = feed.next()) >= 0; ) {
      handed[n++] = index;
    }
    stop(feed, threads);
    return Arrays.copyOf(handed, n);
  }

  /** Stops {@code feed} and waits for the threads its {@code start} added to {@code threads}. */
  private static void stop(ParallelFeed feed, List<Thread> threads) {
    feed.stop(threads.size());
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /**
   * The size hints a {@link Pipeline#PARALLEL} feed of {@code paths} gives its hashing threads once
   * it has ordered them ({@link Feed#sizeHint}), by input index.
   */
  public static long[] parallelSizeHints(List<? extends Path> paths) {
    ParallelFeed feed = new ParallelFeed(paths, Delivery.of(paths.size()), 1);
    List<Thread> threads = new ArrayList<>();
    feed.start(threads, 1); // orders a long list on this thread; starts nothing where cached
    long[] hints = new long[paths.size()];
    Arrays.setAll(hints, feed::sizeHint);
    stop(feed, threads);
    return hints;
  }

  /** Bytes from which a file may go beside the MD5 lanes ({@link LaneHashing#ALONE}). */
  public static final long ALONE = LaneHashing.ALONE;

  /**
   * The size from which files go beside the lanes for a batch of files {@code big} (of {@link
   * #ALONE} bytes or more, largest first) and {@code small} bytes of others on {@code threads}
   * threads ({@link LaneHashing#besideFrom}).
   */
  public static long besideFrom(long[] big, long small, int threads) {
    return LaneHashing.besideFrom(big, small, threads);
  }

  /**
   * The size from which a {@link Pipeline#PARALLEL} feed of {@code paths} on {@code threads}
   * threads puts files beside the lanes once it has ordered them, and the bytes it then says its
   * lanes have left ({@link Feed#besideFrom}, {@link Feed#bytesLeft}).
   */
  public static long[] parallelBesideFromAndBytesLeft(List<? extends Path> paths, int threads) {
    Delivery delivery = Delivery.of(paths.size());
    ParallelFeed feed = new ParallelFeed(paths, delivery, threads);
    List<Thread> started = new ArrayList<>();
    feed.start(started, threads); // a read-ahead thread where the files do not look cached
    long[] r = {feed.besideFrom(), feed.bytesLeft()};
    delivery.cancel(); // the run is over: the read-ahead stops
    stop(feed, started);
    return r;
  }

  /**
   * The bytes a lane's source of {@code path} hands out when its feed hinted {@code sizeHint} (-1
   * for none), read through a buffer lent for that size, as a lane reads them.
   */
  public static byte[] laneSourceBytes(Path path, long sizeHint) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FileSource.Buffers buffers =
        new FileSource.Buffers() {
          @Override
          public ByteBuffer lend(long size) {
            return AlignedBuffers.allocate(FileSource.minimum(size, LaneHashing.READ));
          }

          @Override
          public void giveBack(ByteBuffer buffer) {}
        };
    try (FileSource source =
        FileSource.open(
            path,
            sizeHint,
            dev.fastio.internal.io.ResumableChannel.Hold.UNTIL_CLOSE,
            buffers,
            bytes -> {})) {
      for (ByteBuffer b; (b = source.next()) != null; ) {
        byte[] chunk = new byte[b.remaining()];
        b.get(chunk);
        out.write(chunk, 0, chunk.length);
      }
    }
    return out.toByteArray();
  }

  /** Whether a batch of {@code paths} looks cached (see {@link CacheProbe}). */
  public static boolean looksCached(List<? extends Path> paths) {
    return CacheProbe.looksCached(paths);
  }
}
