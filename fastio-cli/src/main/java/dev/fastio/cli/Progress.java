package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr (bytes and files done, throughput, ETA) for a batch that is still
 * running after {@link #DELAY}: short jobs print nothing. Thread-safe: the batch's workers report
 * to it.
 */
final class Progress implements DigestBatch.ProgressListener, AutoCloseable {
  /**
   * How long a job runs before the bar appears ({@code -Dfastio.cli.progressDelayMillis}, default 1
   * s).
   */
  static final Duration DELAY =
      Duration.ofMillis(Long.getLong("fastio.cli.progressDelayMillis", 1000));

  private final String task;
  private final long totalBytes;
  private final long totalFiles;
  private final PrintStream err;
  private final Instant start = Instant.now();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong files = new AtomicLong();
  private final ScheduledExecutorService timer;
  private ProgressBar bar; // guarded by this

  Progress(String task, long totalBytes, long totalFiles, PrintStream err, Duration delay) {
    this.task = task;
    this.totalBytes = totalBytes;
    this.totalFiles = totalFiles;
    this.err = err;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "fastio-progress");
              t.setDaemon(true);
              return t;
            });
    var unused = timer.schedule(this::show, delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  private synchronized void show() {
    if (timer.isShutdown()) {
      return;
    }
    bar =
        new ProgressBarBuilder()
            .setTaskName(task)
            .setInitialMax(Math.max(totalBytes, 1))
            .setUnit(" MiB", 1 << 20)
            .showSpeed()
            .setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(250)
            .setConsumer(new ConsoleProgressBarConsumer(err))
            .startsFrom(0, Duration.between(start, Instant.now()))
            .build();
    bar.stepTo(Math.min(bytes.get(), totalBytes));
    bar.setExtraMessage(" " + files.get() + "/" + totalFiles + " files");
  }

  @Override
  public void bytesHashed(long n) {
    long now = bytes.addAndGet(n);
    ProgressBar b = current();
    if (b != null) {
      b.stepTo(Math.min(now, totalBytes));
    }
  }

  @Override
  public void fileDone(DigestBatch.Result result) {
    long done = files.incrementAndGet();
    ProgressBar b = current();
    if (b != null) {
      b.setExtraMessage(" " + done + "/" + totalFiles + " files");
    }
  }

  private synchronized ProgressBar current() {
    return bar;
  }

  @Override
  public synchronized void close() {
    timer.shutdownNow();
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
