package dev.fastio.internal.text;

import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.stream.Streams;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The implementation of {@code FastFiles.lines}, {@code readAllLines}, {@code newBufferedReader}
 * and {@code newBufferedWriter}. Each keeps the structure of the {@code java.nio.file.Files} method
 * it replaces, so that what it opens, when, and what it throws are the JDK's: a file of the default
 * file system, non-empty, in a charset that {@link #splitsAtNewlines splits at newlines}, is read
 * by a {@link LineSpliterator} (bytes scanned for LF and CR, each line decoded once); any other
 * file is read through a {@code BufferedReader} over fastio's input stream, as the JDK reads it
 * over its own, the text of some charsets through a {@link DecodingReader} (and its lines, in the
 * charsets it {@link DecodingReader#readsLines reads by lines}, by its own {@code readLine}).
 */
public final class Lines {
  private static final Map<Charset, Integer> NEWLINES = new ConcurrentHashMap<>();

  /** {@link #newlines} of a charset whose lines are not found in the bytes. */
  static final int NONE = -1;

  /** {@link #newlines} of the charsets whose LF and CR are the bytes 0x0A and 0x0D. */
  private static final int ASCII_NEWLINES = '\n' | '\r' << 8 | '\n' << 16;

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
    return decoding(Channels.newInputStream(channel), cs, cs.newDecoder());
  }

  /** {@code Files.newBufferedReader(Path, Charset)}, over fastio's input stream. */
  public static BufferedReader newBufferedReader(Path path, Charset cs) throws IOException {
    return buffered(openReader(path, cs));
  }

  /**
   * A {@code BufferedReader} of {@code reader}: one whose lines are {@link
   * DecodingReader#readLine}'s where that makes lines itself.
   */
  static BufferedReader buffered(Reader reader) {
    return reader instanceof DecodingReader d && d.readsLines()
        ? new DecodedBufferedReader(d)
        : new BufferedReader(reader);
  }

  /** The reader under {@link #newBufferedReader}. */
  private static Reader openReader(Path path, Charset cs) throws IOException {
    CharsetDecoder decoder = cs.newDecoder(); // before the file is opened, as the JDK's
    return decoding(Streams.newInputStream(path), cs, decoder);
  }

  /**
   * The characters of {@code in} in {@code cs}, decoded by {@code decoder}: through a {@link
   * DecodingReader} where a {@link Copy} takes what the decoder would only copy (UTF-16, UTF-32,
   * EUC-JP, GB18030, ISO-2022-JP, ...), else the JDK's {@code InputStreamReader}.
   */
  static Reader decoding(InputStream in, Charset cs, CharsetDecoder decoder) {
    Copy copy = Copy.of(cs);
    return copy != null
        ? new DecodingReader(in, copy, decoder)
        : new InputStreamReader(in, decoder);
  }

  /** {@code Files.newBufferedWriter(Path, Charset, OpenOption...)}, over fastio's output stream. */
  public static BufferedWriter newBufferedWriter(Path path, Charset cs, OpenOption... options)
      throws IOException {
    Objects.requireNonNull(cs); // before anything is opened, as the JDK's cs.newEncoder()
    return new BufferedWriter(
        new OutputStreamWriter(Streams.newOutputStream(path, options), cs.newEncoder()));
  }

  /**
   * The multi-byte charsets whose bytes below 0x80 are ASCII and whose multi-byte characters are
   * made of bytes 0x40 and above only (a lead byte of 0x81 or more, then bytes of 0x40 or more), so
   * that a 0x0A or 0x0D byte is always LF or CR, and whose JDK decoder, meeting one after a lead
   * byte, reports the lead byte alone as malformed (so the error is the same with the line split
   * off): Shift_JIS and windows-31j, EUC-KR and its Windows form, GBK, Big5. Not EUC-JP (its
   * decoder takes an LF or CR after 0x8F into an unmappable character of 3 bytes), stateful
   * encodings (ISO-2022-*), nor GB18030 (digits inside a character). Only the JDK's own charsets of
   * these names (classes of {@code sun.nio.cs}), whose decoders these facts are about.
   */
  private static final Set<String> ASCII_MULTI_BYTE =
      Set.of("Shift_JIS", "windows-31j", "EUC-KR", "x-windows-949", "GBK", "Big5");

  /**
   * True if one byte only ever means LF and one only ever CR in {@code cs}, so lines can be found
   * in the bytes ({@link #newlines}).
   */
  static boolean splitsAtNewlines(Charset cs) {
    return newlines(cs) != NONE;
  }

  /**
   * The bytes of LF and CR in {@code cs} ({@code lf | cr << 8 | lf2 << 16}: {@code lf2} a second
   * byte that means LF, or {@code lf} again), where they only ever mean that and are below 0x80;
   * else {@link #NONE}. 0x0A and 0x0D in UTF-8, the {@link #ASCII_MULTI_BYTE} charsets where this
   * JDK decodes every byte below 0x80 as ASCII, and the single-byte ASCII charsets (US-ASCII,
   * ISO-8859-*, windows-125*, KOI8-R); in the other single-byte charsets, the bytes they decode to
   * LF (one or two) and CR (one): 0x25 and 0x15, and 0x0D, in most EBCDIC charsets of the JDK
   * (IBM037, IBM500, IBM01140, ...), 0x15 and 0x0D in IBM1047; none in UTF-16 or UTF-32.
   */
  static int newlines(Charset cs) {
    return NEWLINES.computeIfAbsent(cs, Lines::decideNewlines);
  }

  private static int decideNewlines(Charset cs) {
    if (cs.equals(StandardCharsets.UTF_8)) {
      return ASCII_NEWLINES;
    }
    if (!cs.canEncode()) {
      return NONE;
    }
    if (ASCII_MULTI_BYTE.contains(cs.name()) && cs.getClass().getName().startsWith("sun.nio.cs.")) {
      return decodesAsciiAsAscii(cs) ? ASCII_NEWLINES : NONE;
    }
    if (cs.newEncoder().maxBytesPerChar() != 1.0f) {
      return NONE;
    }
    CharBuffer chars = decodeEach(cs, 0x100);
    if (chars == null || chars.length() != 0x100) {
      return NONE;
    }
    int lf = NONE;
    int lf2 = NONE;
    int cr = NONE;
    for (int i = 0; i < 0x100; i++) {
      char c = chars.charAt(i);
      if (c == '\n') {
        if (lf == NONE) {
          lf = i;
        } else {
          lf2 = lf2 == NONE ? i : 0x100;
        }
      } else if (c == '\r') {
        cr = cr == NONE ? i : 0x100;
      }
    }
    lf2 = lf2 == NONE ? lf : lf2;
    boolean ok = lf >= 0 && cr >= 0 && Math.max(lf2, cr) < 0x80;
    return ok ? lf | cr << 8 | lf2 << 16 : NONE;
  }

  /** The bytes 0 to {@code n - 1} decoded in {@code cs}, bad ones replaced; null if it fails. */
  private static CharBuffer decodeEach(Charset cs, int n) {
    byte[] all = new byte[n];
    for (int i = 0; i < n; i++) {
      all[i] = (byte) i;
    }
    try {
      return cs.newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE)
          .decode(ByteBuffer.wrap(all));
    } catch (java.nio.charset.CharacterCodingException e) {
      return null;
    }
  }

  /** Whether the decoder of {@code cs} decodes each byte below 0x80 as the ASCII character. */
  static boolean decodesAsciiAsAscii(Charset cs) {
    CharBuffer chars = decodeEach(cs, 0x80);
    if (chars == null || chars.length() != 0x80) {
      return false;
    }
    for (int i = 0; i < 0x80; i++) {
      if (chars.charAt(i) != i) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code Files.lines}' stream of a reader (a {@code BufferedReader}'s lines, or those of {@link
   * DecodingReader#readLine}): closing it closes the reader.
   */
  static Stream<String> readerLines(Reader reader) {
    try {
      if (reader instanceof DecodingReader d && d.readsLines()) {
        return StreamSupport.stream(new DecodedLines(d), false).onClose(closing(d));
      }
      BufferedReader buffered = new BufferedReader(reader);
      return buffered.lines().onClose(closing(buffered)); // closed, it gives no line it holds
    } catch (RuntimeException | Error e) {
      closeAfter(reader, e);
      throw e;
    }
  }

  /** The lines of a {@link DecodingReader}, as {@code BufferedReader.lines()} gives them. */
  private static final class DecodedLines extends Spliterators.AbstractSpliterator<String> {
    private final DecodingReader reader;

    DecodedLines(DecodingReader reader) {
      super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
      this.reader = reader;
    }

    @Override
    public boolean tryAdvance(Consumer<? super String> action) {
      String line;
      try {
        line = reader.readLine();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (line == null) {
        return false;
      }
      action.accept(line);
      return true;
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
