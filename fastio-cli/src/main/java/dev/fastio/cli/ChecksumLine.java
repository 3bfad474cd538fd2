package dev.fastio.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a checksum file, parsed as coreutils' {@code md5sum -c} parses it (coreutils 9.1):
 * {@code HASH NAME}, {@code HASH *NAME} (binary mark), {@code HASH NAME} (one space, only if the
 * first such line of the file has one), the BSD form {@code MD5 (NAME) = HASH}, and a leading
 * backslash meaning the name is escaped ({@code \\ \n \r}). Leading blanks are skipped; the hash is
 * case-insensitive.
 *
 * <p>Lines are byte strings ({@link Names}). A NUL byte acts as coreutils' C strings make it act:
 * it ends a name (which may then be empty) or a BSD-form hash, and makes an escaped name, or a hash
 * in the standard form, improperly formatted.
 */
final class ChecksumLine {
  final String name;
  final String hex;

  private ChecksumLine(String name, String hex) {
    this.name = name;
    this.hex = hex;
  }

  /** An improperly formatted line: its number (from 1) and how many entries precede it. */
  record Improper(int lineNumber, int entriesBefore) {}

  /** A checksum file's entries in order and its improperly formatted lines. */
  record Listing(List<ChecksumLine> entries, List<Improper> improper) {}

  /**
   * Parses a whole checksum file as {@code md5sum -c} reads it: lines end with newline (a carriage
   * return before it is dropped), empty lines and lines starting with {@code #} are skipped.
   *
   * @param fromStdin the file is standard input: an entry naming {@code -} is then improperly
   *     formatted, as in coreutils
   */
  static Listing parseAll(byte[] content, String tag, int hexLength, boolean fromStdin) {
    String[] lines = new String(content, Names.BYTES).split("\n", -1);
    int lineCount =
        lines.length - (content.length > 0 && content[content.length - 1] == '\n' ? 1 : 0);
    Format format = new Format();
    List<ChecksumLine> entries = new ArrayList<>();
    List<Improper> improper = new ArrayList<>();
    for (int i = 0; i < lineCount; i++) {
      String line = lines[i];
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      ChecksumLine entry = parse(line, tag, hexLength, format);
      if (entry == null || (fromStdin && entry.name.equals("-"))) {
        improper.add(new Improper(i + 1, entries.size()));
      } else {
        entries.add(entry);
      }
    }
    return new Listing(entries, improper);
  }

  /**
   * Whether a file uses the one-space form; coreutils refuses to mix it with the two-space form.
   */
  static final class Format {
    int oneSpace = -1; // -1 unknown, 0 two-space form seen, 1 one-space form seen
  }

  /**
   * Parses {@code line} (no line terminator, no trailing carriage return).
   *
   * @param tag the algorithm's BSD tag, e.g. {@code MD5}, {@code SHA256}
   * @param hexLength the length of the hexadecimal digest
   * @return the entry, or null if the line is improperly formatted
   */
  static ChecksumLine parse(String line, String tag, int hexLength, Format format) {
    int i = 0;
    int n = line.length();
    while (i < n && isBlank(line.charAt(i))) {
      i++;
    }
    boolean escaped = i < n && line.charAt(i) == '\\';
    if (escaped) {
      i++;
    }
    if (line.startsWith(tag, i)) {
      int j = i + tag.length();
      if (j < n && line.charAt(j) == ' ') {
        j++;
      }
      if (j < n && line.charAt(j) == '(') {
        return bsd(line.substring(j + 1), escaped, hexLength);
      }
    }
    int start = i;
    while (i < n && !isBlank(line.charAt(i))) {
      i++;
    }
    String hex = line.substring(start, i);
    if (!isHex(hex, hexLength) || i >= n) {
      return null;
    }
    i++; // the separator
    if (n - i == 1 || i >= n || (line.charAt(i) != ' ' && line.charAt(i) != '*')) {
      if (format.oneSpace == 0) {
        return null;
      }
      format.oneSpace = 1;
    } else if (format.oneSpace != 1) {
      format.oneSpace = 0;
      i++; // ' ' (text) or '*' (binary): both hash the same bytes
    }
    String name = line.substring(i);
    return name.isEmpty() ? null : entry(name, escaped, hex); // coreutils: the line is too short
  }

  private static ChecksumLine bsd(String s, boolean escaped, int hexLength) {
    int close = s.lastIndexOf(')');
    if (close < 0) {
      return null;
    }
    int i = close + 1;
    while (i < s.length() && isBlank(s.charAt(i))) {
      i++;
    }
    if (i >= s.length() || s.charAt(i) != '=') {
      return null;
    }
    i++;
    while (i < s.length() && isBlank(s.charAt(i))) {
      i++;
    }
    String hex = beforeNul(s.substring(i));
    return isHex(hex, hexLength) ? entry(s.substring(0, close), escaped, hex) : null;
  }

  /** The entry for a name as written (escaped or not), or null if an escaped name is invalid. */
  private static ChecksumLine entry(String name, boolean escaped, String hex) {
    String n = escaped ? Coreutils.unescape(name) : beforeNul(name);
    return n == null ? null : new ChecksumLine(n, hex.toLowerCase(java.util.Locale.ROOT));
  }

  private static String beforeNul(String s) {
    int nul = s.indexOf('\0');
    return nul < 0 ? s : s.substring(0, nul);
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isHex(String s, int length) {
    if (s.length() != length) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        return false;
      }
    }
    return true;
  }
}
