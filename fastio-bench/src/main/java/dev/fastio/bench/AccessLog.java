package dev.fastio.bench;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SplittableRandom;

/**
 * A deterministic Apache access log ("combined" format, about 200 bytes a line) for the line
 * benchmarks and the Wide Finder: URLs drawn from a Zipf distribution over 10,000 pages (the most
 * fetched first), one line in 50 with a non-ASCII user agent, LF or CR LF line ends. The same seed
 * and size give the same bytes on every machine.
 */
final class AccessLog {
  private static final int PAGES = 10_000;
  private static final String[] AGENTS = {
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
    "curl/8.5.0",
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
  };

  private AccessLog() {}

  /**
   * The log of about {@code size} bytes in the benchmark directory, written once ({@code crlf}: CR
   * LF line ends) and left in the page cache as {@link BenchFiles} leaves its files.
   */
  static Path file(long size, boolean crlf) {
    Path p =
        BenchFiles.dir().resolve("fastio-bench-access-" + size + (crlf ? "-crlf" : "") + ".log");
    try {
      if (!Files.exists(p) || Files.size(p) < size) {
        write(p, size, crlf);
      }
      BenchFiles.warm(p);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The log of {@link #file(long, boolean)} (LF) in {@code cs}: the UTF-8 log's lines written again
   * in {@code cs} (a character it cannot encode replaced; its Japanese word in Hindi where only
   * that is encodable: {@link #word}), once, and left in the page cache.
   */
  static Path file(long size, Charset cs) {
    Path utf8 = file(size, false);
    if (cs.equals(StandardCharsets.UTF_8)) {
      return utf8;
    }
    CharsetEncoder encoder =
        cs.newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    String word = word(encoder);
    String name = cs.name() + (word.equals(JAPANESE) ? "" : "-hindi");
    Path p = BenchFiles.dir().resolve("fastio-bench-access-" + size + "-" + name + ".log");
    try {
      if (!Files.exists(p)) {
        Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
        try (BufferedReader in = Files.newBufferedReader(utf8);
            Writer out =
                new BufferedWriter(
                    new OutputStreamWriter(Files.newOutputStream(tmp), encoder), 1 << 20)) {
          for (String line; (line = in.readLine()) != null; ) {
            out.write(word.equals(JAPANESE) ? line : line.replace(JAPANESE, word));
            out.write('\n');
          }
        }
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING);
      }
      BenchFiles.warm(p);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final String JAPANESE = "\u65e5\u672c";

  /**
   * The word of the log's non-ASCII lines in a charset: Japanese, or Hindi (with a vowel sign,
   * which x-ISCII91's decoder holds back) where only that is encodable.
   */
  private static String word(CharsetEncoder encoder) {
    String hindi = "\u0939\u093f\u0928\u094d\u0926\u0940";
    return !encoder.canEncode(JAPANESE) && encoder.canEncode(hindi) ? hindi : JAPANESE;
  }

  private static void write(Path p, long size, boolean crlf) throws IOException {
    double[] cumulative = zipf(PAGES, 1.0);
    SplittableRandom r = new SplittableRandom(20261126);
    Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
    long written = 0;
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
      StringBuilder line = new StringBuilder(256);
      while (written < size) {
        line.setLength(0);
        int page = page(cumulative, r.nextDouble());
        line.append(r.nextInt(1, 256))
            .append('.')
            .append(r.nextInt(256))
            .append('.')
            .append(r.nextInt(256))
            .append('.')
            .append(r.nextInt(1, 255))
            .append(" - - [26/Nov/2026:")
            .append(String.format("%02d:%02d:%02d", r.nextInt(24), r.nextInt(60), r.nextInt(60)))
            .append(" +0000] \"GET /ongoing/When/200x/2026/")
            .append(page)
            .append("/Page-")
            .append(page)
            .append(" HTTP/1.1\" ")
            .append(r.nextInt(50) == 0 ? 404 : 200)
            .append(' ')
            .append(r.nextInt(200, 40_000))
            .append(" \"-\" \"")
            .append(
                r.nextInt(50) == 0
                    ? "Navigateur-\u00e9t\u00e9/1.0 (caf\u00e9; " + JAPANESE + ")"
                    : AGENTS[r.nextInt(AGENTS.length)])
            .append('"')
            .append(crlf ? "\r\n" : "\n");
        byte[] b = line.toString().getBytes(StandardCharsets.UTF_8);
        out.write(b);
        written += b.length;
      }
    }
    Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** The cumulative Zipf distribution over {@code n} ranks with exponent {@code s}. */
  private static double[] zipf(int n, double s) {
    double[] c = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += 1 / Math.pow(i + 1, s);
      c[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      c[i] /= sum;
    }
    return c;
  }

  private static int page(double[] cumulative, double u) {
    int i = java.util.Arrays.binarySearch(cumulative, u);
    return i >= 0 ? i : Math.min(-i - 1, cumulative.length - 1);
  }
}
