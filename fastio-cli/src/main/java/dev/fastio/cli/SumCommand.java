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
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Queue;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

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
    return options.algorithm() != null ? options.algorithm() : defaultAlgorithm;
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
    if (o.mode() == SumOptions.Mode.AUDIT) {
      return new Audit(this, hexLength).run();
    }
    List<String> operands = o.operands().isEmpty() ? List.of("-") : o.operands();
    if (o.mode() == SumOptions.Mode.CHECK) {
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
    Iterator<Walker.Item> walk = new Walker(options.recursive(), options.follow()).items(operands);
    if (showProgress()) {
      computeListed(walk);
    } else {
      computeWalking(walk);
    }
  }

  /**
   * Hashes the files as the walk finds them: the batch takes the walk's paths on a thread of its
   * own while the results of the paths before are printed here; the walk's other items (errors,
   * standard input) are handled here in their place.
   */
  private void computeWalking(Iterator<Walker.Item> walk) throws InterruptedException {
    Queue<Walker.Item> found = new ConcurrentLinkedQueue<>(); // every item the batch has taken
    Iterator<Path> files =
        new Iterator<>() {
          private Path next;

          @Override
          public boolean hasNext() {
            while (next == null && walk.hasNext()) {
              Walker.Item it = walk.next();
              found.add(it);
              next = it.isFile() ? it.path : null;
            }
            return next != null;
          }

          @Override
          public Path next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            Path p = next;
            next = null;
            return p;
          }
        };
    Stream<Path> stream =
        StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(files, Spliterator.ORDERED), false);
    batch(null)
        .digestAll(
            stream,
            new Consumer<DigestBatch.Result>() {
              @Override
              public void accept(DigestBatch.Result r) {
                Walker.Item it = found.remove();
                for (; !it.isFile(); it = found.remove()) {
                  inline(it); // an error or standard input before this file
                }
                result(it, r);
              }
            });
    for (Walker.Item it; (it = found.poll()) != null; ) {
      inline(it);
    }
  }

  /** Walks the whole tree first, for a progress display that knows the total. */
  private void computeListed(Iterator<Walker.Item> walk) throws InterruptedException {
    List<Walker.Item> items = new ArrayList<>();
    while (walk.hasNext()) {
      items.add(walk.next());
    }
    List<Path> paths = new ArrayList<>(items.size());
    long total = 0;
    for (Walker.Item it : items) {
      paths.add(it.isFile() ? it.path : null);
      total += Math.max(it.size, 0);
    }
    hashInOrder(
        paths,
        total,
        new InOrder() {
          @Override
          public void inline(int index) {
            SumCommand.this.inline(items.get(index));
          }

          @Override
          public void result(int index, DigestBatch.Result r) {
            SumCommand.this.result(items.get(index), r);
          }
        });
  }

  /** Handles an item that is not hashed in the batch: standard input, or a known error. */
  private void inline(Walker.Item it) {
    if (it.isStdin()) {
      hashStdin();
    } else {
      problem(it.name, it.error);
    }
  }

  private void result(Walker.Item it, DigestBatch.Result r) {
    if (r.isSuccess()) {
      printSum(r.toHex(), it.name);
    } else {
      problem(it.name, r.error());
    }
  }

  /** What {@link #hashInOrder} does with each index of its list, in order. */
  private interface InOrder {
    /** The path at {@code index} is null (standard input, a name known to fail): handle it. */
    void inline(int index);

    /** The result of the path at {@code index}. */
    void result(int index, DigestBatch.Result r);
  }

  /**
   * Hashes the non-null {@code paths} in one batch and hands each result to {@code order}; a null
   * path (standard input, a name known to fail) is handed to {@code order.inline} instead, in its
   * place: every index once, in order.
   */
  private void hashInOrder(List<Path> paths, long totalBytes, InOrder order)
      throws InterruptedException {
    List<Path> batch = new ArrayList<>(paths.size());
    int[] positions = new int[paths.size()];
    for (int i = 0; i < paths.size(); i++) {
      if (paths.get(i) != null) {
        positions[batch.size()] = i;
        batch.add(paths.get(i));
      }
    }
    int[] done = {0}; // indexes handled so far
    int[] next = {0}; // batch results received so far
    try (ProgressDisplay bar = progress(totalBytes, batch.size())) {
      batch(bar)
          .digestAll(
              batch,
              new Consumer<DigestBatch.Result>() {
                @Override
                public void accept(DigestBatch.Result r) {
                  int position = positions[next[0]++];
                  for (; done[0] < position; done[0]++) {
                    order.inline(done[0]);
                  }
                  order.result(position, r);
                  done[0] = position + 1;
                }
              });
    }
    for (; done[0] < paths.size(); done[0]++) {
      order.inline(done[0]);
    }
  }

  DigestBatch batch(ProgressDisplay bar) {
    DigestBatch.Builder b =
        DigestBatch.builder(algorithm()).reading(options.reading()).listener(bar);
    if (options.threads() > 0) {
      b.threads(options.threads());
    }
    return b.build();
  }

  /** Whether a progress display is to be shown. */
  private boolean showProgress() {
    return switch (options.progress()) {
      case ON -> true;
      case OFF -> false;
      case AUTO -> io.stderrIsTerminal();
    };
  }

  /** The progress display for a batch, or null if none is to be shown. */
  ProgressDisplay progress(long totalBytes, long files) {
    if (!showProgress()) {
      return null;
    }
    ProgressSettings p = progressSettings;
    return new ProgressDisplay(io, program, totalBytes, files, p.width(), p.delay(), p.clock());
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
    boolean escape = !options.zero() && Coreutils.needsEscape(name);
    String shown = escape ? Coreutils.escape(name) : name;
    StringBuilder line = new StringBuilder(hex.length() + shown.length() + 16);
    if (escape) {
      line.append('\\');
    }
    if (options.tag()) {
      line.append(tagName()).append(" (").append(shown).append(") = ").append(hex);
    } else {
      line.append(hex).append(options.mark() == SumOptions.Mark.BINARY ? " *" : "  ").append(shown);
    }
    line.append(options.zero() ? '\0' : '\n');
    io.print(line);
  }

  /** Reports that file {@code name} (a byte string) failed: {@code PROG: NAME: REASON}. */
  void problem(String name, IOException e) {
    failed = true;
    io.error(program + ": " + Coreutils.quote(name) + ": " + Names.encode(Coreutils.reason(e)));
  }

  /**
   * The whole of a checksum file or manifest ({@code -} for standard input), or null after
   * reporting why not as coreutils does: {@code PROG: NAME: REASON} if it cannot be opened, {@code
   * PROG: NAME: read error} if it cannot be read (a directory, an I/O error).
   */
  byte[] readList(String file) {
    String shown = shownList(file);
    readStdin |= file.equals("-");
    try (InputStream in = file.equals("-") ? null : Files.newInputStream(Names.path(file))) {
      try {
        return Console.readAll(in == null ? io.in : in);
      } catch (IOException e) {
        failed = true;
        io.error(program + ": " + Coreutils.quote(shown) + ": read error");
        return null;
      }
    } catch (IOException e) {
      problem(shown, e);
      return null;
    }
  }

  /** How messages name a checksum file: {@code standard input} for {@code -}. */
  static String shownList(String file) {
    return file.equals("-") ? "standard input" : file;
  }

  // ---------------------------------------------------------------- checking

  /** What a check found so far. */
  private static final class Tally {
    long matched;
    long mismatched;
    long unreadable;
  }

  private void checkFile(String file, int hexLength) throws InterruptedException {
    String shownFile = shownList(file);
    byte[] content = readList(file);
    if (content == null) {
      return;
    }
    ChecksumLine.Listing listing =
        ChecksumLine.parseAll(content, tagName(), hexLength, file.equals("-"));
    List<ChecksumLine> entries = listing.entries();
    List<ChecksumLine.Improper> improper = listing.improper();
    if (entries.isEmpty()) {
      for (ChecksumLine.Improper bad : improper) {
        warnImproper(shownFile, bad);
      }
      failed = true;
      io.error(
          program
              + ": "
              + Coreutils.quote(shownFile)
              + ": no properly formatted checksum lines found");
      return;
    }
    List<Path> paths = new ArrayList<>(entries.size());
    long total = 0;
    for (ChecksumLine e : entries) {
      Path p = e.name.isEmpty() || e.name.equals("-") ? null : Names.path(e.name);
      paths.add(p);
      total += p == null ? 0 : sizeOrZero(p);
    }
    Tally tally = new Tally();
    Checking checking = new Checking(shownFile, entries, improper, tally);
    hashInOrder(paths, total, checking);
    checking.warnUpTo(Integer.MAX_VALUE);
    if (!options.status()) {
      summarize(shownFile, improper.size(), tally);
    }
    if (tally.matched == 0
        || tally.mismatched > 0
        || tally.unreadable > 0
        || (options.strict() && !improper.isEmpty())) {
      failed = true;
    }
  }

  /** Checks a list's entries in order, each improper line's warning before the entry after it. */
  private final class Checking implements InOrder {
    private final String shownFile;
    private final List<ChecksumLine> entries;
    private final List<ChecksumLine.Improper> improper;
    private final Tally tally;
    private int warned; // -w warnings printed so far

    Checking(
        String shownFile,
        List<ChecksumLine> entries,
        List<ChecksumLine.Improper> improper,
        Tally tally) {
      this.shownFile = shownFile;
      this.entries = entries;
      this.improper = improper;
      this.tally = tally;
    }

    /** Prints the warnings of the improper lines before entry {@code k}. */
    void warnUpTo(int k) {
      for (; warned < improper.size() && improper.get(warned).entriesBefore() <= k; ) {
        warnImproper(shownFile, improper.get(warned++));
      }
    }

    @Override
    public void inline(int index) {
      warnUpTo(index);
      verifyInline(entries.get(index), tally);
    }

    @Override
    public void result(int index, DigestBatch.Result r) {
      warnUpTo(index);
      verify(entries.get(index), r.isSuccess() ? r.toHex() : null, r.error(), tally);
    }
  }

  private void warnImproper(String shownFile, ChecksumLine.Improper bad) {
    if (options.warn()) {
      io.error(
          program
              + ": "
              + Coreutils.quote(shownFile)
              + ": "
              + bad.lineNumber()
              + ": improperly formatted "
              + tagName()
              + " checksum line");
    }
  }

  /** An entry the batch does not hash: {@code -} (standard input) or an empty name. */
  private void verifyInline(ChecksumLine entry, Tally tally) {
    if (entry.name.isEmpty()) { // a name cut short by a NUL byte: fopen("") fails so
      verify(entry, null, new NoSuchFileException(entry.name), tally);
      return;
    }
    readStdin = true;
    try {
      verify(entry, hex(digest(io.in)), null, tally);
    } catch (IOException e) {
      verify(entry, null, e, tally);
    }
  }

  private void summarize(String shownFile, long improper, Tally tally) {
    if (improper > 0) {
      warning(improper, " line is improperly formatted", " lines are improperly formatted");
    }
    if (tally.unreadable > 0) {
      warning(
          tally.unreadable, " listed file could not be read", " listed files could not be read");
    }
    if (tally.mismatched > 0) {
      warning(
          tally.mismatched,
          " computed checksum did NOT match",
          " computed checksums did NOT match");
    }
    if (options.ignoreMissing() && tally.matched == 0) {
      io.error(program + ": " + Coreutils.quote(shownFile) + ": no file was verified");
    }
  }

  private void warning(long count, String one, String many) {
    io.error(program + ": WARNING: " + count + (count == 1 ? one : many));
  }

  /** Counts and reports one entry: its digest ({@code hex}) or why it has none. */
  private void verify(ChecksumLine entry, String hex, IOException error, Tally tally) {
    if (error != null) {
      if (options.ignoreMissing() && error instanceof NoSuchFileException) {
        return;
      }
      problem(entry.name, error);
      tally.unreadable++;
      if (!options.status()) {
        io.print(checkName(entry.name) + ": FAILED open or read\n");
      }
      return;
    }
    boolean ok = hex.equals(entry.hex);
    if (ok) {
      tally.matched++;
    } else {
      tally.mismatched++;
    }
    if (!options.status() && (!ok || !options.quiet())) {
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
