package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.FastChannels;
import dev.fastio.TransferPolicy;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.transfer.TransferTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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
 * {@code FastChannels.transferTo} moves exactly what a correct, complete {@code
 * FileChannel.transferTo} would: for every strategy forced (with a small mapping window, so that
 * window boundaries are crossed) and for the adaptive choice, on every kind of target (a file with
 * content, written from a random position; a loopback socket and a pipe, each drained by a thread;
 * {@code Channels.newChannel(ByteArrayOutputStream)}), over sizes clustered at page, buffer and
 * window boundaries, positions at the start, inside, at and past the end of file, and counts of 0,
 * a few bytes, exactly the rest of the file and {@code Long.MAX_VALUE}. The return value, the
 * bytes, the source's unchanged position and the file target's advanced position are all checked.
 */
class TransferPropertiesTest {
  /** The mapping window of the forced MAPPED strategy here: 6 pages and a byte. */
  static final int WINDOW = 6 * 4096 + 1;

  private static Path dir;
  private static TransferTargets.Drained socket;
  private static TransferTargets.Drained pipe;

  /** How the transfer is made: a strategy forced, or the public call's adaptive choice. */
  enum Mode {
    KERNEL,
    MAPPED,
    READ_WRITE,
    ADAPTIVE
  }

  /** The target kinds of the property. */
  enum Target {
    FILE,
    SOCKET,
    PIPE,
    STREAM
  }

  @BeforeContainer
  static void setUp() throws IOException {
    dir = Files.createTempDirectory("fastio-transfer");
    socket = TransferTargets.Drained.socket();
    pipe = TransferTargets.Drained.pipe();
  }

  @AfterContainer
  static void tearDown() throws IOException {
    socket.close();
    pipe.close();
    TestSupport.deleteTree(dir);
  }

  /** Sizes at page, buffer and window boundaries (±1), random small sizes and a few MiB. */
  @Provide
  Arbitrary<Integer> sizes() {
    Arbitrary<Integer> boundaries =
        Arbitraries.of(
            List.of(
                0,
                1,
                4095,
                4096,
                4097,
                65535,
                65536,
                65537,
                WINDOW - 1,
                WINDOW,
                WINDOW + 1,
                2 * WINDOW - 1,
                2 * WINDOW,
                2 * WINDOW + 1));
    Arbitrary<Integer> nearBoundaries =
        Combinators.combine(boundaries, Arbitraries.integers().between(-2, 2))
            .as((b, d) -> Math.max(0, b + d));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, boundaries),
        net.jqwik.api.Tuple.of(2, nearBoundaries),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0, 300_000)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1 << 20, 3 << 20)));
  }

  /** Where the transfer starts, relative to the file: 0, inside, at the end, past the end. */
  enum Where {
    START,
    INSIDE,
    END,
    PAST_END
  }

  /** How much is asked for. */
  enum HowMuch {
    ZERO,
    SMALL,
    EXACT,
    MAX
  }

  @Property(tries = 1000, seed = "20261125", edgeCases = EdgeCasesMode.NONE)
  void transfersWhatACompleteTransferToWould(
      @ForAll("sizes") int size,
      @ForAll Where where,
      @ForAll HowMuch howMuch,
      @ForAll Mode mode,
      @ForAll Target target,
      @ForAll long seed)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    byte[] content = TestSupport.randomBytes(seed, size);
    Path sourceFile = dir.resolve("source-" + size + "-" + seed);
    Files.write(sourceFile, content);
    long position = position(where, size, random);
    long rest = Math.max(0, size - position);
    long count = count(howMuch, rest, random);
    long expected = position >= size ? 0 : Math.min(count, rest);
    int from = (int) Math.min(position, size);
    byte[] expectedBytes = Arrays.copyOfRange(content, from, (int) (from + expected));
    try (FileChannel source = FileChannel.open(sourceFile, StandardOpenOption.READ)) {
      long sourcePosition = random.nextInt(size + 2);
      source.position(sourcePosition);
      switch (target) {
        case FILE -> toFile(source, position, count, mode, random, expected, expectedBytes);
        case SOCKET -> toDrained(socket, source, position, count, mode, expected, expectedBytes);
        case PIPE -> toDrained(pipe, source, position, count, mode, expected, expectedBytes);
        case STREAM -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          try (WritableByteChannel ch = Channels.newChannel(out)) {
            assertEquals(expected, transfer(mode, source, position, count, ch), "returned");
          }
          assertArrayEquals(expectedBytes, out.toByteArray());
        }
      }
      assertEquals(sourcePosition, source.position(), "the source's position");
    } finally {
      Files.delete(sourceFile);
    }
  }

  private static long position(Where where, int size, SplittableRandom random) {
    return switch (where) {
      case START -> 0;
      case INSIDE -> size <= 1 ? 0 : 1L + random.nextInt(size - 1);
      case END -> size;
      case PAST_END -> size + 1L + random.nextInt(10_000);
    };
  }

  private static long count(HowMuch howMuch, long rest, SplittableRandom random) {
    return switch (howMuch) {
      case ZERO -> 0;
      case SMALL -> 1L + random.nextInt(5000);
      case EXACT -> rest;
      case MAX -> Long.MAX_VALUE;
    };
  }

  /** The transfer, as the mode says. */
  static long transfer(
      Mode mode, FileChannel source, long position, long count, WritableByteChannel target)
      throws IOException {
    if (mode == Mode.ADAPTIVE) {
      return FastChannels.transferTo(source, position, count, target);
    }
    return TransferTestHook.transfer(
        source,
        position,
        count,
        target,
        TransferPolicy.defaults().withStrategy(TransferStrategy.valueOf(mode.name())),
        WINDOW);
  }

  private static void toFile(
      FileChannel source,
      long position,
      long count,
      Mode mode,
      SplittableRandom random,
      long expected,
      byte[] expectedBytes)
      throws IOException {
    byte[] existing = TestSupport.randomBytes(random.nextLong(), random.nextInt(20_000));
    Path targetFile = dir.resolve("target-" + random.nextLong());
    Files.write(targetFile, existing);
    try {
      long at = random.nextInt(existing.length + 100); // inside the content, or past its end
      try (FileChannel target =
          FileChannel.open(targetFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        target.position(at);
        assertEquals(expected, transfer(mode, source, position, count, target), "returned");
        assertEquals(at + expected, target.position(), "the target's position");
      }
      byte[] after = Files.readAllBytes(targetFile);
      long end = Math.max(existing.length, expected == 0 ? existing.length : at + expected);
      assertEquals(end, after.length, "target size");
      byte[] want = Arrays.copyOf(existing, (int) end); // a gap past the old end reads as zeros
      if (expected > 0) {
        System.arraycopy(expectedBytes, 0, want, (int) at, expectedBytes.length);
      }
      assertArrayEquals(want, after);
    } finally {
      Files.delete(targetFile);
    }
  }

  private static void toDrained(
      TransferTargets.Drained drained,
      FileChannel source,
      long position,
      long count,
      Mode mode,
      long expected,
      byte[] expectedBytes)
      throws IOException {
    drained.reset();
    assertEquals(expected, transfer(mode, source, position, count, drained.sink), "returned");
    assertArrayEquals(expectedBytes, drained.await(0, expected));
    assertEquals(expected, drained.count(), "bytes received");
  }
}
