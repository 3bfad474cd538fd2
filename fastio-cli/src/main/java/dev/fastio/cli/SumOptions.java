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
 */
final class SumOptions {
  private static final GetOpt.Option BINARY = new GetOpt.Option("binary", 'b', false);
  private static final GetOpt.Option CHECK = new GetOpt.Option("check", 'c', false);
  private static final GetOpt.Option IGNORE_MISSING =
      new GetOpt.Option("ignore-missing", '\0', false);
  private static final GetOpt.Option QUIET = new GetOpt.Option("quiet", '\0', false);
  private static final GetOpt.Option STATUS = new GetOpt.Option("status", '\0', false);
  private static final GetOpt.Option WARN = new GetOpt.Option("warn", 'w', false);
  private static final GetOpt.Option STRICT = new GetOpt.Option("strict", '\0', false);
  private static final GetOpt.Option TAG = new GetOpt.Option("tag", '\0', false);
  private static final GetOpt.Option ZERO = new GetOpt.Option("zero", 'z', false);
  private static final GetOpt.Option TEXT = new GetOpt.Option("text", 't', false);
  private static final GetOpt.Option HELP = new GetOpt.Option("help", '\0', false);
  private static final GetOpt.Option VERSION = new GetOpt.Option("version", '\0', false);
  private static final GetOpt.Option RECURSIVE = new GetOpt.Option("recursive", 'r', false);
  private static final GetOpt.Option FOLLOW = new GetOpt.Option("follow-symlinks", 'L', false);
  private static final GetOpt.Option ALGORITHM = new GetOpt.Option("algorithm", '\0', true);
  private static final GetOpt.Option THREADS = new GetOpt.Option("threads", '\0', true);
  private static final GetOpt.Option READING = new GetOpt.Option("reading", '\0', true);
  private static final GetOpt.Option PROGRESS = new GetOpt.Option("progress", '\0', false);
  private static final GetOpt.Option NO_PROGRESS = new GetOpt.Option("no-progress", '\0', false);
  private static final GetOpt.Option AUDIT = new GetOpt.Option("audit", '\0', true);
  private static final GetOpt.Option JSON = new GetOpt.Option("json", '\0', false);

  /** coreutils' long options in its order (ambiguity messages list them so), then fastio's. */
  static final GetOpt PARSER =
      new GetOpt(
          List.of(
              BINARY,
              CHECK,
              IGNORE_MISSING,
              QUIET,
              STATUS,
              WARN,
              STRICT,
              TAG,
              ZERO,
              TEXT,
              HELP,
              VERSION,
              RECURSIVE,
              FOLLOW,
              ALGORITHM,
              THREADS,
              READING,
              PROGRESS,
              NO_PROGRESS,
              AUDIT,
              JSON));

  boolean help;
  boolean version;
  boolean recursive;
  boolean follow;
  boolean check;

  /** -1 not given, 0 text ({@code -t}), 1 binary ({@code -b}, {@code --tag}). */
  int binary = -1;

  boolean tag;
  boolean zero;
  boolean ignoreMissing;
  boolean quiet;
  boolean status;
  boolean strict;
  boolean warn;
  String algorithm;
  Integer threads;
  DigestBatch.Reading reading = DigestBatch.Reading.AUTO;

  /** null: the default (stderr is a terminal). */
  Boolean progress;

  String audit;
  boolean json;
  List<String> operands = new ArrayList<>();

  /**
   * Parses and checks {@code args}.
   *
   * @throws GetOpt.UsageException with coreutils' message, to be followed by the "Try" line
   * @throws BadValueException for a bad option value, a message complete by itself
   */
  static SumOptions parse(List<String> args, boolean posixlyCorrect)
      throws GetOpt.UsageException, BadValueException {
    GetOpt.Parsed parsed = PARSER.parse(args, posixlyCorrect);
    SumOptions o = new SumOptions();
    for (GetOpt.Given g : parsed.options()) {
      o.apply(g.option(), g.argument());
    }
    o.operands.addAll(parsed.operands());
    if (!o.help && !o.version) {
      o.validate();
    }
    return o;
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

  private void apply(GetOpt.Option o, String argument) throws BadValueException {
    switch (o.longName()) {
      case "quiet", "status", "warn" -> { // as coreutils: the last of the three counts
        quiet = o.longName().equals("quiet");
        status = o.longName().equals("status");
        warn = o.longName().equals("warn");
      }
      case "binary" -> binary = 1;
      case "text" -> binary = 0;
      case "tag" -> {
        tag = true;
        binary = 1;
      }
      case "progress" -> progress = true;
      case "no-progress" -> progress = false;
      case "check" -> check = true;
      case "ignore-missing" -> ignoreMissing = true;
      case "strict" -> strict = true;
      case "zero" -> zero = true;
      case "help" -> help = true;
      case "version" -> version = true;
      case "recursive" -> recursive = true;
      case "follow-symlinks" -> follow = true;
      case "json" -> json = true;
      case "algorithm" -> algorithm = argument;
      case "audit" -> audit = argument;
      case "threads" -> threads = threads(argument);
      case "reading" -> reading = reading(argument);
      default -> throw new IllegalStateException("option without a meaning: " + o.longName());
    }
  }

  private static Integer threads(String value) throws BadValueException {
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

  /** coreutils' checks after parsing, in its order, then fastio's. */
  private void validate() throws GetOpt.UsageException {
    boolean verifying = check || audit != null;
    if (tag && binary == 0) {
      throw new GetOpt.UsageException("--tag does not support --text mode");
    }
    if (zero && verifying) {
      throw new GetOpt.UsageException(
          "the --zero option is not supported when verifying checksums");
    }
    if (tag && verifying) {
      throw new GetOpt.UsageException("the --tag option is meaningless when verifying checksums");
    }
    if (binary >= 0 && verifying) {
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
    if (status) {
      return "--status";
    }
    if (warn) {
      return "--warn";
    }
    if (quiet) {
      return "--quiet";
    }
    return strict ? "--strict" : null;
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
        + "standard output was closed (as if killed by SIGPIPE). --audit: see docs/cli.md.\n";
  }
}
