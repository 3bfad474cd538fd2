package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import dev.fastio.internal.platform.Md5Lanes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Whether the MD5 lanes are faster than {@code MessageDigest} yet in this JVM, decided by
 * measurement: until the JIT has compiled them, the lanes run the Vector API's fallbacks, many
 * times slower than {@code MessageDigest}, so a batch hashes with {@code MessageDigest} meanwhile
 * and its first hashing thread warms the lanes up, one of two ways:
 *
 * <ul>
 *   <li>Between files, within a budget of a quarter of the time since the JVM's first warm-up
 *       began, it times one round of the lanes (an input of {@link LaneHashing#BLOCKS_PER_LANE}
 *       blocks per lane, through the {@link LaneScheduler} as the batch's files go, so that the JIT
 *       compiles the code the files will run) and {@code MessageDigest} over the same inputs; the
 *       lanes are {@link #isFast fast} once faster by {@link #MARGIN} in {@link #STREAK} rounds in
 *       a row.
 *   <li>Where the batch's files are large ({@link #lanesWorthIt}: at least {@link #EARLY_BYTES}
 *       hashed, {@link #EARLY_FILE_BYTES} a file on average) and the work is long enough to win
 *       back the lanes' compilation (at least {@link #EARLY_WORK} bytes hashed in this JVM and left
 *       in the batch, as far as its feed knows), the batch's threads move to the lanes at once, so
 *       that their slow start is spent on the files (and the JIT, seeing them run on every thread,
 *       compiles them soonest), and the first thread times its lanes against its own {@code
 *       MessageDigest} bytes per second ({@link #judge}): fast once {@link #STREAK} windows of
 *       {@link #WINDOW} bytes in a row went faster than that, counted across the JVM's batches.
 * </ul>
 *
 * <p>Once fast, the lanes stay fast for the rest of the JVM's life. An instance is confined to one
 * thread; {@link #isFast} is thread-safe.
 */
final class LaneWarmUp {
  /** How many times faster than {@code MessageDigest} a round of the lanes must be. */
  static final int MARGIN = 2;

  /** Rounds in a row the lanes must win. */
  static final int STREAK = 3;

  /** The thread spends at most one part in this many warming up. */
  private static final int BUDGET = 4;

  /**
   * Nanoseconds of hashing before the first round: a run shorter than that would not win back what
   * warming up costs (the lanes take some hundred rounds to compile), so it never warms up.
   */
  private static final long GRACE = 2_000_000_000L;

  /** The bytes hashed before the thread may move to the lanes early. */
  static final long EARLY_BYTES = 4L << 20;

  /** The mean file size, in bytes, from which the thread moves to the lanes early. */
  static final long EARLY_FILE_BYTES = 128 << 10;

  /**
   * The bytes hashed in this JVM and left in the batch from which the thread moves to the lanes
   * early: the lanes' compilation costs about what {@code MessageDigest} hashes in a second of one
   * core, which they win back on some 600 MB (docs/maintainer-guide.md).
   */
  static final long EARLY_WORK = 512L << 20;

  /**
   * The bytes the JVM's MD5 batches hashed with {@code MessageDigest} while the lanes warmed up, in
   * files the lanes would have hashed (the others go beside them anyway: {@link Feed#besideFrom}).
   */
  private static final AtomicLong bytesInJvm = new AtomicLong();

  /**
   * The bytes of the lanes timed at once against {@code MessageDigest}: counted as the lanes' files
   * are read, which runs up to a buffer per lane (2 MiB) ahead of the hashing, so several times
   * that.
   */
  static final long WINDOW = 8L << 20;

  private static volatile boolean fast = !Settings.MD5_WARM_UP;

  /** The rounds in a row the lanes won, over every batch of the JVM (races only delay). */
  private static volatile int streak;

  /**
   * The judged windows in a row the lanes won, over every batch of the JVM: a batch of a few MiB
   * judges one window at most, so a streak kept per batch would never end (races only delay).
   */
  private static volatile int windowStreak;

  /** The time the last round took, nanoseconds: what the next one is budgeted at. */
  private static volatile long lastRound;

  /** When the JVM's first warm-up began, and the time its rounds took since, nanoseconds. */
  private static final AtomicLong began = new AtomicLong();

  private static final AtomicLong spent = new AtomicLong();

  /** Drops the digests of the warm-up rounds. */
  private static final LaneScheduler.Sink IGNORE =
      new LaneScheduler.Sink() {
        @Override
        public void done(int index, byte[] digest, IOException error) {}
      };

  /** Bytes of one input of a round: with MD5's padding, one round of blocks in a lane. */
  private static final int INPUT = LaneHashing.BLOCKS_PER_LANE * Md5Lanes.BLOCK_BYTES - 9;

  // Made at the first round: most batches never time one (the grace), so they allocate nothing.
  private Md5Lanes lanes;
  private MessageDigest md5;
  private byte[] bytes;
  private ByteBuffer input;
  private long hashedBytes; // by MessageDigest, this thread
  private long hashedNanos;
  private int hashedFiles;

  /**
   * True once the lanes were measured faster than {@code MessageDigest} in this JVM (or the warm-up
   * is off: {@code fastio.md5.warmUp=false}).
   */
  static boolean isFast() {
    return fast;
  }

  /** The thread hashed a file of {@code bytes} with {@code MessageDigest} in {@code nanos}. */
  void hashed(long bytes, long nanos) {
    hashedBytes += bytes;
    hashedNanos += nanos;
    hashedFiles++;
  }

  /**
   * A hashing thread of an MD5 batch hashed, with {@code MessageDigest}, {@code bytes} the lanes
   * would have hashed ({@link LaneHashing#laneBytes}).
   */
  static void hashedInJvm(long bytes) {
    bytesInJvm.addAndGet(bytes);
  }

  /**
   * True where the files are large enough for the thread to warm the lanes up on them, and the work
   * long enough: {@code feed}'s {@link Feed#bytesLeft bytes left} and this JVM's bytes hashed come
   * to {@link #EARLY_WORK}.
   */
  boolean lanesWorthIt(Feed feed) {
    return hashedBytes >= EARLY_BYTES
        && hashedBytes / hashedFiles >= EARLY_FILE_BYTES
        && feed.bytesLeft() >= EARLY_WORK - Math.min(bytesInJvm.get(), EARLY_WORK);
  }

  /**
   * A judge of the lanes' speed for a thread that moved to them early: told of the bytes they hash,
   * it marks them fast once {@link #WINDOW} bytes go faster than this thread's {@code
   * MessageDigest} did. Confined to the thread.
   */
  LongConsumer judge() {
    double mdNanosPerByte = (double) hashedNanos / hashedBytes;
    return new LongConsumer() {
      private long bytes;
      private long since = System.nanoTime();

      @Override
      public void accept(long n) {
        bytes += n;
        if (bytes >= WINDOW && !fast) {
          long now = System.nanoTime();
          windowStreak = now - since < mdNanosPerByte * bytes ? windowStreak + 1 : 0;
          if (windowStreak >= STREAK) {
            fast = true;
          }
          bytes = 0;
          since = now;
        }
      }
    };
  }

  /** Times one more round, if the budget allows; true once the lanes are fast. */
  boolean step() {
    if (fast) {
      return true;
    }
    long t0 = System.nanoTime();
    began.compareAndSet(0, t0);
    long elapsed = t0 - began.get();
    if (elapsed < GRACE || elapsed < (spent.get() + lastRound) * BUDGET) {
      return false;
    }
    if (lanes == null) {
      if (!Md5Lanes.vectorAvailable()) {
        return false; // looked up only now, and unavailable: MessageDigest it is
      }
      lanes = Md5Lanes.vector(LaneHashing.BLOCKS_PER_LANE);
      md5 = md5();
      bytes = new byte[INPUT];
      input = ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }
    LaneScheduler.run(
        lanes,
        lanes.lanes(),
        new LaneScheduler.Opener() {
          @Override
          public LaneScheduler.Source open(int index) {
            return LaneScheduler.Source.of(input);
          }
        },
        IGNORE);
    long t1 = System.nanoTime();
    for (int i = 0; i < lanes.lanes(); i++) {
      md5.update(bytes);
      md5.digest();
    }
    long t2 = System.nanoTime();
    spent.addAndGet(t2 - t0);
    lastRound = t2 - t0;
    streak = (t1 - t0) * MARGIN < t2 - t1 ? streak + 1 : 0;
    if (streak >= STREAK) {
      fast = true;
    }
    return fast;
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is a JDK algorithm", e); // every JDK must provide it
    }
  }
}
