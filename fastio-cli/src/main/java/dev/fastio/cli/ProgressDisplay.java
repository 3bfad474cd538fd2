package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The progress display of a batch on standard error: bytes and files done of the total, the rate
 * over the last {@link #WINDOW}, the time left at that rate ({@link ProgressMeter}). It appears
 * once the batch has run for {@link #DELAY} (short jobs print nothing), is redrawn at most every
 * {@link #INTERVAL} by a daemon thread, and is erased by {@link Console} before any other output
 * and by {@link #close()}; a batch that ran for the delay shows it at least once, also where the
 * thread had not run yet when the batch ended. Thread-safe: the batch's workers report to it.
 */
final class ProgressDisplay implements DigestBatch.Listener, AutoCloseable {
  /** How long a job runs before the display appears ({@code -Dfastio.cli.progressDelayMillis}). */
  static final Duration DELAY =
      Duration.ofMillis(Long.getLong("fastio.cli.progressDelayMillis", 1000));

  /** At most 10 redraws a second. */
  static final Duration INTERVAL = Duration.ofMillis(100);

  /** The rate is measured over the last 5 seconds. */
  static final Duration WINDOW = Duration.ofSeconds(5);

  private final Console console;
  private final String task;
  private final int width;
  private final LongSupplier clock;
  private final ProgressMeter meter;
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong files = new AtomicLong();
  private final Thread drawer;
  private final long started;
  private final long delayNanos;
  private volatile boolean closed;
  private boolean drawn; // guarded by console

  /**
   * Starts the display's thread.
   *
   * @param width the terminal's columns (the line is cut to one less)
   * @param clock {@code System::nanoTime}, or a test's clock
   */
  ProgressDisplay(
      Console console,
      String task,
      long totalBytes,
      long totalFiles,
      int width,
      Duration delay,
      LongSupplier clock) {
    this.console = console;
    this.task = task;
    this.width = width;
    this.clock = clock;
    this.started = clock.getAsLong();
    this.delayNanos = delay.toNanos();
    this.meter = new ProgressMeter(totalBytes, totalFiles, started, WINDOW.toNanos());
    this.drawer =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                drawLoop(delay);
              }
            },
            "fastio-progress");
    drawer.setDaemon(true);
    drawer.start();
  }

  private void drawLoop(Duration delay) {
    try {
      Thread.sleep(delay.toMillis());
      while (!closed) {
        String line = draw();
        synchronized (console) {
          if (!closed) {
            console.statusLine(line); // redrawn if other output erased it
            drawn = true;
          }
        }
        Thread.sleep(INTERVAL.toMillis());
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  /** Takes a sample and returns the line to show. */
  String draw() {
    long b = bytes.get();
    meter.sample(clock.getAsLong(), b);
    return meter.line(task, b, files.get(), width - 1);
  }

  @Override
  public void bytesHashed(long n) {
    bytes.addAndGet(n);
  }

  @Override
  public void fileDone(DigestBatch.Result result) {
    files.incrementAndGet();
  }

  /** Stops the display and erases it. */
  @Override
  public void close() {
    synchronized (console) {
      if (!closed && !drawn && clock.getAsLong() - started >= delayNanos) {
        console.statusLine(draw()); // its time came before the thread's
      }
      closed = true;
      console.clearStatusLine();
    }
    drawer.interrupt();
  }
}
