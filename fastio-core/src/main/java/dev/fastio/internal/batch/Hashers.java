package dev.fastio.internal.batch;

import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The hashing threads of a run ({@code fastio-digest-N}): each takes files from the run's {@link
 * Feed} and hashes them, one {@link MessageDigest} per thread with {@link FileReads#digest}, or a
 * {@link LaneHashing} per thread with {@link Engine#MD5_LANES}; each result goes to the progress,
 * the feed and the {@link Delivery}. An interrupt of a hashing thread ends its part quietly (its
 * status kept); a runtime exception or error fails the run. Thread-safe.
 */
final class Hashers {
  private final List<? extends Path> paths;
  private final BatchRun.Options options;
  private final Feed feed;
  private final Delivery delivery;

  Hashers(List<? extends Path> paths, BatchRun.Options options, Feed feed, Delivery delivery) {
    this.paths = paths;
    this.options = options;
    this.feed = feed;
    this.delivery = delivery;
  }

  /** Starts {@code count} hashing threads, adding them to {@code threads}. */
  void start(List<Thread> threads, int count) {
    for (int i = 0; i < count; i++) {
      threads.add(BatchRun.daemon("fastio-digest-" + i, this::hashLoop));
    }
  }

  private void hashLoop() {
    try {
      if (options.engine() == Engine.MD5_LANES) {
        new LaneHashing(this).hash();
        return;
      }
      MessageDigest md = newDigest();
      for (int i; !delivery.isCancelled() && (i = feed.next()) >= 0; ) {
        hash(i, md);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // only the run interrupts nothing: end quietly
    } catch (RuntimeException | Error e) {
      delivery.fail(e);
    }
  }

  /**
   * The next file to hash, or -1 when there is none or the run is over; an interrupt of the hashing
   * thread also ends its part (the interrupt status is kept).
   */
  int nextIndexOrNone() {
    if (delivery.isCancelled()) {
      return -1;
    }
    try {
      return feed.next();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** True once the run is over: the thread stops. */
  boolean isCancelled() {
    return delivery.isCancelled();
  }

  /** File {@code i}. */
  Path path(int i) {
    return paths.get(i);
  }

  /** Tells the progress of {@code bytes} more bytes hashed. */
  void reportBytes(long bytes) {
    options.progress().bytes(bytes);
  }

  /** File {@code i} is finished: exactly one of {@code digest} and {@code error} is non-null. */
  void complete(int i, byte[] digest, IOException error) {
    options.progress().finished(i, digest, error);
    feed.finished(i);
    delivery.complete(i, digest, error);
  }

  private MessageDigest newDigest() {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance(options.algorithm());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unknown digest algorithm: " + options.algorithm(), e);
    }
    BatchRun.Progress p = options.progress();
    return BatchRun.Progress.NONE.equals(p) ? md : new CountingDigest(md, p::bytes);
  }

  private void hash(int i, MessageDigest md) {
    byte[] digest = null;
    IOException error = null;
    try {
      digest = FileReads.digest(paths.get(i), md, ReadStrategy.AUTO);
    } catch (IOException e) {
      error = e;
    }
    complete(i, digest, error);
  }
}
