package dev.fastio.cli;

import dev.fastio.DigestBatch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * {@code md5sum}, {@code sha1sum}, {@code sha256sum}, {@code sha512sum}: coreutils-compatible
 * output and checking, computed by {@link DigestBatch} on several threads, and the {@code --audit}
 * mode ({@link Audit}).
 */
final class SumCommand {
  /** How the progress display is made: delay before it appears, terminal width, clock. */
  record ProgressSettings(Duration delay, int width, LongSupplier clock) {}

  final String program;
  private final String defaultAlgorithm;
  final Console io;
  private final ProgressSettings progressSettings;
  SumOptions options;
  private boolean failed;
  private boolean readStdin; // standard input was an operand: closed at the end, as coreutils does

  SumCommand(String program, String defaultAlgorithm, Console io, ProgressSettings progress) {
    this.program = program;
    this.defaultAlgorithm = defaultAlgorithm;
    this.io = io;
    this.progressSettings = progress;
  }

  String algorithm() {
    return options.algorithm != null ? options.algorithm : defaultAlgorithm;
  }

  /** The BSD tag: MD5, SHA1, SHA256, SHA512; other algorithms upper case without dashes. */
  String tagName() {
    return algorithm().toUpperCase(Locale.ROOT).replace("-", "");
  }

  /** Runs the command with parsed options; returns the exit status. */
  int run(SumOptions o) throws InterruptedException {
    this.options = o;
    int hexLength;
    try {
      hexLength = 2 * MessageDigest.getInstance(algorithm()).getDigestLength();
    } catch (NoSuchAlgorithmException e) {
      io.error(program + ": unknown algorithm: " + algorithm());
      return 1;
    }
    if (o.audit != null) {
      return new Audit(this, hexLength).run();
    }
    List<String> operands = new ArrayList<>(o.operands);
    if (operands.isEmpty()) {
      operands.add("-");
    }
    if (o.check) {
      for (String file : operands) {
        checkFile(file, hexLength);
      }
    } else {
      compute(operands);
    }
    if (readStdin && !closeStdin()) {
      return 1;
    }
    io.flush();
    return failed ? 1 : 0;
  }

  /**
   * Closes standard input after reading it, as coreutils does before it exits: false, after the
   * message {@code PROG: standard input: REASON}, where that fails (standard input was closed).
   */
  private boolean closeStdin() {
    try {
      io.in.close();
      return true;
    } catch (IOException e) {
      io.error(program + ": standard input: " + Coreutils.reason(e));
      return false;
    }
  }

  // ---------------------------------------------------------------- computing

  private void compute(List<String> operands) throws InterruptedException {
    Walker walker = new Walker(options.recursive, options.follow);
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

  DigestBatch batch(Progress bar) {
    DigestBatch.Builder b = DigestBatch.builder(algorithm()).reading(options.reading).listener(bar);
    if (options.threads != null) {
      b.threads(options.threads);
    }
    return b.build();
  }

  /** The progress display for a batch, or null if none is to be shown. */
  Progress progress(long totalBytes, long files) {
    boolean show = options.progress != null ? options.progress : io.stderrIsTerminal();
    if (!show) {
      return null;
    }
    ProgressSettings p = progressSettings;
    return new Progress(io, program, totalBytes, files, p.width(), p.delay(), p.clock());
  }

  private void hashStdin() {
    readStdin = true;
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
    boolean escape = !options.zero && Coreutils.needsEscape(name);
    String shown = escape ? Coreutils.escape(name) : name;
    StringBuilder line = new StringBuilder(hex.length() + shown.length() + 16);
    if (escape) {
      line.append('\\');
    }
    if (options.tag) {
      line.append(tagName()).append(" (").append(shown).append(") = ").append(hex);
    } else {
      line.append(hex).append(options.binary == 1 ? " *" : "  ").append(shown);
    }
    line.append(options.zero ? '\0' : '\n');
    io.print(line);
  }

  void problem(String name, IOException e) {
    failed = true;
    io.error(program + ": " + Coreutils.quote(name) + ": " + Coreutils.reason(e));
  }

  // ---------------------------------------------------------------- checking

  private void checkFile(String file, int hexLength) throws InterruptedException {
    String shownFile = file.equals("-") ? "standard input" : file;
    byte[] content = readChecksumFile(file, shownFile);
    if (content == null) {
      return;
    }
    ChecksumLine.Listing listing = ChecksumLine.parseAll(content, io.charset, tagName(), hexLength);
    List<ChecksumLine> entries = listing.entries();
    List<String> warnings = new ArrayList<>(); // -w messages, each printed before entry warnAt[i]
    List<Integer> warnAt = new ArrayList<>();
    long improper = listing.improper().size();
    if (options.warn) {
      for (ChecksumLine.Improper bad : listing.improper()) {
        warnings.add(
            program
                + ": "
                + Coreutils.quote(shownFile)
                + ": "
                + bad.lineNumber()
                + ": improperly formatted "
                + tagName()
                + " checksum line");
        warnAt.add(bad.entriesBefore());
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
    if (!options.status) {
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
      if (options.ignoreMissing && counts[0] == 0) {
        io.error(program + ": " + Coreutils.quote(shownFile) + ": no file was verified");
      }
    }
    if (counts[0] == 0 || counts[1] > 0 || counts[2] > 0 || (options.strict && improper > 0)) {
      failed = true;
    }
  }

  /**
   * The bytes of checksum file {@code file} ({@code -}: standard input), or null after the message
   * coreutils prints: {@code PROG: FILE: REASON} if it cannot be opened, {@code PROG: FILE: read
   * error} (no reason) if it cannot be read.
   */
  private byte[] readChecksumFile(String file, String shownFile) {
    boolean stdin = file.equals("-");
    InputStream in;
    try {
      in = stdin ? io.in : Files.newInputStream(Path.of(file));
    } catch (IOException e) {
      problem(shownFile, e);
      return null;
    }
    readStdin |= stdin;
    try {
      return Console.readAll(in);
    } catch (IOException e) {
      failed = true;
      io.error(program + ": " + Coreutils.quote(shownFile) + ": read error");
      return null;
    } finally {
      if (!stdin) {
        closeQuietly(in);
      }
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // read to its end or failed already
    }
  }

  private void verify(ChecksumLine entry, DigestBatch.Result r, long[] counts) {
    if (!r.isSuccess()) {
      if (options.ignoreMissing && r.error() instanceof NoSuchFileException) {
        return;
      }
      io.error(program + ": " + Coreutils.quote(entry.name) + ": " + Coreutils.reason(r.error()));
      counts[2]++;
      if (!options.status) {
        io.print(checkName(entry.name) + ": FAILED open or read\n");
      }
      return;
    }
    boolean ok = r.toHex().equals(entry.hex);
    counts[ok ? 0 : 1]++;
    if (!options.status && (!ok || !options.quiet)) {
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
}
