package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * {@code --audit}: a tree with a file of each kind (unchanged, changed, missing, new, moved), named
 * with spaces, newlines, backslashes and leading dashes, against the manifest the command wrote
 * before.
 */
class AuditTest {
  @TempDir static Path dir;

  private static Run fastio(String... args) {
    return Processes.run(dir, Processes.fastioCommand(List.of(), args), new byte[0]);
  }

  private static void write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.write(p, content.getBytes(StandardCharsets.UTF_8));
  }

  @BeforeAll
  static void manifestThenChanges() throws IOException {
    Processes.assumeJar();
    write("photos/same", "same");
    write("photos/with space", "space");
    write("photos/-dash", "dash");
    write("photos/changed\nname", "before");
    write("photos/gone\\name", "gone");
    write("photos/old/moved one", "moved");
    write("photos/other", "other");
    Run manifest = fastio("md5sum", "-r", "photos");
    assertEquals(0, manifest.status(), manifest.err());
    Files.write(dir.resolve("photos.md5"), manifest.stdout());
    Files.write(
        dir.resolve("dot.md5"),
        Processes.run(
                dir.resolve("photos"),
                Processes.fastioCommand(List.of(), "md5sum", "-r", "."),
                new byte[0])
            .stdout());
    write("photos/changed\nname", "after");
    Files.delete(dir.resolve("photos/gone\\name"));
    write("photos/new/moved\\one", "moved");
    Files.delete(dir.resolve("photos/old/moved one"));
    write("photos/-new", "new");
    write("photos/other copy", "other"); // a copy of a file still in place: new
  }

  private static final String REPORT =
      """
      photos/-new: NEW
      \\photos/changed\\nname: CHANGED
      \\photos/gone\\\\name: MISSING
      \\photos/new/moved\\\\one: MOVED from photos/old/moved one
      photos/other copy: NEW
      audit: 4 matched, 1 changed, 1 missing, 2 new, 1 moved, 0 unreadable
      """;

  @Test
  void reportsEachKindInByteOrderWithAStatusThatTellsWhich() {
    Run r = fastio("md5sum", "--audit", "photos.md5", "photos");
    assertEquals(REPORT, r.out());
    assertEquals("", r.err());
    assertEquals(Audit.CHANGED | Audit.MISSING | Audit.NEW | Audit.MOVED, r.status());
  }

  @Test
  void namesWithoutTheLeadingDotSlashMatchAndTheDefaultTreeIsTheCurrentDirectory() {
    Run r =
        Processes.run(
            dir.resolve("photos"),
            Processes.fastioCommand(List.of(), "md5sum", "--audit=../dot.md5"),
            new byte[0]);
    assertEquals(REPORT.replace("photos/", ""), r.out());
    assertEquals(30, r.status());
  }

  @Test
  void quietPrintsTheSummaryOnlyAndStatusNothing() {
    Run quiet = fastio("md5sum", "--audit", "photos.md5", "--quiet", "photos");
    assertEquals(
        "audit: 4 matched, 1 changed, 1 missing, 2 new, 1 moved, 0 unreadable\n", quiet.out());
    Run status = fastio("md5sum", "--audit", "photos.md5", "--status", "photos");
    assertEquals("", status.out() + status.err());
    assertEquals(30, status.status());
  }

  @Test
  void jsonForScripts() {
    Run r = fastio("md5sum", "--audit", "photos.md5", "--json", "photos");
    String expected =
        "{\"manifest\": \"photos.md5\", \"algorithm\": \"MD5\",\n"
            + " \"summary\": {\"matched\": 4, \"changed\": 1, \"missing\": 1, \"new\": 2,"
            + " \"moved\": 1, \"unreadable\": 0},\n"
            + " \"files\": [\n"
            + "  {\"status\": \"new\", \"path\": \"photos/-new\", \"actual\": \""
            + md5("new")
            + "\"},\n"
            + "  {\"status\": \"changed\", \"path\": \"photos/changed\\nname\", \"expected\": \""
            + md5("before")
            + "\", \"actual\": \""
            + md5("after")
            + "\"},\n"
            + "  {\"status\": \"missing\", \"path\": \"photos/gone\\\\name\", \"expected\": \""
            + md5("gone")
            + "\"},\n"
            + "  {\"status\": \"moved\", \"path\": \"photos/new/moved\\\\one\", \"from\":"
            + " \"photos/old/moved one\", \"digest\": \""
            + md5("moved")
            + "\"},\n"
            + "  {\"status\": \"new\", \"path\": \"photos/other copy\", \"actual\": \""
            + md5("other")
            + "\"}\n"
            + " ]}\n";
    assertEquals(expected, r.out());
    assertEquals(30, r.status());
  }

  @Test
  void aSubtreeIsAuditedAgainstTheWholeManifest() {
    Run r = fastio("md5sum", "--audit", "photos.md5", "photos/new", "photos/-dash");
    assertEquals(
        """
        \\photos/new/moved\\\\one: NEW
        audit: 1 matched, 0 changed, 0 missing, 1 new, 0 moved, 0 unreadable
        """,
        r.out());
    assertEquals(Audit.NEW, r.status());
  }

  @Test
  void anUnchangedTreeExits0AndAnUnreadableManifestExits1() throws IOException {
    Files.write(dir.resolve("same.md5"), fastio("md5sum", "-r", "photos").stdout());
    Run same = fastio("md5sum", "--audit", "same.md5", "photos");
    assertEquals(
        "audit: 8 matched, 0 changed, 0 missing, 0 new, 0 moved, 0 unreadable\n", same.out());
    assertEquals(0, same.status());
    Run none = fastio("md5sum", "--audit", "no-such.md5", "photos");
    assertEquals("md5sum: no-such.md5: No such file or directory\n", none.err());
    assertEquals(Audit.TROUBLE, none.status());
    Run misplaced = fastio("md5sum", "--json", "photos");
    assertEquals(
        """
        md5sum: the --json option is meaningful only with --audit
        Try 'md5sum --help' for more information.
        """,
        misplaced.err());
  }

  @Test
  void entriesOutsideTheOperandsAreNeverMissing() throws IOException {
    Path sub = Files.createDirectories(dir.resolve("outside/tree"));
    Files.write(sub.resolve("f"), "f".getBytes(StandardCharsets.UTF_8));
    String manifest =
        md5("f")
            + "  f\n"
            + md5("x")
            + "  /absolute/x\n"
            + md5("x")
            + "  ../x\n"
            + md5("x")
            + "  a/../../x\n"
            + md5("gone")
            + "  a/../gone\n";
    Files.write(sub.resolveSibling("m.md5"), manifest.getBytes(StandardCharsets.UTF_8));
    Run r =
        Processes.run(
            sub, Processes.fastioCommand(List.of(), "md5sum", "--audit=../m.md5"), new byte[0]);
    assertEquals(
        """
        a/../gone: MISSING
        audit: 1 matched, 0 changed, 1 missing, 0 new, 0 moved, 0 unreadable
        """,
        r.out());
    assertEquals(Audit.MISSING, r.status());
  }

  @Test
  void namesThatAreNotUtf8AreAuditedAsTheirBytes() {
    Run r =
        bash(
            "mkdir bytes && printf 1 >$'bytes/a\\xff' && printf 2 >$'bytes/b\\xfe'"
                + " && "
                + Processes.fastioShell("", "md5sum -r bytes")
                + " >bytes.md5"
                + " && mv $'bytes/b\\xfe' $'bytes/c\\xfd' && "
                + Processes.fastioShell("", "md5sum --audit bytes.md5 bytes")
                + "; "
                + Processes.fastioShell("", "md5sum --audit bytes.md5 --json bytes"));
    assertEquals(
        "bytes/c\u00fd: MOVED from bytes/b\u00fe\n"
            + "audit: 1 matched, 0 changed, 0 missing, 0 new, 1 moved, 0 unreadable\n"
            + "{\"manifest\": \"bytes.md5\", \"algorithm\": \"MD5\",\n"
            + " \"summary\": {\"matched\": 1, \"changed\": 0, \"missing\": 0, \"new\": 0,"
            + " \"moved\": 1, \"unreadable\": 0},\n"
            + " \"files\": [\n"
            + "  {\"status\": \"moved\", \"path\": \"bytes/c\\udcfd\", \"from\":"
            + " \"bytes/b\\udcfe\", \"digest\": \""
            + md5("2")
            + "\"}\n"
            + " ]}\n",
        r.out());
    assertEquals("", r.err());
  }

  private static Run bash(String script) {
    return Processes.run(dir, List.of("bash", "-c", script), new byte[0]);
  }

  private static String md5(String s) {
    try {
      byte[] d =
          java.security.MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
      StringBuilder b = new StringBuilder();
      for (byte x : d) {
        b.append(String.format("%02x", x));
      }
      return b.toString();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
