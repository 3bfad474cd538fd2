package dev.fastio.cli;

import java.util.ArrayDeque;
import java.util.Locale;

/**
 * The arithmetic of the progress display, apart from any clock or thread: samples of bytes done at
 * given times, the rate over the last {@link #window} nanoseconds of samples, the time left at that
 * rate, and the line shown. Not thread-safe (one drawing thread uses it).
 */
final class ProgressMeter {
  private record Sample(long nanos, long bytes) {}

  private final long totalBytes;
  private final long totalFiles;
  private final long window;
  private final ArrayDeque<Sample> samples = new ArrayDeque<>();

  /**
   * @param startNanos when the work started (the first sample: nothing done)
   * @param window how far back the rate looks, in nanoseconds
   */
  ProgressMeter(long totalBytes, long totalFiles, long startNanos, long window) {
    this.totalBytes = totalBytes;
    this.totalFiles = totalFiles;
    this.window = window;
    samples.add(new Sample(startNanos, 0));
  }

  /**
   * Records that {@code bytes} were done at {@code nanos}; drops samples the window no longer
   * needs.
   */
  void sample(long nanos, long bytes) {
    samples.addLast(new Sample(nanos, bytes));
    // keep the newest sample at or before the window's start, so the window is always covered
    while (samples.size() > 2) {
      var it = samples.iterator();
      it.next();
      if (nanos - it.next().nanos() >= window) {
        samples.removeFirst();
      } else {
        break;
      }
    }
  }

  /** Bytes per second over the window, or -1 before any time has passed. */
  double rate() {
    Sample first = samples.getFirst();
    Sample last = samples.getLast();
    long nanos = last.nanos() - first.nanos();
    return nanos <= 0 ? -1 : (last.bytes() - first.bytes()) * 1e9 / nanos;
  }

  /** Seconds left at {@link #rate()}, or -1 if unknown (no rate yet, or nothing moving). */
  long secondsLeft() {
    double rate = rate();
    if (rate <= 0) {
      return -1;
    }
    long left = Math.max(0, totalBytes - samples.getLast().bytes());
    return (long) Math.ceil(left / rate);
  }

  /**
   * The line to show: {@code md5sum 42% 1.2/2.9 GiB 1200/3000 files 356 MiB/s ETA 0:05}, cut to
   * {@code width} columns.
   */
  String line(String task, long bytes, long files, int width) {
    long shownBytes = Math.min(bytes, totalBytes);
    int percent =
        totalBytes > 0
            ? (int) (shownBytes * 100 / totalBytes)
            : totalFiles > 0 ? (int) (Math.min(files, totalFiles) * 100 / totalFiles) : 100;
    double rate = rate();
    String s =
        String.format(
            Locale.ROOT,
            "%s %3d%%  %s/%s  %d/%d files  %s  ETA %s",
            task,
            percent,
            size(shownBytes),
            size(totalBytes),
            files,
            totalFiles,
            rate < 0 ? "-- B/s" : size((long) rate) + "/s",
            duration(secondsLeft()));
    return s.length() <= width ? s : s.substring(0, Math.max(0, width));
  }

  /** {@code 512 B}, {@code 1.5 KiB}, {@code 23.4 MiB}, {@code 1.2 GiB}, {@code 3.0 TiB}. */
  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = bytes / 1024.0;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  }

  /** {@code 0:05}, {@code 12:34}, {@code 1:02:03}; {@code --:--} if unknown. */
  static String duration(long seconds) {
    if (seconds < 0) {
      return "--:--";
    }
    long h = seconds / 3600;
    long m = seconds / 60 % 60;
    long s = seconds % 60;
    return h > 0
        ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s)
        : String.format(Locale.ROOT, "%d:%02d", m, s);
  }
}
