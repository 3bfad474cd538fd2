package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.MappedProbe;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fastio's mapped code compiled by C2, in a child JVM run with the test JVM's own {@code java} and
 * class path: {@code loadFully} still makes an evicted file resident, a truncation still gives an
 * {@code IOException}; on JDK 22+ the overlay is what runs, and nothing is printed on stderr.
 */
class MappedFileJitTest {
  /** A non-OSR PrintCompilation line: id, flags, tier, method. */
  private static final Pattern COMPILED =
      Pattern.compile("^\\s*\\d+\\s+\\d+\\s+([%sbn! ]*?)\\s*([0-4])\\s+(\\S+::\\S+)");

  @TempDir Path dir;

  /** What the child printed on stdout and stderr, and its exit status. */
  private record Run(List<String> out, String err, int status) {}

  private static Run runChild(List<String> jvmArgs, String... args) throws Exception {
    List<String> cmd = TestSupport.javaCommand(jvmArgs, MappedProbe.class, args);
    Path out = Files.createTempFile("probe", ".out");
    Path err = Files.createTempFile("probe", ".err");
    try {
      Process p =
          new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      assertTrue(TestSupport.awaitOrKill(p, 5, TimeUnit.MINUTES), "child timed out");
      return new Run(
          Files.readAllLines(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8),
          p.exitValue());
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static List<String> c2Args() {
    // -Xbatch: each compilation finishes before the call that triggered it goes on, so the warm-up
    // ends with the C2 code installed.
    return List.of("-XX:+PrintCompilation", "-Xbatch", "-Xmx256m");
  }

  /**
   * Asserts that each method was compiled by C2 (tier 4, not OSR) before the MEASURE line and, if
   * {@code untilTheEnd}, not made not entrant at tier 4 afterwards (a fault's exception path may
   * deoptimize: the first fault is still taken in C2 code).
   */
  private static void assertC2(List<String> out, boolean untilTheEnd, String... methods) {
    int measure = out.indexOf("MEASURE");
    assertTrue(measure > 0, "no MEASURE line: " + out);
    for (String method : methods) {
      boolean compiled = false;
      for (int i = 0; i < out.size(); i++) {
        Matcher m = COMPILED.matcher(out.get(i));
        if (!m.find() || !m.group(3).equals(method) || m.group(1).contains("%")) {
          continue;
        }
        boolean tier4 = m.group(2).equals("4");
        boolean gone = out.get(i).contains("made not entrant");
        if (i < measure && tier4 && !gone) {
          compiled = true;
        } else if (tier4 && gone && (untilTheEnd || i < measure)) {
          compiled = false;
        }
      }
      assertTrue(
          compiled,
          method + " not compiled by C2 before MEASURE (or deoptimized): " + fastioLines(out));
    }
  }

  /** The lines of the child's output about fastio, and its own key=value lines, for messages. */
  private static String fastioLines(List<String> out) {
    StringBuilder b = new StringBuilder();
    for (String line : out) {
      if (line.contains("dev.fastio") || line.contains("=") || line.equals("MEASURE")) {
        b.append('\n').append(line);
      }
    }
    return b.toString();
  }

  private static boolean ddExists() {
    try {
      Process p =
          new ProcessBuilder("dd", "--version")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return TestSupport.awaitOrKill(p, 10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /**
   * The page touch's guard: with its loop compiled by C2, {@code loadFully} of an evicted file
   * leaves it resident. A touch whose sum went nowhere is a loop C2 deletes (the JDK's own {@code
   * load()} once was): the file then stays out of memory.
   */
  @Test
  @Tag("perf-guard")
  void loadFullyCompiledByC2MakesAnEvictedFileResident() throws Exception {
    assumeTrue(TestSupport.isLinux() && ddExists(), "needs Linux and dd to evict a file");
    Path warm = TestSupport.diskFile(dir, "warm", 256 * 1024);
    Path big1 = TestSupport.diskFile(dir, "big1", 48 << 20);
    Path big2 = TestSupport.diskFile(dir, "big2", 48 << 20);
    Run run = runChild(c2Args(), "residency", warm.toString(), big1.toString(), big2.toString());
    assertEquals(0, run.status(), run.err() + run.out());
    assertC2(
        run.out(),
        true,
        "dev.fastio.MappedFiles::loadFully",
        "dev.fastio.internal.io.PageTouch::touch",
        "dev.fastio.internal.mapping.FileMapping::loadFully");
    assumeTrue(
        run.out().contains("static-before=false") && run.out().contains("file-before=false"),
        "dd iflag=nocache did not evict the files here: " + run.out());
    String path = "loadFully's page touch compiled by C2 (MappedFiles.loadFully, MappedFile)";
    PerfGuard.exactly(
        path,
        "evicted buffers resident after MappedFiles.loadFully(buffer) (1 = resident)",
        run.out().contains("static-after=true") ? 1 : 0,
        1,
        fastioLines(run.out()));
    PerfGuard.exactly(
        path,
        "evicted mappings resident after MappedFile.loadFully() (1 = resident)",
        run.out().contains("file-after=true") ? 1 : 0,
        1,
        fastioLines(run.out()));
  }

  @Test
  void truncationUnderC2GivesResultsOrIoExceptionsNeverInternalError() throws Exception {
    Path warm = TestSupport.diskFile(dir, "warm", 256 * 1024);
    Path file = dir.resolve("truncated");
    Run run =
        runChild(
            c2Args(), "truncation", warm.toString(), file.toString(), "0", "50", "300", "2000");
    assertEquals(0, run.status(), run.err() + run.out());
    assertFalse(run.err().contains("InternalError"), run.err());
    assertC2(
        run.out(),
        false,
        "dev.fastio.internal.mapping.FileMapping::loadFully",
        "dev.fastio.internal.mapping.FileMapping::read",
        "dev.fastio.internal.io.PageTouch::touch");
    int faults =
        run.out().stream()
            .filter(l -> l.startsWith("faults="))
            .mapToInt(l -> Integer.parseInt(l.substring(7)))
            .findFirst()
            .orElse(-1);
    assertTrue(faults > 0, "no truncation was seen: " + run.out());
  }

  @Test
  void theRuntimesMechanismRunsAndStderrStaysEmpty() throws Exception {
    boolean arena = TestSupport.arenaPlatform();
    String expected = arena ? "jdk22-arena" : "jdk17-unsafe-cleaner";
    assertEquals(expected, PlatformTestHook.platformName(), "in the test JVM");
    Path file = TestSupport.write(dir, "f", TestSupport.randomBytes(7, 3 << 20));
    Run run = runChild(List.of("-Xmx256m"), "quiet", file.toString());
    assertEquals(0, run.status(), run.err());
    assertEquals("", run.err(), "stderr of a child JVM that mapped, loaded and closed");
    assertTrue(run.out().contains("mechanism=" + expected), run.out().toString());
    assertTrue(run.out().contains("unmapped=" + !arena), run.out().toString());
  }
}
