package dev.fastio.tests.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.ChunkedReader;
import dev.fastio.FastChannels;
import dev.fastio.FastioTestHook;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Performance guards by the strategy or engine a call reports: the {@code dev.fastio.Transfer} JFR
 * event's strategy, the {@code ChunkedReader}'s strategy and the platform code (the digest batch's
 * engine: {@code DigestBatchLanesTest}, {@code Md5LanesEngineTest}). Each is what the README's
 * headline figures were measured with; a policy, property or lookup that silently picks another
 * fails here (see {@code docs/perf-guard.md}).
 */
@Tag("perf-guard")
class StrategyGuardTest {
  private static final int SMALL = 4096;
  private static final int MIB = 1 << 20;
  private static final int LARGE = 64 << 20;

  @TempDir static Path dir;
  private static Path small;
  private static Path medium;
  private static Path large;

  @BeforeAll
  static void writeFiles() {
    small = TestSupport.write(dir, "strategy-4k", TestSupport.randomBytes(21, SMALL));
    medium = TestSupport.write(dir, "strategy-1m", TestSupport.randomBytes(22, MIB));
    large = TestSupport.write(dir, "strategy-64m", TestSupport.randomBytes(23, LARGE));
  }

  @Test
  void transfersTakeThePolicysStrategy() throws Exception {
    List<String> strategies = new ArrayList<>();
    Path jfr = dir.resolve("transfers.jfr");
    try (Recording r = new Recording()) {
      r.enable("dev.fastio.Transfer").withThreshold(Duration.ZERO);
      r.start();
      for (Path source : List.of(small, medium, large)) {
        try (FileChannel in = FileChannel.open(source)) {
          long size = in.size();
          assertEquals(
              size,
              FastChannels.transferTo(
                  in, 0, size, Channels.newChannel(OutputStream.nullOutputStream())));
          Path copy = dir.resolve(source.getFileName() + ".copy");
          try (FileChannel out =
              FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            assertEquals(size, FastChannels.transferTo(in, 0, size, out));
          }
          java.nio.file.Files.delete(copy);
        }
      }
      r.stop();
      r.dump(jfr);
    }
    for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
      if (e.getEventType().getName().equals("dev.fastio.Transfer")) {
        strategies.add(
            e.getString("targetKind") + " " + e.getLong("bytes") + " " + e.getString("strategy"));
      }
    }
    String[][] expected = {
      {"OTHER", "" + SMALL, "READ_WRITE", "the other-target row, 4 KiB"},
      {"FILE", "" + SMALL, "READ_WRITE", "the file-target row, 4 KiB"},
      {"OTHER", "" + MIB, "READ_WRITE", "the other-target row, 1 MiB"},
      {"FILE", "" + MIB, "KERNEL", "the file-target row, 1 MiB"},
      {"OTHER", "" + LARGE, "MAPPED", "the other-target row, 256 MiB"},
      {"FILE", "" + LARGE, "KERNEL", "the file-target row, 256 MiB"},
    };
    assertEquals(expected.length, strategies.size(), "events: " + strategies);
    for (int i = 0; i < expected.length; i++) {
      String[] want = expected[i];
      PerfGuard.same(
          "transferTo to " + want[0] + ", " + want[1] + " bytes (" + want[3] + ")",
          "JFR dev.fastio.Transfer strategy",
          strategies.get(i),
          want[0] + " " + want[1] + " " + want[2],
          "all events: " + strategies);
    }
  }

  @Test
  void chunkedReadersMapLargeFilesAndBufferSmallOnes() throws Exception {
    try (ChunkedReader reader = ChunkedReader.open(large)) {
      PerfGuard.same(
          "ChunkedReader of 64 MiB from mappings (the scan and skip rows, 256 MiB)",
          "strategy",
          FastioTestHook.strategy(reader),
          "MAPPED",
          "");
    }
    try (ChunkedReader reader = ChunkedReader.open(medium)) {
      PerfGuard.same(
          "ChunkedReader of 1 MiB through the buffer (the scan and skip rows, 1 MiB)",
          "strategy",
          FastioTestHook.strategy(reader),
          "BUFFERED",
          "");
    }
  }

  /**
   * Lines take their fast path, found in the bytes, in UTF-8, Latin-1 and the multi-byte charsets
   * the probe admits (Shift_JIS, GBK), each asked of the probe itself (UTF-8's answer is fixed).
   */
  @Test
  void linesTakeTheirFastPaths() {
    for (String name : List.of("UTF-8", "ISO-8859-1", "Shift_JIS", "GBK")) {
      Charset cs = Charset.forName(name);
      PerfGuard.same(
          "FastFiles.lines in " + name + " (lines found in the bytes)",
          "splits at newlines, and the probe admits it",
          TextTestHook.splitsAtNewlines(cs) + " " + TextTestHook.probeAdmits(cs),
          "true true",
          "");
    }
  }

  /**
   * The platform code is the JDK 22+ one ({@code Arena}) from JDK 22 on, unless the build forces
   * the legacy one; the JDK 17 one unmaps at once through {@code sun.misc.Unsafe}, never by the GC.
   */
  @Test
  void thePlatformCodeIsTheOneForThisJdk() {
    boolean legacy = "legacy".equals(System.getProperty("fastio.platform"));
    String expected =
        Runtime.version().feature() >= 22 && !legacy ? "jdk22-arena" : "jdk17-unsafe-cleaner";
    PerfGuard.same(
        "the platform code for this JDK (every mapped row)",
        "PlatformProvider name",
        PlatformTestHook.platformName(),
        expected,
        "");
  }
}
