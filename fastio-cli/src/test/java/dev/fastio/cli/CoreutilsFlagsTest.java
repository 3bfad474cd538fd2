package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every GNU flag of md5sum, sha1sum, sha256sum and sha512sum, and every option error, against the
 * installed coreutils (skipped where it is absent): stdout, stderr and exit status byte-identical.
 */
class CoreutilsFlagsTest {
  private static final String[] TOOLS = {"md5sum", "sha1sum", "sha256sum", "sha512sum"};
  private static final String[] FILES = {"a", "with space", "new\nline", "back\\slash", "-dash"};

  @TempDir static Path dir;

  @BeforeAll
  static void files() throws IOException {
    Processes.assumeJar();
    for (String f : FILES) {
      Files.write(dir.resolve(f), ("content of " + f).getBytes(StandardCharsets.UTF_8));
    }
    Files.write(dir.resolve("changed"), "before".getBytes(StandardCharsets.US_ASCII));
    Files.write(dir.resolve("gone"), "gone".getBytes(StandardCharsets.US_ASCII));
    for (String tool : TOOLS) {
      if (!Processes.hasTool(tool)) {
        continue;
      }
      List<String> cmd = new ArrayList<>(List.of(tool, "--", "a", "with space", "new\nline"));
      cmd.addAll(List.of("back\\slash", "-dash", "changed", "gone"));
      Run list = Processes.run(dir, cmd, new byte[0]);
      String withJunk = list.out() + "not a checksum line\n\n# comment\n";
      Files.write(dir.resolve(tool + ".list"), withJunk.getBytes(StandardCharsets.ISO_8859_1));
      Files.write(
          dir.resolve(tool + ".good"),
          Processes.run(dir, List.of(tool, "a"), new byte[0]).stdout());
    }
    Files.write(dir.resolve("changed"), "after".getBytes(StandardCharsets.US_ASCII));
    Files.delete(dir.resolve("gone"));
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    String[][] computing = {
      {},
      {"-b"},
      {"--binary"},
      {"-t"},
      {"--text"},
      {"--tag"},
      {"-z"},
      {"--zero"},
      {"--tag", "-z"},
      {"-t", "--tag"},
      {"-bz"},
      {"--bin"},
      {"--"},
    };
    for (String[] c : computing) {
      List<String> args = new ArrayList<>(List.of(c));
      if (!args.contains("--")) {
        args.add("--");
      }
      args.addAll(List.of("a", "with space", "new\nline", "back\\slash", "-dash", "missing", "-"));
      all.add(Arguments.of(args, ""));
    }
    String[][] checking = {
      {"-c"},
      {"--check"},
      {"-c", "--quiet"},
      {"-c", "--status"},
      {"-c", "--strict"},
      {"-c", "-w"},
      {"-c", "--warn"},
      {"-c", "--ignore-missing"},
      {"-cw"},
      {"-c", "--quiet", "--status"},
      {"-c", "--status", "--quiet"},
      {"-c", "--status", "-w"},
      {"-c", "--stat"},
      {"-c", "--qu"},
      {"-c", "--ignore-missing", "--quiet"},
    };
    for (String[] c : checking) {
      List<String> args = new ArrayList<>(List.of(c));
      args.add("TOOL.list");
      all.add(Arguments.of(args, ""));
    }
    all.add(Arguments.of(List.of("-c", "TOOL.good", "TOOL.list"), ""));
    all.add(Arguments.of(List.of("-c", "-"), "TOOL.good"));
    all.add(Arguments.of(List.of("-c", "no-such-list"), ""));
    all.add(Arguments.of(List.of("-c", "a"), ""));
    String[][] errors = {
      {"-q"},
      {"--bogus"},
      {"--bogus=3"},
      {"-x", "--bogus"},
      {"--bogus", "-x"},
      {"--s"},
      {"--s=1"},
      {"--tag=1"},
      {"--ta=1"},
      {"--help=x"},
      {"--quiet", "a"},
      {"--status", "a"},
      {"--strict", "a"},
      {"-w", "a"},
      {"--warn", "a"},
      {"--ignore-missing", "a"},
      {"--quiet", "--status", "a"},
      {"--status", "--quiet", "a"},
      {"-c", "--tag", "x"},
      {"-c", "-z", "x"},
      {"-c", "-b", "x"},
      {"-c", "-t", "x"},
      {"--tag", "-t", "a"},
      {"--tag", "-b", "-t", "a"},
      {"-c", "--tag", "-z", "x"},
      {"-c", "-b", "--tag"},
      {"-cq"},
    };
    for (String[] c : errors) {
      all.add(Arguments.of(List.of(c), ""));
    }
    List<Arguments> perTool = new ArrayList<>();
    for (String tool : TOOLS) {
      for (Arguments a : all) {
        perTool.add(Arguments.of(tool, a.get()[0], a.get()[1]));
      }
    }
    return perTool.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void sameAsCoreutils(String tool, List<String> args, String stdinFile) throws IOException {
    Processes.assumeTool(tool);
    List<String> a = new ArrayList<>();
    for (String s : args) {
      a.add(s.replace("TOOL", tool));
    }
    byte[] stdin =
        stdinFile.isEmpty()
            ? "standard input\n".getBytes(StandardCharsets.US_ASCII)
            : Files.readAllBytes(dir.resolve(stdinFile.replace("TOOL", tool)));
    List<String> theirs = new ArrayList<>(List.of(tool));
    theirs.addAll(a);
    List<String> ours = new ArrayList<>(List.of(tool));
    ours.addAll(a);
    Run expected = Processes.run(dir, theirs, stdin);
    Run actual =
        Processes.run(dir, Processes.fastioCommand(List.of(), ours.toArray(new String[0])), stdin);
    assertEquals(expected.out(), actual.out(), "stdout");
    assertEquals(expected.err(), actual.err(), "stderr");
    assertEquals(expected.status(), actual.status(), "exit status");
  }
}
