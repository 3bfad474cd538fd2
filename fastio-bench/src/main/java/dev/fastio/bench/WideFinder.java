package dev.fastio.bench;

import dev.fastio.FastFiles;
import dev.fastio.LineScanner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Tim Bray's Wide Finder: the 10 most fetched pages of an Apache access log, that is the URLs of
 * the lines whose request is {@code GET <url> } with a URL matching {@code
 * /ongoing/When/\d\d\dx/\d\d\d\d/[^ .]+}, counted, and listed by count descending, then by URL
 * ascending (so that ties come in the same order every time). Each way reads the file as UTF-8 and
 * returns the same list; they differ only in how the lines arrive.
 *
 * <p>{@code java -cp fastio-bench/target/benchmarks.jar dev.fastio.bench.WideFinder
 * jdk|dropin|scanner FILE} prints the top 10 as {@code count url} lines, and the time taken on
 * stderr; {@code WideFinder generate BYTES [crlf]} writes (once) an {@link AccessLog} of about that
 * size and prints its path.
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

  /**
   * The scanner: {@code LineScanner} on all cores, each line matched in its bytes (the same pattern
   * as the others, without a regular expression) and a {@code String} made only for the URL of a
   * matching line, counted in a map per scanning thread (counts do not depend on the order of
   * lines, so the collector is unordered), the maps merged.
   *
   * @param path the log, UTF-8
   * @return the top 10 pages with their counts, as {@link #jdk(Path)} returns them
   * @throws IOException if the file cannot be opened or read
   */
  public static List<Map.Entry<String, Long>> scanner(Path path) throws IOException {
    UrlCounts counts =
        LineScanner.builder()
            .build()
            .scan(
                path,
                Collector.of(
                    UrlCounts::new,
                    UrlCounts::add,
                    UrlCounts::merge,
                    Collector.Characteristics.UNORDERED,
                    Collector.Characteristics.IDENTITY_FINISH));
    return top(counts.toMap());
  }

  private static final byte[] GET = "GET ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] PREFIX = "/ongoing/When/".getBytes(StandardCharsets.US_ASCII);

  /** After the prefix: {@code d} a digit, other bytes themselves. */
  private static final byte[] SHAPE = "dddx/dddd/".getBytes(StandardCharsets.US_ASCII);

  /** Where a URL's name (its part after the prefix and the shape) starts. */
  private static final int NAME = PREFIX.length + SHAPE.length;

  /**
   * Counts the URL of {@link #REQUEST}'s first match in the line, if any: {@code GET }, the prefix,
   * {@code \\d\\d\\dx/\\d\\d\\d\\d/}, then one or more bytes other than space and dot (the name,
   * hashed as it is read) up to a space.
   */
  private static void count(UrlCounts counts, LineScanner.Line line) {
    int n = line.length();
    for (int at = line.indexOf(GET, 0); at >= 0; at = line.indexOf(GET, at + 1)) {
      int u = at + GET.length;
      if (line.regionMatches(u, PREFIX) && shapeAt(line, u + PREFIX.length)) {
        int h = 0;
        int i = u + NAME;
        for (byte b; i < n && (b = line.byteAt(i)) != ' ' && b != '.'; i++) {
          h = 31 * h + b;
        }
        if (i > u + NAME && i < n && line.byteAt(i) == ' ') {
          counts.add(line, u, i, h);
          return;
        }
      }
    }
  }

  /** Whether {@link #SHAPE} matches the line at {@code i}. */
  private static boolean shapeAt(LineScanner.Line line, int i) {
    if (i + SHAPE.length > line.length()) {
      return false;
    }
    for (int k = 0; k < SHAPE.length; k++) {
      byte b = line.byteAt(i + k);
      if (SHAPE[k] == 'd' ? b < '0' || b > '9' : b != SHAPE[k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Counts per URL, keyed by the URL's bytes in an open-addressing table hashed by the URL's name:
   * a line's URL is compared in place, and bytes are copied only for a URL the table has not seen
   * yet.
   */
  private static final class UrlCounts {
    private byte[][] keys = new byte[1 << 12][];
    private long[] counts = new long[1 << 12];
    private int size;

    void add(LineScanner.Line line) {
      WideFinder.count(this, line);
    }

    /** Counts the URL {@code [from, to)} of the line, whose name hashes to {@code nameHash}. */
    void add(LineScanner.Line line, int from, int to, int nameHash) {
      int mask = keys.length - 1;
      for (int i = mix(nameHash) & mask; ; i = (i + 1) & mask) {
        byte[] key = keys[i];
        if (key == null) {
          put(i, line.toByteArray(from, to), 1);
          return;
        }
        if (key.length == to - from && line.regionMatches(from, key)) {
          counts[i]++;
          return;
        }
      }
    }

    UrlCounts merge(UrlCounts other) {
      for (int j = 0; j < other.keys.length; j++) {
        if (other.keys[j] != null) {
          add(other.keys[j], other.counts[j]);
        }
      }
      return this;
    }

    Map<String, Long> toMap() {
      Map<String, Long> map = new HashMap<>();
      for (int j = 0; j < keys.length; j++) {
        if (keys[j] != null) {
          map.put(new String(keys[j], StandardCharsets.UTF_8), counts[j]);
        }
      }
      return map;
    }

    private void add(byte[] key, long count) {
      int mask = keys.length - 1;
      for (int i = mix(nameHash(key)) & mask; ; i = (i + 1) & mask) {
        if (keys[i] == null) {
          put(i, key, count);
          return;
        }
        if (java.util.Arrays.equals(keys[i], key)) {
          counts[i] += count;
          return;
        }
      }
    }

    private void put(int i, byte[] key, long count) {
      keys[i] = key;
      counts[i] = count;
      if (++size * 2 > keys.length) {
        byte[][] oldKeys = keys;
        long[] oldCounts = counts;
        keys = new byte[oldKeys.length * 2][];
        counts = new long[oldKeys.length * 2];
        size = 0;
        for (int j = 0; j < oldKeys.length; j++) {
          if (oldKeys[j] != null) {
            add(oldKeys[j], oldCounts[j]);
          }
        }
      }
    }

    /** The hash {@link #count} computes of a URL's name, from the URL's bytes. */
    private static int nameHash(byte[] url) {
      int h = 0;
      for (int i = NAME; i < url.length; i++) {
        h = 31 * h + url[i];
      }
      return h;
    }

    private static int mix(int h) {
      return (h * 0x9E3779B9) >>> 7;
    }
  }

  /** The pipeline both ways share: match, count per URL, sort, keep the first 10. */
  private static List<Map.Entry<String, Long>> top(Stream<String> lines) {
    return top(
        lines
            .map(REQUEST::matcher)
            .filter(Matcher::find)
            .map(m -> m.group(1))
            .collect(Collectors.groupingBy(Function.identity(), Collectors.counting())));
  }

  /** The first 10 of the counts by count, then URL. */
  private static List<Map.Entry<String, Long>> top(Map<String, Long> counts) {
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
    } else if ((mode.equals("jdk") || mode.equals("dropin") || mode.equals("scanner"))
        && args.length == 2) {
      print(mode, Paths.get(args[1]));
    } else {
      System.err.println(
          "usage: WideFinder jdk|dropin|scanner FILE | WideFinder generate BYTES [crlf]");
      System.exit(2);
    }
  }

  private static void print(String mode, Path file) throws IOException {
    long t = System.nanoTime();
    List<Map.Entry<String, Long>> top =
        switch (mode) {
          case "jdk" -> jdk(file);
          case "dropin" -> dropIn(file);
          default -> scanner(file);
        };
    long elapsed = System.nanoTime() - t;
    for (Map.Entry<String, Long> e : top) {
      System.out.println(e.getValue() + " " + e.getKey());
    }
    System.err.printf(Locale.ROOT, "%s: %.1f ms%n", mode, elapsed / 1e6);
  }
}
