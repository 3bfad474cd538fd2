package dev.fastio.tests.guard;

import dev.fastio.FastChannels;
import dev.fastio.FastFiles;
import dev.fastio.tests.guard.TimingBackstop.Bound;
import dev.fastio.tests.support.TestSupport;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timing backstop (see {@link TimingBackstop}) for the paths whose healthy speed-up over the
 * JDK is far above their broken one: {@code readAllBytes} of 1 MiB and {@code transferTo} a channel
 * neither file nor socket. The MD5 lanes' is {@code DigestBatchTimingTest}. Thresholds per JDK, and
 * the healthy and broken figures they sit between, are in {@code docs/perf-guard.md}.
 */
@Tag("perf-guard")
@Tag("perf-timing")
class TimingGuardTest {
  private static final int SIZE = 1 << 20;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() {
    file = TestSupport.write(dir, "timing-1m", TestSupport.randomBytes(31, SIZE));
  }

  @Test
  void readAllBytesOfOneMibIsFasterThanTheJdks() throws Exception {
    TimingBackstop.atLeast(
        "readAllBytes of 1 MiB through the pooled buffer (the 1 MiB row)",
        Bound.of(
            new Bound(
                1.15, "healthy 1.28-1.43, as Files.readAllBytes 0.98-1.01 (docs/perf-guard.md)"),
            new Bound(
                1.15, "healthy 1.33-1.44, as Files.readAllBytes 0.99-1.02 (docs/perf-guard.md)")),
        50,
        200,
        () -> FastFiles.readAllBytes(file).length,
        () -> Files.readAllBytes(file).length);
  }

  @Test
  void aTransferToAnOtherChannelIsFasterThanTheJdks() throws Exception {
    WritableByteChannel target = Channels.newChannel(OutputStream.nullOutputStream());
    try (FileChannel source = FileChannel.open(file)) {
      TimingBackstop.atLeast(
          "transferTo of 1 MiB to a channel neither file nor socket (the other-channel row)",
          Bound.of(
              new Bound(
                  1.2, "healthy 1.61-2.00, by the JDK's transferTo 0.98-1.01 (docs/perf-guard.md)"),
              new Bound(
                  1.2,
                  "healthy 1.62-2.55, by the JDK's transferTo 0.97-1.00 (docs/perf-guard.md)")),
          50,
          200,
          () -> FastChannels.transferTo(source, 0, SIZE, target),
          () -> jdkTransfer(source, target));
    }
  }

  /** {@code FileChannel.transferTo} until every byte is moved, as the JMH baseline does. */
  private static long jdkTransfer(FileChannel source, WritableByteChannel target)
      throws java.io.IOException {
    long done = 0;
    while (done < SIZE) {
      done += source.transferTo(done, SIZE - done, target);
    }
    return done;
  }
}
