package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The progress arithmetic on a clock the test moves. */
class ProgressMeterTest {
  private static final long S = 1_000_000_000L;
  private static final long MIB = 1L << 20;

  @Test
  void rateIsMeasuredOverTheWindowNotSinceTheStart() {
    ProgressMeter m = new ProgressMeter(1000 * MIB, 10, 0, 5 * S);
    // 10 s at 10 MiB/s, then 100 MiB/s
    for (int t = 1; t <= 10; t++) {
      m.sample(t * S, t * 10L * MIB);
    }
    assertEquals(10 * MIB, m.rate(), 1);
    for (int t = 11; t <= 20; t++) {
      m.sample(t * S, 100 * MIB + (t - 10L) * 100 * MIB);
    }
    assertEquals(100 * MIB, m.rate(), 1, "only the last 5 s count");
    // 1100 MiB done of 1000: nothing left, the ETA is 0 (never negative)
    assertEquals(0, m.secondsLeft());
  }

  @Test
  void etaFollowsTheWindowRate() {
    ProgressMeter m = new ProgressMeter(1000 * MIB, 10, 0, 5 * S);
    assertEquals(-1, m.secondsLeft(), "no time has passed");
    m.sample(2 * S, 200 * MIB);
    assertEquals(100 * MIB, m.rate(), 1);
    assertEquals(8, m.secondsLeft());
    m.sample(3 * S, 200 * MIB);
    m.sample(8 * S, 200 * MIB);
    m.sample(9 * S, 200 * MIB); // stalled for the whole window
    assertEquals(0, m.rate(), 0);
    assertEquals(-1, m.secondsLeft());
  }

  @Test
  void lineShowsBytesFilesRateAndEtaWithinTheWidth() {
    ProgressMeter m = new ProgressMeter(3L << 30, 3000, 0, 5 * S);
    m.sample(4 * S, 1L << 30);
    String line = m.line("md5sum", 1L << 30, 1200, 79);
    assertEquals("md5sum  33%  1.0 GiB/3.0 GiB  1200/3000 files  256 MiB/s  ETA 0:08", line);
    assertTrue(m.line("md5sum", 1L << 30, 1200, 20).length() <= 20);
    assertEquals("1:02:03", ProgressMeter.duration(3723));
    assertEquals("512 B", ProgressMeter.size(512));
    assertEquals("1.5 KiB", ProgressMeter.size(1536));
  }
}
