package dev.fastio.bench.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Turns JMH JSON result files into {@code benchmarks.md} and its charts.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.fastio.bench.report.Report DOCS_DIR JSON...}. It
 * writes {@code DOCS_DIR/benchmarks.md} and {@code DOCS_DIR/bench/CLASS-jdkN*.png}, and reads the
 * machine description {@code DOCS_DIR/bench/machine.properties} that {@code bench.sh} records at
 * run time (CPU, kernel, date, mode); without it the CPU of the machine running the report is
 * shown.
 *
 * <p>Every class in the JSON gets its section. One baseline rule holds everywhere: a ratio divides
 * a method's score by that of the JDK method the fastio call replaces, at the same parameters, on
 * the same JDK, in the same run (inverted for time-per-operation modes, so above 1 is always
 * faster). That method is the class's method named {@code jdk}, or the one {@link #REPLACED} names
 * for a class without one; a class with neither gets no ratios. A {@code @Param size} is the file
 * size in bytes: it turns operations per second into MB/s and is the x axis of line charts. Every
 * chart draws JMH's error as error bars; see {@link Charts} for its axes. The headline table is
 * {@link #HEADLINE}.
 */
public final class Report {
  /** Sizes of the summary tables (4 KiB, 1 MiB, 256 MiB). */
  static final long[] HEADLINE_SIZES = {4096, 1 << 20, 256 << 20};

  /**
   * The JDK method a class's {@code fastio} methods replace, for classes that have no method named
   * {@code jdk}. {@code ChunkedReader} replaces a {@code FileChannel} read loop; {@code
   * ChunkedScanBenchmark} times one into a reused direct buffer, the same shape of chunks.
   */
  static final Map<String, String> REPLACED = Map.of("ChunkedScanBenchmark", "jdkChannelDirect");

  /**
   * A row of the headline table: a fastio call, the JDK method it replaces, and where it is timed.
   */
  record Headline(String call, String replaces, String benchmarkClass, String params) {}

  /**
   * The README's headline table, at most 8 rows: the {@code fastio} method against the baseline.
   */
  static final List<Headline> HEADLINE =
      List.of(
          new Headline(
              "`FastFiles.readAllBytes`", "`Files.readAllBytes`", "ReadAllBytesBenchmark", ""),
          new Headline(
              "`FastFiles.digest` (MD5)",
              "a `DigestInputStream` read loop",
              "DigestBenchmark",
              "algorithm=MD5"),
          new Headline(
              "`FastChannels.transferTo` to a channel neither file nor socket",
              "a `FileChannel.transferTo` loop",
              "TransferBenchmark",
              "target=OTHER"),
          new Headline(
              "`FastChannels.transferTo` to a file",
              "a `FileChannel.transferTo` loop",
              "TransferBenchmark",
              "target=FILE"),
          new Headline(
              "`DigestBatch` (MD5 of 16 files, one thread, Vector API module added)",
              "a `MessageDigest` read loop per file",
              "DigestBatchBenchmark",
              "count=16"),
          new Headline("`FastFiles.copy`", "`Files.copy`", "PeersCopyBenchmark", ""),
          new Headline(
              "`ChunkedReader` scan",
              "`FileChannel.read` into a direct buffer",
              "ChunkedScanBenchmark",
              ""),
          new Headline(
              "`ChunkedReader`: 64 bytes every 8 KiB",
              "`RandomAccessFile.seek` and `readFully`",
              "ChunkedSkipBenchmark",
              ""));

  private Report() {}

  /**
   * Writes the report.
   *
   * @param args the docs directory, then one or more JMH JSON files
   * @throws IOException if a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: Report DOCS_DIR JMH_JSON...");
      System.exit(2);
    }
    Path docs = Paths.get(args[0]).toAbsolutePath().normalize();
    List<Run> runs = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      Path json = Paths.get(args[i]);
      List<Result> results = Result.read(json);
      if (results.isEmpty()) {
        System.err.println("skipped (no results): " + json);
        continue;
      }
      runs.add(new Run(docs.relativize(json.toAbsolutePath().normalize()), results));
    }
    runs.sort(Comparator.comparingInt((Run r) -> r.major).thenComparing(r -> r.jdkVersion));
    Path chartDir = docs.resolve("bench");
    Files.createDirectories(chartDir);
    String md = markdown(runs, machine(docs.resolve("bench/machine.properties")), chartDir, docs);
    Files.writeString(docs.resolve("benchmarks.md"), md, StandardCharsets.UTF_8);
    System.out.println("wrote " + docs.resolve("benchmarks.md"));
  }

  /** The results of one JSON file: one JDK. */
  static final class Run {
    final Path json;
    final List<Result> results;
    final int major;
    final String jdkVersion;
    final String tag;

    Run(Path json, List<Result> results) {
      this.json = json;
      this.results = results;
      this.major = results.get(0).jdkMajor();
      this.jdkVersion = results.get(0).jdkVersion;
      this.tag = "jdk" + major;
    }

    Set<String> classes() {
      return results.stream()
          .map(r -> r.benchmarkClass)
          .collect(Collectors.toCollection(TreeSet::new));
    }

    List<Result> of(String benchmarkClass) {
      return results.stream()
          .filter(r -> r.benchmarkClass.equals(benchmarkClass))
          .collect(Collectors.toList());
    }
  }

  static String markdown(List<Run> runs, Properties machine, Path chartDir, Path docs)
      throws IOException {
    StringBuilder b = new StringBuilder();
    b.append("# fastio benchmarks\n\n");
    b.append(
            "Generated by `fastio-bench/bench.sh` from the JMH JSON files listed below; do not edit by")
        .append(
            " hand (see `fastio-bench/README.md` to reproduce). What the policies drawn from them")
        .append(" are: [maintainer-guide.md](maintainer-guide.md).\n\n");
    if (machine.getProperty("note") != null) {
      b.append("> **Note:** ").append(machine.getProperty("note")).append("\n\n");
    }
    b.append("| | |\n|---|---|\n");
    row(b, "date", machine.getProperty("date", "(not recorded)"));
    row(b, "mode", machine.getProperty("mode", "(not recorded)"));
    row(
        b,
        "CPU",
        machine.getProperty("cpu", cpuModel())
            + ", "
            + machine.getProperty(
                "cpus", String.valueOf(Runtime.getRuntime().availableProcessors()))
            + " logical CPUs");
    row(b, "memory", machine.getProperty("memory", "(not recorded)"));
    row(b, "kernel", machine.getProperty("kernel", "(not recorded)"));
    row(b, "file system", machine.getProperty("filesystem", "(not recorded)"));
    row(b, "command", "`" + machine.getProperty("command", "fastio-bench/bench.sh") + "`");
    b.append('\n');
    b.append("Throughput is in MB/s (10^6 bytes per second: file size × operations per second) for")
        .append(
            " benchmarks with a `size` parameter, else JMH's score; `±` is JMH's 99.9 % confidence")
        .append(
            " half-width, left out where JMH computes none (fewer than 3 measurement iterations, as")
        .append(
            " in quick mode). **One baseline everywhere:** a ratio divides a method's score by that")
        .append(" of the JDK method the fastio call replaces (the method named `jdk`, or the one a")
        .append(
            " section names), at the same parameters, on the same JDK, in the same run: above 1 is")
        .append(
            " faster than the JDK. Charts draw the same error as error bars; their y axis starts at")
        .append(
            " 0 unless the values span a factor of 10 or more, where it is logarithmic and says")
        .append(" so. The page cache is warm unless a class's parameters say otherwise.\n\n");

    b.append("## Runs\n\n| JDK | VM | java | JSON |\n|---|---|---|---|\n");
    for (Run run : runs) {
      Result r = run.results.get(0);
      b.append("| ")
          .append(run.jdkVersion)
          .append(" | ")
          .append(r.vmName)
          .append(' ')
          .append(r.vmVersion)
          .append(" | `")
          .append(r.jvm)
          .append("` | [")
          .append(run.json)
          .append("](")
          .append(run.json)
          .append(") |\n");
    }
    b.append('\n');

    headline(b, runs);
    summary(b, runs);

    Set<String> classes = new TreeSet<>();
    runs.forEach(r -> classes.addAll(r.classes()));
    for (String c : classes) {
      b.append("## ").append(c).append("\n\n");
      for (Run run : runs) {
        List<Result> rs = run.of(c);
        if (!rs.isEmpty()) {
          section(b, run, c, rs, chartDir, docs);
        }
      }
    }
    return b.toString();
  }

  /**
   * The README's table: each {@link #HEADLINE} row's ratios at the summary sizes, one column a JDK.
   */
  private static void headline(StringBuilder b, List<Run> runs) {
    b.append("## Headline\n\n");
    b.append("The `fastio` method against the JDK method it replaces, for files of ");
    for (int i = 0; i < HEADLINE_SIZES.length; i++) {
      b.append(i == 0 ? "" : i == HEADLINE_SIZES.length - 1 ? " and " : ", ")
          .append(size(HEADLINE_SIZES[i]));
    }
    b.append(" (the README's table; the MB/s are in the summary below).\n\n");
    b.append("| fastio call | JDK method it replaces |");
    runs.forEach(r -> b.append(" JDK ").append(r.major).append(" |"));
    b.append("\n|---|---|");
    runs.forEach(r -> b.append("---|"));
    b.append('\n');
    for (Headline h : HEADLINE) {
      b.append("| ").append(h.call()).append(" | ").append(h.replaces()).append(" |");
      for (Run run : runs) {
        List<Result> rs = run.of(h.benchmarkClass());
        String base = baseline(h.benchmarkClass(), methods(rs));
        b.append(' ');
        for (int i = 0; i < HEADLINE_SIZES.length; i++) {
          Result r = find(rs, "fastio", h.params(), HEADLINE_SIZES[i]);
          Result j = base == null ? null : find(rs, base, h.params(), HEADLINE_SIZES[i]);
          b.append(i == 0 ? "" : " · ")
              .append(r == null || j == null ? "–" : format(ratio(r, j)) + "×");
        }
        b.append(" |");
      }
      b.append('\n');
    }
    b.append('\n');
  }

  private static void summary(StringBuilder b, List<Run> runs) {
    b.append("## Summary: fastio against the JDK\n\n");
    b.append("Ratio of the `fastio` method of each class to the JDK method it replaces (MB/s in")
        .append(" brackets, fastio vs the JDK).\n\n");
    StringBuilder rows = new StringBuilder();
    for (Run run : runs) {
      for (String c : run.classes()) {
        if (!c.startsWith("Peers")) {
          headlineRows(rows, run, c, List.of("fastio"));
        }
      }
    }
    if (rows.length() == 0) {
      b.append(
              "(No class other than the `Peers*` ones has both a JDK baseline and a `fastio` method")
          .append(" in these runs.)\n\n");
    } else {
      headlineHeader(b, "benchmark");
      b.append(rows).append('\n');
    }
    boolean peers =
        runs.stream().anyMatch(r -> r.classes().stream().anyMatch(c -> c.startsWith("Peers")));
    if (peers) {
      b.append("## Summary: peers against the JDK\n\n");
      b.append(
          "Ratio of each method of the `Peers*` classes to the JDK method they all replace.\n\n");
      headlineHeader(b, "benchmark");
      for (Run run : runs) {
        for (String c : run.classes()) {
          if (c.startsWith("Peers")) {
            List<Result> rs = run.of(c);
            String base = baseline(c, methods(rs));
            List<String> others = new ArrayList<>(methods(rs));
            others.remove(base);
            headlineRows(b, run, c, others);
          }
        }
      }
      b.append('\n');
    }
  }

  private static void headlineHeader(StringBuilder b, String first) {
    b.append("| ").append(first).append(" | against | JDK |");
    for (long s : HEADLINE_SIZES) {
      b.append(' ').append(size(s)).append(" |");
    }
    b.append("\n|---|---|---|");
    for (int i = 0; i < HEADLINE_SIZES.length; i++) {
      b.append("---:|");
    }
    b.append('\n');
  }

  private static void headlineRows(StringBuilder b, Run run, String c, List<String> wanted) {
    List<Result> rs = run.of(c);
    List<String> methods = methods(rs);
    String base = baseline(c, methods);
    if (base == null) {
      return;
    }
    for (String other : paramSets(rs)) {
      for (String m : wanted) {
        if (!methods.contains(m)) {
          continue;
        }
        StringBuilder line = new StringBuilder();
        boolean any = false;
        for (long s : HEADLINE_SIZES) {
          Result r = find(rs, m, other, s);
          Result j = find(rs, base, other, s);
          line.append(' ');
          if (r == null || j == null) {
            line.append('–');
          } else {
            any = true;
            line.append(format(ratio(r, j)))
                .append("× (")
                .append(format(value(r)))
                .append(" vs ")
                .append(format(value(j)))
                .append(')');
          }
          line.append(" |");
        }
        if (any) {
          b.append("| ")
              .append(c)
              .append('.')
              .append(m)
              .append(other.isEmpty() ? "" : " (" + other + ")")
              .append(" | `")
              .append(base)
              .append("` | ")
              .append(run.major)
              .append(" |")
              .append(line)
              .append('\n');
        }
      }
    }
  }

  private static void section(
      StringBuilder b, Run run, String c, List<Result> rs, Path chartDir, Path docs)
      throws IOException {
    List<String> methods = methods(rs);
    String base = baseline(c, methods);
    b.append("### JDK ").append(run.jdkVersion).append("\n\n");
    b.append("Forks ")
        .append(distinct(rs, r -> String.valueOf(r.forks)))
        .append(", threads ")
        .append(distinct(rs, r -> String.valueOf(r.threads)))
        .append(", mode ")
        .append(distinct(rs, r -> r.mode))
        .append(", warmup ")
        .append(distinct(rs, r -> r.warmup))
        .append(", measurement ")
        .append(distinct(rs, r -> r.measurement))
        .append(", JVM flags `")
        .append(distinct(rs, r -> String.join(" ", r.jvmArgs)))
        .append("`.");
    b.append(
        base == null
            ? " No JDK method it replaces is timed here: no ratios.\n\n"
            : " Baseline (the JDK method replaced): `" + base + "`.\n\n");

    boolean sized = rs.stream().allMatch(r -> r.size() >= 0);
    String yTitle =
        sized && rs.stream().allMatch(r -> !Double.isNaN(r.bytesPerSecond()))
            ? "MB/s"
            : rs.get(0).unit + (rs.get(0).higherIsBetter() ? "" : ", lower is better");
    charts(b, run, c, rs, methods, yTitle, chartDir, docs);

    b.append("Throughput (").append(yTitle).append(")\n\n");
    table(b, rs, methods);
    b.append('\n');
  }

  /**
   * One line chart over file sizes per parameter combination that has two sizes or more; the
   * combinations with a single point each are merged into one bar chart (none when only one is
   * left: its table says it all).
   */
  private static void charts(
      StringBuilder b,
      Run run,
      String c,
      List<Result> rs,
      List<String> methods,
      String yTitle,
      Path chartDir,
      Path docs)
      throws IOException {
    List<String> single = new ArrayList<>();
    for (String other : paramSets(rs)) {
      List<Long> sizes = sizes(rs, other);
      if (sizes.size() < 2 || sizes.get(0) < 0) {
        single.add(other);
        continue;
      }
      List<String> categories = new ArrayList<>();
      sizes.forEach(s -> categories.add(size(s)));
      Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
      for (String m : methods) {
        List<Charts.Point> points = new ArrayList<>();
        sizes.forEach(s -> points.add(point(find(rs, m, other, s))));
        series.put(m, points);
      }
      String suffix = other.isEmpty() ? "" : "-" + other.replaceAll("[^A-Za-z0-9]+", "_");
      String title = c + (other.isEmpty() ? "" : " (" + other + ")") + ", JDK " + run.jdkVersion;
      Path png = chartDir.resolve(c + "-" + run.tag + suffix + ".png");
      Charts.render(title, "file size", yTitle, categories, series, Charts.Style.LINES, png);
      link(b, title, png, docs);
    }
    List<String[]> points = new ArrayList<>(); // {other, size} with one point per method
    for (String other : single) {
      sizes(rs, other).forEach(s -> points.add(new String[] {other, String.valueOf(s)}));
    }
    if (points.size() < 2) {
      return;
    }
    boolean oneSize = points.stream().map(p -> p[1]).distinct().count() == 1;
    long commonSize = Long.parseLong(points.get(0)[1]);
    List<String> categories = new ArrayList<>();
    for (String[] p : points) {
      long s = Long.parseLong(p[1]);
      categories.add(((s >= 0 && !oneSize ? size(s) + " " : "") + p[0]).trim());
    }
    String xTitle =
        oneSize && commonSize >= 0
            ? "parameters (files of " + size(commonSize) + ")"
            : "parameters";
    Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
    for (String m : methods) {
      List<Charts.Point> values = new ArrayList<>();
      points.forEach(p -> values.add(point(find(rs, m, p[0], Long.parseLong(p[1])))));
      series.put(m, values);
    }
    String title = c + ", JDK " + run.jdkVersion;
    Path png = chartDir.resolve(c + "-" + run.tag + ".png");
    Charts.render(title, xTitle, yTitle, categories, series, Charts.Style.BARS, png);
    link(b, title, png, docs);
  }

  private static void link(StringBuilder b, String title, Path png, Path docs) {
    if (Files.exists(png)) {
      String rel = docs.relativize(png.toAbsolutePath().normalize()).toString();
      b.append("![").append(title).append("](").append(rel).append(")\n\n");
    }
  }

  private static Charts.Point point(Result r) {
    if (r == null) {
      return null;
    }
    double scale = value(r) / r.score;
    return new Charts.Point(value(r), r.error * scale);
  }

  private static List<Long> sizes(List<Result> rs, String other) {
    return rs.stream()
        .filter(r -> r.otherParams().equals(other))
        .map(Result::size)
        .distinct()
        .sorted()
        .collect(Collectors.toList());
  }

  private static void table(StringBuilder b, List<Result> rs, List<String> methods) {
    b.append("| parameters |");
    for (String m : methods) {
      b.append(" `").append(m).append("` |");
    }
    b.append("\n|---|");
    for (int i = 0; i < methods.size(); i++) {
      b.append("---:|");
    }
    b.append('\n');
    for (String other : paramSets(rs)) {
      Set<Long> sizes = new TreeSet<>();
      rs.stream().filter(r -> r.otherParams().equals(other)).forEach(r -> sizes.add(r.size()));
      for (long s : sizes) {
        String label =
            (s >= 0 ? size(s) : "") + (other.isEmpty() ? "" : (s >= 0 ? " " : "") + other);
        b.append("| ").append(label.isEmpty() ? "–" : label).append(" |");
        for (String m : methods) {
          Result r = find(rs, m, other, s);
          b.append(' ');
          if (r == null) {
            b.append('–');
          } else {
            double scale = value(r) / r.score;
            double e = r.error * scale;
            b.append(format(value(r))).append(Double.isNaN(e) ? "" : " ± " + format(e));
          }
          b.append(" |");
        }
        b.append('\n');
      }
    }
  }

  /** MB/s for sized throughput results, else the raw score. */
  static double value(Result r) {
    double bps = r.bytesPerSecond();
    return Double.isNaN(bps) ? r.score : bps / 1e6;
  }

  /** How many times faster {@code r} is than {@code base} (scores of the same mode and unit). */
  static double ratio(Result r, Result base) {
    return r.higherIsBetter() ? r.score / base.score : base.score / r.score;
  }

  /** Methods in display order: the {@code jdk*} methods, then {@code fastio*}, then the rest. */
  static List<String> methods(List<Result> rs) {
    Set<String> all = new LinkedHashSet<>();
    rs.forEach(r -> all.add(r.method));
    List<String> out = new ArrayList<>();
    all.stream().filter(m -> m.equals("jdk")).forEach(out::add);
    all.stream().filter(m -> m.startsWith("jdk") && !out.contains(m)).sorted().forEach(out::add);
    all.stream().filter(m -> m.startsWith("fastio") && !out.contains(m)).sorted().forEach(out::add);
    all.stream().filter(m -> !out.contains(m)).forEach(out::add);
    return out;
  }

  /**
   * The JDK method the class's fastio calls replace: {@link #REPLACED}'s entry for the class, else
   * {@code jdk}; null if the class times neither.
   */
  static String baseline(String benchmarkClass, Collection<String> methods) {
    String named = REPLACED.getOrDefault(benchmarkClass, "jdk");
    return methods.contains(named) ? named : null;
  }

  private static List<String> paramSets(List<Result> rs) {
    return rs.stream()
        .map(Result::otherParams)
        .distinct()
        .sorted(Report::compareNatural)
        .collect(Collectors.toList());
  }

  /** Text order, but runs of digits compared as numbers ("gap=512" before "gap=8192"). */
  static int compareNatural(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (Character.isDigit(x) && Character.isDigit(y)) {
        int ei = digitsEnd(a, i);
        int ej = digitsEnd(b, j);
        int c =
            new java.math.BigInteger(a.substring(i, ei))
                .compareTo(new java.math.BigInteger(b.substring(j, ej)));
        if (c != 0) {
          return c;
        }
        i = ei;
        j = ej;
      } else if (x != y) {
        return Character.compare(x, y);
      } else {
        i++;
        j++;
      }
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static int digitsEnd(String s, int from) {
    int end = from;
    while (end < s.length() && Character.isDigit(s.charAt(end))) {
      end++;
    }
    return end;
  }

  private static Result find(List<Result> rs, String method, String other, long size) {
    for (Result r : rs) {
      if (r.method.equals(method) && r.otherParams().equals(other) && r.size() == size) {
        return r;
      }
    }
    return null;
  }

  private static String distinct(List<Result> rs, java.util.function.Function<Result, String> f) {
    return rs.stream().map(f).distinct().collect(Collectors.joining(" / "));
  }

  /** "4 KiB", "1 MiB", "256 MiB", or bytes when not a whole number of KiB. */
  static String size(long bytes) {
    if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
      return bytes / (1L << 30) + " GiB";
    }
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return bytes / (1 << 20) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
      return bytes / 1024 + " KiB";
    }
    return bytes + " B";
  }

  /** Three significant figures at most, thousands separated, locale-independent. */
  static String format(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "NaN";
    }
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static void row(StringBuilder b, String key, String value) {
    b.append("| ").append(key).append(" | ").append(value.replace("|", "\\|")).append(" |\n");
  }

  private static Properties machine(Path file) throws IOException {
    Properties p = new Properties();
    if (Files.exists(file)) {
      try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(r);
      }
    } else {
      p.setProperty(
          "date",
          DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC (report time)'")
              .format(Instant.now().atZone(ZoneOffset.UTC)));
    }
    return p;
  }

  /** The "model name" of /proc/cpuinfo, or "unknown". */
  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux: fall through
    }
    return "unknown";
  }
}
