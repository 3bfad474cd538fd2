package dev.fastio.internal.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.internal.platform.Md5Lanes;
import dev.fastio.tests.guard.PerfGuard;
import dev.fastio.tests.support.TestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which {@link Md5Lanes} engine this run has, and the engines against each other. The build runs
 * the MD5 tests in JVMs with and without {@code --add-modules jdk.incubator.vector}; surefire sets
 * {@code fastio.test.vector=true} in those with the module, where the vector engine must be the one
 * in use. The tests of the vector engine itself are tagged {@code vector-module}: the runs without
 * the module leave them out.
 */
class Md5LanesEngineTest {
  private static final boolean VECTOR_RUN = Boolean.getBoolean("fastio.test.vector");

  @Test
  @Tag("perf-guard")
  void theVectorEngineIsUsedExactlyWhereTheModuleIsResolved() {
    boolean resolved = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    assertEquals(VECTOR_RUN, resolved, "surefire's fastio.test.vector and --add-modules disagree");
    assumeFalse(
        Md5Lanes.vectorStatus().endsWith("fewer than 256"),
        "this CPU's vectors are too narrow for the vector engine: " + Md5Lanes.vectorStatus());
    if (resolved) {
      PerfGuard.startsWith(
          "the vector MD5 lanes where jdk.incubator.vector is resolved",
          "Md5Lanes.vectorStatus()",
          Md5Lanes.vectorStatus(),
          "vector ",
          "");
    }
    assertEquals(resolved, Md5Lanes.vectorAvailable(), Md5Lanes.vectorStatus());
    if (resolved) {
      Md5Lanes engine = Md5Lanes.vector(4);
      PerfGuard.same(
          "Md5Lanes.vector() is the vector engine, not the scalar reference",
          "engine class",
          engine.getClass().getSimpleName(),
          "VectorMd5Lanes",
          engine.name());
      assertTrue(engine.lanes() >= 8, engine.name());
      assertEquals("vector " + engine.lanes() + "x32-bit", engine.name());
      assertEquals(engine.name(), Md5Lanes.vectorStatus());
    } else {
      assertEquals(
          "unavailable: module jdk.incubator.vector not resolved"
              + " (add --add-modules jdk.incubator.vector)",
          Md5Lanes.vectorStatus());
      assertThrows(IllegalStateException.class, () -> Md5Lanes.vector(4));
    }
  }

  /** The scheduler's digests through the vector engine, proving that engine computed them. */
  @Test
  @Tag("vector-module")
  void theVectorEngineHashesThroughTheScheduler() {
    assumeTrue(VECTOR_RUN && Md5Lanes.vectorAvailable(), Md5Lanes.vectorStatus());
    Md5Lanes engine = Md5Lanes.vector(16);
    List<byte[]> inputs = new ArrayList<>();
    for (int i = 0; i < 3 * engine.lanes(); i++) {
      inputs.add(TestSupport.randomBytes(i, 1000 * i + 55));
    }
    Md5LanesPropertiesTest.assertEqualsMessageDigest(
        engine, inputs, 4096, Md5LanesPropertiesTest.Delivery.HEAP_CHUNKS);
    assertTrue(engine.name().startsWith("vector"));
  }

  @Test
  @Tag("vector-module")
  void vectorEqualsScalarBlockByBlock() {
    assumeTrue(Md5Lanes.vectorAvailable(), Md5Lanes.vectorStatus());
    Md5Lanes vector = Md5Lanes.vector(5);
    Md5Lanes scalar = Md5Lanes.scalar(vector.lanes(), 5);
    SplittableRandom r = new SplittableRandom(7);
    for (int round = 0; round < 20; round++) {
      int[] words = vector.words();
      for (int i = 0; i < words.length; i++) {
        words[i] = r.nextInt();
      }
      System.arraycopy(words, 0, scalar.words(), 0, words.length);
      int from = r.nextInt(5);
      int to = from + r.nextInt(6 - from);
      vector.compress(from, to);
      scalar.compress(from, to);
      int lane = r.nextInt(vector.lanes());
      vector.reset(lane);
      scalar.reset(lane);
      assertArrayEquals(scalar.stateCopy(), vector.stateCopy(), "round " + round);
    }
  }

  @Test
  void compressChecksItsRange() {
    List<Md5Lanes> engines = new ArrayList<>(List.of(Md5Lanes.scalar(3, 2)));
    if (Md5Lanes.vectorAvailable()) {
      engines.add(Md5Lanes.vector(2));
    }
    for (Md5Lanes engine : engines) {
      assertThrows(IndexOutOfBoundsException.class, () -> engine.compress(-1, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> engine.compress(2, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> engine.compress(0, 3));
      engine.compress(2, 2); // empty: nothing to do
    }
  }

  @Test
  void badShapesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> Md5Lanes.scalar(0, 1));
    assertThrows(IllegalArgumentException.class, () -> Md5Lanes.scalar(65, 1));
    assertThrows(IllegalArgumentException.class, () -> Md5Lanes.scalar(4, 0));
  }

  @Test
  void noInputsNoResults() {
    LaneScheduler.run(
        Md5Lanes.scalar(4, 2),
        0,
        i -> {
          throw new AssertionError("opened " + i);
        },
        (i, d, e) -> {
          throw new AssertionError("result " + i);
        });
    assertFalse(Md5Lanes.scalar(1, 1).name().isEmpty());
  }
}
