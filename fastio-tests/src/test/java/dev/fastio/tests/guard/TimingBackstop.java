package dev.fastio.tests.guard;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;

/**
 * The performance guard's timing layer (see {@code docs/perf-guard.md}, "The timing backstop"):
 * judges a fast loop that no count can see by timing it against its broken form in the same rounds
 * of this JVM: the code its {@code fastio.*} property selects when the loop is forced off, or,
 * where the library has no slower form, the loop a breakage would leave (one byte at a time, a byte
 * loop for a bulk copy), written in the test.
 *
 * <p>A batch is {@link #ROUNDS} rounds; each round times three sides, the fastest of {@code k}
 * calls each: the healthy path, its broken form, and the broken form again (the A/A side), in an
 * order that rotates from round to round. A round's speed-up is the broken form's time over the
 * healthy one's, its A/A distance how far the broken form's two times disagree (a ratio, at least
 * 1). The batch's <em>noise</em> is the 9th of its 11 A/A distances in order. The verdict:
 *
 * <ul>
 *   <li>pass when the median speed-up of a batch is at least its noise and at least {@link #NOISE}:
 *       the two are told apart;
 *   <li>otherwise a confirmation batch; pass if it tells them apart;
 *   <li>otherwise inconclusive (a skipped test giving the figures) when the noise of either batch
 *       is above {@link #NOISE}: the machine could not separate them;
 *   <li>otherwise fail with {@link PerfGuard}'s message: on a quiet machine, the healthy path ran
 *       as its broken form runs.
 * </ul>
 *
 * No figure of a CPU enters the verdict: a guarded loop is one whose healthy form is at least twice
 * as fast as its broken one on every CPU measured, so {@link #NOISE} sits well between the two.
 * Every verdict writes one row to the guard's CSV, with both batches' figures.
 */
public final class TimingBackstop {
  /** Rounds per batch (odd: the median is one round's figure). */
  static final int ROUNDS = 11;

  /**
   * The smallest speed-up the backstop trusts, and the largest A/A noise at which a miss still
   * counts: 1.25, beyond the 12-28 % by which identical code differs from run to run here.
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

  /** The figures of one batch. */
  record Batch(double speedUp, double noise, String rounds) {
    boolean toldApart() {
      return speedUp >= Math.max(noise, NOISE);
    }

    String describe() {
      return String.format(
          Locale.ROOT, "median %.2f of rounds %s; A/A noise %.2f", speedUp, rounds, noise);
    }
  }

  /** A verdict: {@code pass}, {@code FAIL} or {@code inconclusive}, and the figures behind it. */
  record Verdict(String name, String figures) {}

  /**
   * Judges {@code healthy} against {@code broken}: passes, fails (an {@link AssertionError} with
   * {@link PerfGuard}'s message) or is inconclusive (an aborted test), as the class comment says,
   * and records the verdict in the guard's CSV.
   *
   * @param path the fast path, as in the failure message
   * @param brokenForm what the broken side runs, as in the message
   * @param calls the calls per side per round; the fastest counts
   * @param warmUp the calls of each side made before the first batch
   */
  public static void faster(
      String path, String brokenForm, int calls, int warmUp, Call healthy, Call broken)
      throws Exception {
    Verdict v = judge(calls, warmUp, healthy, broken);
    String metric = "median speed-up over " + brokenForm + " in paired rounds";
    String expected = "max(A/A noise, " + NOISE + ")";
    PerfGuard.record(PerfGuard.caller(), path, metric, v.figures(), ">=", expected, v.name());
    if (v.name().equals("inconclusive")) {
      Assumptions.abort(
          "timing backstop inconclusive, the machine too noisy to tell (A/A noise beyond "
              + NOISE
              + "): "
              + path
              + ": "
              + metric
              + " "
              + v.figures());
    } else if (v.name().equals("FAIL")) {
      throw new AssertionError(
          PerfGuard.message(
              PerfGuard.caller(),
              path,
              metric + " (fastest of " + calls + " calls a side)",
              v.figures(),
              ">=",
              expected,
              "the healthy path ran as its broken form runs, on a machine quiet enough to tell"
                  + " (docs/perf-guard.md)"));
    }
  }

  /**
   * The verdict of {@link #faster}, without recording or throwing it. With {@code
   * fastio.perfGuard.calibrate} set ({@code run.sh --calibrate}), one batch, always a pass: the
   * figures without a judgement.
   */
  static Verdict judge(int calls, int warmUp, Call healthy, Call broken) throws Exception {
    for (int i = 0; i < warmUp; i++) {
      SINK.addAndGet(healthy.run() + broken.run());
    }
    Batch first = batch(calls, healthy, broken);
    if (first.toldApart() || Boolean.getBoolean("fastio.perfGuard.calibrate")) {
      return new Verdict("pass", first.describe());
    }
    Batch second = batch(calls, healthy, broken);
    String figures = first.describe() + "; confirmation: " + second.describe();
    if (second.toldApart()) {
      return new Verdict("pass", figures);
    }
    boolean noisy = first.noise() > NOISE || second.noise() > NOISE;
    return new Verdict(noisy ? "inconclusive" : "FAIL", figures);
  }

  private static Batch batch(int calls, Call healthy, Call broken) throws Exception {
    double[] speedUps = new double[ROUNDS];
    double[] aaDistance = new double[ROUNDS];
    Call[] sides = {healthy, broken, broken};
    for (int round = 0; round < ROUNDS; round++) {
      long[] nanos = new long[3];
      for (int s = 0; s < 3; s++) {
        int side = (s + round) % 3;
        nanos[side] = fastest(calls, sides[side]);
      }
      speedUps[round] = (double) nanos[1] / nanos[0];
      double aa = (double) nanos[1] / nanos[2];
      aaDistance[round] = Math.max(aa, 1 / aa);
    }
    double[] noise = aaDistance.clone();
    Arrays.sort(noise);
    return new Batch(median(speedUps), noise[ROUNDS - 3], rounds(speedUps));
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
