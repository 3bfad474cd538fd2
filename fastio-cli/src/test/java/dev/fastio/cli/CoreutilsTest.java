package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The coreutils text conventions, against what coreutils 9.1's md5sum printed for the same names.
 */
class CoreutilsTest {
  @Test
  void quotesNamesInMessagesAsCoreutils() {
    String[][] cases = {
      {"nope", "nope"},
      {"no pe", "'no pe'"},
      {"n\nl", "'n'$'\\n''l'"},
      {"a\\b", "'a\\b'"},
      {"it's", "\"it's\""},
      {"\u0001x", "''$'\\001''x'"},
      {"x\n", "'x'$'\\n'"},
      {"a\n\nb", "'a'$'\\n\\n''b'"},
      {"a:b", "'a:b'"},
      {"a{b", "a{b"},
      {"{", "'{'"},
      {"#a", "'#a'"},
      {"a#b", "a#b"},
      {"a b'c", "\"a b'c\""},
      {"a$b", "'a$b'"},
      {"a'b$c", "'a'\\''b$c'"},
      {"a\tb", "'a'$'\\t''b'"},
      {"a?b", "'a?b'"},
      {"a=b", "'a=b'"},
      {"\u007f", "''$'\\177'"},
      {"", "''"},
      {"\u00fc", "\u00fc"},
    };
    for (String[] c : cases) {
      assertEquals(c[1], Coreutils.quote(c[0]), c[0]);
    }
  }

  @Test
  void escapesAndUnescapesChecksumNames() {
    assertEquals("both\\\\\\nx", Coreutils.escape("both\\\nx"));
    assertEquals("cr\\rx", Coreutils.escape("cr\rx"));
    assertEquals("both\\\nx", Coreutils.unescape("both\\\\\\nx"));
    assertNull(Coreutils.unescape("x\\ty"));
    assertNull(Coreutils.unescape("x\\"));
  }

  @Test
  void parsesChecksumLinesAsCoreutils() {
    String h = "0cc175b9c0f1b6a831c399e269772661";
    ChecksumLine.Format f = new ChecksumLine.Format();
    assertEquals("x y", ChecksumLine.parse(h + "  x y", "MD5", 32, f).name);
    assertEquals(
        "x y",
        ChecksumLine.parse("  " + h.toUpperCase(java.util.Locale.ROOT) + " *x y", "MD5", 32, f)
            .name);
    assertNull(
        ChecksumLine.parse(h + "\tx y", "MD5", 32, f), "one-space form after two-space form");
    assertNull(ChecksumLine.parse(h + " x y", "MD5", 32, f));
    assertEquals("x y", ChecksumLine.parse(h + " x y", "MD5", 32, new ChecksumLine.Format()).name);
    assertEquals("x y", ChecksumLine.parse("MD5 (x y) = " + h, "MD5", 32, f).name);
    assertEquals("x y", ChecksumLine.parse("MD5(x y)= " + h, "MD5", 32, f).name);
    assertNull(ChecksumLine.parse("SHA256 (x y) = " + h, "MD5", 32, f));
    assertEquals("a\nb", ChecksumLine.parse("\\" + h + "  a\\nb", "MD5", 32, f).name);
    assertNull(ChecksumLine.parse("\\" + h + "  a\\tb", "MD5", 32, f));
    assertNull(ChecksumLine.parse(h.substring(1) + "  x", "MD5", 32, f));
    assertNull(ChecksumLine.parse("garbage", "MD5", 32, f));
  }
}
