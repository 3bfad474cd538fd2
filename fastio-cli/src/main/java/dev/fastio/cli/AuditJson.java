package dev.fastio.cli;

import java.util.List;
import java.util.Map;

/**
 * The {@code --audit --json} report: one JSON object (RFC 8259), a finding per line.
 *
 * <pre>{@code
 * {"manifest": "photos.md5", "algorithm": "MD5",
 *  "summary": {"matched": 1195, "changed": 1, "missing": 1, "new": 1, "moved": 1, "unreadable": 0},
 *  "files": [
 *   {"status": "changed", "path": "a.jpg", "expected": "...", "actual": "..."},
 *   {"status": "missing", "path": "b.jpg", "expected": "..."},
 *   {"status": "moved", "path": "new/c.jpg", "from": "c.jpg", "digest": "..."},
 *   {"status": "new", "path": "d.jpg", "actual": "..."},
 *   {"status": "unreadable", "path": "e.jpg", "error": "Permission denied"}
 *  ]}
 * }</pre>
 *
 * <p>Paths are file names' bytes: UTF-8 as it is, and each byte 0xXX that is not part of a UTF-8
 * character as the JSON escape of U+DCXX (U+DC80 to U+DCFF, as Python's {@code surrogateescape}
 * writes it: {@code os.fsencode} gives the bytes back).
 */
final class AuditJson {
  private AuditJson() {}

  static String render(
      String manifest,
      String algorithm,
      int matched,
      Map<Audit.Kind, Integer> counts,
      List<Audit.Finding> findings) {
    StringBuilder b = new StringBuilder(256 + findings.size() * 96);
    b.append("{\"manifest\": ").append(string(manifest));
    b.append(", \"algorithm\": ").append(string(algorithm)).append(",\n");
    b.append(" \"summary\": {\"matched\": ").append(matched);
    for (Audit.Kind k : Audit.Kind.values()) {
      b.append(", ").append(string(name(k))).append(": ").append(counts.get(k));
    }
    b.append("},\n \"files\": [");
    for (int i = 0; i < findings.size(); i++) {
      b.append(i == 0 ? "\n  " : ",\n  ");
      finding(b, findings.get(i));
    }
    return b.append(findings.isEmpty() ? "]}\n" : "\n ]}\n").toString();
  }

  private static void finding(StringBuilder b, Audit.Finding f) {
    b.append("{\"status\": ").append(string(name(f.kind())));
    b.append(", \"path\": ").append(string(f.path()));
    switch (f.kind()) {
      case CHANGED ->
          b.append(", \"expected\": ")
              .append(string(f.expected()))
              .append(", \"actual\": ")
              .append(string(f.actual()));
      case MISSING -> b.append(", \"expected\": ").append(string(f.expected()));
      case NEW -> b.append(", \"actual\": ").append(string(f.actual()));
      case MOVED ->
          b.append(", \"from\": ")
              .append(string(f.from()))
              .append(", \"digest\": ")
              .append(string(f.actual()));
      case UNREADABLE -> b.append(", \"error\": ").append(string(f.error()));
    }
    b.append('}');
  }

  private static String name(Audit.Kind k) {
    return k.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** {@code s} as a JSON string literal. */
  static String string(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          int utf8 = c >= 0x80 ? Names.utf8Length(s, i) : 0;
          if (utf8 > 0) {
            b.append(s, i, i + utf8); // the character's UTF-8 bytes as they are
            i += utf8 - 1;
          } else if (c < 0x20 || c >= 0x7f) {
            // a byte that is not UTF-8: U+DC80-U+DCFF as Python's surrogateescape writes it
            int escaped = c >= 0x80 ? 0xdc00 + c : c;
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", escaped));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
