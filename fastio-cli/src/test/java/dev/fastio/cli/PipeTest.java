package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
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
 * error} and exit 1. "At once" is shown without a stopwatch: the last operand is a FIFO nobody
 * writes to, so a process that went on hashing after the pipe closed would never end.
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
    Run r = headOf("-Dfastio.cli.sigpipe=ignored", "md5sum -r many fifo");
    assertEquals("1\n", r.out());
    assertEquals("md5sum: write error\n", r.err());
  }

  @Test
  void fullDiskPrintsOneLineAndExits1() throws IOException {
    assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full");
    for (String args :
        new String[] {"md5sum small", "sha256sum -r many fifo", "md5sum -c list.md5"}) {
      Run r =
          Processes.run(dir, List.of("sh", "-c", fastio("", args) + " > /dev/full"), new byte[0]);
      assertEquals("", r.out(), args);
      assertEquals(args.substring(0, args.indexOf(' ')) + ": write error\n", r.err(), args);
      assertEquals(1, r.status(), args);
    }
    if (Processes.hasTool("md5sum")) {
      Run theirs = Processes.run(dir, List.of("sh", "-c", "md5sum small > /dev/full"), new byte[0]);
      assertEquals("md5sum: write error\n" + 1, theirs.err() + theirs.status());
    }
  }
}
