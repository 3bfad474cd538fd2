package dev.fastio.internal.text;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.stream.Streams;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The implementation of {@code FastFiles.lines}, {@code readAllLines}, {@code newBufferedReader}
 * and {@code newBufferedWriter}. Each keeps the structure of the {@code java.nio.file.Files} method
 * it replaces, so that what it opens, when, and what it throws are the JDK's: a file of the default
 * file system, non-empty, in a charset whose lines {@link #splitsAtNewlines can be found in the
 * bytes}, is read by a {@link LineSpliterator} (bytes searched for LF and CR, each line decoded
 * once); any other file is read through the JDK's {@code BufferedReader} and decoder over fastio's
 * input stream, as the JDK reads it over its own.
 */
public final class Lines {
  private static final Map<Charset, Boolean> SPLITS = new ConcurrentHashMap<>();

  private Lines() {}

  /**
   * {@code Files.lines(Path, Charset)}. One difference: a file whose size reads as 0 (a FIFO, a
   * {@code /proc} file) is read through the channel already open, where the JDK closes it and opens
   * the file again, which on a FIFO loses what a writer wrote to the first open, or blocks.
   */
  public static Stream<String> lines(Path path, Charset cs) throws IOException {
    if (!FileKinds.isDefaultFileSystem(path) || !splitsAtNewlines(cs)) {
      return readerLines(openReader(path, cs));
    }
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    try {
      long size = channel.size();
      if (size == 0) { // empty, a FIFO, a /proc file: read by a reader, to its end
        return readerLines(reader(channel, cs));
      }
      long fence = size <= Integer.MAX_VALUE && readsToSize(cs) ? size : LineSpliterator.TO_END;
      LineSpliterator lines = new LineSpliterator(channel, cs, 0, fence, size);
      return StreamSupport.stream(lines, false).onClose(closing(channel));
    } catch (IOException | RuntimeException | Error e) {
      closeAfter(channel, e);
      throw e;
    }
  }

  /**
   * Whether {@code Files.lines} reads a file of up to 2 GiB in {@code cs} up to its size at open:
   * in the charsets it splits itself (UTF-8, ISO-8859-1, US-ASCII); in any other, and a larger file
   * in any, it reads through a reader, to the end.
   */
  private static boolean readsToSize(Charset cs) {
    return cs.equals(StandardCharsets.UTF_8)
        || cs.equals(StandardCharsets.ISO_8859_1)
        || cs.equals(StandardCharsets.US_ASCII);
  }

  /**
   * {@code Files.readAllLines(Path, Charset)}: every line to the end of the file (a file whose size
   * reads as 0 through the channel already open, as in {@link #lines}).
   */
  public static List<String> readAllLines(Path path, Charset cs) throws IOException {
    if (!FileKinds.isDefaultFileSystem(path) || !splitsAtNewlines(cs)) {
      try (Reader reader = openReader(path, cs)) {
        return readAll(reader);
      }
    }
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
      if (channel.size() == 0) {
        return readAll(reader(channel, cs));
      }
      List<String> result = new ArrayList<>();
      LineSpliterator lines = new LineSpliterator(channel, cs, 0, LineSpliterator.TO_END, 0);
      try {
        for (String line; (line = lines.next()) != null; ) {
          result.add(line);
        }
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      return result;
    }
  }

  /** Every line of {@code reader}, as {@link #readerLines} reads them; closes it. */
  private static List<String> readAll(Reader reader) throws IOException {
    try (Stream<String> lines = readerLines(reader)) {
      return lines.collect(java.util.stream.Collectors.toCollection(ArrayList::new));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** The reader under {@code Files.newBufferedReader}, over an open channel, which it owns. */
  private static Reader reader(FileChannel channel, Charset cs) {
    return new InputStreamReader(Channels.newInputStream(channel), cs.newDecoder());
  }

  /** {@code Files.newBufferedReader(Path, Charset)}, over fastio's input stream. */
  public static BufferedReader newBufferedReader(Path path, Charset cs) throws IOException {
    return new BufferedReader(openReader(path, cs));
  }

  /** The reader under {@link #newBufferedReader}. */
  private static Reader openReader(Path path, Charset cs) throws IOException {
    CharsetDecoder decoder = cs.newDecoder(); // before the file is opened, as the JDK's
    return new InputStreamReader(Streams.newInputStream(path), decoder);
  }

  /** {@code Files.newBufferedWriter(Path, Charset, OpenOption...)}, over fastio's output stream. */
  public static BufferedWriter newBufferedWriter(Path path, Charset cs, OpenOption... options)
      throws IOException {
    Objects.requireNonNull(cs); // before anything is opened, as the JDK's cs.newEncoder()
    CharsetEncoder encoder = cs.newEncoder();
    return new BufferedWriter(Streams.writer(Streams.newOutputStream(path, options), encoder));
  }

  /**
   * Whether the lines of text in {@code cs} can be found by searching its bytes for 0x0A and 0x0D,
   * each line then decoded alone with the JDK decoder's characters and errors: decided once per
   * charset, at first use, by probing its encoder and decoder ({@link LineEnds}).
   */
  static boolean splitsAtNewlines(Charset cs) {
    // UTF-8, the default, is answered without the probe's 10-20 ms; LinesContractTest checks
    // the answer against the probe.
    return cs.equals(StandardCharsets.UTF_8)
        || SPLITS.computeIfAbsent(cs, LineEnds::areSingleBytes);
  }

  /** {@code Files.lines}' stream of a reader: a {@code BufferedReader}'s; closing it closes it. */
  static Stream<String> readerLines(Reader reader) {
    try {
      BufferedReader buffered = new BufferedReader(reader);
      return buffered.lines().onClose(closing(buffered)); // closed, it gives no line it holds
    } catch (RuntimeException | Error e) {
      closeAfter(reader, e);
      throw e;
    }
  }

  private static Runnable closing(java.io.Closeable c) {
    return () -> {
      try {
        c.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  private static void closeAfter(java.io.Closeable c, Throwable failure) {
    try {
      c.close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }
}
