package dev.fastio.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Standard input, output or error closed by the caller ({@code <&-}, {@code >&-}, {@code 2>&-}):
 * the command finds them closed as coreutils does, whatever file the JVM opened on the free
 * descriptor (through {@code bin/fastio}, and through {@code java -jar} where the execution runs
 * the jar). Reading a closed standard input fails with {@code Bad file descriptor}, then once more
 * as coreutils closes it; writing to a closed standard output is {@code PROG: write error: Bad file
 * descriptor} at the end; with standard error closed messages are lost and the exit status stays.
 */
class ClosedStreamsTest {
  private static final String SMALL = "9dd4e461268c8034f5c8564e155c67a6  small\n";
  private static final String STDIN_CLOSED = "md5sum: standard input: Bad file descriptor\n";

  @TempDir static Path dir;

  @BeforeAll
  static void files() throws IOException {
    Processes.assumeJar();
    Files.write(dir.resolve("small"), "x".getBytes(StandardCharsets.US_ASCII));
    Files.write(
        dir.resolve("check.md5"),
        (SMALL + "0123456789abcdef0123456789abcdef  small\n").getBytes(StandardCharsets.US_ASCII));
  }

  private static void assertAsCoreutils(
      String args, String redirections, String out, String err, int status) {
    Processes.assertAsCoreutils(dir, args, redirections, out, err, status);
  }

  @Test
  void closedStandardInputIsABadDescriptorWhenRead() {
    assertAsCoreutils("md5sum", "<&-", "", "md5sum: -: Bad file descriptor\n" + STDIN_CLOSED, 1);
    assertAsCoreutils(
        "md5sum small - small",
        "<&-",
        SMALL + SMALL,
        "md5sum: -: Bad file descriptor\n" + STDIN_CLOSED,
        1);
    assertAsCoreutils(
        "md5sum - -",
        "<&-",
        "",
        "md5sum: -: Bad file descriptor\nmd5sum: -: Bad file descriptor\n" + STDIN_CLOSED,
        1);
    assertAsCoreutils("md5sum small", "<&-", SMALL, "", 0); // not read: no error
  }

  @Test
  void checkingAClosedStandardInputIsAReadError() {
    String err = "md5sum: 'standard input': read error\n" + STDIN_CLOSED;
    assertAsCoreutils("md5sum -c", "<&-", "", err, 1);
    assertAsCoreutils("md5sum -c -", "<&-", "", err, 1);
    assertAsCoreutils("md5sum -c --status -", "<&-", "", err, 1);
    assertAsCoreutils("md5sum -c .", "", "", "md5sum: .: read error\n", 1); // opened, not read
  }

  @Test
  void closedStandardOutputIsABadDescriptorOnceWrittenTo() {
    String bad = "md5sum: write error: Bad file descriptor\n";
    String mismatch = "md5sum: WARNING: 1 computed checksum did NOT match\n";
    assertAsCoreutils("md5sum small", ">&-", "", bad, 1);
    assertAsCoreutils("md5sum -z small", ">&-", "", bad, 1);
    assertAsCoreutils("md5sum --help", ">&-", "", bad, 1);
    assertAsCoreutils("md5sum -c --quiet check.md5", ">&-", "", mismatch + bad, 1);
    // nothing written, nothing to report
    assertAsCoreutils(
        "md5sum nonexistent", ">&-", "", "md5sum: nonexistent: No such file or directory\n", 1);
    assertAsCoreutils("md5sum -c --status check.md5", ">&-", "", "", 1);
  }

  @Test
  void closedStandardErrorLosesTheMessagesButNotTheStatus() {
    assertAsCoreutils("md5sum small", "2>&-", SMALL, "", 0);
    assertAsCoreutils("md5sum small nonexistent", "2>&-", SMALL, "", 1);
    assertAsCoreutils("md5sum -", "<&- 2>&-", "", "", 1);
    assertAsCoreutils("md5sum small", "<&- >&- 2>&-", "", "", 1);
  }
}
