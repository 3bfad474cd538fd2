package dev.fastio.tests.stream;

import dev.fastio.FastFiles;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The child process {@link StreamsNativeMemoryTest} runs under a {@code malloc} counter: reads a
 * file to its end {@code COUNT} times with requests of {@code REQUEST} bytes, through one kind of
 * stream, and prints the bytes read.
 *
 * <p>Usage: {@code StreamProbe fastio|jdk|fileinputstream FILE REQUEST COUNT}.
 */
public final class StreamProbe {
  private StreamProbe() {}

  /**
   * Reads as the arguments say.
   *
   * @param args the stream kind, the file, the request size and the number of passes
   * @throws IOException if a read fails (the test then fails on the exit status)
   */
  public static void main(String[] args) throws IOException {
    Path file = Paths.get(args[1]);
    byte[] request = new byte[Integer.parseInt(args[2])];
    int count = Integer.parseInt(args[3]);
    long total = 0;
    for (int i = 0; i < count; i++) {
      try (InputStream in = open(args[0], file)) {
        for (int n; (n = in.read(request)) > 0; ) {
          total += n;
        }
      }
    }
    System.out.println(total);
  }

  private static InputStream open(String kind, Path file) throws IOException {
    return switch (kind) {
      case "fastio" -> FastFiles.newInputStream(file);
      case "jdk" -> Files.newInputStream(file);
      case "fileinputstream" -> new FileInputStream(file.toFile());
      default -> throw new IllegalArgumentException("unknown stream kind: " + kind);
    };
  }
}
