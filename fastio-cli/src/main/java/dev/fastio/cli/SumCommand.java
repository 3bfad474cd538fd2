package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code md5sum}, {@code sha1sum}, {@code sha256sum}, {@code sha512sum}: coreutils-compatible
 * output and checking, computed by {@link DigestBatch} on several threads.
 *
 * <p>The command line is declared through picocli's programmatic API ({@link #spec()}), not its
 * annotations: reading annotations costs picocli about 0.1 s of start-up in the interpreter
 * (reflection and annotation proxies), which every run of the tool would pay.
 */
final class SumCommand implements Callable<Integer> {
  private static final String[] DESCRIPTION = {
    "Print or check checksums as coreutils does (md5sum: MD5, sha1sum: SHA-1, sha256sum: SHA-256,"
        + " sha512sum: SHA-512), on several threads.",
    "With no FILE, or when FILE is -, read standard input."
  };

  private final OptionSpec recursiveOption =
      flag(
          "Hash the regular files under directory operands (like find DIR -type f), in name order.",
          "-r",
          "--recursive");
  private final OptionSpec followOption =
      flag(
          "With -r, follow symbolic links (like find -L); loops are reported and skipped.",
          "-L",
          "--follow-symlinks");
  private final OptionSpec checkOption =
      flag("Read checksums from the FILEs and check them.", "-c", "--check");
  private final OptionSpec binaryOption =
      flag("Mark lines with '*' (binary mode; the bytes hashed are the same).", "-b", "--binary");
  private final OptionSpec textOption =
      flag("Mark lines with ' ' (text mode, the default).", "-t", "--text");
  private final OptionSpec tagOption = flag("Print BSD-style lines: ALGO (FILE) = HASH.", "--tag");
  private final OptionSpec zeroOption =
      flag(
          "End each output line with NUL, not newline, and do not escape file names.",
          "-z",
          "--zero");
  private final OptionSpec ignoreMissingOption =
      flag("With -c, do not fail or report for missing files.", "--ignore-missing");
  private final OptionSpec quietOption =
      flag("With -c, do not print OK for each verified file.", "--quiet");
  private final OptionSpec statusOption =
      flag("With -c, print nothing on standard output; the exit status tells.", "--status");
  private final OptionSpec strictOption =
      flag("With -c, exit non-zero for improperly formatted lines.", "--strict");
  private final OptionSpec warnOption =
      flag("With -c, warn about improperly formatted lines.", "-w", "--warn");
  private final OptionSpec algorithmSpec =
      OptionSpec.builder("--algorithm")
          .paramLabel("NAME")
          .type(String.class)
          .description(
              "Any Java MessageDigest algorithm instead of the command's (e.g. SHA-384, SHA3-256).")
          .build();
  private final OptionSpec threadsOption =
      OptionSpec.builder("--threads")
          .paramLabel("N")
          .type(Integer.class)
          .description("Hashing threads (default: the number of processors).")
          .build();
  private final OptionSpec readingOption =
      OptionSpec.builder("--reading")
          .paramLabel("MODE")
          .type(DigestBatch.Reading.class)
          .initialValue(DigestBatch.Reading.AUTO)
          .description(
              "AUTO (default: SEQUENTIAL on a rotational disk whose files are not cached yet, else"
                  + " PARALLEL), SEQUENTIAL (one reader"
                  + " thread in file order feeding the hashing threads: spinning disks) or PARALLEL (each"
                  + " thread reads its own file: SSDs, page cache).")
          .build();
  private final OptionSpec progressOption =
      OptionSpec.builder("--progress")
          .negatable(true)
          .type(Boolean.class)
          .arity("0")
          .description(
              "Show a progress bar on stderr for jobs longer than a second (default: when stderr is a"
                  + " terminal and stdout is not).")
          .build();
  private final PositionalParamSpec operandsSpec =
      PositionalParamSpec.builder()
          .paramLabel("FILE")
          .arity("0..*")
          .type(List.class)
          .auxiliaryTypes(String.class)
          .description("Files, or directories with -r.")
          .build();

  // The options' values, read from the specs above when the command runs.
  boolean recursive;
  boolean follow;
  boolean check;
  boolean binary;
  boolean text;
  boolean tag;
  boolean zero;
  boolean ignoreMissing;
  boolean quiet;
  boolean status;
  boolean strict;
  boolean warn;
  String algorithmOption;
  Integer threads;
  DigestBatch.Reading reading;
  Boolean progress;
  List<String> operands;

  private final String program;
  private final String defaultAlgorithm;
  private final Console io;
  private boolean failed;

  SumCommand(String program, String defaultAlgorithm, Console io) {
    this.program = program;
    this.defaultAlgorithm = defaultAlgorithm;
    this.io = io;
  }

  /** The command line of this command, for a picocli {@code CommandLine}; one per instance. */
  CommandSpec spec() {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(this).name(program);
    spec.exitCodeOnInvalidInput(1);
    spec.usageMessage().description(DESCRIPTION).sortOptions(false);
    for (OptionSpec o :
        new OptionSpec[] {
          recursiveOption,
          followOption,
          checkOption,
          binaryOption,
          textOption,
          tagOption,
          zeroOption,
          ignoreMissingOption,
          quietOption,
          statusOption,
          strictOption,
          warnOption,
          algorithmSpec,
          threadsOption,
          readingOption,
          progressOption
        }) {
      spec.addOption(o);
    }
    Main.addStandardHelpOptions(spec);
    spec.addPositional(operandsSpec);
    return spec;
  }

  private static OptionSpec flag(String description, String... names) {
    return OptionSpec.builder(names)
        .arity("0")
        .type(boolean.class)
        .description(description)
        .build();
  }

  /** Copies the parsed values out of the specs. */
  private void readOptions() {
    recursive = isSet(recursiveOption);
    follow = isSet(followOption);
    check = isSet(checkOption);
    binary = isSet(binaryOption);
    text = isSet(textOption);
    tag = isSet(tagOption);
    zero = isSet(zeroOption);
    ignoreMissing = isSet(ignoreMissingOption);
    quiet = isSet(quietOption);
    status = isSet(statusOption);
    strict = isSet(strictOption);
    warn = isSet(warnOption);
    algorithmOption = algorithmSpec.getValue();
    threads = threadsOption.getValue();
    reading = readingOption.getValue();
    progress = progressOption.getValue();
    List<String> given = operandsSpec.getValue();
    operands = given == null ? new ArrayList<>() : new ArrayList<>(given);
  }

  private static boolean isSet(OptionSpec flag) {
    return Boolean.TRUE.equals(flag.getValue());
  }

  private String algorithm() {
    return algorithmOption != null ? algorithmOption : defaultAlgorithm;
  }

  /** The BSD tag: MD5, SHA1, SHA256, SHA512; other algorithms upper case without dashes. */
  private String tagName() {
    return algorithm().toUpperCase(Locale.ROOT).replace("-", "");
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    readOptions();
    int hexLength;
    try {
      hexLength = 2 * MessageDigest.getInstance(algorithm()).getDigestLength();
    } catch (NoSuchAlgorithmException e) {
      io.error(program + ": unknown algorithm: " + algorithm());
      return 1;
    }
    if (threads != null && threads < 1) {
      io.error(program + ": invalid number of threads: " + threads);
      return 1;
    }
    if (operands.isEmpty()) {
      operands.add("-");
    }
    if (check) {
      if (tag || zero || binary || text) {
        io.error(
            program
                + ": the --binary, --text, --tag and --zero options are meaningless when verifying"
                + " checksums");
        io.error("Try '" + program + " --help' for more information.");
        return 1;
      }
      for (String file : operands) {
        checkFile(file, hexLength);
      }
    } else {
      if (ignoreMissing || quiet || status || strict || warn) {
        io.error(
            program
                + ": the --ignore-missing, --quiet, --status, --strict and --warn options"
                + " are meaningful only when verifying checksums");
        io.error("Try '" + program + " --help' for more information.");
        return 1;
      }
      compute();
    }
    io.flush();
    return failed ? 1 : 0;
  }

  // ---------------------------------------------------------------- computing

  private void compute() throws InterruptedException {
    Walker walker = new Walker(recursive, follow);
    List<Walker.Item> items = new ArrayList<>();
    for (String operand : operands) {
      walker.expand(operand, items);
    }
    List<Path> paths = new ArrayList<>(items.size());
    List<Integer> positions = new ArrayList<>(items.size()); // item index of each batch path
    long total = 0;
    for (int i = 0; i < items.size(); i++) {
      Walker.Item it = items.get(i);
      if (it.path != null && it.error == null) {
        paths.add(it.path);
        positions.add(i);
        total += Math.max(it.size, 0);
      }
    }
    int[] done = {0}; // items reported so far, in order
    int[] next = {0}; // batch results received so far
    try (Progress bar = progress(total, paths.size())) {
      batch(bar)
          .digestAll(
              paths,
              r -> {
                int position = positions.get(next[0]++);
                reportUpTo(items, done, position); // stdin and known errors before this file
                if (r.isSuccess()) {
                  printSum(r.toHex(), items.get(position).name);
                } else {
                  problem(items.get(position).name, r.error());
                }
                done[0] = position + 1;
              });
    }
    reportUpTo(items, done, items.size());
  }

  /** Reports the items before {@code end} that the batch does not hash: stdin and known errors. */
  private void reportUpTo(List<Walker.Item> items, int[] done, int end) {
    for (; done[0] < end; done[0]++) {
      Walker.Item it = items.get(done[0]);
      if (it.isStdin()) {
        hashStdin();
      } else if (it.error != null) {
        problem(it.name, it.error);
      }
    }
  }

  private DigestBatch batch(Progress bar) {
    DigestBatch.Builder b = DigestBatch.builder(algorithm()).reading(reading).listener(bar);
    if (threads != null) {
      b.threads(threads);
    }
    return b.build();
  }

  private Progress progress(long totalBytes, long files) {
    boolean show = progress != null ? progress : io.progressByDefault();
    return show ? new Progress(program, totalBytes, files, io.err, io.progressDelay) : null;
  }

  private void hashStdin() {
    try {
      printSum(hex(digest(io.in)), "-");
    } catch (IOException e) {
      problem("-", e);
    }
  }

  private byte[] digest(InputStream in) throws IOException {
    try {
      MessageDigest md = MessageDigest.getInstance(algorithm());
      byte[] buf = new byte[64 * 1024];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // checked in call()
    }
  }

  private void printSum(String hex, String name) {
    boolean escape = !zero && Coreutils.needsEscape(name);
    String shown = escape ? Coreutils.escape(name) : name;
    StringBuilder line = new StringBuilder(hex.length() + shown.length() + 16);
    if (escape) {
      line.append('\\');
    }
    if (tag) {
      line.append(tagName()).append(" (").append(shown).append(") = ").append(hex);
    } else {
      line.append(hex).append(binary ? " *" : "  ").append(shown);
    }
    line.append(zero ? '\0' : '\n');
    io.print(line);
  }

  private void problem(String name, IOException e) {
    failed = true;
    io.error(program + ": " + Coreutils.quote(name) + ": " + Coreutils.reason(e));
  }

  // ---------------------------------------------------------------- checking

  private void checkFile(String file, int hexLength) throws InterruptedException {
    String shownFile = file.equals("-") ? "standard input" : file;
    byte[] content;
    try {
      content = file.equals("-") ? io.in.readAllBytes() : Files.readAllBytes(Path.of(file));
    } catch (IOException e) {
      problem(shownFile, e);
      return;
    }
    String[] lines = new String(content, io.charset).split("\n", -1);
    int lineCount =
        lines.length - (content.length > 0 && content[content.length - 1] == '\n' ? 1 : 0);
    ChecksumLine.Format format = new ChecksumLine.Format();
    List<ChecksumLine> entries = new ArrayList<>();
    List<String> warnings = new ArrayList<>(); // -w messages, each printed before entry warnAt[i]
    List<Integer> warnAt = new ArrayList<>();
    long improper = 0;
    for (int i = 0; i < lineCount; i++) {
      String line = lines[i];
      if (line.endsWith("\r")) {
        line = line.substring(0, line.length() - 1);
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      ChecksumLine entry = ChecksumLine.parse(line, tagName(), hexLength, format);
      if (entry == null) {
        improper++;
        if (warn) {
          warnings.add(
              program
                  + ": "
                  + Coreutils.quote(shownFile)
                  + ": "
                  + (i + 1)
                  + ": improperly formatted "
                  + tagName()
                  + " checksum line");
          warnAt.add(entries.size());
        }
      } else {
        entries.add(entry);
      }
    }
    if (entries.isEmpty()) {
      warnings.forEach(io::error);
      failed = true;
      io.error(
          program
              + ": "
              + Coreutils.quote(shownFile)
              + ": no properly formatted checksum lines found");
      return;
    }
    long[] counts = new long[3]; // 0 matched, 1 mismatched, 2 unreadable
    List<Path> paths = new ArrayList<>(entries.size());
    long total = 0;
    for (ChecksumLine e : entries) {
      Path p = Path.of(e.name);
      paths.add(p);
      total += sizeOrZero(p);
    }
    int[] next = {0};
    int[] warned = {0};
    try (Progress bar = progress(total, entries.size())) {
      batch(bar)
          .digestAll(
              paths,
              r -> {
                int k = next[0]++;
                for (; warned[0] < warnings.size() && warnAt.get(warned[0]) <= k; warned[0]++) {
                  io.error(warnings.get(warned[0]));
                }
                verify(entries.get(k), r, counts);
              });
    }
    for (; warned[0] < warnings.size(); warned[0]++) {
      io.error(warnings.get(warned[0]));
    }
    if (!status) {
      if (improper > 0) {
        io.error(
            program
                + ": WARNING: "
                + improper
                + (improper == 1
                    ? " line is improperly formatted"
                    : " lines are improperly formatted"));
      }
      if (counts[2] > 0) {
        io.error(
            program
                + ": WARNING: "
                + counts[2]
                + (counts[2] == 1
                    ? " listed file could not be read"
                    : " listed files could not be read"));
      }
      if (counts[1] > 0) {
        io.error(
            program
                + ": WARNING: "
                + counts[1]
                + (counts[1] == 1
                    ? " computed checksum did NOT match"
                    : " computed checksums did NOT match"));
      }
      if (ignoreMissing && counts[0] == 0) {
        io.error(program + ": " + Coreutils.quote(shownFile) + ": no file was verified");
      }
    }
    if (counts[0] == 0 || counts[1] > 0 || counts[2] > 0 || (strict && improper > 0)) {
      failed = true;
    }
  }

  private void verify(ChecksumLine entry, DigestBatch.Result r, long[] counts) {
    if (!r.isSuccess()) {
      if (ignoreMissing && r.error() instanceof NoSuchFileException) {
        return;
      }
      io.error(program + ": " + Coreutils.quote(entry.name) + ": " + Coreutils.reason(r.error()));
      counts[2]++;
      if (!status) {
        io.print(checkName(entry.name) + ": FAILED open or read\n");
      }
      return;
    }
    boolean ok = r.toHex().equals(entry.hex);
    counts[ok ? 0 : 1]++;
    if (!status && (!ok || !quiet)) {
      io.print(checkName(entry.name) + (ok ? ": OK\n" : ": FAILED\n"));
    }
  }

  /** coreutils escapes a name in -c output only if it holds a newline. */
  private static String checkName(String name) {
    return name.indexOf('\n') >= 0 ? "\\" + Coreutils.escape(name) : name;
  }

  private static long sizeOrZero(Path p) {
    try {
      return Files.isRegularFile(p) ? Files.size(p) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static String hex(byte[] d) {
    StringBuilder b = new StringBuilder(d.length * 2);
    for (byte x : d) {
      b.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return b.toString();
  }

  /** The streams a command writes to, with the file-name charset of the JVM. */
  static final class Console {
    final InputStream in;
    final java.io.OutputStream out;
    final PrintStream err;
    final Charset charset;
    final boolean terminal;
    final java.time.Duration progressDelay;

    Console(
        InputStream in,
        java.io.OutputStream out,
        PrintStream err,
        Charset charset,
        boolean progressByDefault,
        java.time.Duration progressDelay) {
      this.in = in;
      this.out = out;
      this.err = err;
      this.charset = charset;
      this.terminal = progressByDefault;
      this.progressDelay = progressDelay;
    }

    boolean progressByDefault() {
      return terminal;
    }

    void print(CharSequence s) {
      try {
        out.write(s.toString().getBytes(charset));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }

    void error(String line) {
      flush(); // keep the order of stdout and stderr lines when both go to one terminal
      err.print(line + "\n");
      err.flush();
    }

    void flush() {
      try {
        out.flush();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }
}
