import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The floor of a Java process that counts the LF bytes of a file as {@code wc -l} does: the bare
 * Vector API loop over the file mapped whole, one part per core, no fault handling (a file truncated
 * while counted crashes it), printed as {@code wc -l} prints it. Not built by Maven (it needs JDK
 * 22 or newer for {@code MemorySegment}); docs/maintainer-guide.md has the commands.
 */
public final class BareLineCount {
  private static final VectorSpecies<Byte> S = ByteVector.SPECIES_PREFERRED;

  public static void main(String[] args) throws Exception {
    try (FileChannel ch = FileChannel.open(Path.of(args[0])); Arena arena = Arena.ofShared()) {
      long size = ch.size();
      MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
      int parts = Runtime.getRuntime().availableProcessors();
      long[] counts = new long[parts];
      Thread[] threads = new Thread[parts];
      for (int t = 0; t < parts; t++) {
        int k = t;
        long lo = size * t / parts, hi = size * (t + 1) / parts;
        threads[t] = new Thread(() -> counts[k] = count(seg, lo, hi));
        threads[t].start();
      }
      long n = 0;
      for (int t = 0; t < parts; t++) {
        threads[t].join();
        n += counts[t];
      }
      System.out.println(n + " " + args[0]);
    }
  }

  static long count(MemorySegment seg, long from, long to) {
    long n = 0;
    long i = from;
    for (long end = to - S.length(); i <= end; i += S.length()) {
      n += ByteVector.fromMemorySegment(S, seg, i, ByteOrder.nativeOrder()).eq((byte) '\n').trueCount();
    }
    for (; i < to; i++) {
      n += seg.get(ValueLayout.JAVA_BYTE, i) == '\n' ? 1 : 0;
    }
    return n;
  }
}
