package dev.fastio.bench;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The plain JDK's way to hash a tree, the floor a JVM command stands on: {@code Files.walk}, then
 * {@code Files.readAllBytes} and {@code MessageDigest} MD5 of every regular file (links not
 * followed, as {@code find -type f}) on one thread per core, printed in the walk's order in {@code
 * md5sum}'s format. No fastio code; none of the CLI's care (byte-string names, escapes, errors).
 * Compared with {@code fastio md5sum -r} by whole-process paired rounds (docs/maintainer-guide.md).
 *
 * <p>{@code java -XX:+UseSerialGC -cp fastio-bench/target/benchmarks.jar
 * dev.fastio.bench.JdkTreeMd5 DIR}
 */
public final class JdkTreeMd5 {
  private JdkTreeMd5() {}

  public static void main(String[] args) throws Exception {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Paths.get(args[0]))) {
      files = walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList();
    }
    ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    try {
      List<Future<String>> lines = new ArrayList<>(files.size());
      for (Path p : files) {
        lines.add(pool.submit(() -> line(p)));
      }
      Writer out =
          new BufferedWriter(
              new OutputStreamWriter(
                  new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8),
              1 << 16);
      for (Future<String> line : lines) {
        out.write(line.get());
      }
      out.flush();
    } finally {
      pool.shutdown();
    }
  }

  private static String line(Path p) throws IOException, NoSuchAlgorithmException {
    byte[] digest = MessageDigest.getInstance("MD5").digest(Files.readAllBytes(p));
    return HexFormat.of().formatHex(digest) + "  " + p + "\n";
  }
}
