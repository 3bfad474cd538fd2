package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cases of GNU coreutils' own md5sum and sha*sum suites (tests/cksum/md5sum.pl, sha1sum.pl,
 * sha256sum.pl, sha512sum.pl), written anew here: files, arguments, and the expected stdout, stderr
 * and exit status. Each case runs in a fresh directory.
 */
class GnuSuiteTest {
  private static final String EMPTY = "d41d8cd98f00b204e9800998ecf8427e";
  private static final String TRY = "Try 'md5sum --help' for more information.\n";

  @TempDir static Path root;

  @BeforeAll
  static void jar() {
    Processes.assumeJar();
  }

  /** One case: files to create, the command line, expectations. */
  record Case(
      String name,
      Map<String, String> files,
      List<String> args,
      String out,
      String err,
      int status) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case ok(String name, Map<String, String> files, String args, String out) {
    return new Case(name, files, List.of(args.split(" ")), out, "", 0);
  }

  static Stream<Case> md5sum() {
    String a = "0cc175b9c0f1b6a831c399e269772661";
    return Stream.of(
        ok("1", Map.of("f", ""), "md5sum --text f", EMPTY + "  f\n"),
        ok("2", Map.of("f", "a"), "md5sum --text f", a + "  f\n"),
        ok("3", Map.of("f", "abc"), "md5sum --text f", "900150983cd24fb0d6963f7d28e17f72  f\n"),
        ok(
            "4",
            Map.of("f", "message digest"),
            "md5sum --text f",
            "f96b697d7cb7938d525a2f31aaf161d0  f\n"),
        ok(
            "5",
            Map.of("f", "abcdefghijklmnopqrstuvwxyz"),
            "md5sum --text f",
            "c3fcd3d76192e4007dfb496cca67e13b  f\n"),
        ok(
            "7",
            Map.of("f", "1234567890".repeat(8)),
            "md5sum --text f",
            "57edf4a22be3c955ac49da2e2107b67a  f\n"),
        ok(
            "backslash-1",
            Map.of(".\nfoo", ""),
            "md5sum --text .\nfoo",
            "\\" + EMPTY + "  .\\nfoo\n"),
        ok(
            "backslash-2",
            Map.of(".\\foo", ""),
            "md5sum --text .\\foo",
            "\\" + EMPTY + "  .\\\\foo\n"),
        ok(
            "backslash-3",
            Map.of(".\rfoo", ""),
            "md5sum --text .\rfoo",
            "\\" + EMPTY + "  .\\rfoo\n"),
        ok("check-1", Map.of("f", "", "f.md5", EMPTY + "  f\n"), "md5sum --check f.md5", "f: OK\n"),
        ok(
            "check-windows",
            Map.of("f", "", "f.md5", EMPTY + "  f\r\n"),
            "md5sum --check f.md5",
            "f: OK\n"),
        ok(
            "ck-strict-1",
            Map.of("f", "", "f.md5", EMPTY + "  f\n\n"),
            "md5sum --check --strict f.md5",
            "f: OK\n"),
        new Case(
            "ck-strict-2",
            Map.of("f", "", "in.md5", "ERR\n" + EMPTY + "  f\n"),
            List.of("md5sum", "--check", "--strict", "in.md5"),
            "f: OK\n",
            "md5sum: WARNING: 1 line is improperly formatted\n",
            1),
        new Case(
            "check-2",
            Map.of("f", "foo", "f.md5", EMPTY + "  f\n"),
            List.of("md5sum", "--check", "--status", "f.md5"),
            "",
            "",
            1),
        ok(
            "check-quiet1",
            Map.of("f", "", "f.md5", EMPTY + "  f\n"),
            "md5sum --check --quiet f.md5",
            ""),
        new Case(
            "check-quiet2",
            Map.of("f", "foo", "f.md5", EMPTY + "  f\n"),
            List.of("md5sum", "--check", "--quiet", "f.md5"),
            "f: FAILED\n",
            "md5sum: WARNING: 1 computed checksum did NOT match\n",
            1),
        new Case(
            "check-multifail",
            Map.of("f", "foo", "f.md5", EMPTY + "  f\n" + EMPTY + "  f\ninvalid\n"),
            List.of("md5sum", "--check", "f.md5"),
            "f: FAILED\nf: FAILED\n",
            """
            md5sum: WARNING: 1 line is improperly formatted
            md5sum: WARNING: 2 computed checksums did NOT match
            """,
            1),
        new Case(
            "check-multifail-warn",
            Map.of("f", "foo", "f.md5", EMPTY + "  f\n" + EMPTY + "  f\ninvalid\n"),
            List.of("md5sum", "--check", "--warn", "f.md5"),
            "f: FAILED\nf: FAILED\n",
            """
            md5sum: f.md5: 3: improperly formatted MD5 checksum line
            md5sum: WARNING: 1 line is improperly formatted
            md5sum: WARNING: 2 computed checksums did NOT match
            """,
            1),
        new Case(
            "check-multifail-state",
            Map.of("f", "", "g", "a", "f.md5", EMPTY + "  f\n" + EMPTY + "  g\n" + EMPTY + "  f\n"),
            List.of("md5sum", "--check", "--warn", "f.md5"),
            "f: OK\ng: FAILED\nf: OK\n",
            "md5sum: WARNING: 1 computed checksum did NOT match\n",
            1),
        new Case(
            "check-bsd",
            Map.of("f", "", "f.sha1", "SHA1 (f) = " + EMPTY + "\n"),
            List.of("md5sum", "--check", "f.sha1"),
            "",
            "md5sum: f.sha1: no properly formatted checksum lines found\n",
            1),
        ok(
            "check-bsd2",
            Map.of("f", "", "f.md5", "MD5 (f) = " + EMPTY + "\n"),
            "md5sum --check f.md5",
            "f: OK\n"),
        new Case(
            "check-bsd3",
            Map.of("f", "bar", "f.md5", "MD5 (f) = " + EMPTY + "\n"),
            List.of("md5sum", "--check", "--status", "f.md5"),
            "",
            "",
            1),
        new Case(
            "check-openssl",
            Map.of("f", "", "f.sha1", "SHA1(f)= " + EMPTY + "\n"),
            List.of("md5sum", "--check", "f.sha1"),
            "",
            "md5sum: f.sha1: no properly formatted checksum lines found\n",
            1),
        ok(
            "check-openssl2",
            Map.of("f", "", "f.md5", "MD5(f)= " + EMPTY + "\n"),
            "md5sum --check f.md5",
            "f: OK\n"),
        ok(
            "check-ignore-missing-1",
            Map.of("f", "", "f.md5", EMPTY + "  f\n" + EMPTY + "  f.missing\n"),
            "md5sum --check --ignore-missing f.md5",
            "f: OK\n"),
        ok(
            "check-ignore-missing-3",
            Map.of("f", "", "f.md5", EMPTY + "  missing/f\n" + EMPTY + "  f\n"),
            "md5sum --check --quiet --ignore-missing f.md5",
            ""),
        new Case(
            "check-ignore-missing-4",
            Map.of("f", ""),
            List.of("md5sum", "--text", "--ignore-missing", "f"),
            "",
            "md5sum: the --ignore-missing option is meaningful only when verifying checksums\n"
                + TRY,
            1),
        new Case(
            "check-ignore-missing-5",
            Map.of("f", "", "f.md5", EMPTY + "  missing\n"),
            List.of("md5sum", "--check", "--ignore-missing", "f.md5"),
            "",
            "md5sum: f.md5: no file was verified\n",
            1),
        ok(
            "check-ignore-missing-6",
            Map.of("f", "9t", "f.md5", "006999e6df389641adf1fa3a74801d9d  f\n"),
            "md5sum --check --ignore-missing f.md5",
            "f: OK\n"),
        new Case(
            "bsd-segv",
            Map.of("z", "MD5 ("),
            List.of("md5sum", "--check", "z"),
            "",
            "md5sum: z: no properly formatted checksum lines found\n",
            1),
        new Case(
            "nul-in-cksum",
            Map.of("h", "\0".repeat(32) + "  h\n"),
            List.of("md5sum", "--check", "h"),
            "",
            "md5sum: h: no properly formatted checksum lines found\n",
            1),
        // the standard vectors of sha1sum.pl, sha256sum.pl and sha512sum.pl
        ok(
            "sha1-abc",
            Map.of("f", "abc"),
            "sha1sum --text f",
            "a9993e364706816aba3e25717850c26c9cd0d89d  f\n"),
        ok(
            "sha256-abc",
            Map.of("f", "abc"),
            "sha256sum --text f",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  f\n"),
        ok(
            "sha512-abc",
            Map.of("f", "abc"),
            "sha512sum --text f",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  f\n"),
        new Case(
            "sha1-bsd-check",
            Map.of("f", "", "f.sha1", "SHA1 (f) = da39a3ee5e6b4b0d3255bfef95601890afd80709\n"),
            List.of("sha1sum", "--check", "f.sha1"),
            "f: OK\n",
            "",
            0));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("md5sum")
  void asGnuExpects(Case c) throws IOException {
    Path dir = Files.createTempDirectory(root, "case");
    for (Map.Entry<String, String> f : c.files().entrySet()) {
      Files.write(dir.resolve(f.getKey()), f.getValue().getBytes(StandardCharsets.UTF_8));
    }
    Run ours =
        Processes.run(
            dir, Processes.fastioCommand(List.of(), c.args().toArray(new String[0])), new byte[0]);
    assertEquals(c.out(), ours.out(), "stdout");
    assertEquals(c.err(), ours.err(), "stderr");
    assertEquals(c.status(), ours.status(), "exit status");
    if (Processes.hasTool(c.args().get(0))) { // the port itself, checked against coreutils
      Run theirs = Processes.run(dir, new ArrayList<>(c.args()), new byte[0]);
      assertEquals(c.out() + c.err() + c.status(), theirs.out() + theirs.err() + theirs.status());
    }
  }
}
