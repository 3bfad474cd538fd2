package dev.fastio.internal.text;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.text} keeps package-private.
 * It lives in the test sources, in the library's package, so nothing in the jar exists for tests.
 */
public final class TextTestHook {
  private TextTestHook() {}

  /**
   * The lines of {@code path} as {@code FastFiles.lines} reads a regular file, with parts as small
   * as {@code minSplit} bytes and a first buffer of {@code initial} bytes, so that small files
   * split often and lines cross buffer ends.
   */
  public static Stream<String> lines(
      Path path, Charset cs, boolean parallel, long minSplit, int initial) throws IOException {
    return lines(path, cs, 0, -1, parallel, minSplit, initial);
  }

  /**
   * {@link #lines(Path, Charset, boolean, long, int)} of the bytes {@code [from, to)} only ({@code
   * to} -1: to the size at open), which must start a line: offsets beyond 4 GiB without reading the
   * bytes before them.
   */
  public static Stream<String> lines(
      Path path, Charset cs, long from, long to, boolean parallel, long minSplit, int initial)
      throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    long size = channel.size();
    long fence = to < 0 ? size : to;
    LineSpliterator s = new LineSpliterator(channel, cs, from, fence, fence, minSplit, initial);
    return StreamSupport.stream(s, parallel)
        .onClose(
            () -> {
              try {
                channel.close();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
  }

  /**
   * The simple name of the class that decodes text in {@code cs} under {@code
   * FastFiles.newBufferedReader} (and under {@code lines} where it reads through a reader).
   */
  public static String decoderOf(Charset cs) {
    return Lines.decoding(InputStream.nullInputStream(), cs, cs.newDecoder())
        .getClass()
        .getSimpleName();
  }

  /**
   * What makes the lines of {@code FastFiles.lines} and {@code readAllLines} where they read {@code
   * cs} through a reader: "DecodingReader.readLine" or "BufferedReader".
   */
  public static String lineReaderOf(Charset cs) {
    Reader reader = Lines.decoding(InputStream.nullInputStream(), cs, cs.newDecoder());
    try (Stream<String> lines = Lines.readerLines(reader)) {
      return lines.spliterator().getClass().getSimpleName().equals("DecodedLines")
          ? "DecodingReader.readLine"
          : "BufferedReader";
    }
  }

  /** A new decoder of fastio's own for x-ISCII91 ({@code cs}), as its reader uses. */
  public static java.nio.charset.CharsetDecoder isciiDecoder(Charset cs) {
    return new IsciiDecoder(cs, Copy.table(cs));
  }

  /** The name of the copy fastio's reader makes of the bytes of {@code cs}, or "none". */
  public static String copyOf(Charset cs) {
    Copy copy = Copy.of(cs);
    return copy == null ? "none" : copy.name();
  }

  /**
   * The reader under {@code FastFiles.newBufferedReader} of {@code in} in {@code cs} (it owns and
   * closes {@code in}).
   */
  public static Reader reader(InputStream in, Charset cs) {
    return Lines.decoding(in, cs, cs.newDecoder());
  }

  /** The class of the reader {@code FastFiles.newBufferedReader} gives in {@code cs}. */
  public static String bufferedReaderOf(Charset cs) {
    return Lines.buffered(Lines.decoding(InputStream.nullInputStream(), cs, cs.newDecoder()))
        .getClass()
        .getSimpleName();
  }

  /**
   * The reader {@code FastFiles.newBufferedReader} gives of {@code in} in {@code cs} (it owns and
   * closes {@code in}).
   */
  public static java.io.BufferedReader bufferedReader(InputStream in, Charset cs) {
    return Lines.buffered(Lines.decoding(in, cs, cs.newDecoder()));
  }

  /**
   * The lines {@code FastFiles.lines} and {@code readAllLines} read from {@code in} in {@code cs}
   * where they read through a reader, one by one into {@code sink} until the end or an exception
   * (closes {@code in}).
   */
  public static void readLines(InputStream in, Charset cs, List<String> sink) throws IOException {
    try (Stream<String> lines = Lines.readerLines(Lines.decoding(in, cs, cs.newDecoder()))) {
      lines.forEachOrdered(sink::add);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The share of the characters of {@code content} in {@code cs} that fastio's reader made by its
   * copy rather than the charset's decoder, read by lines as {@code FastFiles.lines} reads them if
   * {@code lines}, else in reads of 8,192 characters; 0 if no {@code DecodingReader} reads {@code
   * cs}.
   */
  public static double copiedShare(Charset cs, byte[] content, boolean lines) throws IOException {
    Reader reader = Lines.decoding(new ByteArrayInputStream(content), cs, cs.newDecoder());
    if (!(reader instanceof DecodingReader d)) {
      return 0;
    }
    long chars = 0;
    try (d) {
      if (lines) {
        for (String line; (line = d.readLine()) != null; ) {
          chars += line.length() + 1;
        }
      } else {
        char[] buf = new char[8192];
        for (int n; (n = d.read(buf, 0, buf.length)) >= 0; ) {
          chars += n;
        }
      }
    }
    return chars == 0 ? 0 : (double) d.copied() / chars;
  }

  /** True if {@code FastFiles.lines} finds lines in the bytes of {@code cs}. */
  public static boolean splitsAtNewlines(Charset cs) {
    return Lines.splitsAtNewlines(cs);
  }
}
