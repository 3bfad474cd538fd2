package dev.fastio.tests.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.ChunkedReader;
import dev.fastio.FastChannels;
import dev.fastio.FastioTestHook;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
   * Lines take their fast paths: found in the bytes of UTF-8, of the multi-byte charsets split so
   * (Shift_JIS, GBK) and of EBCDIC; in the other charsets fastio reads faster, decoded by its
   * reader with the charset's copy, not the JDK's {@code InputStreamReader}, and where the copy is
   * of one byte a unit, lines made by that reader for {@code lines}, {@code readAllLines} and
   * {@code newBufferedReader}'s {@code readLine}.
   */
  @Test
  void linesTakeTheirFastPaths() {
    for (String name : List.of("UTF-8", "Shift_JIS", "GBK", "IBM037")) {
      PerfGuard.same(
          "FastFiles.lines in " + name + " (lines found in the bytes)",
          "splits at newlines",
          String.valueOf(TextTestHook.splitsAtNewlines(Charset.forName(name))),
          "true",
          "");
    }
    Map<String, String> copies =
        Map.ofEntries(
            Map.entry("x-ISCII91", "HOLD"),
            Map.entry("x-JIS0208", "PAIRS"),
            Map.entry("UTF-16", "UTF_16"),
            Map.entry("UTF-32", "UTF_32"),
            Map.entry("EUC-JP", "ASCII"),
            Map.entry("GB18030", "ASCII"),
            Map.entry("ISO-2022-JP", "ISO_2022_JP"),
            Map.entry("ISO-2022-KR", "SHIFT_IN"),
            Map.entry("x-ISO-2022-CN-GB", "SHIFT_IN"),
            Map.entry("x-IBM930", "SHIFT_IN"),
            Map.entry("x-IBM942", "TABLE"),
            Map.entry("x-JISAutoDetect", "DETECT"));
    copies.forEach(
        (name, copy) -> {
          Charset cs = Charset.forName(name);
          PerfGuard.same(
              "FastFiles.newBufferedReader, lines, readAllLines in "
                  + name
                  + " (fastio's decoding)",
              "reader and copy",
              TextTestHook.decoderOf(cs) + " " + TextTestHook.copyOf(cs),
              "DecodingReader " + copy,
              "");
        });
    for (String name : Stream.concat(COPIED.stream(), Stream.of("x-JIS0208")).toList()) {
      PerfGuard.same(
          "FastFiles.lines, readAllLines in " + name + " (lines made by fastio's reader)",
          "line reader",
          TextTestHook.lineReaderOf(Charset.forName(name)),
          "DecodingReader.readLine",
          "");
      PerfGuard.same(
          "FastFiles.newBufferedReader in " + name + " (its readLine fastio's reader's)",
          "buffered reader",
          TextTestHook.bufferedReaderOf(Charset.forName(name)),
          "DecodedBufferedReader",
          "");
    }
  }

  private static final List<String> COPIED =
      List.of(
          "EUC-JP",
          "GB18030",
          "ISO-2022-JP",
          "ISO-2022-KR",
          "x-ISO-2022-CN-GB",
          "x-IBM930",
          "x-IBM942",
          "x-ISCII91");

  /**
   * fastio's reader copies what it can, not only chooses to: in a log of ASCII lines with a word of
   * the charset's own script in every fourth of its second half, its copy (not the charset's
   * decoder) makes at least 80 % of the characters, read by lines and by reads of characters; in
   * the stateful charsets (ISO-2022-*, EBCDIC double-byte) that needs the copy to take over again
   * after every shift back, and after the designation that ISO-2022-KR and -CN text starts with; in
   * x-ISCII91, whose decoder stays one character late after the first vowel sign (in the word), the
   * copy in that state too.
   */
  @Test
  void fastiosReaderCopiesMostOfALog() throws IOException {
    for (String name : COPIED) {
      Charset cs = Charset.forName(name);
      String word =
          Stream.of(
                  "\u65E5\u672C",
                  "\uD55C\uAD6D",
                  "\u4E2D\u6587",
                  "\u0939\u093F\u0928\u094D\u0926\u0940") // Hindi: a vowel sign ISCII holds
              .filter(cs.newEncoder()::canEncode)
              .findFirst()
              .orElseThrow();
      StringBuilder log = new StringBuilder();
      for (int i = 0; i < 2000; i++) {
        log.append("10.0.0.").append(i % 256).append(" - - \"GET /index/").append(i);
        log.append(".html HTTP/1.1\" 200 ").append(1000 + i);
        log.append(i >= 1000 && i % 4 == 0 ? " " + word + "\n" : "\n"); // none in the first half
      }
      byte[] content = log.toString().getBytes(cs);
      for (boolean lines : new boolean[] {true, false}) {
        double share = TextTestHook.copiedShare(cs, content, lines);
        PerfGuard.atLeast(
            "fastio's reader in " + name + (lines ? ", by lines" : ", by characters"),
            "percent of characters copied",
            Math.round(share * 100),
            80,
            "");
      }
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
