package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the packaged {@code fastio.jar} (on the JDK of the surefire execution) against the system's
 * coreutils over generated trees: stdout, stderr and exit status must be byte-identical, and each
 * tool must accept the other's checksum files.
 */
class CliEndToEndTest {
  @TempDir static Path tree;

  /** Names with spaces, newlines, backslashes, carriage returns, quotes; sizes from 0 to 5 MiB. */
  @BeforeAll
  static void makeTree() throws IOException {
    Processes.assumeJar();
    SplittableRandom r = new SplittableRandom(6);
    Path root = tree.resolve("root");
    // One level holds only files with odd names (no subdirectories), so the name order of fastio's
    // walk and `sort -z` of find's full paths agree everywhere.
    Path odd = Files.createDirectories(root.resolve("a-odd"));
    String[] names = {
      "plain",
      "with space",
      "new\nline",
      "back\\slash",
      "both\\and\nnewline",
      "cr\rname",
      "tab\tname",
      "it's",
      "dollar$x",
      "colon:x",
      "ünïcode",
      "-dash",
      "*star",
      " lead",
      "trail "
    };
    int i = 0;
    boolean utf8 = "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding"));
    for (String n : names) {
      if (!utf8 && n.chars().anyMatch(c -> c > 127)) {
        continue; // this JVM cannot name the file (C/POSIX locale)
      }
      write(odd.resolve(n), r, i++ * 97);
    }
    Path sizes = Files.createDirectories(root.resolve("b-sizes"));
    int[] lengths = {0, 0, 1, 4095, 4096, 4097, 65535, 65536, 65537, 1048575, 1048576, 1048577};
    for (int k = 0; k < lengths.length; k++) {
      write(sizes.resolve("s" + k), r, lengths[k]);
    }
    write(root.resolve("c-large"), r, 5 * 1024 * 1024 + 7);
    Path deep = Files.createDirectories(root.resolve("d-deep/e/f/g"));
    write(deep.resolve("leaf"), r, 10);
    Files.createDirectories(root.resolve("e-empty-dir"));
    for (int k = 0; k < 60; k++) { // enough small files to finish out of order
      write(root.resolve(String.format("f-many/m%03d", k)), r, r.nextInt(30_000));
    }
  }

  private static void write(Path p, SplittableRandom r, int size) throws IOException {
    Files.createDirectories(p.getParent());
    byte[] b = new byte[size];
    r.nextBytes(b);
    Files.write(p, b);
  }

  @ParameterizedTest
  @ValueSource(strings = {"md5sum", "sha1sum", "sha256sum", "sha512sum"})
  void recursiveOutputIsIdenticalToCoreutils(String tool) {
    assumeTool(tool);
    Run ours = fastio(tool, "-r", "root");
    Run theirs = sh("find root -type f -print0 | LC_ALL=C sort -z | xargs -0 " + tool);
    assertEquals(0, theirs.status(), theirs.err());
    assertEquals(theirs.out(), ours.out());
    assertEquals("", ours.err());
    assertEquals(0, ours.status());
    assertTrue(ours.out().contains("/new\\nline\n"), "escaped name");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PARALLEL", "SEQUENTIAL"})
  void everyPipelineAndThreadCountGivesTheSameOutput(String reading) {
    assumeTool("md5sum");
    String expected = sh("find root -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum").out();
    for (String threads : new String[] {"1", "3"}) {
      Run ours = fastio("md5sum", "-r", "--reading", reading, "--threads", threads, "root");
      assertEquals(expected, ours.out(), reading + " " + threads);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"md5sum", "sha256sum"})
  void eachToolAcceptsTheOthersChecksumFile(String tool) throws IOException {
    assumeTool(tool);
    Files.write(tree.resolve(tool + ".ours"), fastio(tool, "-r", "root").stdout());
    Files.write(
        tree.resolve(tool + ".theirs"),
        sh("find root -type f -print0 | LC_ALL=C sort -z | xargs -0 " + tool).stdout());
    Run theirCheck = run(List.of(tool, "-c", tool + ".ours"));
    assertEquals(0, theirCheck.status(), theirCheck.err());
    Run ourCheck = fastio(tool, "-c", tool + ".theirs");
    assertEquals(0, ourCheck.status(), ourCheck.err());
    assertEquals(theirCheck.out(), ourCheck.out());
    assertTrue(ourCheck.out().contains("root/a-odd/with space: OK\n"));
  }

  @Test
  void checkFailuresMatchCoreutils() throws IOException {
    assumeTool("md5sum");
    Path work = Files.createDirectories(tree.resolve("check"));
    Files.write(work.resolve("good"), "good".getBytes(StandardCharsets.US_ASCII));
    Files.write(work.resolve("changed"), "before".getBytes(StandardCharsets.US_ASCII));
    Files.write(work.resolve("vanished"), "soon gone".getBytes(StandardCharsets.US_ASCII));
    Files.write(work.resolve("new\nline"), "nl".getBytes(StandardCharsets.US_ASCII));
    Run sums = fastio("md5sum", "check/good", "check/changed", "check/vanished", "check/new\nline");
    String list =
        sums.out()
            + "garbage line\n"
            + "# a comment\n"
            + "\n"
            + "0123456789abcdef0123456789abcdef  check/missing\n";
    Files.write(tree.resolve("list.md5"), list.getBytes(StandardCharsets.UTF_8));
    Files.write(work.resolve("changed"), "after".getBytes(StandardCharsets.US_ASCII));
    Files.delete(work.resolve("vanished"));
    for (String[] options :
        new String[][] {
          {}, {"--quiet"}, {"--status"}, {"--warn"}, {"--strict"}, {"--ignore-missing"}
        }) {
      List<String> args = new ArrayList<>(List.of("-c"));
      args.addAll(Arrays.asList(options));
      args.add("list.md5");
      assertSame(tool("md5sum", args), "md5sum -c " + String.join(" ", options));
    }
    assertSame(tool("md5sum", List.of("-c", "no-such-list")), "missing list");
    Files.write(tree.resolve("junk.md5"), "junk\n".getBytes(StandardCharsets.US_ASCII));
    assertSame(tool("md5sum", List.of("-c", "junk.md5")), "no properly formatted lines");
  }

  @Test
  void unreadableOperandsAreReportedAndTheRestGoesOn() throws IOException {
    assumeTool("md5sum");
    Path links = Files.createDirectories(tree.resolve("links"));
    Files.createSymbolicLink(links.resolve("dangling"), Paths.get("nowhere"));
    Files.createSymbolicLink(links.resolve("loop1"), Paths.get("loop2"));
    Files.createSymbolicLink(links.resolve("loop2"), Paths.get("loop1"));
    assertSame(
        tool(
            "md5sum",
            List.of(
                "root/c-large",
                "links/dangling",
                "missing file",
                "root/b-sizes",
                "links/loop1",
                "root/a-odd/it's",
                "",
                "root/b-sizes/s0")),
        "errors in operands");
  }

  @Test
  void recursiveWalkSkipsFifosAndLinksAndNeverHangs() throws Exception {
    assumeTool("md5sum");
    Path special = Files.createDirectories(tree.resolve("special/sub"));
    Files.write(special.resolve("file"), new byte[] {1, 2, 3});
    Process mkfifo = new ProcessBuilder("mkfifo", special.resolve("fifo").toString()).start();
    assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");
    Files.createSymbolicLink(special.resolve("up"), Paths.get(".."));
    Files.createSymbolicLink(special.resolve("dangling"), Paths.get("nowhere"));
    Run ours = fastio("md5sum", "-r", "special");
    Run theirs = sh("find special -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum");
    assertEquals(theirs.out(), ours.out());
    assertEquals(0, ours.status(), ours.err());
    Run follow = fastio("md5sum", "-r", "-L", "special");
    assertEquals(1, follow.status(), "a loop is an error");
    assertTrue(follow.err().contains("special/sub/up: File system loop detected"), follow.err());
    assertTrue(follow.out().contains("  special/sub/file\n"), follow.out());
  }

  @Test
  void standardInputAndTagAndZero() {
    assumeTool("md5sum");
    byte[] input = "hello\n".getBytes(StandardCharsets.US_ASCII);
    assertEquals(run(List.of("md5sum"), input).out(), fastio(input, "md5sum").out());
    assertEquals(
        run(List.of("md5sum", "-", "root/b-sizes/s2"), input).out(),
        fastio(input, "md5sum", "-", "root/b-sizes/s2").out());
    for (String option : new String[] {"--tag", "-z", "-b"}) {
      assertSame(
          tool("md5sum", List.of(option, "root/a-odd/new\nline", "root/a-odd/plain")), option);
    }
  }

  @Test
  void progressGoesToStderrOnlyWhenAskedAndStdoutStaysClean() {
    Run quiet = fastio("md5sum", "-r", "root");
    Run shown =
        fastioWith(
            List.of("-Dfastio.cli.progressDelayMillis=0"), "md5sum", "-r", "--progress", "root");
    assertEquals(quiet.out(), shown.out());
    assertEquals("", quiet.err());
    assertTrue(shown.err().contains("md5sum"), shown.err());
    assertTrue(shown.err().contains("files"), shown.err());
  }

  /**
   * The command line itself: help and version exit 0 on stdout; a missing or unknown command exits
   * 1 with a short message (the option errors are compared with coreutils in {@link
   * CoreutilsFlagsTest}).
   */
  @Test
  void helpVersionAndCommandErrors() {
    Run help = fastio("md5sum", "--help");
    assertEquals(0, help.status(), help.err());
    for (String option :
        List.of(
            "--recursive",
            "--follow-symlinks",
            "--check",
            "--binary",
            "--text",
            "--tag",
            "--zero",
            "--ignore-missing",
            "--quiet",
            "--status",
            "--strict",
            "--warn",
            "--algorithm=NAME",
            "--threads=N",
            "--reading=MODE",
            "--progress",
            "--no-progress",
            "--audit=MANIFEST",
            "--json",
            "--help",
            "--version",
            "[FILE]...")) {
      assertTrue(help.out().contains(option), option + " in:\n" + help.out());
    }
    assertTrue(help.out().startsWith("Usage: fastio md5sum "), help.out());
    Run top = fastio("--help");
    assertEquals(0, top.status(), top.err());
    assertTrue(top.out().contains("sha512sum"), top.out());
    Run version = fastio("sha256sum", "--version");
    assertEquals(0, version.status(), version.err());
    assertTrue(version.out().startsWith("sha256sum (fastio) "), version.out());
    Run none = fastio();
    assertEquals(1, none.status());
    assertEquals(
        "fastio: missing command\nTry 'fastio --help' for more information.\n", none.err());
    Run unknown = fastio("md4sum");
    assertEquals(1, unknown.status());
    assertEquals(
        "fastio: unknown command md4sum\nTry 'fastio --help' for more information.\n",
        unknown.err());
    Run threads = fastio("md5sum", "--threads", "0", "x");
    assertEquals(1, threads.status());
    assertEquals("md5sum: invalid number of threads: '0'\n", threads.err());
    Run reading = fastio("md5sum", "--reading", "SIDEWAYS", "x");
    assertEquals(1, reading.status());
    assertTrue(
        reading.err().startsWith("md5sum: invalid argument 'SIDEWAYS' for '--reading'\n"),
        reading.err());
  }

  // ---------------------------------------------------------------- helpers

  private static void assertSame(Run[] pair, String what) {
    Run ours = pair[0];
    Run theirs = pair[1];
    assertEquals(theirs.out(), ours.out(), what + ": stdout");
    assertEquals(theirs.err(), ours.err(), what + ": stderr");
    assertEquals(theirs.status(), ours.status(), what + ": exit status");
  }

  private static Run[] tool(String tool, List<String> args) {
    List<String> theirs = new ArrayList<>(List.of(tool));
    theirs.addAll(args);
    List<String> ours = new ArrayList<>(List.of(tool));
    ours.addAll(args);
    return new Run[] {fastio(ours.toArray(new String[0])), run(theirs)};
  }

  private static Run fastio(String... args) {
    return fastio(new byte[0], args);
  }

  private static Run fastio(byte[] stdin, String... args) {
    return Processes.run(tree, Processes.fastioCommand(List.of(), args), stdin);
  }

  private static Run fastioWith(List<String> jvmArgs, String... args) {
    return Processes.run(tree, Processes.fastioCommand(jvmArgs, args), new byte[0]);
  }

  private static void assumeTool(String tool) {
    Processes.assumeTool(tool);
  }

  private static Run sh(String script) {
    return Processes.sh(tree, script);
  }

  private static Run run(List<String> cmd) {
    return Processes.run(tree, cmd, new byte[0]);
  }

  private static Run run(List<String> cmd, byte[] stdin) {
    return Processes.run(tree, cmd, stdin);
  }
}
