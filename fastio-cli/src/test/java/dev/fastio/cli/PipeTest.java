package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.Processes.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closed pipes and full disks: {@code EPIPE} ends the process at once with status 141 and nothing
 * on stderr, like coreutils killed by {@code SIGPIPE}; other write errors print {@code PROG: write
 * error} (with a reason where coreutils gives one) at the end and exit 1. "At once" is shown
 * without a stopwatch: the last operand is a FIFO nobody writes to, so a process that went on
 * hashing after the pipe closed would never end.
 */
class PipeTest {
  @TempDir static Path dir;

  @BeforeAll
  static void tree() throws Exception {
    Processes.assumeJar();
    Path many = Files.createDirectories(dir.resolve("many"));
    StringBuilder list = new StringBuilder();
    for (int i = 0; i < 5000; i++) { // about 300 KB of output: several times the 64 KiB buffer
      String name = String.format("file-with-a-longish-name-%05d", i);
      Files.write(many.resolve(name), name.getBytes(StandardCharsets.US_ASCII));
      list.append("0123456789abcdef0123456789abcdef  many/").append(name).append('\n');
    }
    Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo");
    list.append("0123456789abcdef0123456789abcdef  fifo\n");
    Files.write(dir.resolve("list.md5"), list.toString().getBytes(StandardCharsets.US_ASCII));
    Files.write(dir.resolve("small"), "x".getBytes(StandardCharsets.US_ASCII));
    Files.write(
        dir.resolve("check.md5"),
        ("9dd4e461268c8034f5c8564e155c67a6  small\n" // md5 of "x"
                + "0123456789abcdef0123456789abcdef  many/file-with-a-longish-name-00000\n")
            .getBytes(StandardCharsets.US_ASCII));
  }

  private static String fastio(String jvmArgs, String args) {
    return Processes.fastioShell(jvmArgs, args);
  }

  /**
   * Runs {@code fastio ... | head -c 100} in bash; stdout: fastio's exit status; stderr: fastio's.
   */
  private static Run headOf(String jvmArgs, String args) {
    return Processes.run(
        dir,
        List.of(
            "bash",
            "-c",
            fastio(jvmArgs, args) + " | head -c 100 > /dev/null; echo ${PIPESTATUS[0]}"),
        new byte[0]);
  }

  @Test
  void closedPipeEndsTheRunAtOnceWithStatus141AndNothingOnStderr() {
    Run r = headOf("", "md5sum -r many fifo");
    assertEquals("141\n", r.out());
    assertEquals("", r.err());
  }

  @Test
  void closedPipeEndsACheckAtOnce() {
    Run r = headOf("", "md5sum -c list.md5");
    assertEquals("141\n", r.out());
    assertEquals("", r.err());
  }

  @Test
  void closedPipeWithSigpipeIgnoredIsAWriteErrorAsForCoreutils() {
    Run r = headOf("-Dfastio.cli.sigpipe=ignored", "md5sum -r many");
    assertEquals("1\n", r.out());
    assertEquals("md5sum: write error\n", r.err());
  }

  @Test
  void closedPipeWithSigpipeIgnoredAndOutputNotEndingInANewlineGivesTheReason() {
    // coreutils' stdout is line-buffered: output after the last newline (-z) is still buffered when
    // it exits, and that last write's error is the one it names
    Run r = headOf("-Dfastio.cli.sigpipe=ignored", "md5sum -z -r many");
    assertEquals("1\n", r.out());
    assertEquals("md5sum: write error: Broken pipe\n", r.err());
  }

  /**
   * A write error other than a closed pipe does not end the run: as coreutils, the command goes on
   * to the end (its other messages and exit status) and then prints {@code PROG: write error}, with
   * the reason only where coreutils' last write failed: output not ending in a newline ({@code -z})
   * is still buffered when coreutils exits. A closed standard output: ClosedStreamsTest.
   */
  @Test
  void writeErrorsAreReportedAtTheEndAsByCoreutils() {
    assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full");
    String[][] cases = {
      {"md5sum small", "> /dev/full", "md5sum: write error\n"},
      {"sha256sum -r many", "> /dev/full", "sha256sum: write error\n"},
      {"md5sum -z small", "> /dev/full", "md5sum: write error: No space left on device\n"},
      {
        "md5sum small nonexistent small",
        "> /dev/full",
        "md5sum: nonexistent: No such file or directory\nmd5sum: write error\n"
      },
      {
        "md5sum -c check.md5",
        "> /dev/full",
        "md5sum: WARNING: 1 computed checksum did NOT match\nmd5sum: write error\n"
      },
      {"md5sum small", "1< small", "md5sum: write error\n"}, // open, but not for writing
    };
    for (String[] c : cases) {
      Processes.assertAsCoreutils(dir, c[0], c[1], "", c[2], 1);
    }
  }
}
