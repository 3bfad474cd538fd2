package dev.fastio.tests.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.internal.io.IoTestHook;
import dev.fastio.internal.platform.PlatformTestHook;
import dev.fastio.tests.guard.PerfGuard;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Shared helpers for the fastio tests: files, FIFOs, descriptor and mapping counts, JDK oracles.
 */
public final class TestSupport {
  private TestSupport() {}

  /** Sizes at the page, buffer and threshold boundaries every strategy is checked at. */
  public static final List<Integer> BOUNDARY_SIZES =
      List.of(
          0,
          1,
          2,
          4095,
          4096,
          4097,
          8191,
          8192,
          8193,
          65535,
          65536,
          65537,
          IoTestHook.readBufferCapacity() - 1,
          IoTestHook.readBufferCapacity(),
          IoTestHook.readBufferCapacity() + 1,
          131071,
          131072,
          131073,
          2 * IoTestHook.readBufferCapacity() - 1,
          2 * IoTestHook.readBufferCapacity(),
          2 * IoTestHook.readBufferCapacity() + 1,
          1048575,
          1048576,
          1048577,
          3 * 1048576 + 17,
          4 * 1048576 - 1,
          4 * 1048576,
          4 * 1048576 + 1);

  /** {@code size} bytes from a seeded generator (reproducible). */
  public static byte[] randomBytes(long seed, int size) {
    byte[] b = new byte[size];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < size; i++) {
      b[i] = (byte) r.nextInt(256);
    }
    return b;
  }

  /** Writes {@code content} to a new file in {@code dir}. */
  public static Path write(Path dir, String name, byte[] content) {
    try {
      return Files.write(dir.resolve(name), content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A file of {@code size} non-zero bytes, written through to the disk so that it can be evicted.
   */
  public static Path diskFile(Path dir, String name, int size) throws IOException {
    Path p = dir.resolve(name);
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      byte[] chunk = randomBytes(size, 1 << 20);
      for (int done = 0; done < size; done += chunk.length) {
        f.write(chunk, 0, Math.min(chunk.length, size - done));
      }
      f.getFD().sync(); // dirty pages cannot be evicted
    }
    return p;
  }

  /**
   * Deletes {@code dir} and everything under it, as far as it can (a jqwik container's clean-up).
   */
  public static void deleteTree(Path dir) throws IOException {
    try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** True on Linux, where {@code /proc/self} describes this process. */
  public static boolean isLinux() {
    return Files.isDirectory(Paths.get("/proc/self/fd"));
  }

  /** The number of open descriptors of this process (Linux). */
  public static int openDescriptors() {
    try (Stream<Path> s = Files.list(Paths.get("/proc/self/fd"))) {
      return (int) s.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The number of open descriptors of this process on files under {@code dir} (Linux). */
  public static int descriptorsUnder(Path dir) {
    Path real;
    try {
      real = dir.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int n = 0;
    try (Stream<Path> s = Files.list(Paths.get("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) s::iterator) {
        try {
          if (Files.readSymbolicLink(fd).startsWith(real)) {
            n++;
          }
        } catch (IOException e) {
          // closed meanwhile (the listing's own descriptor among them)
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return n;
  }

  /**
   * Asserts that no descriptor is left open on a file under {@code dir}, and that the process holds
   * barely more descriptors than {@code before}: the JVM opens a few of its own meanwhile (a jar
   * file for a class loaded late, a JFR repository), while a leak over the thousands of calls of a
   * leak test would add thousands.
   */
  public static void assertNoDescriptorLeak(int before, Path dir) {
    org.junit.jupiter.api.Assertions.assertEquals(
        0, descriptorsUnder(dir), "descriptors left open on files under " + dir);
    int now = openDescriptors();
    org.junit.jupiter.api.Assertions.assertTrue(
        now - before < 5, "open descriptors before " + before + ", after " + now);
  }

  /** The number of mappings of this process whose path contains {@code fragment} (Linux). */
  public static int mappingsOf(String fragment) {
    try {
      List<String> lines = Files.readAllLines(Paths.get("/proc/self/maps"), StandardCharsets.UTF_8);
      return (int) lines.stream().filter(l -> l.contains(fragment)).count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The bytes of this process's mappings of files whose path contains {@code fragment} that are
   * mapped into its page tables ({@code Rss} in {@code /proc/self/smaps}; Linux).
   */
  public static long residentOf(String fragment) {
    try {
      long kib = 0;
      boolean in = false;
      for (String l : Files.readAllLines(Paths.get("/proc/self/smaps"), StandardCharsets.UTF_8)) {
        if (l.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
          in = l.contains(fragment);
        } else if (in && l.startsWith("Rss:")) {
          kib += Long.parseLong(l.replaceAll("[^0-9]", ""));
        }
      }
      return kib * 1024;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The live threads of this JVM named {@code name}. */
  public static List<Thread> threadsNamed(String name) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals(name))
        .collect(Collectors.toList());
  }

  /** The total number of mappings of this process (Linux). */
  public static int mappings() {
    try {
      return Files.readAllLines(Paths.get("/proc/self/maps"), StandardCharsets.UTF_8).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Asserts that the process holds no more mappings than {@code before} allows: the JVM maps and
   * unmaps memory of its own meanwhile (heap, code cache, thread stacks: a few more, or many fewer
   * once threads of earlier tests exit), while a leak would add thousands. Only growth is a leak.
   */
  public static void assertNoMappingGrowth(int before) {
    int now = mappings();
    org.junit.jupiter.api.Assertions.assertTrue(
        now - before < 20, "mappings before " + before + ", after " + now);
  }

  /** Makes a FIFO with {@code mkfifo}, or skips the test where there is none. */
  public static Path fifo(Path dir, String name) throws IOException, InterruptedException {
    Path p = dir.resolve(name);
    Process proc;
    try {
      proc = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
    } catch (IOException e) {
      assumeTrue(false, "mkfifo not available: " + e);
      throw e;
    }
    assumeTrue(awaitOrKill(proc, 10, TimeUnit.SECONDS) && proc.exitValue() == 0, "mkfifo failed");
    return p;
  }

  /**
   * Attaches {@code file} to a free loop device, read-only ({@code losetup --find --show
   * --read-only}), and returns the device; skips the test where that cannot be done (no {@code
   * losetup}, not root). Detach it with {@link #detachLoopDevice}.
   */
  public static Path loopDevice(Path file) throws IOException, InterruptedException {
    List<String> out = new java.util.ArrayList<>();
    int status;
    try {
      status = run(out, "losetup", "--find", "--show", "--read-only", file.toString());
    } catch (IOException e) {
      status = -1; // not installed
      out.add(e.toString());
    }
    assumeTrue(status == 0 && out.size() == 1, "cannot attach a loop device: " + out);
    return Paths.get(out.get(0).trim());
  }

  /** Detaches a loop device attached by {@link #loopDevice}. */
  public static void detachLoopDevice(Path device) throws IOException, InterruptedException {
    List<String> out = new java.util.ArrayList<>();
    int status = run(out, "losetup", "-d", device.toString());
    org.junit.jupiter.api.Assertions.assertEquals(0, status, "losetup -d " + device + ": " + out);
  }

  /**
   * Runs {@code command}, adds its output lines (standard output and error) to {@code out}; its
   * exit status, -1 if it did not end within ten seconds (killed, see {@link #awaitOrKill}).
   */
  public static int run(List<String> out, String... command)
      throws IOException, InterruptedException {
    return run(out, 10, TimeUnit.SECONDS, List.of(command));
  }

  /**
   * Runs {@code command}, its output (standard output and error) going to a temporary file, so that
   * a child that never ends or never closes its output is still stopped after {@code timeout}
   * {@code unit}s ({@link #awaitOrKill}); then adds the output's lines to {@code out}, as far as
   * there are any. Returns the exit status, -1 on timeout.
   */
  public static int run(List<String> out, long timeout, TimeUnit unit, List<String> command)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("fastio-run-", ".out");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean ended = awaitOrKill(p, timeout, unit);
      out.addAll(new String(Files.readAllBytes(output), StandardCharsets.UTF_8).lines().toList());
      return ended ? p.exitValue() : -1;
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * Starts a thread that opens {@code fifo} for writing, writes {@code content} and closes it. Join
   * it after reading.
   */
  public static Thread feed(Path fifo, byte[] content) {
    Thread t =
        new Thread(
            () -> {
              try {
                Files.write(fifo, content);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            "fifo-writer");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** What an operation did: its result, or the type and message of what it threw. */
  public interface IoCall<T> {
    /** Runs the operation. */
    T call() throws Exception;
  }

  /** The class of the throwable {@code call} throws, or null if it returns normally. */
  public static Class<? extends Throwable> thrown(IoCall<?> call) {
    try {
      call.call();
      return null;
    } catch (Throwable t) {
      return t.getClass();
    }
  }

  /**
   * Waits up to {@code timeout} {@code unit}s for {@code p} to end. If it has not (or the wait is
   * interrupted), it is killed with its descendants (a traced JVM under {@code strace}, a
   * compiler's passes) and, unless interrupted, waited for up to ten seconds more, so that no
   * process a test starts outlives it.
   *
   * @return whether it ended by itself within the time
   * @throws InterruptedException if the waiting thread is interrupted (the processes are killed
   *     first)
   */
  public static boolean awaitOrKill(Process p, long timeout, TimeUnit unit)
      throws InterruptedException {
    try {
      if (p.waitFor(timeout, unit)) {
        return true;
      }
    } catch (InterruptedException e) {
      kill(p);
      throw e;
    }
    kill(p);
    p.waitFor(10, TimeUnit.SECONDS);
    return false;
  }

  /** Kills {@code p}'s descendants, then {@code p}. */
  private static void kill(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
  }

  /** True if {@code strace} is installed and may trace a child process here. */
  public static boolean straceWorks() {
    try {
      Process p =
          new ProcessBuilder("strace", "-qq", "-o", "/dev/null", "true")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return awaitOrKill(p, 1, TimeUnit.MINUTES) && p.exitValue() == 0;
    } catch (IOException e) {
      return false; // not installed
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * The calls of {@code strace -f} output ({@code PID name(args) = ret} lines) as {@code {pid,
   * call}} pairs, in order, with the calls strace split into {@code <unfinished ...>} and {@code
   * <... name resumed>} halves (another thread's call came between) joined again.
   */
  public static List<String[]> straceCalls(List<String> lines) {
    List<String[]> calls = new java.util.ArrayList<>();
    java.util.Map<String, String> pending = new java.util.HashMap<>();
    for (String raw : lines) {
      int space = raw.indexOf(' ');
      if (space < 0) {
        continue;
      }
      String pid = raw.substring(0, space);
      String call = raw.substring(space + 1).trim();
      if (call.endsWith("<unfinished ...>")) {
        pending.put(pid, call.substring(0, call.length() - "<unfinished ...>".length()).trim());
        continue;
      }
      if (call.startsWith("<...")) {
        String head = pending.remove(pid);
        int end = call.indexOf("resumed>");
        if (head == null || end < 0) {
          continue;
        }
        call = head + call.substring(end + "resumed>".length());
      }
      calls.add(new String[] {pid, call});
    }
    return calls;
  }

  /**
   * True if fastio runs its JDK 22+ platform code here (an {@code Arena}); false where it runs the
   * JDK 17 code, on JDK 17 or forced by {@code -Dfastio.platform=legacy} on a newer JDK.
   */
  public static boolean arenaPlatform() {
    return PlatformTestHook.platformName().equals("jdk22-arena");
  }

  /**
   * This JVM's own options but agents ({@code --add-modules}, {@code -XX:UseAVX}, ...), for a child
   * JVM that must run the same engines as this one.
   */
  public static List<String> thisJvmArgs() {
    List<String> args = new java.util.ArrayList<>();
    for (String arg :
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-agentlib") && !arg.startsWith("-javaagent")) {
        args.add(arg);
      }
    }
    return args;
  }

  /**
   * The command of a child JVM on this JVM's class path that runs {@code main} with {@code args}:
   * this JVM's {@code java}, {@link #childJvmArgs()}, then {@code jvmArgs}.
   */
  public static List<String> javaCommand(List<String> jvmArgs, Class<?> main, String... args) {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(childJvmArgs());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }

  /**
   * The JVM options a child JVM needs to run the code this JVM runs: the forced legacy platform
   * (and on JDK 23 and newer permission for its {@code sun.misc.Unsafe} calls, which would
   * otherwise print a warning), and every other {@code fastio.*} property a breakage run of the
   * performance guards sets ({@link PerfGuard#forcedProperties()}), so that a forced slow path
   * reaches the traced children too.
   */
  public static List<String> childJvmArgs() {
    List<String> args = new java.util.ArrayList<>();
    String platform = System.getProperty("fastio.platform");
    if (platform != null) {
      args.add("-Dfastio.platform=" + platform);
      if (Runtime.version().feature() >= 23) {
        args.add("--sun-misc-unsafe-memory-access=allow");
      }
    }
    PerfGuard.forcedProperties().forEach((name, value) -> args.add("-D" + name + "=" + value));
    return args;
  }

  /**
   * True where fastio unmaps mappings at once on close: everywhere but the JDK 17 code without
   * {@code sun.misc.Unsafe} ({@code jdk17-gc}), where the garbage collector does.
   */
  public static boolean releasesImmediately() {
    return !PlatformTestHook.platformName().equals("jdk17-gc");
  }

  /** Fails if a thread of a {@code DigestBatch} call ({@code fastio-digest*}) is still alive. */
  public static void assertNoBatchThreadsLeft() {
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      org.junit.jupiter.api.Assertions.assertFalse(
          t.getName().startsWith("fastio-digest") && t.isAlive(), t.getName() + " alive");
    }
  }
}
