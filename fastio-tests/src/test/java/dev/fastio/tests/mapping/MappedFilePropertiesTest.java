package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.fastio.FastioTestHook;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random regions of a file, mapped with random window sizes, read as {@code Files.readAllBytes}
 * slices (the JDK oracle) through {@code read} and through the buffers.
 */
class MappedFilePropertiesTest {
  private static final int FILE_SIZE = 3 * 1048576 + 17;
  private static Path dir;
  private static Path file;
  private static byte[] content;

  @BeforeContainer
  static void makeFile() throws IOException {
    dir = Files.createTempDirectory("fastio-mapped");
    file = TestSupport.write(dir, "f", TestSupport.randomBytes(42, FILE_SIZE));
    content = Files.readAllBytes(file);
  }

  @AfterContainer
  static void removeDir() throws IOException {
    TestSupport.deleteTree(dir);
  }

  /** Offsets at and around page and window boundaries, and anywhere. */
  @Provide
  Arbitrary<Integer> offsets() {
    Arbitrary<Integer> boundaries =
        Arbitraries.of(TestSupport.BOUNDARY_SIZES).filter(s -> s <= FILE_SIZE);
    return Arbitraries.oneOf(
        boundaries,
        boundaries.map(b -> Math.max(0, Math.min(FILE_SIZE, b + 1))),
        boundaries.map(b -> Math.max(0, b - 1)),
        Arbitraries.integers().between(0, FILE_SIZE));
  }

  @Property(tries = 200, seed = "20261123", edgeCases = EdgeCasesMode.NONE)
  void regionsEqualJdkSlices(
      @ForAll("offsets") int a,
      @ForAll("offsets") int b,
      @ForAll @IntRange(min = 1, max = 300_000) int windowSize,
      @ForAll("offsets") int readAt,
      @ForAll @IntRange(min = 0, max = 200_000) int readLength)
      throws IOException {
    int position = Math.min(a, b);
    int size = Math.max(a, b) - position;
    windowSize = Math.max(windowSize, size / 1000 + 1); // at most 1000 mappings on JDK 17
    byte[] slice = Arrays.copyOfRange(content, position, position + size);
    try (MappedFile m = FastioTestHook.map(file, position, size, windowSize)) {
      byte[] whole = new byte[size];
      m.read(0, whole, 0, size);
      assertArrayEquals(slice, whole);
      int at = Math.min(readAt, size);
      int length = Math.min(readLength, size - at);
      byte[] part = new byte[length + 2];
      m.read(at, part, 1, length);
      assertArrayEquals(
          Arrays.copyOfRange(slice, at, at + length), Arrays.copyOfRange(part, 1, length + 1));
      byte[] viaBuffers = new byte[size];
      for (int i = 0; i < m.bufferCount(); i++) {
        MappedByteBuffer w = m.buffer(i);
        w.get(viaBuffers, (int) m.bufferPosition(i), w.remaining());
      }
      assertArrayEquals(slice, viaBuffers);
    }
    try (MappedFile mf = MappedFiles.map(file, position, size)) {
      byte[] whole = new byte[size];
      mf.read(0, whole, 0, size);
      assertArrayEquals(slice, whole);
    }
  }
}
