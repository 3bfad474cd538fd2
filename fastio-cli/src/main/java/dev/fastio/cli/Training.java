package dev.fastio.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * The training run of {@code bin/fastio}'s ahead-of-time cache (Java 25 and newer;
 * docs/user-guide.md): the launcher runs this class once per Java and fastio jar under {@code
 * -XX:AOTCacheOutput}, and the cache the JVM writes as it exits holds the classes the commands load
 * and the profiles of their usual work. It writes a small tree of files (about 30 MB, sizes from 0
 * bytes to 4 MiB) in the directory its argument names, which it makes (the launcher names one in
 * the cache directory), or else in a new temporary directory; hashes it as {@code md5sum -r} and
 * {@code sha256sum} do, checks the list as {@code md5sum -c} does, deletes the directory and exits
 * with status 0, or 1 if any of that failed. It prints nothing.
 */
public final class Training {
  /** Files per size class, {@code {bytes, count}}: small files, lane-sized ones and large ones. */
  private static final int[][] FILES = {
    {0, 1}, {55, 2}, {1000, 40}, {4096, 40}, {20_000, 40}, {100_000, 30}, {1 << 20, 8}, {4 << 20, 4}
  };

  private Training() {}

  /** Runs the training work in the directory {@code args[0]} names, if given, and exits. */
  public static void main(String[] args) {
    int status;
    try {
      status =
          train(
              args.length > 0
                  ? Files.createDirectory(Path.of(args[0]))
                  : Files.createTempDirectory("fastio-training"));
    } catch (IOException | InterruptedException | RuntimeException e) {
      status = 1;
    }
    System.exit(status); // a normal exit: the JVM writes the cache on its way out
  }

  private static int train(Path dir) throws IOException, InterruptedException {
    try {
      Path tree = dir.resolve("tree");
      writeTree(tree);
      ByteArrayOutputStream sums = new ByteArrayOutputStream();
      int status = run(sums, "md5sum", "-r", tree.toString());
      Path list = Files.write(dir.resolve("MD5SUMS"), sums.toByteArray());
      status |= run(OutputStream.nullOutputStream(), "md5sum", "-c", "--quiet", list.toString());
      status |= run(OutputStream.nullOutputStream(), "sha256sum", list.toString());
      return status;
    } finally {
      delete(dir);
    }
  }

  private static void writeTree(Path tree) throws IOException {
    Random random = new Random(17);
    int n = 0;
    for (int[] sizeAndCount : FILES) {
      byte[] bytes = new byte[sizeAndCount[0]];
      for (int i = 0; i < sizeAndCount[1]; i++, n++) {
        random.nextBytes(bytes);
        Path sub = Files.createDirectories(tree.resolve("d" + n % 8));
        Files.write(sub.resolve("f" + n), bytes);
      }
    }
  }

  private static int run(OutputStream out, String... args) throws InterruptedException {
    Console console =
        new Console(
            StandardStreams.detached(
                InputStream.nullInputStream(), out, OutputStream.nullOutputStream()),
            status -> {
              throw new IllegalStateException("exit " + status);
            });
    return console.close(
        Main.run(
            Arrays.stream(args).map(Names::encode).toArray(String[]::new),
            console,
            new SumCommand.ProgressSettings(ProgressDisplay.DELAY, 80, System::nanoTime)));
  }

  private static void delete(Path dir) throws IOException {
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(dir)) {
      paths = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : paths) {
      Files.deleteIfExists(p);
    }
  }
}
