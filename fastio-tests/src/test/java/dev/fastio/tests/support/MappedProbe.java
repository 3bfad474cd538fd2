package dev.fastio.tests.support;

import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.internal.platform.PlatformTestHook;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The program {@code MappedFileJitTest} runs in a child JVM (with {@code -XX:+PrintCompilation}),
 * so that fastio's mapped code is compiled by C2 before the measured calls. Prints {@code MEASURE}
 * when the warm-up is done, then its findings as {@code key=value} lines.
 */
public final class MappedProbe {
  private MappedProbe() {}

  /** Iterations of the warm-up: well above C2's thresholds (Tier4InvocationThreshold 5000). */
  static final int WARM_UP = 20_000;

  /**
   * {@code residency WARM BIG1 BIG2}, {@code truncation WARM FILE DELAY_MICROS...} or {@code quiet
   * FILE}.
   */
  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "residency" -> residency(Paths.get(args[1]), Paths.get(args[2]), Paths.get(args[3]));
      case "truncation" -> truncation(Paths.get(args[1]), Paths.get(args[2]), args);
      case "quiet" -> quiet(Paths.get(args[1]));
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  private static void warmUp(Path warm) throws IOException {
    byte[] dst = new byte[100];
    long sum = 0;
    try (FileChannel ch = FileChannel.open(warm);
        MappedFile mf = MappedFiles.map(warm)) {
      MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      for (int i = 0; i < WARM_UP; i++) {
        MappedFiles.loadFully(b);
        mf.loadFully();
        mf.read(i % (mf.size() - dst.length), dst, 0, dst.length);
        sum += dst[0];
      }
    }
    System.out.println("warm-sum=" + sum);
    System.out.println("MEASURE");
  }

  private static void residency(Path warm, Path big1, Path big2) throws Exception {
    // Start a process once before the warm-up: its first start loads classes (ProcessStartEvent, a
    // JDK
    // event class, among them) that would deoptimize the C2 code compiled before it, so the calls
    // measured would run in the interpreter instead.
    evict(warm);
    warmUp(warm);
    evict(big1);
    evict(big2);
    try (FileChannel ch = FileChannel.open(big1)) {
      MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      System.out.println("static-before=" + b.isLoaded());
      MappedFiles.loadFully(b);
      System.out.println("static-after=" + b.isLoaded());
      MappedFiles.unmap(b);
    }
    try (MappedFile mf = MappedFiles.map(big2)) {
      System.out.println("file-before=" + mf.isLoaded());
      mf.loadFully();
      System.out.println("file-after=" + mf.isLoaded());
    }
  }

  /** Evicts {@code file} from the page cache with {@code dd iflag=nocache count=0}. */
  public static void evict(Path file) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("dd", "if=" + file, "iflag=nocache", "count=0")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly(); // no dd outlives the probe
      throw new IOException("dd timed out on " + file);
    }
    if (p.exitValue() != 0) {
      throw new IOException("dd failed on " + file);
    }
  }

  private static void truncation(Path warm, Path file, String[] args) throws Exception {
    warmUp(warm);
    int size = 8 << 20;
    int faults = 0;
    int results = 0;
    for (int d = 3; d < args.length; d++) {
      long delayMicros = Long.parseLong(args[d]);
      for (int round = 0; round < 3; round++) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          f.setLength(0);
          f.setLength(size);
          f.seek(size - 1);
          f.write(1);
        }
        int[] counts;
        try {
          counts = truncateWhileReading(file, delayMicros, size);
        } catch (AssertionError e) {
          System.out.println("ESCAPED " + e.getCause());
          e.printStackTrace(System.out);
          System.exit(3);
          return;
        }
        results += counts[0];
        faults += counts[1];
      }
    }
    System.out.println("results=" + results);
    System.out.println("faults=" + faults);
  }

  /**
   * Maps {@code file}, truncates it to a third after {@code delayMicros} while a reader thread and
   * the calling thread read and load it.
   *
   * @return {results, faults}: calls of {@code loadFully} that returned, and that threw the {@code
   *     FileSystemException} naming the file
   * @throws AssertionError if anything else was thrown, by either thread
   */
  public static int[] truncateWhileReading(Path file, long delayMicros, int size) throws Exception {
    int[] counts = new int[2];
    AtomicReference<Throwable> escaped = new AtomicReference<>();
    try (MappedFile mf = MappedFiles.map(file)) {
      Thread truncator =
          new Thread(
              () -> {
                try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                  TimeUnit.MICROSECONDS.sleep(delayMicros);
                  f.setLength(size / 3);
                } catch (IOException | InterruptedException e) {
                  escaped.set(e);
                }
              });
      Thread reader =
          new Thread(
              () -> {
                byte[] dst = new byte[65536];
                SplittableRandom r = new SplittableRandom(delayMicros);
                for (int i = 0; i < 200; i++) {
                  try {
                    mf.read(r.nextInt(size - dst.length), dst, 0, dst.length);
                  } catch (FileSystemException e) {
                    if (!names(e, file)) {
                      escaped.compareAndSet(null, e);
                    }
                  } catch (Throwable t) {
                    escaped.compareAndSet(null, t);
                  }
                }
              });
      truncator.start();
      reader.start();
      // Until the truncation is done, then a few more: the last calls always see the shorter file.
      for (int after = 0; after < 5; ) {
        if (!truncator.isAlive()) {
          after++;
        }
        try {
          mf.loadFully();
          counts[0]++;
        } catch (FileSystemException e) {
          if (!names(e, file)) {
            escaped.compareAndSet(null, e);
          }
          counts[1]++;
        } catch (Throwable t) {
          escaped.compareAndSet(null, t);
        }
      }
      truncator.join();
      reader.join();
    }
    Throwable t = escaped.get();
    if (t != null) {
      throw new AssertionError("escaped: " + t, t);
    }
    return counts;
  }

  private static boolean names(FileSystemException e, Path file) {
    return file.toString().equals(e.getFile());
  }

  private static void quiet(Path file) throws Exception {
    System.out.println("mechanism=" + PlatformTestHook.platformName());
    for (int i = 0; i < 3; i++) {
      try (MappedFile mf = MappedFiles.map(file)) {
        mf.loadFully();
        byte[] b = new byte[(int) Math.min(mf.size(), 4096)];
        mf.read(0, b, 0, b.length);
        MappedFiles.loadFully(mf.buffer(0));
      }
      try (FileChannel ch = FileChannel.open(file)) {
        MappedByteBuffer own = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        MappedFiles.loadFully(own);
        System.out.println("unmapped=" + MappedFiles.unmap(own));
      }
    }
  }
}
