package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * {@code --audit=MANIFEST}: compares a tree with a manifest (an earlier output of the same command,
 * {@code fastio md5sum -r DIR > MANIFEST}) and reports each file changed (same path, other digest),
 * missing (in the manifest, not in the tree), new (in the tree, not in the manifest) and moved (a
 * missing file's digest found at a new path), as hashdeep's audit does.
 *
 * <p>The operands (default {@code .}) are walked as {@code -r} walks them; names are compared as
 * printed, after dropping a leading {@code ./}. Only manifest entries under an operand can be
 * missing (for {@code .}: every relative name that does not climb out with {@code ..}), so a part
 * of an archive can be audited against the whole archive's manifest. Names are byte strings ({@link
 * Names}) and compared as bytes. When several missing and new files share a digest, they are paired
 * in byte order of their names; a copy of a file that is still in place is new.
 *
 * <p>Output: one line per finding, in byte order of the path ({@code PATH: CHANGED}, {@code PATH:
 * MISSING}, {@code PATH: NEW}, {@code PATH: MOVED from OLD}, {@code PATH: FAILED open or read}; a
 * line whose names hold a backslash, newline or carriage return starts with a backslash and escapes
 * them as checksum lines do), then the summary line; {@code --quiet} prints the summary only,
 * {@code --status} nothing; {@code --json} prints one JSON object instead. The exit status is the
 * sum of {@link #TROUBLE}, {@link #CHANGED}, {@link #MISSING}, {@link #NEW} and {@link #MOVED} for
 * what was found: 0 when every file matched.
 */
final class Audit {
  /**
   * A file or the manifest could not be read, or (with {@code --strict}) a manifest line is bad.
   */
  static final int TROUBLE = 1;

  static final int CHANGED = 2;
  static final int MISSING = 4;
  static final int NEW = 8;
  static final int MOVED = 16;

  enum Kind {
    CHANGED,
    MISSING,
    NEW,
    MOVED,
    UNREADABLE
  }

  /**
   * One finding: {@code from} for moves, digests where known, the error's text for unreadable
   * files.
   */
  record Finding(
      Kind kind, String path, String from, String expected, String actual, String error) {}

  private final SumCommand command;
  private final Console io;
  private final SumOptions options;
  private final int hexLength;
  private int status;

  Audit(SumCommand command, int hexLength) {
    this.command = command;
    this.io = command.io;
    this.options = command.options;
    this.hexLength = hexLength;
  }

  /** Runs the audit; returns the exit status. */
  int run() throws InterruptedException {
    Map<String, String> expected = readManifest();
    if (expected == null) {
      return TROUBLE;
    }
    List<String> operands = options.operands().isEmpty() ? List.of(".") : options.operands();
    Map<String, String> actual = new LinkedHashMap<>(); // name -> digest, walk order
    List<Finding> findings = new ArrayList<>();
    hashTree(operands, actual, findings);
    int matched = classify(expected, inScope(expected, operands), actual, findings);
    findings.sort(
        new Comparator<Finding>() {
          @Override
          public int compare(Finding a, Finding b) {
            return Walker.BYTE_ORDER.compare(a.path(), b.path());
          }
        });
    for (Finding f : findings) {
      status |= bit(f.kind());
    }
    if (!options.status()) {
      print(findings, matched);
    }
    io.flush();
    return status;
  }

  // ---------------------------------------------------------------- manifest

  /**
   * The manifest's entries (name as compared -> digest), or null after reporting why there are
   * none.
   */
  private Map<String, String> readManifest() {
    String file = options.audit();
    String shown = SumCommand.shownList(file);
    byte[] content = command.readList(file);
    if (content == null) {
      return null;
    }
    String tag = command.tagName();
    ChecksumLine.Listing listing = ChecksumLine.parseAll(content, tag, hexLength, file.equals("-"));
    String program = command.program;
    if (options.warn()) {
      for (ChecksumLine.Improper bad : listing.improper()) {
        io.error(
            program
                + ": "
                + Coreutils.quote(shown)
                + ": "
                + bad.lineNumber()
                + ": improperly formatted "
                + tag
                + " checksum line");
      }
    }
    if (listing.entries().isEmpty()) {
      io.error(
          program + ": " + Coreutils.quote(shown) + ": no properly formatted checksum lines found");
      return null;
    }
    int improper = listing.improper().size();
    if (improper > 0 && !options.status()) {
      io.error(
          program
              + ": WARNING: "
              + improper
              + (improper == 1
                  ? " line is improperly formatted"
                  : " lines are improperly formatted"));
    }
    if (improper > 0 && options.strict()) {
      status |= TROUBLE;
    }
    Map<String, String> expected = new LinkedHashMap<>();
    for (ChecksumLine e : listing.entries()) {
      expected.putIfAbsent(normalize(e.name), e.hex);
    }
    return expected;
  }

  /** {@code name} without leading {@code ./} (and the slashes after one). */
  static String normalize(String name) {
    String n = name;
    while (n.startsWith("./") && n.length() > 2) {
      n = n.substring(2);
      while (n.startsWith("/") && n.length() > 1) {
        n = n.substring(1);
      }
    }
    return n;
  }

  /** The manifest names under one of {@code operands}. */
  private static Set<String> inScope(Map<String, String> expected, List<String> operands) {
    Set<String> scope = new HashSet<>();
    for (String operand : operands) {
      String op = normalize(operand);
      while (op.endsWith("/") && op.length() > 1) {
        op = op.substring(0, op.length() - 1);
      }
      for (String name : expected.keySet()) {
        if (isUnder(name, op)) {
          scope.add(name);
        }
      }
    }
    return scope;
  }

  /**
   * True if manifest name {@code name} is operand {@code op} or lies below it, both as normalized:
   * {@code .} holds every relative name, and no name that climbs out of its operand with {@code ..}
   * lies below it (an absolute name is never below {@code .}, {@code ../x} never below {@code .} or
   * {@code x}).
   */
  static boolean isUnder(String name, String op) {
    if (op.equals(".")) {
      return !name.startsWith("/") && staysBelow(name);
    }
    if (name.equals(op)) {
      return true;
    }
    String prefix = op.equals("/") ? op : op + "/";
    return name.startsWith(prefix) && staysBelow(name.substring(prefix.length()));
  }

  /** True if relative {@code path} never climbs above its start with {@code ..} components. */
  private static boolean staysBelow(String path) {
    int depth = 0;
    for (String part : path.split("/", -1)) {
      if (part.equals("..")) {
        if (--depth < 0) {
          return false;
        }
      } else if (!part.isEmpty() && !part.equals(".")) {
        depth++;
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- tree

  private void hashTree(List<String> operands, Map<String, String> actual, List<Finding> findings)
      throws InterruptedException {
    Walker walker = new Walker(true, options.follow());
    List<Walker.Item> items = new ArrayList<>();
    for (String operand : operands) {
      walker.expand(operand.equals("-") ? "./-" : operand, items);
    }
    List<Path> paths = new ArrayList<>();
    List<String> names = new ArrayList<>();
    long total = 0;
    for (Walker.Item it : items) {
      if (it.error != null) {
        unreadable(normalize(it.name), it.error, findings);
      } else {
        paths.add(it.path);
        names.add(normalize(it.name));
        total += Math.max(it.size, 0);
      }
    }
    int[] next = {0};
    try (ProgressDisplay bar = command.progress(total, paths.size())) {
      command
          .batch(bar)
          .digestAll(
              paths,
              new Consumer<DigestBatch.Result>() {
                @Override
                public void accept(DigestBatch.Result r) {
                  String name = names.get(next[0]++);
                  if (r.isSuccess()) {
                    actual.putIfAbsent(name, r.toHex());
                  } else {
                    unreadable(name, r.error(), findings);
                  }
                }
              });
    }
  }

  private void unreadable(String name, IOException e, List<Finding> findings) {
    command.problem(name, e);
    findings.add(new Finding(Kind.UNREADABLE, name, null, null, null, Coreutils.reason(e)));
  }

  // ---------------------------------------------------------------- comparison

  /**
   * Adds the changed, missing, new and moved files to {@code findings}; returns the matched count.
   */
  private static int classify(
      Map<String, String> expected,
      Set<String> scope,
      Map<String, String> actual,
      List<Finding> findings) {
    Set<String> seen = new HashSet<>();
    for (Finding f : findings) {
      seen.add(f.path()); // unreadable: present, neither missing nor new
    }
    int matched = 0;
    Map<String, List<String>> fresh = new TreeMap<>(); // digest -> new names
    for (Map.Entry<String, String> e : actual.entrySet()) {
      String name = e.getKey();
      seen.add(name);
      String want = expected.get(name);
      if (want == null) {
        add(fresh, e.getValue(), name);
      } else if (want.equals(e.getValue())) {
        matched++;
      } else {
        findings.add(new Finding(Kind.CHANGED, name, null, want, e.getValue(), null));
      }
    }
    Map<String, List<String>> gone = new HashMap<>(); // digest -> missing names
    for (Map.Entry<String, String> e : expected.entrySet()) {
      if (scope.contains(e.getKey()) && !seen.contains(e.getKey())) {
        add(gone, e.getValue(), e.getKey());
      }
    }
    pair(fresh, gone, findings);
    return matched;
  }

  /** Adds {@code name} to the names of {@code digest} in {@code names}. */
  private static void add(Map<String, List<String>> names, String digest, String name) {
    List<String> list = names.get(digest);
    if (list == null) {
      list = new ArrayList<>();
      names.put(digest, list);
    }
    list.add(name);
  }

  /** Pairs new and missing names of the same digest as moves; the rest are new or missing. */
  private static void pair(
      Map<String, List<String>> fresh, Map<String, List<String>> gone, List<Finding> findings) {
    for (Map.Entry<String, List<String>> e : fresh.entrySet()) {
      String digest = e.getKey();
      List<String> to = e.getValue();
      List<String> from = gone.getOrDefault(digest, new ArrayList<>());
      to.sort(Walker.BYTE_ORDER);
      from.sort(Walker.BYTE_ORDER);
      int moves = Math.min(to.size(), from.size());
      for (int i = 0; i < to.size(); i++) {
        findings.add(
            i < moves
                ? new Finding(Kind.MOVED, to.get(i), from.get(i), digest, digest, null)
                : new Finding(Kind.NEW, to.get(i), null, null, digest, null));
      }
      from.subList(0, moves).clear();
    }
    for (Map.Entry<String, List<String>> e : gone.entrySet()) {
      for (String name : e.getValue()) {
        findings.add(new Finding(Kind.MISSING, name, null, e.getKey(), null, null));
      }
    }
  }

  private static int bit(Kind kind) {
    return switch (kind) {
      case CHANGED -> CHANGED;
      case MISSING -> MISSING;
      case NEW -> NEW;
      case MOVED -> MOVED;
      case UNREADABLE -> TROUBLE;
    };
  }

  // ---------------------------------------------------------------- output

  private void print(List<Finding> findings, int matched) {
    Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    for (Kind k : Kind.values()) {
      counts.put(k, 0);
    }
    for (Finding f : findings) {
      counts.put(f.kind(), counts.get(f.kind()) + 1);
    }
    if (options.json()) {
      io.print(AuditJson.render(options.audit(), command.algorithm(), matched, counts, findings));
      return;
    }
    if (!options.quiet()) {
      for (Finding f : findings) {
        io.print(line(f));
      }
    }
    io.print(
        "audit: "
            + matched
            + " matched, "
            + counts.get(Kind.CHANGED)
            + " changed, "
            + counts.get(Kind.MISSING)
            + " missing, "
            + counts.get(Kind.NEW)
            + " new, "
            + counts.get(Kind.MOVED)
            + " moved, "
            + counts.get(Kind.UNREADABLE)
            + " unreadable\n");
  }

  /** {@code PATH: KIND}, escaped as a checksum line when a name needs it. */
  static String line(Finding f) {
    boolean escape =
        Coreutils.needsEscape(f.path()) || (f.from() != null && Coreutils.needsEscape(f.from()));
    String path = escape ? Coreutils.escape(f.path()) : f.path();
    String what =
        switch (f.kind()) {
          case CHANGED -> "CHANGED";
          case MISSING -> "MISSING";
          case NEW -> "NEW";
          case MOVED -> "MOVED from " + (escape ? Coreutils.escape(f.from()) : f.from());
          case UNREADABLE -> "FAILED open or read";
        };
    return (escape ? "\\" : "") + path + ": " + what + "\n";
  }
}
