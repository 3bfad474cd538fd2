package dev.fastio.tests.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.tests.guard.TimingBackstop.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The timing backstop's verdicts on calls of known cost (busy waits), so that its pass, fail and
 * inconclusive branches are shown to work on any machine: what the timing guards rely on.
 */
class TimingBackstopTest {
  private static final long MICROS = 1_000;

  /** Busy-waits {@code nanos}; returns a value to consume. */
  private static long spin(long nanos) {
    long start = System.nanoTime();
    long spins = 0;
    while (System.nanoTime() - start < nanos) {
      spins++;
    }
    return spins;
  }

  @Test
  void aPathFourTimesFasterThanItsBrokenFormPasses() throws Exception {
    Verdict v = TimingBackstop.judge(5, 5, () -> spin(50 * MICROS), () -> spin(200 * MICROS));
    assertEquals("pass", v.name(), v.figures());
  }

  @Test
  void aPathAsSlowAsItsBrokenFormFailsOnAQuietMachine() throws Exception {
    Verdict v = TimingBackstop.judge(5, 5, () -> spin(200 * MICROS), () -> spin(200 * MICROS));
    assertEquals("FAIL", v.name(), v.figures());
    assertTrue(v.figures().contains("; confirmation: "), v.figures());
  }

  @Test
  void aPathOnlyAFewPercentFasterIsNotToldApart() throws Exception {
    Verdict v = TimingBackstop.judge(5, 5, () -> spin(190 * MICROS), () -> spin(200 * MICROS));
    assertEquals("FAIL", v.name(), v.figures());
  }

  @Test
  void aMissWhileTheBrokenFormDisagreesWithItselfIsInconclusive() throws Exception {
    // The broken side's cost changes from one block of calls to the next, as on a machine whose
    // load comes and goes: its two sides (A/A) disagree by 2x or more in most rounds.
    long[] calls = {0};
    TimingBackstop.Call noisy = () -> spin((calls[0]++ / 5 % 3 == 0 ? 200 : 600) * MICROS);
    Verdict v = TimingBackstop.judge(5, 0, () -> spin(400 * MICROS), noisy);
    assertEquals("inconclusive", v.name(), v.figures());
  }
}
