package dev.fastio.tests.guard;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;

/**
 * The performance guard's timing layer (see {@code docs/perf-guard.md}, "The timing backstop"):
 * judges a fast path by its speed against the JDK call it replaces, in paired rounds in this JVM,
 * for the few paths whose healthy speed-up is far above their broken one.
 *
 * <p>A batch is {@link #ROUNDS} rounds; each round times three sides, the fastest of {@code k}
 * calls each: the fastio call, the JDK call, and the JDK call again (the A/A side), in an order
 * that rotates from round to round. A round's speed-up is the JDK time over the fastio time, its
 * A/A ratio the JDK time over the A/A time. The verdict:
 *
 * <ul>
 *   <li>pass when the median speed-up of a batch reaches the threshold;
 *   <li>otherwise a confirmation batch; pass if it reaches the threshold;
 *   <li>otherwise inconclusive (a skipped test giving the figures) when the A/A rounds of either
 *       batch show the machine too noisy to tell: their median ratio off 1, or their rounds spread,
 *       by more than {@link #NOISE};
 *   <li>otherwise fail with {@link PerfGuard}'s message.
 * </ul>
 *
 * Every verdict writes one row to the guard's CSV, with both batches' figures.
 */
public final class TimingBackstop {
  /** Rounds per batch (odd: the median is one round's figure). */
  static final int ROUNDS = 11;

  /**
   * The largest A/A disagreement a quiet enough machine shows, as a ratio: above it in a batch's
   * A/A median, or in the median of its rounds' distances from 1, noise could explain a miss.
   */
  static final double NOISE = 1.25;

  /** Where every call's result goes, so that no call can be removed as unused. */
  private static final AtomicLong SINK = new AtomicLong();

  private TimingBackstop() {}

  /** One call of the path being timed; returns a value that is consumed so it cannot be removed. */
  @FunctionalInterface
  public interface Call {
    long run() throws Exception;
  }

  /**
   * The threshold of one path on this JDK and the figures it sits between.
   *
   * @param threshold the median speed-up a healthy path reaches
   * @param figures the healthy and broken batch medians measured on this JDK, and how
   */
  public record Bound(double threshold, String figures) {
    /**
     * The bound for this JDK: {@code jdk17} on JDK 24 and older, {@code newest} on 25 and newer.
     * The property {@code fastio.perfGuard.threshold} replaces the threshold (0 records the figures
     * without judging them, as {@code run.sh --calibrate} does).
     */
    public static Bound of(Bound jdk17, Bound newest) {
      return pick(Runtime.version().feature() >= 25, jdk17, newest);
    }

    /**
     * {@code second} if {@code useSecond}, else {@code first}, for a path whose figures depend on
     * something other than the JDK (the vector width); the property applies as in {@link #of}.
     */
    public static Bound pick(boolean useSecond, Bound first, Bound second) {
      Bound b = useSecond ? second : first;
      String forced = System.getProperty("fastio.perfGuard.threshold");
      return forced == null ? b : new Bound(Double.parseDouble(forced), b.figures());
    }
  }

  /** The figures of one batch. */
  record Batch(double speedUp, double aaMedian, double aaSpread, String rounds) {
    boolean noisy() {
      return Math.max(aaMedian, 1 / aaMedian) > NOISE || aaSpread > NOISE;
    }

    String describe() {
      return String.format(
          Locale.ROOT,
          "median %.2f of rounds %s; A/A median %.2f, spread %.2f",
          speedUp,
          rounds,
          aaMedian,
          aaSpread);
    }
  }

  /** A verdict: {@code pass}, {@code FAIL} or {@code inconclusive}, and the figures behind it. */
  record Verdict(String name, String figures) {}

  /**
   * Judges {@code fast} against {@code jdk}: passes, fails (an {@link AssertionError} with {@link
   * PerfGuard}'s message) or is inconclusive (an aborted test), as the class comment says, and
   * records the verdict in the guard's CSV.
   *
   * @param path the fast path, as in the failure message
   * @param bound the threshold on this JDK and the figures it sits between
   * @param calls the calls per side per round; the fastest counts
   * @param warmUp the calls of each side made before the first batch
   */
  public static void atLeast(String path, Bound bound, int calls, int warmUp, Call fast, Call jdk)
      throws Exception {
    double threshold = bound.threshold();
    Verdict v = judge(threshold, calls, warmUp, fast, jdk);
    PerfGuard.record(
        PerfGuard.caller(),
        path,
        "median speed-up over the JDK in paired rounds",
        v.figures(),
        ">=",
        Double.toString(threshold),
        v.name());
    if (v.name().equals("inconclusive")) {
      Assumptions.abort(
          "timing backstop inconclusive, the machine too noisy to tell (A/A beyond "
              + NOISE
              + "): "
              + path
              + ": speed-up over the JDK "
              + v.figures()
              + ", expected >= "
              + threshold);
    } else if (v.name().equals("FAIL")) {
      throw new AssertionError(
          PerfGuard.message(
              PerfGuard.caller(),
              path,
              "median speed-up over the JDK in paired rounds (fastest of "
                  + calls
                  + " calls a side)",
              v.figures(),
              ">=",
              Double.toString(threshold),
              bound.figures()
                  + "; a broken path computes more slowly with the same calls and allocations"));
    }
  }

  /** The verdict of {@link #atLeast}, without recording or throwing it. */
  static Verdict judge(double threshold, int calls, int warmUp, Call fast, Call jdk)
      throws Exception {
    for (int i = 0; i < warmUp; i++) {
      SINK.addAndGet(fast.run() + jdk.run());
    }
    Batch first = batch(calls, fast, jdk);
    if (first.speedUp() >= threshold) {
      return new Verdict("pass", first.describe());
    }
    Batch second = batch(calls, fast, jdk);
    String figures = first.describe() + "; confirmation: " + second.describe();
    if (second.speedUp() >= threshold) {
      return new Verdict("pass", figures);
    }
    return new Verdict(first.noisy() || second.noisy() ? "inconclusive" : "FAIL", figures);
  }

  private static Batch batch(int calls, Call fast, Call jdk) throws Exception {
    double[] speedUps = new double[ROUNDS];
    double[] aa = new double[ROUNDS];
    double[] aaDistance = new double[ROUNDS];
    Call[] sides = {fast, jdk, jdk};
    for (int round = 0; round < ROUNDS; round++) {
      long[] nanos = new long[3];
      for (int s = 0; s < 3; s++) {
        int side = (s + round) % 3;
        nanos[side] = fastest(calls, sides[side]);
      }
      speedUps[round] = (double) nanos[1] / nanos[0];
      aa[round] = (double) nanos[1] / nanos[2];
      aaDistance[round] = Math.max(aa[round], 1 / aa[round]);
    }
    return new Batch(median(speedUps), median(aa), median(aaDistance), rounds(speedUps));
  }

  private static long fastest(int calls, Call call) throws Exception {
    long best = Long.MAX_VALUE;
    for (int i = 0; i < calls; i++) {
      long start = System.nanoTime();
      SINK.addAndGet(call.run());
      best = Math.min(best, System.nanoTime() - start);
    }
    return Math.max(1, best);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static String rounds(double[] values) {
    StringBuilder b = new StringBuilder("[");
    for (double v : values) {
      b.append(b.length() == 1 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", v));
    }
    return b.append(']').toString();
  }
}
