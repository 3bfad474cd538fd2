package dev.fastio.internal.text;

import dev.fastio.internal.platform.ByteSearch;
import dev.fastio.internal.platform.PlatformTestHook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    LineSpliterator s =
        new LineSpliterator(channel, cs, from, fence, fence, minSplit, initial, ByteSearch::get);
    return StreamSupport.stream(s, parallel).onClose(closing(channel));
  }

  private static Runnable closing(FileChannel channel) {
    return () -> {
      try {
        channel.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    };
  }

  /**
   * The lines of a whole regular file as {@code FastFiles.lines} finds them, each part searched by
   * {@code search}'s engine instead of this JVM's (the broken form of a timing guard).
   */
  public static Stream<String> lines(Path path, Charset cs, PlatformTestHook.Search search)
      throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    long size = channel.size();
    LineSpliterator s =
        new LineSpliterator(
            channel,
            cs,
            0,
            size,
            size,
            LineSpliterator.MIN_SPLIT,
            LineSpliterator.INITIAL,
            search::engine);
    return StreamSupport.stream(s, false).onClose(closing(channel));
  }

  /** Whether the probe of {@code cs} admits it, asked anew (for UTF-8 too). */
  public static boolean probeAdmits(Charset cs) {
    return LineEnds.areSingleBytes(cs);
  }

  /** True if {@code FastFiles.lines} finds lines in the bytes of {@code cs}. */
  public static boolean splitsAtNewlines(Charset cs) {
    return Lines.splitsAtNewlines(cs);
  }
}
