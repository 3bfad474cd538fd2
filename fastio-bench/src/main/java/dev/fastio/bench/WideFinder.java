package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Tim Bray's Wide Finder: the 10 most fetched pages of an Apache access log, that is the URLs of
 * the lines whose request is {@code GET <url> } with a URL matching {@code
 * /ongoing/When/\d\d\dx/\d\d\d\d/[^ .]+}, counted, and listed by count descending, then by URL
 * ascending (so that ties come in the same order every time). Each way reads the file as UTF-8 and
 * returns the same list; they differ only in how the lines arrive.
 *
 * <p>{@code java -cp fastio-bench/target/benchmarks.jar dev.fastio.bench.WideFinder jdk|dropin
 * FILE} prints the top 10 as {@code count url} lines, and the time taken on stderr; {@code
 * WideFinder generate BYTES [crlf]} writes (once) an {@link AccessLog} of about that size and
 * prints its path.
 */
public final class WideFinder {
  /** A request for a page; group 1 is the URL. */
  private static final Pattern REQUEST =
      Pattern.compile("GET (/ongoing/When/\\d\\d\\dx/\\d\\d\\d\\d/[^ .]+) ");

  private static final Comparator<Map.Entry<String, Long>> BY_COUNT_THEN_URL =
      Map.Entry.<String, Long>comparingByValue()
          .reversed()
          .thenComparing(Map.Entry.comparingByKey());

  private static final int TOP = 10;

  private WideFinder() {}

  /**
   * The idiomatic JDK: {@code Files.lines}, a regular expression, {@code groupingBy} and a sort.
   *
   * @param path the log, UTF-8
   * @return the top 10 pages with their counts, fewer if the log has fewer pages
   * @throws IOException if the file cannot be opened
   * @throws java.io.UncheckedIOException if it cannot be read or is not UTF-8, as {@code
   *     Files.lines} throws it
   */
  public static List<Map.Entry<String, Long>> jdk(Path path) throws IOException {
    try (Stream<String> lines = Files.lines(path)) {
      return top(lines);
    }
  }

  /**
   * The same code with fastio dropped in: {@code FastFiles.lines(path).parallel()} for {@code
   * Files.lines(path)}, nothing else changed.
   *
   * @param path the log, UTF-8
   * @return the top 10 pages with their counts, as {@link #jdk(Path)} returns them
   * @throws IOException if the file cannot be opened
   * @throws java.io.UncheckedIOException if it cannot be read or is not UTF-8, as {@code
   *     FastFiles.lines} throws it
   */
  public static List<Map.Entry<String, Long>> dropIn(Path path) throws IOException {
    try (Stream<String> lines = FastFiles.lines(path).parallel()) {
      return top(lines);
    }
  }

  // ---- The third way goes here: scanner(Path), over dev.fastio.LineScanner (not written yet),
  // ---- returning the same list as jdk(Path); with a "scanner" mode in main and a scanner
  // ---- benchmark in WideFinderBenchmark.

  /** The pipeline both ways share: match, count per URL, sort, keep the first 10. */
  private static List<Map.Entry<String, Long>> top(Stream<String> lines) {
    Map<String, Long> counts =
        lines
            .map(REQUEST::matcher)
            .filter(Matcher::find)
            .map(m -> m.group(1))
            .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    return counts.entrySet().stream()
        .sorted(BY_COUNT_THEN_URL)
        .limit(TOP)
        .map(e -> Map.entry(e.getKey(), e.getValue()))
        .toList();
  }

  public static void main(String[] args) throws IOException {
    String mode = args.length > 0 ? args[0] : "";
    if (mode.equals("generate")
        && (args.length == 2 || (args.length == 3 && args[2].equals("crlf")))) {
      System.out.println(AccessLog.file(Long.parseLong(args[1]), args.length == 3));
    } else if ((mode.equals("jdk") || mode.equals("dropin")) && args.length == 2) {
      print(mode, Paths.get(args[1]));
    } else {
      System.err.println("usage: WideFinder jdk|dropin FILE | WideFinder generate BYTES [crlf]");
      System.exit(2);
    }
  }

  private static void print(String mode, Path file) throws IOException {
    long t = System.nanoTime();
    List<Map.Entry<String, Long>> top = mode.equals("jdk") ? jdk(file) : dropIn(file);
    long elapsed = System.nanoTime() - t;
    for (Map.Entry<String, Long> e : top) {
      System.out.println(e.getValue() + " " + e.getKey());
    }
    System.err.printf(Locale.ROOT, "%s: %.1f ms%n", mode, elapsed / 1e6);
  }
}
