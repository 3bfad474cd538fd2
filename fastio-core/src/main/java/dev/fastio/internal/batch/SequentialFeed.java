package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.IntConsumer;

/**
 * {@link Pipeline#SEQUENTIAL}: a {@link SequentialReader} thread reads the files in order into the
 * page cache, at most a budget of bytes ahead of the hashing, and hands each to the hashing threads
 * once it is read, so the device sees one sequential reader (spinning disks) and each result is, by
 * construction, what {@code FastFiles.digest} returns. Thread-safe.
 */
final class SequentialFeed implements Feed {
  private static final Integer NONE = -1;

  private final List<? extends Path> paths;
  private final Delivery delivery;

  /** The indexes of the files read, in order; -1 once per hashing thread at the end. */
  private final BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();

  /** The bytes read ahead of the hashing. */
  private final ReadAheadBudget budget;

  SequentialFeed(List<? extends Path> paths, Delivery delivery) {
    this.paths = paths;
    this.delivery = delivery;
    this.budget = new ReadAheadBudget(Settings.BATCH_READ_AHEAD, paths.size());
  }

  @Override
  public void start(List<Thread> threads, int hashers) {
    SequentialReader reader =
        new SequentialReader(
            paths,
            budget,
            Settings.BATCH_READ_AHEAD,
            new IntConsumer() {
              @Override
              public void accept(int index) {
                queue.add(index);
              }
            },
            hashers,
            delivery);
    threads.add(BatchRun.daemon("fastio-digest-reader", reader));
  }

  @Override
  public int next() throws InterruptedException {
    return queue.take();
  }

  @Override
  public int poll() {
    Integer index = queue.poll();
    return index != null ? index : NONE_READY;
  }

  @Override
  public Path path(int index) {
    return paths.get(index);
  }

  @Override
  public void finished(int index) {
    budget.release(index);
  }

  @Override
  public void stop(int threads) {
    budget.cancel();
    queue.clear();
    for (int i = 0; i < threads; i++) {
      queue.add(NONE);
    }
  }
}
