package dev.fastio.tests.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@code readString}, {@code writeString} and {@code write(Path, Iterable, Charset)} against the
 * JDK's: on text and bytes built to hit every coding error (lone and paired surrogates, characters
 * outside Latin-1 and ASCII, question marks, truncated, overlong and surrogate UTF-8 sequences,
 * bytes no UTF-16 or windows-1252 decoder takes), the same strings and bytes, or the same exception
 * class and input length ({@code "Input length = N"}).
 */
// The drop-ins return the very path given, as Files does: identity is what is compared.
@SuppressWarnings("ReferenceEquality")
class TextPropertiesTest {
  private static Path dir;
  private static int counter;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-text");
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  @Provide
  Arbitrary<Charset> charsets() {
    return Arbitraries.of(
        StandardCharsets.UTF_8,
        StandardCharsets.ISO_8859_1,
        StandardCharsets.US_ASCII,
        StandardCharsets.UTF_16,
        StandardCharsets.UTF_16LE,
        Charset.forName("UTF-32"),
        Charset.forName("windows-1252"),
        Charset.forName("Shift_JIS"),
        Charset.forName("windows-31j"),
        StandardCharsets.UTF_16BE);
  }

  /** Text mixing ASCII, '?', Latin-1, other BMP characters, surrogate pairs and lone surrogates. */
  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.strings().ascii().ofMaxLength(20),
            Arbitraries.just("?"),
            Arbitraries.chars().range('\u0080', '\u00ff').map(String::valueOf),
            Arbitraries.chars().range('\u0100', '\ud7ff').map(String::valueOf),
            Arbitraries.just("\ud83e\udd38"),
            Arbitraries.chars().range('\ud800', '\udfff').map(String::valueOf));
    return piece.list().ofMaxSize(8).map(l -> String.join("", l));
  }

  /** Bytes mixing ASCII and UTF-8 lead and continuation bytes, including the edge values. */
  @Provide
  Arbitrary<byte[]> bytes() {
    Arbitrary<Integer> b =
        Arbitraries.oneOf(
            Arbitraries.integers().between(0x20, 0x7e),
            Arbitraries.integers().between(0x80, 0xbf),
            Arbitraries.of(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xf8, 0xff),
            Arbitraries.integers().between(0x80, 0xff));
    return b.list()
        .ofMaxSize(12)
        .map(
            l -> {
              byte[] a = new byte[l.size()];
              for (int i = 0; i < a.length; i++) {
                a[i] = (byte) (int) l.get(i);
              }
              return a;
            });
  }

  @Property(tries = 1500, seed = "20261129", edgeCases = EdgeCasesMode.NONE)
  void writeStringEqualsTheJdk(@ForAll("texts") String text, @ForAll("charsets") Charset cs)
      throws Exception {
    int id = counter++;
    Path jdk = dir.resolve("ws-jdk-" + id);
    Path ours = dir.resolve("ws-fastio-" + id);
    Outcome expected = Outcome.of(() -> Files.writeString(jdk, text, cs) == jdk, jdk);
    Outcome actual = Outcome.of(() -> FastFiles.writeString(ours, text, cs) == ours, ours);
    assertEquals(expected, actual, cs + " " + codes(text));
    assertEquals(Files.exists(jdk), Files.exists(ours), "a text that fails creates no file");
    if (Files.exists(jdk)) {
      assertArrayEquals(Files.readAllBytes(jdk), Files.readAllBytes(ours));
      assertEquals(
          Outcome.of(() -> Files.readString(jdk, cs), jdk),
          Outcome.of(() -> FastFiles.readString(ours, cs), ours));
    }
    Files.deleteIfExists(jdk);
    Files.deleteIfExists(ours);
  }

  @Property(tries = 3000, seed = "20261130", edgeCases = EdgeCasesMode.NONE)
  void readStringEqualsTheJdk(@ForAll("bytes") byte[] content, @ForAll("charsets") Charset cs)
      throws Exception {
    Path file = TestSupport.write(dir, "rs-" + counter++, content);
    Outcome expected = Outcome.of(() -> Files.readString(file, cs), file);
    Outcome actual = Outcome.of(() -> FastFiles.readString(file, cs), file);
    assertEquals(expected, actual, cs + " " + hex(content));
    Files.delete(file);
  }

  @Property(tries = 300, seed = "20261131", edgeCases = EdgeCasesMode.NONE)
  void writeLinesEqualsTheJdk(@ForAll("lines") List<String> lines, @ForAll("charsets") Charset cs)
      throws Exception {
    int id = counter++;
    Path jdk = dir.resolve("wl-jdk-" + id);
    Path ours = dir.resolve("wl-fastio-" + id);
    Outcome expected = Outcome.of(() -> Files.write(jdk, lines, cs) == jdk, jdk);
    Outcome actual = Outcome.of(() -> FastFiles.write(ours, lines, cs) == ours, ours);
    assertEquals(expected, actual, cs + " " + lines);
    assertArrayEquals(Files.readAllBytes(jdk), Files.readAllBytes(ours), "what was written");
    Files.delete(jdk);
    Files.delete(ours);
  }

  @Provide
  Arbitrary<List<String>> lines() {
    return Arbitraries.oneOf(texts(), Arbitraries.strings().ofMinLength(5000).ofMaxLength(20000))
        .list()
        .ofMaxSize(5);
  }

  private static String codes(String s) {
    StringBuilder b = new StringBuilder();
    s.chars().forEach(c -> b.append(String.format("%04x ", c)));
    return b.toString();
  }

  private static String hex(byte[] a) {
    StringBuilder b = new StringBuilder();
    for (byte x : a) {
      b.append(String.format("%02x ", x & 0xff));
    }
    return b.toString();
  }
}
