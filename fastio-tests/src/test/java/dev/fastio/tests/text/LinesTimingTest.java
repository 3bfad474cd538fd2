package dev.fastio.tests.text;

import dev.fastio.FastFiles;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.internal.text.TextTestHook;
import dev.fastio.tests.guard.TimingBackstop;
import dev.fastio.tests.support.TestSupport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timing backstop (see {@link TimingBackstop}) of the line-end search under {@code
 * FastFiles.lines}: 4 MiB of long UTF-8 lines read by {@code FastFiles.lines}, against the same
 * lines with each part searched one byte at a time. A reader that stopped searching through the
 * engine (and the engines' own loops, which {@code ByteSearchTimingTest} times) makes the calls and
 * allocations of a healthy one.
 */
@Tag("perf-guard")
@Tag("perf-timing")
class LinesTimingTest {
  private static final int SIZE = 4 << 20;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() {
    Random random = new Random(20261207);
    StringBuilder text = new StringBuilder(SIZE + 4096);
    while (text.length() < SIZE) {
      int length = 1000 + random.nextInt(2000);
      for (int i = 0; i < length; i++) {
        text.append((char) ('a' + (i * 7 + text.length()) % 26));
      }
      text.append(random.nextInt(4) == 0 ? "\r\n" : "\n");
    }
    file = TestSupport.write(dir, "long-lines", text.toString().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void linesAreFoundByTheSearchEngine() throws Exception {
    PlatformTestHook.Search bytewise = PlatformTestHook.bytewiseSearch();
    TimingBackstop.faster(
        "FastFiles.lines of 4 MiB of long lines, found by the line-end search engine",
        "the same lines found one byte at a time",
        5,
        20,
        () -> characters(FastFiles.lines(file)),
        () -> characters(TextTestHook.lines(file, StandardCharsets.UTF_8, bytewise)));
  }

  private static long characters(Stream<String> lines) {
    try (lines) {
      return lines.mapToLong(String::length).sum();
    }
  }
}
