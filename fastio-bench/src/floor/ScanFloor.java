import dev.fastio.LineScanner;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code LineScanner.countLines} (LF) against the floor of a count on two threads: the bare Vector
 * API loop of {@link BareLineCount} over the file mapped whole, half a file a thread, no fault
 * handling. Both in one JVM, five counts each a round, the order alternating, after a warm-up;
 * prints the engines, each round's GB/s and the geometric mean of fastio's over the loop's. Not
 * built by Maven (JDK 22 or newer, the fastio-core jar on the class path); docs/maintainer-guide.md has the
 * commands.
 */
public final class ScanFloor {
  private static final VectorSpecies<Byte> S = ByteVector.SPECIES_PREFERRED;

  public static void main(String[] args) throws Exception {
    Path path = Path.of(args[0]);
    LineScanner scanner = LineScanner.builder().terminators(LineScanner.Terminators.LF).build();
    long size = Files.size(path);
    System.out.println("fastio's engine: " + LineScanner.engine() + ", bare loop: " + S);
    for (int w = 0; w < 15; w++) {
      bare(path);
      scanner.countLines(path);
    }
    int rounds = 8;
    double low = Double.MAX_VALUE;
    double high = 0;
    double logs = 0;
    for (int r = 1; r <= rounds; r++) {
      boolean fastioFirst = r % 2 == 1; // the order alternates from round to round
      long[] fastio = new long[2];
      long[] floor = new long[2];
      for (int turn = 0; turn < 2; turn++) {
        long t0 = System.nanoTime();
        if ((turn == 0) == fastioFirst) {
          for (int k = 0; k < 5; k++) {
            fastio[1] = scanner.countLines(path);
          }
          fastio[0] = System.nanoTime() - t0;
        } else {
          for (int k = 0; k < 5; k++) {
            floor[1] = bare(path);
          }
          floor[0] = System.nanoTime() - t0;
        }
      }
      double a = 5.0 * size / fastio[0];
      double b = 5.0 * size / floor[0];
      low = Math.min(low, a / b);
      high = Math.max(high, a / b);
      logs += Math.log(a / b);
      System.out.printf(
          "round %d: fastio %.1f GB/s, bare loop %.1f GB/s, ratio %.3f%s%n",
          r, a, b, a / b, fastio[1] == floor[1] ? "" : " (counts differ)");
    }
    System.out.printf("fastio / bare loop: %.3f (%.3f-%.3f)%n", Math.exp(logs / rounds), low, high);
  }

  private static long bare(Path path) throws Exception {
    try (FileChannel ch = FileChannel.open(path);
        Arena arena = Arena.ofShared()) {
      long size = ch.size();
      MemorySegment file = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
      ExecutorService threads = Executors.newFixedThreadPool(2);
      try {
        Future<Long> first = threads.submit(() -> count(file, 0, size / 2));
        Future<Long> second = threads.submit(() -> count(file, size / 2, size));
        return first.get() + second.get();
      } finally {
        threads.shutdown();
      }
    }
  }

  private static long count(MemorySegment file, long from, long to) {
    ByteVector lf = ByteVector.broadcast(S, (byte) '\n');
    long n = 0;
    long i = from;
    for (; i + S.length() <= to; i += S.length()) {
      n += ByteVector.fromMemorySegment(S, file, i, ByteOrder.nativeOrder()).eq(lf).trueCount();
    }
    for (; i < to; i++) {
      if (file.get(ValueLayout.JAVA_BYTE, i) == '\n') {
        n++;
      }
    }
    return n;
  }
}
