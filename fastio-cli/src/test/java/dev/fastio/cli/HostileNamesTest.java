package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Names as bytes and checksum lines as coreutils reads them: each case is a bash script run twice
 * in a fresh directory, once with {@code sum} the fastio command and once with the oracle
 * (coreutils' {@code md5sum}, or for {@code -r} {@code find | sort | xargs md5sum}); standard
 * output, standard error and the exit status must be byte-identical. Names hold bytes that are not
 * UTF-8, NUL bytes sit in checksum lines, in a UTF-8 and in the C locale.
 */
class HostileNamesTest {
  private static final String A = "0cc175b9c0f1b6a831c399e269772661";

  /** Names that are not valid UTF-8, or not printable, or printable only in a UTF-8 locale. */
  private static final String ODD_NAMES =
      "$'nope\\xff' $'n\\xc3\\xa9' $'n\\xff\\xc3\\xa9 x' $'x\\xe2\\x80\\xa8' $'x\\xc2\\x85'"
          + " $'x\\xee\\x80\\x80' $'x\\xcd\\xb8' $'x\\xed\\xa0\\x80' $'x\\xe0\\x80\\x80'"
          + " $'x\\xf0\\x9f\\x98\\x80' $'x\\xef\\xbb\\xbf'";

  @TempDir static Path root;
  private static int runs;

  @BeforeAll
  static void jar() {
    Processes.assumeJar();
    Processes.assumeTool("md5sum");
  }

  /** One case: the script, with {@code sum} run as fastio; the oracle's script if it differs. */
  record Case(String name, String script, String oracle) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case same(String name, String script) {
    return new Case(name, script, script);
  }

  static Stream<Case> cases() {
    String walkSetup =
        "mkdir d; printf 1 >d/a; printf 2 >$'d/b\\xff'; printf 3 >$'d/\\xc3\\xa9';"
            + " mkdir $'d/s\\xfe'; printf 4 >$'d/s\\xfe/x'; printf 5 >$'d/z\\n\\xff';";
    String oracleWalk = "find d -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum";
    String nulLines =
        String.join(
            " ",
            "'MD5 () = " + A + "\\n'",
            "'" + A + "  \\0a\\n'",
            "'" + A + "  a\\0junk\\n'",
            "'" + A + " a\\0junk\\n'",
            "'" + A + "\\t\\0a\\n'",
            "'MD5 (a\\0junk) = " + A + "\\n'",
            "'MD5 (a) = " + A + "\\0junk\\n'",
            "'MD5 (a)\\0 = " + A + "\\n'",
            "'\\\\MD5 (a\\0) = " + A + "\\n'",
            "'\\\\" + A + "  a\\0\\\\n\\n'",
            "'" + A + "\\0  a\\n'",
            "'\\0" + A + "  a\\n'",
            "'" + A + "  a\\0\\r\\n'",
            "'" + A + "  \\n'",
            "'" + A + " *\\n'");
    return Stream.of(
        new Case(
            "a tree with names that are not UTF-8",
            walkSetup + " sum -r d",
            walkSetup + oracleWalk),
        new Case(
            "the same in the C locale",
            "export LC_ALL=C; " + walkSetup + " sum -r d",
            "export LC_ALL=C; " + walkSetup + oracleWalk),
        same(
            "a checksum file naming a file that is not UTF-8",
            "printf 2 >$'b\\xff'; md5sum $'b\\xff' $'n\\xc3\\xa9' >k 2>/dev/null;"
                + " printf '"
                + A
                + "  nope\\xff\\n' >>k; sum -c k"),
        same("missing files with odd names", "sum " + ODD_NAMES),
        same("missing files with odd names, C locale", "export LC_ALL=C; sum " + ODD_NAMES),
        same(
            "files with odd names",
            "for n in "
                + ODD_NAMES
                + "; do printf a >\"$n\"; done; sum "
                + ODD_NAMES
                + " && sum "
                + ODD_NAMES
                + " | sum -c"),
        same(
            "NUL bytes in checksum lines",
            "printf a >a; for c in "
                + nulLines
                + "; do printf \"$c\" >k;"
                + " sum -c k; echo \"status $?\"; sum -c - <k; echo \"status $?\"; done"),
        same(
            "a checksum file that is a directory, or cannot be opened",
            "mkdir dir; sum -c dir; echo \"status $?\"; sum -c - <dir; echo \"status $?\";"
                + " sum -c missing"),
        same(
            "an entry naming standard input",
            "printf '" + A + "  -\\n' >k; printf a | sum -c k; echo \"status $?\"; sum -c - <k"),
        same(
            "operands ending in a slash",
            "printf a >a; mkdir q; sum a/ q/ q ./q/../a; echo \"status $?\"; sum -c - <<EOF\n"
                + A
                + "  a/\n"
                + A
                + "  ./q/../a\nEOF"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void matchesCoreutils(Case c) throws IOException {
    Run want = bash(c.oracle(), "sum() { md5sum \"$@\"; }");
    Run got = bash(c.script(), "sum() { " + Processes.fastioShell("", "md5sum") + " \"$@\"; }");
    assertEquals(want.out(), got.out(), c.name() + ": stdout");
    assertEquals(want.err(), got.err(), c.name() + ": stderr");
    assertEquals(want.status(), got.status(), c.name() + ": status");
  }

  @Test
  void aSymbolicLinkLoopIsAnErrorWithL() throws IOException {
    Run r =
        bash(
            "mkdir r; printf 1 >r/f; ln -s l r/l; mkdir -p r/x; ln -s .. r/x/up; sum -r -L r",
            "sum() { " + Processes.fastioShell("", "md5sum") + " \"$@\"; }");
    assertEquals("c4ca4238a0b923820dcc509a6f75849b  r/f\n", r.out());
    assertEquals(
        """
        md5sum: r/l: Too many levels of symbolic links
        md5sum: r/x/up: File system loop detected
        """,
        r.err());
    assertEquals(1, r.status());
  }

  private static Run bash(String script, String function) throws IOException {
    Path dir = Files.createDirectory(root.resolve("run" + runs++));
    return Processes.run(
        dir, java.util.List.of("bash", "-c", function + "\n" + script), new byte[0]);
  }
}
