package dev.fastio.internal.batch;

import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

/**
 * The hashing threads of a run ({@code fastio-digest-N}), or the calling thread where it hashes
 * ({@link #hashHere}): each takes files from the run's {@link Feed} and hashes them, one {@link
 * MessageDigest} per thread with {@link FileReads#digest}, or a {@link LaneHashing} per thread with
 * {@link Engine#MD5_LANES}; each result goes to the observer, the feed and the {@link Delivery}. An
 * interrupt of a hashing thread ends its part quietly (its status kept); a runtime exception or
 * error fails the run. Thread-safe.
 */
final class Hashers {
  private final BatchRun.Options options;
  private final Feed feed;
  private final Delivery delivery;

  /** Where the calling thread hashes ({@link #hashHere}): receives the results; else null. */
  private final Delivery.Receiver here;

  private final AtomicInteger warmUpFiles = new AtomicInteger();

  /** Set where the first thread found the files large enough to warm the lanes up on them. */
  private volatile boolean lanesEarly;

  /** The hashing threads of a run whose calling thread waits in {@link Delivery#deliver}. */
  Hashers(BatchRun.Options options, Feed feed, Delivery delivery) {
    this(options, feed, delivery, null);
  }

  /**
   * The hashing of a run whose calling thread hashes ({@link #hashHere}), each result passed on to
   * {@code here} as soon as it and all before it are done.
   */
  Hashers(BatchRun.Options options, Feed feed, Delivery delivery, Delivery.Receiver here) {
    this.options = options;
    this.feed = feed;
    this.delivery = delivery;
    this.here = here;
  }

  /** Starts {@code count} hashing threads, adding them to {@code threads}. */
  void start(List<Thread> threads, int count) {
    for (int i = 0; i < count; i++) {
      boolean first = i == 0;
      threads.add(
          BatchRun.daemon(
              "fastio-digest-" + i,
              new Runnable() {
                @Override
                public void run() {
                  hashLoop(first);
                }
              }));
    }
  }

  /** A hashing thread; the first one of an MD5 batch warms the lanes up. */
  private void hashLoop(boolean first) {
    try {
      hashFiles(first);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // only the run interrupts nothing: end quietly
    } catch (Throwable e) { // anything that ends the thread fails the run
      delivery.fail(e);
    }
  }

  /**
   * Hashes the files on the calling thread, as the first hashing thread would, until none is left
   * or the thread is interrupted (its status kept; the file in hand is finished first). A runtime
   * exception or error, the sink's or the listener's included, is thrown here, every file closed.
   */
  void hashHere() throws InterruptedException {
    hashFiles(true);
  }

  /** Hashes files until none is left for this thread or the run is over. */
  private void hashFiles(boolean first) throws InterruptedException {
    if (options.engine() == Engine.MD5_LANES) {
      LongConsumer judge =
          LaneWarmUp.isFast() && Md5Lanes.vectorAvailable()
              ? NO_JUDGE // warm: nothing to set up
              : hashUntilLanes(first);
      if (judge != null) {
        new LaneHashing(this, judge).hash();
      }
      return;
    }
    MessageDigest md = newDigest(options);
    for (int i; !isCancelled() && (i = feed.next()) >= 0; ) {
      hash(i, md);
    }
  }

  /**
   * Hashes files with {@code MessageDigest} until the lanes are fast ({@link LaneWarmUp}), the
   * {@code warm} thread warming them up between files, or moving to them early where the files are
   * large; the lanes are looked up ({@link Md5Lanes#vectorAvailable()}) only then, and where they
   * turn out unavailable every file is hashed here. Returns null when no file is left, else the
   * judge of the lanes the thread hashes with next.
   */
  private LongConsumer hashUntilLanes(boolean warm) throws InterruptedException {
    LaneWarmUp warmUp = warm ? new LaneWarmUp() : null;
    Count bytes = new Count();
    MessageDigest md = new CountingDigest(newDigest(options), bytes);
    boolean noLanes = false; // looked up early and unavailable: the rule is not weighed again
    while (!((LaneWarmUp.isFast() || lanesEarly) && Md5Lanes.vectorAvailable())) {
      int i = isCancelled() ? -1 : feed.next();
      if (i < 0) {
        return null;
      }
      long start = warmUp != null ? System.nanoTime() : 0;
      bytes.value = 0;
      hash(i, md);
      warmUpFiles.incrementAndGet();
      LaneWarmUp.hashedInJvm(LaneHashing.laneBytes(bytes.value, feed.besideFrom()));
      if (warmUp != null) {
        warmUp.hashed(bytes.value, System.nanoTime() - start);
        if (!noLanes && warmUp.lanesWorthIt(feed)) {
          if (Md5Lanes.vectorAvailable()) {
            lanesEarly = true; // the other threads follow after their current file
            return warmUp.judge();
          }
          noLanes = true;
        }
        warmUp.step();
      }
    }
    return NO_JUDGE;
  }

  /** The bytes one thread hashed, counted. */
  private static final class Count implements LongConsumer {
    long value;

    @Override
    public void accept(long bytes) {
      value += bytes;
    }
  }

  /**
   * The next file to hash without waiting: -1 when there is none or the run is over, {@link
   * Feed#NONE_READY} while none is ready yet.
   */
  int pollIndex() {
    return isCancelled() ? -1 : feed.poll();
  }

  /**
   * The next file to hash, or -1 when there is none or the run is over; an interrupt of the hashing
   * thread also ends its part (the interrupt status is kept).
   */
  int nextIndexOrNone() {
    if (isCancelled()) {
      return -1;
    }
    try {
      return feed.next();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** The judge of the lanes for a thread that need not judge them: they are fast. */
  private static final LongConsumer NO_JUDGE =
      new LongConsumer() {
        @Override
        public void accept(long bytes) {}
      };

  /** The files hashed with {@code MessageDigest} while the lanes warmed up. */
  int warmUpFiles() {
    return warmUpFiles.get();
  }

  /**
   * True once the run is over, or where the calling thread hashes once it is interrupted: the
   * thread stops.
   */
  boolean isCancelled() {
    return delivery.isCancelled() || (here != null && Thread.currentThread().isInterrupted());
  }

  /** File {@code i}. */
  Path path(int i) {
    return feed.path(i);
  }

  /** The size from which files go beside the lanes ({@link Feed#besideFrom}). */
  long besideFrom() {
    return feed.besideFrom();
  }

  /**
   * How the lanes' files hold back an interrupt: until each is closed on a hashing thread (the run
   * stops through {@link Delivery#cancel()}), after each read on the calling thread, which must see
   * its interrupt between reads to stop ({@link #isCancelled()}).
   */
  ResumableChannel.Hold hold() {
    return here != null ? ResumableChannel.Hold.PER_CALL : ResumableChannel.Hold.UNTIL_CLOSE;
  }

  /** File {@code i}'s size as the feed saw it, or -1 ({@link Feed#sizeHint}). */
  long sizeHint(int i) {
    return feed.sizeHint(i);
  }

  /** Tells the observer of {@code bytes} more bytes hashed. */
  void reportBytes(long bytes) {
    options.observer().bytes(bytes);
  }

  /** File {@code i} is finished: exactly one of {@code digest} and {@code error} is non-null. */
  void complete(int i, byte[] digest, IOException error) {
    options.observer().finished(i, feed.path(i), digest, error);
    feed.finished(i);
    delivery.complete(i, digest, error);
    if (here != null) {
      delivery.deliverReady(here);
    }
  }

  /** A digest of the run's algorithm, telling the run's observer of the bytes it hashes. */
  static MessageDigest newDigest(BatchRun.Options options) {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance(options.algorithm());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unknown digest algorithm: " + options.algorithm(), e);
    }
    BatchRun.Observer p = options.observer();
    if (BatchRun.Observer.NONE.equals(p)) {
      return md;
    }
    return new CountingDigest(
        md,
        new LongConsumer() {
          @Override
          public void accept(long bytes) {
            p.bytes(bytes);
          }
        });
  }

  /** A digest of the run's algorithm for one thread, as {@link #hash} takes it. */
  MessageDigest newDigest() {
    return newDigest(options);
  }

  /** Hashes file {@code i} with {@code md}, confined to the calling thread, and completes it. */
  void hash(int i, MessageDigest md) {
    byte[] digest = null;
    IOException error = null;
    try {
      digest = FileReads.digest(feed.path(i), md, ReadStrategy.AUTO);
    } catch (IOException e) {
      error = e;
    }
    complete(i, digest, error);
  }
}
