package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of {@code fastio md5sum} (and {@code sha1sum}, {@code sha256sum}, {@code sha512sum}):
 * coreutils 9.1's, with their rules and messages, plus fastio's own ({@code -r}, {@code -L}, {@code
 * --threads}, {@code --reading}, {@code --algorithm}, {@code --[no-]progress}, {@code --audit},
 * {@code --json}).
 *
 * <p>As in coreutils, {@code --quiet}, {@code --status} and {@code --warn} cancel each other (the
 * last one given counts), {@code --tag} implies {@code --binary}, and the checks after parsing run
 * in coreutils' order, so the first one that fails names the option coreutils would name.
 *
 * <p>Immutable: {@code algorithm} and {@code audit} are null when not given, {@code threads} 0.
 */
record SumOptions(
    boolean help,
    boolean version,
    Mode mode,
    boolean recursive,
    boolean follow,
    Mark mark,
    boolean tag,
    boolean zero,
    boolean ignoreMissing,
    Report report,
    boolean strict,
    String algorithm,
    int threads,
    DigestBatch.Reading reading,
    Display progress,
    String audit,
    boolean json,
    List<String> operands) {

  /** What the command does with its operands. */
  enum Mode {
    /** Print their checksums. */
    HASH,
    /** {@code -c}: read them as checksum files and check the files they list. */
    CHECK,
    /** {@code --audit=MANIFEST}: compare them with the manifest. */
    AUDIT
  }

  /**
   * The mark between checksum and name: {@code -t} a space, {@code -b} (or {@code --tag}) {@code
   * *}.
   */
  enum Mark {
    DEFAULT,
    TEXT,
    BINARY
  }

  /** What a check reports: {@code --quiet}, {@code --status} and {@code --warn}, the last given. */
  enum Report {
    NORMAL,
    QUIET,
    STATUS,
    WARN
  }

  /** The progress display: on when standard error is a terminal, or forced on or off. */
  enum Display {
    AUTO,
    ON,
    OFF
  }

  /** The options, coreutils' long options in its order (ambiguity messages list them so). */
  private enum Flag {
    BINARY("binary", 'b', false),
    CHECK("check", 'c', false),
    IGNORE_MISSING("ignore-missing", '\0', false),
    QUIET("quiet", '\0', false),
    STATUS("status", '\0', false),
    WARN("warn", 'w', false),
    STRICT("strict", '\0', false),
    TAG("tag", '\0', false),
    ZERO("zero", 'z', false),
    TEXT("text", 't', false),
    HELP("help", '\0', false),
    VERSION("version", '\0', false),
    RECURSIVE("recursive", 'r', false),
    FOLLOW("follow-symlinks", 'L', false),
    ALGORITHM("algorithm", '\0', true),
    THREADS("threads", '\0', true),
    READING("reading", '\0', true),
    PROGRESS("progress", '\0', false),
    NO_PROGRESS("no-progress", '\0', false),
    AUDIT("audit", '\0', true),
    JSON("json", '\0', false);

    private final String longName;
    private final char shortName;
    private final boolean hasArgument;

    Flag(String longName, char shortName, boolean hasArgument) {
      this.longName = longName;
      this.shortName = shortName;
      this.hasArgument = hasArgument;
    }

    GetOpt.Option option() {
      return new GetOpt.Option(longName, shortName, hasArgument);
    }

    static Flag of(GetOpt.Option option) {
      for (Flag f : values()) {
        if (f.longName.equals(option.longName())) {
          return f;
        }
      }
      throw new IllegalArgumentException("not an option of md5sum: " + option);
    }
  }

  static final GetOpt PARSER = new GetOpt(options());

  private static List<GetOpt.Option> options() {
    List<GetOpt.Option> options = new ArrayList<>();
    for (Flag f : Flag.values()) {
      options.add(f.option());
    }
    return List.copyOf(options);
  }

  SumOptions {
    operands = List.copyOf(operands);
  }

  /** {@code --quiet}: no line for a file that matched. */
  boolean quiet() {
    return report == Report.QUIET;
  }

  /** {@code --status}: nothing printed, the exit status tells. */
  boolean status() {
    return report == Report.STATUS;
  }

  /** {@code -w}: a warning for each improperly formatted line. */
  boolean warn() {
    return report == Report.WARN;
  }

  /**
   * Parses and checks {@code args}.
   *
   * @throws GetOpt.UsageException with coreutils' message, to be followed by the "Try" line
   * @throws BadValueException for a bad option value, a message complete by itself
   */
  static SumOptions parse(List<String> args, boolean posixlyCorrect)
      throws GetOpt.UsageException, BadValueException {
    GetOpt.Parsed parsed = PARSER.parse(args, posixlyCorrect);
    Parse p = new Parse();
    for (GetOpt.Given g : parsed.options()) {
      p.apply(Flag.of(g.option()), g.argument());
    }
    if (!p.help && !p.version) {
      p.validate();
    }
    return new SumOptions(
        p.help,
        p.version,
        p.audit != null ? Mode.AUDIT : p.check ? Mode.CHECK : Mode.HASH,
        p.recursive,
        p.follow,
        p.mark,
        p.tag,
        p.zero,
        p.ignoreMissing,
        p.report,
        p.strict,
        p.algorithm,
        p.threads,
        p.reading,
        p.progress,
        p.audit,
        p.json,
        parsed.operands());
  }

  /** A bad value for an option with an argument; the message holds every line to print. */
  static final class BadValueException extends Exception {
    private static final long serialVersionUID = 1L;
    final boolean tryHelp;

    BadValueException(String message, boolean tryHelp) {
      super(message);
      this.tryHelp = tryHelp;
    }
  }

  /** The options as given so far, in the order given. */
  private static final class Parse {
    boolean help;
    boolean version;
    boolean recursive;
    boolean follow;
    boolean check;
    Mark mark = Mark.DEFAULT;
    boolean tag;
    boolean zero;
    boolean ignoreMissing;
    Report report = Report.NORMAL;
    boolean strict;
    String algorithm;
    int threads;
    DigestBatch.Reading reading = DigestBatch.Reading.AUTO;
    Display progress = Display.AUTO;
    String audit;
    boolean json;

    void apply(Flag flag, String argument) throws BadValueException {
      switch (flag) {
        case QUIET -> report = Report.QUIET; // as coreutils: the last of the three counts
        case STATUS -> report = Report.STATUS;
        case WARN -> report = Report.WARN;
        case BINARY -> mark = Mark.BINARY;
        case TEXT -> mark = Mark.TEXT;
        case TAG -> {
          tag = true;
          mark = Mark.BINARY;
        }
        case PROGRESS -> progress = Display.ON;
        case NO_PROGRESS -> progress = Display.OFF;
        case CHECK -> check = true;
        case IGNORE_MISSING -> ignoreMissing = true;
        case STRICT -> strict = true;
        case ZERO -> zero = true;
        case HELP -> help = true;
        case VERSION -> version = true;
        case RECURSIVE -> recursive = true;
        case FOLLOW -> follow = true;
        case JSON -> json = true;
        case ALGORITHM -> algorithm = argument;
        case AUDIT -> audit = argument;
        case THREADS -> threads = threads(argument);
        case READING -> reading = reading(argument);
      }
    }

    /** coreutils' checks after parsing, in its order, then fastio's. */
    void validate() throws GetOpt.UsageException {
      boolean verifying = check || audit != null;
      if (tag && mark == Mark.TEXT) {
        throw new GetOpt.UsageException("--tag does not support --text mode");
      }
      if (zero && verifying) {
        throw new GetOpt.UsageException(
            "the --zero option is not supported when verifying checksums");
      }
      if (tag && verifying) {
        throw new GetOpt.UsageException("the --tag option is meaningless when verifying checksums");
      }
      if (mark != Mark.DEFAULT && verifying) {
        throw new GetOpt.UsageException(
            "the --binary and --text options are meaningless when verifying checksums");
      }
      String onlyVerifying = onlyWhenVerifying();
      if (onlyVerifying != null && !verifying) {
        throw new GetOpt.UsageException(
            "the " + onlyVerifying + " option is meaningful only when verifying checksums");
      }
      if (check && audit != null) {
        throw new GetOpt.UsageException("the --audit and --check options are mutually exclusive");
      }
      if (json && audit == null) {
        throw new GetOpt.UsageException("the --json option is meaningful only with --audit");
      }
    }

    /** The first option, in coreutils' order of checks, that is meaningful only when verifying. */
    private String onlyWhenVerifying() {
      if (ignoreMissing) {
        return "--ignore-missing";
      }
      return switch (report) {
        case STATUS -> "--status";
        case WARN -> "--warn";
        case QUIET -> "--quiet";
        case NORMAL -> strict ? "--strict" : null;
      };
    }
  }

  private static int threads(String value) throws BadValueException {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadValueException("invalid number of threads: '" + value + "'", false);
  }

  /** As coreutils' {@code argmatch}: exact or unambiguous prefix, case-insensitive here. */
  private static DigestBatch.Reading reading(String value) throws BadValueException {
    DigestBatch.Reading found = null;
    int matches = 0;
    for (DigestBatch.Reading r : DigestBatch.Reading.values()) {
      String name = r.name().toLowerCase(Locale.ROOT);
      String v = value.toLowerCase(Locale.ROOT);
      if (name.equals(v)) {
        return r;
      }
      if (!v.isEmpty() && name.startsWith(v)) {
        found = r;
        matches++;
      }
    }
    if (matches == 1) {
      return found;
    }
    StringBuilder b =
        new StringBuilder(matches > 1 ? "ambiguous" : "invalid")
            .append(" argument '")
            .append(value)
            .append("' for '--reading'\nValid arguments are:");
    for (DigestBatch.Reading r : DigestBatch.Reading.values()) {
      b.append("\n  - '").append(r.name().toLowerCase(Locale.ROOT)).append('\'');
    }
    throw new BadValueException(b.toString(), true);
  }

  /** The text of {@code --help}. */
  static String usage(String program, String algorithm) {
    return "Usage: fastio "
        + program
        + " [OPTION]... [FILE]...\n"
        + "Print or check "
        + algorithm
        + " checksums, as coreutils' "
        + program
        + " does, on several threads.\n"
        + "\n"
        + "With no FILE, or when FILE is -, read standard input.\n"
        + "  -b, --binary          read in binary mode (mark lines with '*'; same bytes hashed)\n"
        + "  -c, --check           read checksums from the FILEs and check them\n"
        + "      --tag             create a BSD-style checksum\n"
        + "  -t, --text            read in text mode (default)\n"
        + "  -z, --zero            end each output line with NUL, not newline,\n"
        + "                          and disable file name escaping\n"
        + "  -r, --recursive       hash the regular files under directory operands,\n"
        + "                          each directory in byte order of the names\n"
        + "  -L, --follow-symlinks with -r, follow symbolic links (like find -L)\n"
        + "      --audit=MANIFEST  compare the FILEs and directories (default: .) with\n"
        + "                          MANIFEST, an earlier output of this command: report\n"
        + "                          files changed, missing, new and moved\n"
        + "      --json            with --audit, print the report as JSON\n"
        + "\n"
        + "The following five options are useful only when verifying checksums:\n"
        + "      --ignore-missing  don't fail or report status for missing files\n"
        + "      --quiet           don't print OK for each successfully verified file\n"
        + "      --status          don't output anything, status code shows success\n"
        + "      --strict          exit non-zero for improperly formatted checksum lines\n"
        + "  -w, --warn            warn about improperly formatted checksum lines\n"
        + "\n"
        + "      --algorithm=NAME  any Java MessageDigest algorithm (e.g. SHA-384)\n"
        + "      --threads=N       hashing threads (default: the number of processors)\n"
        + "      --reading=MODE    auto (default), sequential (one reader in file order:\n"
        + "                          spinning disks) or parallel (SSDs, page cache)\n"
        + "      --progress        show progress on standard error (default: when it\n"
        + "                          is a terminal); --no-progress never\n"
        + "      --help            display this help and exit\n"
        + "      --version         output version information and exit\n"
        + "\n"
        + "Output follows the operands in the order given. Exit status: 0 success, 1 a file\n"
        + "could not be read, a check failed or the command line was wrong; 141 when\n"
        + "standard output was closed (as if killed by SIGPIPE). --audit: see docs/user-guide.md.\n";
  }
}
