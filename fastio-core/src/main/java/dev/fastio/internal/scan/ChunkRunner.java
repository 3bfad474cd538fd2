package dev.fastio.internal.scan;

import dev.fastio.internal.io.Uninterruptibly;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;

/**
 * Runs the chunks of one scan on the calling thread and up to {@code threads - 1} daemon threads
 * ({@code fastio-scan-N}), which take the next chunk from a shared counter, and hands each chunk's
 * result to {@code inOrder} in chunk order, one at a time, from whichever thread completed the run
 * of chunks before it. The first failure stops the threads taking chunks; all have ended when
 * {@link #run} returns or throws.
 *
 * @param <C> what a thread keeps from one chunk to the next (its buffers)
 * @param <S> a chunk's result
 */
final class ChunkRunner<C, S> {
  /** Scans chunk {@code index} with the calling thread's {@code context}. */
  @FunctionalInterface
  interface ChunkTask<C, S> {
    S run(int index, C context) throws IOException;
  }

  private final Supplier<C> contexts;
  private final ChunkTask<C, S> task;
  private final Consumer<? super S> inOrder;
  private final IntToLongFunction chunkEnd;
  private final ScanOptions options;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicReferenceArray<S> done;
  private final Object foldLock = new Object();
  private int folded; // guarded by foldLock
  private volatile Throwable failure;

  private ChunkRunner(
      int count,
      Supplier<C> contexts,
      ChunkTask<C, S> task,
      Consumer<? super S> inOrder,
      IntToLongFunction chunkEnd,
      ScanOptions options) {
    this.contexts = contexts;
    this.task = task;
    this.inOrder = inOrder;
    this.chunkEnd = chunkEnd;
    this.options = options;
    this.done = new AtomicReferenceArray<>(count);
  }

  /**
   * Runs chunks {@code 0} to {@code count - 1}.
   *
   * @param contexts makes each thread's context, once per thread
   * @param chunkEnd the file offset where chunk {@code i} ends (for progress)
   * @throws IOException the first chunk's that failed so
   */
  static <C, S> void run(
      int count,
      Supplier<C> contexts,
      ChunkTask<C, S> task,
      Consumer<? super S> inOrder,
      IntToLongFunction chunkEnd,
      ScanOptions options)
      throws IOException {
    new ChunkRunner<>(count, contexts, task, inOrder, chunkEnd, options).run();
  }

  private void run() throws IOException {
    int count = done.length();
    List<Thread> threads = new ArrayList<>();
    try {
      for (int k = 1; k < Math.min(options.threads(), count); k++) {
        Thread t = new Thread(this::work, "fastio-scan-" + k);
        t.setDaemon(true);
        t.start();
        threads.add(t);
      }
      work();
    } catch (RuntimeException | Error e) { // a thread could not be started: stop the others
      failOnce(e);
    } finally {
      for (Thread t : threads) {
        Uninterruptibly.join(t);
      }
    }
    rethrow(failure);
  }

  private void work() {
    try {
      C context = null;
      for (int i; failure == null && (i = next.getAndIncrement()) < done.length(); ) {
        if (context == null) {
          context = contexts.get();
        }
        done.set(i, task.run(i, context));
        fold();
      }
    } catch (Throwable e) {
      failOnce(e);
    }
  }

  private void fold() {
    synchronized (foldLock) {
      while (failure == null && folded < done.length()) {
        S result = done.getAndSet(folded, null);
        if (result == null) {
          return;
        }
        inOrder.accept(result);
        options.reportProgress(chunkEnd.applyAsLong(folded));
        folded++;
      }
    }
  }

  private void failOnce(Throwable e) {
    synchronized (foldLock) {
      if (failure == null) {
        failure = e;
      }
    }
  }

  private static void rethrow(Throwable e) throws IOException {
    if (e == null) {
      return;
    }
    if (e instanceof IOException io) {
      throw io;
    }
    if (e instanceof RuntimeException r) {
      throw r;
    }
    if (e instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException(e); // a task declares IOException only
  }
}
