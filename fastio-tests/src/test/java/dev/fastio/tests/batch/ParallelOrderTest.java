package dev.fastio.tests.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.fastio.internal.batch.BatchTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order in which a parallel batch's hashing threads take files: the paths that fail at once,
 * then regular files largest first, then the others, in input order where equal; a list longer than
 * {@code ORDER_FIRST} is ordered while its first files are taken in input order, and the files not
 * taken by then follow in that order, each handed out once.
 */
class ParallelOrderTest {
  @TempDir Path dir;

  @Test
  void aLongListIsOrderedWhileItsFirstFilesAreTaken() throws Exception {
    List<Path> list = files(BatchTestHook.ORDER_FIRST * 3);
    int n = list.size();
    for (int taken : new int[] {0, 1, 17, n / 2, n - 1, n, n + 5}) {
      assertArrayEquals(
          expectedOrder(list, Math.min(taken, n)),
          BatchTestHook.parallelOrder(list, taken),
          taken + " taken before the order");
    }
  }

  @Test
  void aShortListIsOrderedBeforeAnyFileIsTaken() throws Exception {
    List<Path> list = files(BatchTestHook.ORDER_FIRST);
    for (int taken : new int[] {0, 1, 17, list.size()}) {
      assertArrayEquals(
          expectedOrder(list, 0),
          BatchTestHook.parallelOrder(list, taken),
          taken + " taken before the order");
    }
  }

  /** {@code count} paths: files of assorted sizes, a missing path and a directory among them. */
  private List<Path> files(int count) throws IOException {
    Path tree = Files.createDirectories(dir.resolve("tree-" + count));
    List<Path> list = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      list.add(TestSupport.write(tree, "f" + i, new byte[(i * 37) % 1000]));
    }
    list.set(3, tree.resolve("missing"));
    list.set(count - 20, tree); // a directory: fails at once
    return list;
  }

  /** The first {@code taken} in input order, then the rest as the class comment orders them. */
  private static int[] expectedOrder(List<Path> list, int taken) throws IOException {
    long[] keys = new long[list.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = key(list.get(i));
    }
    List<Integer> rest = new ArrayList<>();
    for (int i = taken; i < list.size(); i++) {
      rest.add(i);
    }
    rest.sort((a, b) -> Long.compare(keys[b], keys[a])); // stable
    int[] order = new int[list.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i < taken ? i : rest.get(i - taken);
    }
    return order;
  }

  private static long key(Path path) {
    try {
      BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
      return a.isDirectory() ? Long.MAX_VALUE : a.isRegularFile() ? a.size() : -1;
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }
}
