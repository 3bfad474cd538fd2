package dev.fastio.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The text conventions of GNU coreutils' {@code md5sum} family (checked against coreutils 9.1):
 * file name escaping in checksum lines, shell quoting of names in error messages, and error texts.
 */
final class Coreutils {
  private Coreutils() {}

  /** True if a checksum line for {@code name} must start with a backslash and escape the name. */
  static boolean needsEscape(String name) {
    return name.indexOf('\\') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0;
  }

  /** {@code name} with backslash, newline and carriage return written as {@code \\ \n \r}. */
  static String escape(String name) {
    StringBuilder b = new StringBuilder(name.length() + 8);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * The reverse of {@link #escape}: {@code \\ \n \r} only; null for any other escape, a trailing
   * backslash or a NUL (coreutils then reports the line as improperly formatted).
   */
  static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0) {
        return null;
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (++i == s.length()) {
        return null;
      }
      switch (s.charAt(i)) {
        case '\\' -> b.append('\\');
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        default -> {
          return null;
        }
      }
    }
    return b.toString();
  }

  /**
   * A name (a byte string, {@link Names}) as coreutils' {@code quotef} shows it in messages
   * (gnulib's shell-escape quoting, colons quoted too): bare when safe, {@code 'a b'}, {@code
   * "it's"}, {@code 'a'$'\n''b'}, {@code 'a'$'\377'}. In a UTF-8 locale a printable multibyte
   * character is shown as it is; every other byte from {@code 0x80} up is escaped in octal.
   */
  static String quote(String name) {
    return quote(name, Names.UTF8);
  }

  /** {@link #quote(String)} with the locale's kind given: {@code utf8} or single-byte ASCII. */
  static String quote(String name, boolean utf8) {
    if (name.isEmpty()) {
      return "''";
    }
    boolean quote = false;
    boolean single = false;
    boolean compat = true;
    boolean control = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c >= 0x80) {
        int n = utf8 ? Names.printableUtf8Length(name, i) : 0;
        if (n > 0) {
          i += n - 1;
        } else {
          quote = true;
          compat = false;
          control = true;
        }
        continue;
      }
      if (isSafe(c)) {
        continue;
      }
      switch (c) {
        case ':', ' ' -> quote = true;
        case '\'' -> {
          quote = true;
          single = true;
        }
        case '#', '~' -> {
          if (i == 0) {
            quote = true;
          } else {
            compat = false;
          }
        }
        case '{', '}' -> {
          if (name.length() == 1) {
            quote = true;
          } else {
            compat = false;
          }
        }
        default -> {
          quote = true;
          compat = false;
          if (c < 0x20 || c == 0x7f) {
            control = true;
          }
        }
      }
    }
    if (!quote) {
      return name;
    }
    if (single && compat && !control) {
      return '"' + name + '"';
    }
    StringBuilder b = new StringBuilder(name.length() + 8).append('\'');
    boolean inEscape = false;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      int printable = c >= 0x80 && utf8 ? Names.printableUtf8Length(name, i) : 0;
      String esc = printable > 0 ? null : escapeOf(c);
      if (esc != null) {
        if (!inEscape) {
          b.append("'$'");
          inEscape = true;
        }
        b.append(esc);
        continue;
      }
      if (inEscape) {
        b.append("''");
        inEscape = false;
      }
      if (c == '\'') {
        b.append("'\\''");
      } else if (printable > 0) {
        b.append(name, i, i + printable);
        i += printable - 1;
      } else {
        b.append(c);
      }
    }
    return b.append('\'').toString(); // closes the quote, or the $'...' of a trailing escape
  }

  private static boolean isSafe(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || "%+,-./]_".indexOf(c) >= 0;
  }

  /** The {@code $'...'} escape of a control character or a byte from 0x80 up, else null. */
  private static String escapeOf(char c) {
    return switch (c) {
      case 0x07 -> "\\a";
      case '\b' -> "\\b";
      case '\f' -> "\\f";
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      case 0x0b -> "\\v";
      default -> c < 0x20 || c >= 0x7f ? String.format("\\%03o", (int) c) : null;
    };
  }

  /** The {@code strerror} text coreutils prints for {@code e}. */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof NotDirectoryException) {
      return "Not a directory";
    }
    if (e instanceof FileSystemLoopException) {
      return "File system loop detected";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      // The JDK appends this to ELOOP's text when it opened the file following links.
      return f.getReason().replace(" or unable to access attributes of symbolic link", "");
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }
}
