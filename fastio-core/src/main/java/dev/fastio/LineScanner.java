package dev.fastio;

import dev.fastio.internal.platform.ByteSearch;
import dev.fastio.internal.scan.LineSink;
import dev.fastio.internal.scan.ScanOptions;
import dev.fastio.internal.scan.Scans;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * The lines (or records) of a file on all cores, without a {@code String} per line: each line is a
 * {@link Line}, a view of its bytes in a buffer of the scanning thread, and results are collected
 * with a {@link Collector}, one container per part of the file, combined in file order (or one per
 * thread, for an unordered collector).
 *
 * <pre>{@code
 * LineScanner scanner = LineScanner.builder().build();
 * long errors = scanner.scan(log, Collectors.filtering(line -> line.indexOf(" 404 ") >= 0,
 *     Collectors.counting()));
 * }</pre>
 *
 * <p><b>Lines.</b> By default a line ends at an LF, a CR, or a CR followed by an LF, as {@link
 * java.io.BufferedReader#readLine()} ends them; {@link Terminators} chooses others. The terminator
 * is not part of the line; a last line without terminator is a line, and a file that ends with a
 * terminator has no empty line after it. Lines are bytes: a terminator is found by its byte value
 * alone, so text in any charset where bytes 0x0A and 0x0D only ever mean LF and CR (UTF-8,
 * US-ASCII, the ISO-8859 and windows-125x charsets, Shift_JIS, GBK, Big5, EUC-KR: the charsets
 * {@link FastFiles#lines(Path, Charset)} reads from their bytes) is cut where {@code
 * BufferedReader} cuts it; {@link Line#toString(Charset)} decodes a line.
 *
 * <p><b>How a file is read.</b> A regular file of the default file system is cut into parts of a
 * few MiB, which threads (the caller's and up to {@code threads - 1} daemon threads named {@code
 * fastio-scan-N}, started per call and ended before it returns) take in turn; each part is mapped,
 * copied through a buffer of the thread that took it as its lines are cut, and unmapped. A line's
 * bytes are never read from the mapping by the collector, so a file truncated during a scan fails
 * it with an exception, whatever the collector does. The file is scanned up to the size it had when
 * opened: bytes appended during a scan are not read. Other files (FIFOs, {@code /proc} files, files
 * of other file systems) are read from start to end on the calling thread. Terminators are searched
 * with the Vector API where fastio can use it (see {@link #engine()}), else eight bytes at a time
 * in a {@code long} (SWAR).
 *
 * <p><b>Collecting.</b> {@link #scan(Path, Collector)} makes one container with the collector's
 * supplier per part of the file, calls its accumulator for each line of the part in order, on the
 * thread scanning the part, and combines the parts' containers in file order with its combiner, one
 * at a time, before its finisher makes the result: a collector that is correct for a sequential
 * stream (such as {@code Collectors.toList()} after mapping a line to a value) gives the same
 * result. A collector with the characteristic {@link Collector.Characteristics#UNORDERED} (such as
 * {@code Collectors.toSet()}, {@code groupingByConcurrent}, or one declared so) gets one container
 * per scanning thread instead, which receives the lines of every part that thread scans (each
 * part's lines in order, the parts in no set order), and the containers are combined in no set
 * order: fewer containers to make and combine. Accumulators of different parts run concurrently, so
 * they must not share mutable state without synchronization. A {@link Line} is valid only during
 * the accumulator call that receives it and must not be kept.
 *
 * <p><b>Thread safety.</b> A scanner is immutable; any number of threads may use it at once.
 *
 * @implNote A part is 8 MiB; a line may be up to {@value #MAX_LINE_LENGTH} bytes long.
 */
public final class LineScanner {
  /** The longest line {@link Builder#maxLineLength(int)} accepts: 512 MiB. */
  public static final int MAX_LINE_LENGTH = ScanOptions.MAX_LINE_LENGTH;

  /** The longest line accepted unless {@link Builder#maxLineLength(int)} says otherwise: 64 MiB. */
  public static final int DEFAULT_MAX_LINE_LENGTH = 64 << 20;

  private final Terminators terminators;
  private final int maxLineLength;
  private final int threads;
  private final ProgressListener listener;
  private final int chunkSize;

  private LineScanner(Builder b) {
    this.terminators = b.terminators;
    this.maxLineLength = b.maxLineLength;
    this.threads = b.threads;
    this.listener = b.listener;
    this.chunkSize = b.chunkSize;
  }

  /**
   * A builder with the defaults: {@link Terminators#LINES}, lines of up to {@value
   * #DEFAULT_MAX_LINE_LENGTH} bytes, one thread per available processor, no listener.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Collects the lines of {@code path}.
   *
   * @param path the file
   * @param collector how lines are collected; its container per part, combined in file order, or
   *     per scanning thread if it is {@link Collector.Characteristics#UNORDERED}
   * @param <A> the collector's container
   * @param <R> the result
   * @return the collector's result
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws java.nio.file.AccessDeniedException if it cannot be opened for reading
   * @throws java.nio.file.FileSystemException naming the path if it was truncated while scanned
   * @throws IOException if a line is longer than the maximum (the message names the path and the
   *     line's offset), or another I/O error occurs, such as reading a directory; no result is
   *     returned and the scan's threads and mappings are gone
   * @throws RuntimeException or an error the collector threw, after the other threads stopped
   */
  public <A, R> R scan(Path path, Collector<? super Line, A, R> collector) throws IOException {
    Objects.requireNonNull(path, "path");
    BiConsumer<A, ? super Line> accumulator = collector.accumulator();
    BinaryOperator<A> combiner = collector.combiner();
    Supplier<Part<A>> parts = () -> new Part<>(collector.supplier().get(), accumulator);
    Combined<A> whole = new Combined<>();
    if (collector.characteristics().contains(Collector.Characteristics.UNORDERED)) {
      for (Part<A> part : Scans.linesPerThread(path, options(), parts)) {
        whole.add(part.container, combiner);
      }
    } else {
      Scans.lines(path, options(), parts, part -> whole.add(part.container, combiner));
    }
    return collector.finisher().apply(whole.started ? whole.value : collector.supplier().get());
  }

  /**
   * The number of lines of {@code path}: its terminators, plus one if it does not end with one
   * (where {@code wc -l} counts LF bytes alone). The maximum line length does not apply.
   *
   * @param path the file
   * @return the lines
   * @throws IOException as {@link #scan(Path, Collector)}
   */
  public long countLines(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    return Scans.count(path, options());
  }

  /**
   * The engine that searches for terminators: {@code "vector NxB-bit"} when the Vector API is used
   * (the module {@code jdk.incubator.vector} resolved with {@code --add-modules}, the C2 compiler
   * on, JDK 22 or newer, vectors of at least 256 bits, and system property {@code
   * fastio.scan.vector} not {@code false}), else {@code "swar 8x8-bit"}.
   *
   * @return the engine's name; the same for every scanner of a JVM
   */
  public static String engine() {
    return Scans.engine();
  }

  @Override
  public String toString() {
    return "LineScanner[terminators="
        + terminators
        + ", maxLineLength="
        + maxLineLength
        + ", threads="
        + threads
        + "]";
  }

  private ScanOptions options() {
    return new ScanOptions(
        terminators.first,
        terminators.second,
        terminators.crlf,
        maxLineLength,
        threads,
        chunkSize,
        listener == null ? null : listener::bytesMoved);
  }

  /** The containers of the parts so far, combined in file order. */
  private static final class Combined<A> {
    A value;
    boolean started;

    void add(A next, BinaryOperator<A> combiner) {
      value = started ? combiner.apply(value, next) : next;
      started = true;
    }
  }

  /** A part's container and the view its lines are seen through. */
  private static final class Part<A> implements LineSink {
    final A container;
    private final BiConsumer<A, ? super Line> accumulator;
    private final Line line = new Line();

    Part(A container, BiConsumer<A, ? super Line> accumulator) {
      this.container = container;
      this.accumulator = accumulator;
    }

    @Override
    public void line(byte[] bytes, int start, int length, long offset) {
      line.set(bytes, start, length, offset);
      accumulator.accept(container, line);
    }
  }

  /**
   * One line, seen in place: its bytes (terminator excluded) and where they are in the file. Valid
   * only during the accumulator call that receives it: the same object is handed the next line, and
   * the buffer holding its bytes is reused once the call returns. Not thread-safe.
   */
  public static final class Line {
    private byte[] bytes;
    private int start;
    private int length;
    private long offset;

    Line() {}

    void set(byte[] bytes, int start, int length, long offset) {
      this.bytes = bytes;
      this.start = start;
      this.length = length;
      this.offset = offset;
    }

    /**
     * The offset of the line's first byte in the file.
     *
     * @return the offset, 0 or more
     */
    public long offset() {
      return offset;
    }

    /**
     * The line's length in bytes, terminator excluded.
     *
     * @return the length, 0 or more
     */
    public int length() {
      return length;
    }

    /**
     * The byte at {@code index}.
     *
     * @param index 0 to {@code length() - 1}
     * @return the byte
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     */
    public byte byteAt(int index) {
      return bytes[start + Objects.checkIndex(index, length)];
    }

    /**
     * The index of the first byte equal to {@code b}.
     *
     * @param b the byte sought
     * @return its index, or -1
     */
    public int indexOf(byte b) {
      return indexOf(b, 0);
    }

    /**
     * The index of the first byte equal to {@code b} at or after {@code from}.
     *
     * @param b the byte sought
     * @param from where to start; a negative value counts as 0
     * @return its index, or -1
     */
    public int indexOf(byte b, int from) {
      if (from >= length) {
        return -1;
      }
      int i = ByteSearch.indexOf(bytes, start + Math.max(0, from), start + length, b);
      return i < 0 ? -1 : i - start;
    }

    /**
     * The index of the first occurrence of {@code bytes} at or after {@code from}.
     *
     * @param bytes the bytes sought, not empty
     * @param from where to start; a negative value counts as 0
     * @return its index, or -1
     * @throws IllegalArgumentException if {@code bytes} is empty
     */
    public int indexOf(byte[] bytes, int from) {
      if (bytes.length == 0) {
        throw new IllegalArgumentException("bytes is empty");
      }
      for (int i = indexOf(bytes[0], from); i >= 0; i = indexOf(bytes[0], i + 1)) {
        if (regionMatches(i, bytes)) {
          return i;
        }
      }
      return -1;
    }

    /**
     * Whether the line holds {@code bytes} at {@code index}.
     *
     * @param index where the bytes would start; any value
     * @param bytes the bytes compared
     * @return true if they are there
     */
    public boolean regionMatches(int index, byte[] bytes) {
      return index >= 0
          && index <= length - bytes.length
          && Arrays.equals(
              this.bytes, start + index, start + index + bytes.length, bytes, 0, bytes.length);
    }

    /**
     * The bytes {@code [from, to)} in a new array.
     *
     * @param from the first byte's index
     * @param to one past the last's
     * @return the copy
     * @throws IndexOutOfBoundsException if not {@code 0 <= from <= to <= length()}
     */
    public byte[] toByteArray(int from, int to) {
      Objects.checkFromToIndex(from, to, length);
      return Arrays.copyOfRange(bytes, start + from, start + to);
    }

    /**
     * The line's bytes in a new array.
     *
     * @return the copy
     */
    public byte[] toByteArray() {
      return toByteArray(0, length);
    }

    /**
     * The bytes {@code [from, to)} decoded as {@code new String(bytes, cs)} decodes them (malformed
     * input replaced).
     *
     * @param from the first byte's index
     * @param to one past the last's
     * @param cs the charset
     * @return the text
     * @throws IndexOutOfBoundsException if not {@code 0 <= from <= to <= length()}
     */
    public String toString(int from, int to, Charset cs) {
      Objects.checkFromToIndex(from, to, length);
      return new String(bytes, start + from, to - from, cs);
    }

    /**
     * The line decoded as {@code new String(bytes, cs)} decodes it (malformed input replaced).
     *
     * @param cs the charset
     * @return the text
     */
    public String toString(Charset cs) {
      return new String(bytes, start, length, cs);
    }

    /**
     * The line decoded as UTF-8 (malformed input replaced).
     *
     * @return the text
     */
    @Override
    public String toString() {
      return toString(StandardCharsets.UTF_8);
    }

    /**
     * A read-only view of the line's bytes, position 0, limit {@link #length()}; valid as the line
     * is, only during the call that received the line.
     *
     * @return the view
     */
    public ByteBuffer asByteBuffer() {
      return ByteBuffer.wrap(bytes, start, length).slice().asReadOnlyBuffer();
    }
  }

  /** Which bytes end a line. */
  public static final class Terminators {
    /** LF, CR, or CR followed by LF (one terminator), as {@code BufferedReader.readLine} has it. */
    public static final Terminators LINES = new Terminators((byte) '\n', (byte) '\r', true);

    /** LF alone; a CR before it stays part of the line. */
    public static final Terminators LF = new Terminators((byte) '\n', (byte) '\n', false);

    private final byte first;
    private final byte second;
    private final boolean crlf;

    private Terminators(byte first, byte second, boolean crlf) {
      this.first = first;
      this.second = second;
      this.crlf = crlf;
    }

    /**
     * Records ended by one byte value, such as 0 for the output of {@code find -print0}.
     *
     * @param terminator the byte that ends a record
     * @return the terminators
     */
    public static Terminators of(byte terminator) {
      return new Terminators(terminator, terminator, false);
    }

    @Override
    public String toString() {
      return crlf ? "LINES" : first == '\n' ? "LF" : "of(" + (first & 0xFF) + ")";
    }
  }

  /**
   * Builds a {@link LineScanner}. Not thread-safe; {@link #build()} may be called more than once.
   */
  public static final class Builder {
    private Terminators terminators = Terminators.LINES;
    private int maxLineLength = DEFAULT_MAX_LINE_LENGTH;
    private int threads = Runtime.getRuntime().availableProcessors();
    private ProgressListener listener;
    private int chunkSize;

    private Builder() {}

    /**
     * Which bytes end a line.
     *
     * @param terminators the terminators
     * @return this builder
     */
    public Builder terminators(Terminators terminators) {
      this.terminators = Objects.requireNonNull(terminators, "terminators");
      return this;
    }

    /**
     * The longest line accepted, terminator not counted: a longer line fails the scan with an
     * {@link IOException} rather than growing a buffer without bound.
     *
     * @param maxLineLength bytes, 0 to {@value LineScanner#MAX_LINE_LENGTH}
     * @return this builder
     * @throws IllegalArgumentException if out of range
     */
    public Builder maxLineLength(int maxLineLength) {
      if (maxLineLength < 0 || maxLineLength > MAX_LINE_LENGTH) {
        throw new IllegalArgumentException(
            "maxLineLength not in [0, " + MAX_LINE_LENGTH + "]: " + maxLineLength);
      }
      this.maxLineLength = maxLineLength;
      return this;
    }

    /**
     * The most threads that scan one file at once, the caller's included.
     *
     * @param threads 1 or more
     * @return this builder
     * @throws IllegalArgumentException if {@code threads < 1}
     */
    public Builder threads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("threads < 1: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /**
     * Told how far a scan has come: the bytes from the start of the file to the end of the last
     * part whose lines were all collected, increasing, on a scanning thread, never two calls at
     * once. {@code null} for none.
     *
     * @param listener the listener, or null
     * @return this builder
     */
    public Builder progressListener(ProgressListener listener) {
      this.listener = listener;
      return this;
    }

    /** Parts of {@code chunkSize} bytes (test hook; 0 for the default). */
    Builder chunkSize(int chunkSize) {
      this.chunkSize = chunkSize;
      return this;
    }

    /**
     * A scanner with this builder's settings.
     *
     * @return the scanner
     */
    public LineScanner build() {
      return new LineScanner(this);
    }
  }
}
