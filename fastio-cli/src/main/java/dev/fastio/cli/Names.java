package dev.fastio.cli;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * File names as the kernel has them: byte strings.
 *
 * <p>The command holds every name (operands, entries of a walk, names in a checksum file) as a
 * <em>byte string</em>: a {@code String} of one {@code char} per byte, {@code 0x00}-{@code 0xff}
 * (ISO-8859-1). So a name keeps its bytes from input to output whether or not it is valid in the
 * locale's charset, byte strings sort in byte order with {@link String#compareTo}, and the {@link
 * Console} writes them back byte for byte. ASCII names are the same in both forms.
 *
 * <p>The JDK names files with strings decoded in {@code sun.jnu.encoding} (UTF-8 in a UTF-8 locale,
 * ASCII in the C locale), replacing bytes it cannot decode with U+FFFD: {@code Path.of} of such a
 * string names another file. Names are therefore converted through the path's {@code file:} URI,
 * whose path the JDK percent-encodes from the path's bytes and decodes back to bytes ({@link
 * Path#toUri()}, {@link Path#of(URI)}), whenever a name does not survive the charset. Command-line
 * operands are taken from {@code /proc/self/cmdline}, which holds them as the shell passed them.
 */
final class Names {
  /** The charset of byte strings. */
  static final Charset BYTES = StandardCharsets.ISO_8859_1;

  /** The charset the JVM decodes file names and arguments with ({@code sun.jnu.encoding}). */
  static final Charset JNU = jnuCharset();

  /** True if names are UTF-8 in this locale: multibyte characters are then shown, not escaped. */
  static final boolean UTF8 = JNU.equals(StandardCharsets.UTF_8);

  private static final char REPLACEMENT = '\uFFFD';
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Names() {}

  /**
   * The command-line arguments as byte strings: from {@code /proc/self/cmdline} when its last
   * entries decode to {@code args}, else {@code args} encoded again (exact for names valid in the
   * locale's charset).
   */
  static String[] arguments(String[] args) {
    List<String> raw = commandLine();
    String[] out = new String[args.length];
    int offset = raw.size() - args.length;
    for (int i = 0; i < args.length; i++) {
      String r = offset >= 0 ? raw.get(offset + i) : null;
      out[i] = r != null && decode(r).equals(args[i]) ? r : encode(args[i]);
    }
    return out;
  }

  /** The process's arguments as byte strings, or an empty list where they cannot be read. */
  private static List<String> commandLine() {
    byte[] b;
    try {
      b = Files.readAllBytes(Path.of("/proc/self/cmdline"));
    } catch (IOException | RuntimeException e) {
      return List.of(); // not Linux: the arguments as the JVM decoded them
    }
    List<String> args = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < b.length; i++) {
      if (b[i] == 0) {
        args.add(new String(b, start, i - start, BYTES));
        start = i + 1;
      }
    }
    return args;
  }

  /**
   * The byte string of the last name of {@code entry}, a path the JDK listed in a directory: its
   * bytes exactly, whatever the charset.
   */
  static String fileName(Path entry) {
    String s = entry.getFileName().toString();
    if (s.indexOf(REPLACEMENT) < 0) {
      return encode(s);
    }
    String raw = entry.toUri().getRawPath(); // absolute; a directory's ends with '/'
    int end = raw.endsWith("/") ? raw.length() - 1 : raw.length();
    return percentDecode(raw, raw.lastIndexOf('/', end - 1) + 1, end);
  }

  /**
   * The path named by byte string {@code name}, with its bytes exactly. A name ending in {@code /}
   * keeps the slash's meaning (it must be a directory, or a link to one) by naming {@code name.}.
   *
   * @throws java.nio.file.InvalidPathException if {@code name} holds a NUL
   */
  static Path path(String name) {
    String n = name.length() > 1 && name.endsWith("/") ? name + "." : name;
    String text = decode(n);
    if (text.indexOf(REPLACEMENT) < 0 && encode(text).equals(n)) {
      return Path.of(text);
    }
    return fromBytes(n);
  }

  /** A path of bytes the locale's charset cannot decode, made through its {@code file:} URI. */
  private static Path fromBytes(String name) {
    boolean absolute = name.startsWith("/");
    StringBuilder uri = new StringBuilder(name.length() * 3 + 8).append("file:///");
    char previous = '/';
    for (int i = absolute ? 1 : 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '/' && previous == '/') {
        continue; // the kernel reads "a//b" as "a/b"; the JDK's paths hold no empty names
      }
      if (c == 0) {
        throw new java.nio.file.InvalidPathException(name, "Nul character not allowed");
      }
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/') {
        uri.append(c);
      } else {
        uri.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
      previous = c;
    }
    Path p;
    try {
      p = Path.of(new URI(uri.toString()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e); // every byte outside [A-Za-z0-9/] is escaped
    }
    return absolute || p.getNameCount() == 0 ? p : p.subpath(0, p.getNameCount());
  }

  /**
   * Text the JDK or the command made (a message, a reason) as the byte string the locale's charset
   * gives it.
   */
  static String encode(String text) {
    if (isAscii(text)) {
      return text;
    }
    return new String(text.getBytes(JNU), BYTES);
  }

  /** A byte string decoded in the locale's charset, undecodable bytes as U+FFFD. */
  static String decode(String bytes) {
    if (isAscii(bytes)) {
      return bytes;
    }
    return new String(bytes.getBytes(BYTES), JNU);
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static String percentDecode(String s, int start, int end) {
    StringBuilder b = new StringBuilder(end - start);
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (c == '%') {
        b.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * The length of the valid UTF-8 sequence at {@code i} of byte string {@code s} if it encodes a
   * printable character (as the C library's {@code iswprint} in a UTF-8 locale: not a control, a
   * line or paragraph separator or unassigned), else 0.
   */
  static int printableUtf8Length(String s, int i) {
    int length = utf8Length(s, i);
    if (length == 0) {
      return 0;
    }
    int type =
        Character.getType(
            new String(s.substring(i, i + length).getBytes(BYTES), StandardCharsets.UTF_8)
                .codePointAt(0));
    boolean printable =
        type != Character.CONTROL
            && type != Character.UNASSIGNED
            && type != Character.LINE_SEPARATOR
            && type != Character.PARAGRAPH_SEPARATOR;
    return printable ? length : 0;
  }

  /**
   * The length of the valid UTF-8 sequence of a character from U+0080 up at {@code i} of byte
   * string {@code s}, else 0 (an ASCII byte, a stray or missing continuation byte, an overlong
   * form, a surrogate, beyond U+10FFFF).
   */
  static int utf8Length(String s, int i) {
    int lead = s.charAt(i);
    int length;
    int cp;
    if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2;
      cp = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      cp = lead & 0x0f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      cp = lead & 0x07;
    } else {
      return 0;
    }
    if (i + length > s.length()) {
      return 0;
    }
    for (int k = 1; k < length; k++) {
      int c = s.charAt(i + k);
      if ((c & 0xc0) != 0x80) {
        return 0;
      }
      cp = (cp << 6) | (c & 0x3f);
    }
    int min = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    boolean valid =
        cp >= min
            && cp <= Character.MAX_CODE_POINT
            && !(cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE);
    return valid ? length : 0;
  }

  private static Charset jnuCharset() {
    String jnu = System.getProperty("sun.jnu.encoding");
    try {
      return jnu == null ? Charset.defaultCharset() : Charset.forName(jnu);
    } catch (RuntimeException e) {
      return Charset.defaultCharset();
    }
  }
}
