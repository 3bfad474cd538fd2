package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Every line of a cached access log ({@link AccessLog}, about 200 bytes a line, UTF-8), each line's
 * {@code hashCode} summed so that no line can be skipped: {@code Files.lines} ({@code jdk}, the
 * baseline), {@code BufferedReader.lines} of {@code Files.newBufferedReader} ({@code jdkReader})
 * and of {@code FastFiles.newBufferedReader} ({@code fastioReader}), {@code FastFiles.lines}
 * ({@code fastio}); and parallel streams of both ({@code jdkParallel}, {@code fastioParallel}),
 * which use every core; and {@code floor}, what any reader making a {@code String} per line costs
 * at least, and {@code floorIndexOf}, that with the JDK's search for line ends (below); {@code
 * jdkWhole}, the file decoded whole by the JDK (the floor in a charset without line ends). Score:
 * whole-file passes per second (multiply by {@code size} for bytes).
 */
public class LinesBenchmark extends ThroughputBenchmark {
  @Param({"1073741824"})
  public long size;

  /** The log's charset: {@code floor} and {@code floorIndexOf} read UTF-8 only. */
  @Param({"UTF-8"})
  public String charset;

  private Path file;
  private Charset cs;

  @Setup
  public void setup() {
    cs = Charset.forName(charset);
    file = AccessLog.file(size, writtenIn(cs));
  }

  /**
   * The charset the log is written in to be read in {@code cs}: {@code cs}, but EUC-JP for
   * x-JISAutoDetect and x-ISO-2022-CN-GB for ISO-2022-CN, which have no encoder.
   */
  private static Charset writtenIn(Charset cs) {
    if (cs.canEncode()) {
      return cs;
    }
    return Charset.forName(cs.name().equals("x-JISAutoDetect") ? "EUC-JP" : "x-ISO-2022-CN-GB");
  }

  /**
   * Each line's length with its LF, found by {@link #floor()}'s first call (a warm-up iteration),
   * before the runs it measures.
   */
  private int[] lineLengths;

  @Benchmark
  public long jdk() throws IOException {
    try (Stream<String> lines = Files.lines(file, cs)) {
      return sum(lines);
    }
  }

  /**
   * The file decoded whole by the JDK ({@code new String(bytes, cs)}), its one {@code String}'s
   * hash: the floor of a charset whose text has no line terminator (a file is one line) and nothing
   * to copy, whose lines no reader makes faster than its decoder decodes.
   */
  @Benchmark
  public long jdkWhole() throws IOException {
    return new String(Files.readAllBytes(file), cs).hashCode();
  }

  @Benchmark
  public long jdkReader() throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, cs)) {
      return sum(r.lines());
    }
  }

  @Benchmark
  public long fastioReader() throws IOException {
    try (BufferedReader r = FastFiles.newBufferedReader(file, cs)) {
      return sum(r.lines());
    }
  }

  @Benchmark
  public long fastio() throws IOException {
    try (Stream<String> lines = FastFiles.lines(file, cs)) {
      return sum(lines);
    }
  }

  @Benchmark
  public long jdkParallel() throws IOException {
    try (Stream<String> lines = Files.lines(file, cs)) {
      return sum(lines.parallel());
    }
  }

  @Benchmark
  public long fastioParallel() throws IOException {
    try (Stream<String> lines = FastFiles.lines(file, cs)) {
      return sum(lines.parallel());
    }
  }

  /**
   * The floor of a sequential reader that makes a {@code String} per line: the file read in order
   * through a 64 KiB heap buffer, and each line's {@code String} made at offsets found before the
   * run (no search for line ends, no stream), its {@code hashCode} summed: the same sum as the
   * others.
   */
  @Benchmark
  public long floor() throws IOException {
    utf8Only();
    if (lineLengths == null) {
      lineLengths = lineLengths(file);
    }
    long sum = 0;
    byte[] buf = new byte[64 * 1024];
    int pos = 0;
    int limit = 0;
    try (FileChannel ch = FileChannel.open(file)) {
      for (int len : lineLengths) {
        if (limit - pos < len) {
          System.arraycopy(buf, pos, buf, 0, limit - pos);
          limit -= pos;
          pos = 0;
          if (len > buf.length) {
            throw new IllegalStateException(file + ": a line longer than " + buf.length);
          }
          while (limit < len) {
            int n = ch.read(ByteBuffer.wrap(buf, limit, buf.length - limit));
            if (n < 0) {
              throw new IllegalStateException(file + " ended before its last line");
            }
            limit += n;
          }
        }
        sum += new String(buf, pos, len - 1, StandardCharsets.UTF_8).hashCode();
        pos += len;
      }
    }
    return sum;
  }

  /**
   * {@link #floor()} with the line ends found instead of known: each read's bytes as a Latin-1
   * {@code String} (one copy, no decoding) searched for LF by {@code String.indexOf}, the JDK's own
   * vectorized search. LF alone: a reader must find CR too, so this costs less than any reader of
   * LF, CR and CR LF on the JDK's search.
   */
  @Benchmark
  public long floorIndexOf() throws IOException {
    utf8Only();
    long sum = 0;
    byte[] buf = new byte[64 * 1024];
    int limit = 0;
    try (FileChannel ch = FileChannel.open(file)) {
      for (int n; (n = ch.read(ByteBuffer.wrap(buf, limit, buf.length - limit))) > 0; ) {
        limit += n;
        String window = new String(buf, 0, limit, StandardCharsets.ISO_8859_1);
        int pos = 0;
        for (int end; (end = window.indexOf('\n', pos)) >= 0; pos = end + 1) {
          sum += new String(buf, pos, end - pos, StandardCharsets.UTF_8).hashCode();
        }
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        limit -= pos;
      }
    }
    if (limit > 0) {
      throw new IllegalStateException(file + ": a line longer than 64 KiB or no final line feed");
    }
    return sum;
  }

  private void utf8Only() {
    if (!cs.equals(StandardCharsets.UTF_8)) {
      throw new IllegalStateException("the floors read UTF-8 only, not " + cs);
    }
  }

  private static int[] lineLengths(Path file) throws IOException {
    int[] lengths = new int[1 << 20];
    int n = 0;
    int length = 0;
    byte[] buf = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      for (int r; (r = in.read(buf)) > 0; ) {
        for (int i = 0; i < r; i++) {
          length++;
          if (buf[i] == '\n') {
            if (n == lengths.length) {
              lengths = Arrays.copyOf(lengths, n * 2);
            }
            lengths[n++] = length;
            length = 0;
          }
        }
      }
    }
    if (length > 0) {
      throw new IllegalStateException(file + " does not end with a line feed");
    }
    return Arrays.copyOf(lengths, n);
  }

  private static long sum(Stream<String> lines) {
    return lines.mapToLong(String::hashCode).sum();
  }
}
