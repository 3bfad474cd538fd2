package dev.fastio.internal.batch;

import dev.fastio.internal.io.FileKinds;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The reader thread of a {@link Pipeline#SEQUENTIAL} batch: reads each regular file, in input
 * order, into the page cache, at most the read-ahead budget ahead of the hashing, then hands its
 * index to the hashing threads, which hash it from the cache. The device sees one sequential
 * reader.
 *
 * <p>The files are read through a {@link PageCacheLoader} (to {@code /dev/null} where there is one:
 * no CPU taken from the hashing when the files are cached already). Only regular files are read
 * ahead: FIFOs and devices go straight to the hashing threads, so nothing is consumed twice.
 */
final class SequentialReader implements Runnable {
  private final List<? extends Path> paths;
  private final ReadAheadBudget budget;
  private final long limit;
  private final IntConsumer ready;
  private final int hashers;
  private final Delivery delivery;

  /**
   * @param limit the read-ahead budget, in bytes: a file larger than half of it is handed on before
   *     it is read, so that its hashing follows the reader through it
   * @param ready takes the index of each file, once it is read (or to be read by the hashing thread
   *     itself), then -1 once per hashing thread: no file is left
   * @param hashers the hashing threads
   */
  SequentialReader(
      List<? extends Path> paths,
      ReadAheadBudget budget,
      long limit,
      IntConsumer ready,
      int hashers,
      Delivery delivery) {
    this.paths = paths;
    this.budget = budget;
    this.limit = limit;
    this.ready = ready;
    this.hashers = hashers;
    this.delivery = delivery;
  }

  @Override
  public void run() {
    try (PageCacheLoader loader = new PageCacheLoader(delivery)) {
      for (int i = 0; i < paths.size() && !delivery.isCancelled(); i++) {
        readAhead(i, loader);
      }
      for (int i = 0; i < hashers; i++) {
        ready.accept(-1); // no file is left
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      delivery.fail(e);
    }
  }

  private void readAhead(int i, PageCacheLoader loader) throws InterruptedException {
    Path path = paths.get(i);
    long size = FileKinds.regularFileSize(path);
    if (size <= 0) {
      ready.accept(i); // empty, missing, FIFO, device: the hashing thread reports or reads it
      return;
    }
    budget.reserve(i, size);
    boolean large = size > limit / 2;
    if (large) {
      ready.accept(i); // the hashing thread follows the reader through the file
    }
    loader.load(path, size);
    if (!large) {
      ready.accept(i);
    }
  }
}
