package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fastio.internal.batch.BatchTestHook;
import dev.fastio.tests.support.TestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size a parallel batch's order found for each file, handed to the lanes so that they need not
 * ask the open file again: the size of each non-empty regular file, none (-1) for the others; and a
 * lane reads a file's bytes to its end whatever the hint says, so that a file that grew or shrank
 * since it was sized gives the bytes it has.
 */
class SizeHintTest {
  @TempDir Path dir;

  @Test
  void theOrderHintsTheSizeOfEachNonEmptyRegularFile() throws Exception {
    for (int count : new int[] {BatchTestHook.ORDER_FIRST, BatchTestHook.ORDER_FIRST * 3}) {
      Path tree = Files.createDirectories(dir.resolve("tree-" + count));
      List<Path> list = new ArrayList<>();
      long[] expected = new long[count];
      for (int i = 0; i < count; i++) {
        int size = (i * 397) % 5000;
        list.add(TestSupport.write(tree, "f" + i, new byte[size]));
        expected[i] = size > 0 ? size : -1;
      }
      list.set(3, tree.resolve("missing"));
      expected[3] = -1;
      list.set(5, tree); // a directory
      expected[5] = -1;
      if (TestSupport.isLinux()) {
        list.set(7, Path.of("/proc/self/status")); // size 0, bytes to read
        expected[7] = -1;
      }
      assertArrayEquals(expected, BatchTestHook.parallelSizeHints(list), count + " files");
    }
  }

  @Test
  void aLaneReadsAFileToItsEndWhateverItsHint() throws Exception {
    for (int size : new int[] {0, 1, 4095, 4096, 4097, 131_072, 131_073, 300_001}) {
      byte[] content = TestSupport.randomBytes(size, size);
      Path file = TestSupport.write(dir, "hinted-" + size, content);
      for (long hint : new long[] {-1, 1, size - 1L, size, size + 1L, 10L * size + 10}) {
        assertArrayEquals(
            content, BatchTestHook.laneSourceBytes(file, hint), "size " + size + ", hint " + hint);
      }
    }
    if (!TestSupport.isLinux()) {
      return;
    }
    byte[] status = BatchTestHook.laneSourceBytes(Path.of("/proc/version"), 1);
    assertEquals(Files.readString(Path.of("/proc/version")).length(), status.length);
  }
}
