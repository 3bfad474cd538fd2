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
      {"\u00c3\u00bc", "\u00c3\u00bc"}, // U+00FC in UTF-8: shown as it is
      {"x\u00ff", "'x'$'\\377'"}, // not UTF-8
      {"n\u00ff\u00c3\u00a9 x", "'n'$'\\377''\u00c3\u00a9 x'"},
      {"x\u00e2\u0080\u00a8", "'x'$'\\342\\200\\250'"}, // U+2028 LINE SEPARATOR
      {"x\u00c2\u0085", "'x'$'\\302\\205'"}, // U+0085, a C1 control
      {"x\u00ed\u00a0\u0080", "'x'$'\\355\\240\\200'"}, // a surrogate
      {"x\u00e0\u0080\u0080", "'x'$'\\340\\200\\200'"}, // overlong
    };
    for (String[] c : cases) {
      assertEquals(c[1], Coreutils.quote(c[0], true), c[0]);
    }
  }

  @Test
  void quotesEveryByteFrom0x80UpInTheCLocale() {
    assertEquals("'n'$'\\303\\251'", Coreutils.quote("n\u00c3\u00a9", false));
    assertEquals("plain", Coreutils.quote("plain", false));
  }

  @Test
  void escapesAndUnescapesChecksumNames() {
    assertEquals("both\\\\\\nx", Coreutils.escape("both\\\nx"));
    assertEquals("cr\\rx", Coreutils.escape("cr\rx"));
    assertEquals("both\\\nx", Coreutils.unescape("both\\\\\\nx"));
    assertNull(Coreutils.unescape("x\\ty"));
    assertNull(Coreutils.unescape("x\\"));
    assertNull(Coreutils.unescape("x\0y"), "a NUL in an escaped name");
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
