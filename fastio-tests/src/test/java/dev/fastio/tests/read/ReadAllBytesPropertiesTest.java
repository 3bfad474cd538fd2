package dev.fastio.tests.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.fastio.FastFiles;
import dev.fastio.internal.read.ReadTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * {@code FastFiles.readAllBytes} and {@code FastFiles.digest} against the JDK oracles ({@code
 * Files.readAllBytes}, {@code MessageDigest} over the same bytes), for every strategy, over sizes
 * clustered at page, buffer and mapping-threshold boundaries. jqwik's own edge cases are off: the
 * size generator is made of the boundaries, and the combinations of every parameter's edge cases
 * would use up all the tries.
 */
class ReadAllBytesPropertiesTest {
  private static Path dir;

  @BeforeContainer
  static void makeDir() throws IOException {
    dir = Files.createTempDirectory("fastio-readall");
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  /** Boundary sizes, sizes a byte or two off them, random small sizes and a few MiB. */
  @Provide
  Arbitrary<Integer> sizes() {
    Arbitrary<Integer> boundaries = Arbitraries.of(TestSupport.BOUNDARY_SIZES);
    Arbitrary<Integer> nearBoundaries =
        Combinators.combine(boundaries, Arbitraries.integers().between(-2, 2))
            .as((b, d) -> Math.max(0, b + d));
    return Arbitraries.oneOf(
        boundaries,
        nearBoundaries,
        Arbitraries.integers().between(0, 200_000),
        Arbitraries.integers().between(1 << 20, 6 << 20));
  }

  @Property(tries = 250, seed = "20261123", edgeCases = EdgeCasesMode.NONE)
  void readAllBytesEqualsTheJdk(
      @ForAll("sizes") int size, @ForAll long seed, @ForAll("strategies") String strategy)
      throws IOException {
    Path file =
        TestSupport.write(dir, "r-" + size + "-" + seed, TestSupport.randomBytes(seed, size));
    try {
      byte[] expected = Files.readAllBytes(file);
      assertArrayEquals(expected, ReadTestHook.readAllBytes(file, strategy));
      if (strategy.equals("AUTO")) {
        assertArrayEquals(expected, FastFiles.readAllBytes(file));
      }
    } finally {
      Files.delete(file);
    }
  }

  @Property(tries = 250, seed = "20261124", edgeCases = EdgeCasesMode.NONE)
  void digestEqualsMessageDigestOverTheBytes(
      @ForAll("sizes") int size,
      @ForAll long seed,
      @ForAll("strategies") String strategy,
      @ForAll("algorithms") String algorithm)
      throws IOException, NoSuchAlgorithmException {
    byte[] content = TestSupport.randomBytes(seed, size);
    Path file = TestSupport.write(dir, "d-" + size + "-" + seed, content);
    try {
      byte[] expected = MessageDigest.getInstance(algorithm).digest(content);
      MessageDigest md = MessageDigest.getInstance(algorithm);
      assertArrayEquals(expected, ReadTestHook.digest(file, md, strategy));
      assertArrayEquals(expected, FastFiles.digest(file, algorithm));
      assertArrayEquals(expected, FastFiles.digest(file, md));
    } finally {
      Files.delete(file);
    }
  }

  @Provide
  Arbitrary<String> strategies() {
    return Arbitraries.of(ReadTestHook.strategies());
  }

  @Provide
  Arbitrary<String> algorithms() {
    return Arbitraries.of("MD5", "SHA-1", "SHA-256", "SHA-512");
  }
}
