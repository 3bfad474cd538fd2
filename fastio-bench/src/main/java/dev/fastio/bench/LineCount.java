package dev.fastio.bench;

import dev.fastio.LineScanner;
import java.io.IOException;
import java.nio.file.Paths;

/**
 * {@code wc -l FILE} as a Java process: the LF bytes of a file counted by {@link
 * LineScanner#countLines} with {@link LineScanner.Terminators#LF} (the same number as {@code wc -l}
 * for a file that ends with an LF), printed as {@code wc -l} prints it. For whole-process timings
 * against coreutils ({@code fastio-bench/commands-paired.sh}); run with {@code --add-modules
 * jdk.incubator.vector} for the vector search.
 */
public final class LineCount {
  private LineCount() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: LineCount FILE");
      System.exit(2);
    }
    LineScanner scanner = LineScanner.builder().terminators(LineScanner.Terminators.LF).build();
    System.out.println(scanner.countLines(Paths.get(args[0])) + " " + args[0]);
  }
}
