package dev.fastio.tests.guard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The one way a performance guard judges a figure (see {@code docs/perf-guard.md}): it compares a
 * deterministic count (system calls, bytes allocated, native memory, the strategy or engine used)
 * with its expected bound, writes one row to {@code target/perf-guard/<run>.csv} whatever the
 * verdict, and fails with the standard message: which fast path was lost, the figure measured and
 * the one expected, the run, and that a new JDK may have moved the baseline.
 *
 * <p>{@code <run>} names the JVM the tests run in: {@code jdk17}, {@code jdk25}, with {@code
 * -legacy} where {@code fastio.platform=legacy} is set and {@code -vector} where the Vector API
 * module is resolved. The directory is {@code fastio.perfGuard.dir}, else {@code target/perf-guard}
 * under the working directory (surefire's is the module's).
 */
public final class PerfGuard {
  private static final String HEADER =
      "time,run,verdict,guard,path,metric,measured,op,expected,forced\n";

  private PerfGuard() {}

  /** Fails unless {@code measured <= limit}. */
  public static void atMost(String path, String metric, long measured, long limit, String detail) {
    check(
        path,
        metric,
        Long.toString(measured),
        "<=",
        Long.toString(limit),
        measured <= limit,
        detail);
  }

  /** Fails unless {@code measured >= floor}. */
  public static void atLeast(String path, String metric, long measured, long floor, String detail) {
    check(
        path,
        metric,
        Long.toString(measured),
        ">=",
        Long.toString(floor),
        measured >= floor,
        detail);
  }

  /** Fails unless {@code measured == expected}. */
  public static void exactly(
      String path, String metric, long measured, long expected, String detail) {
    check(
        path,
        metric,
        Long.toString(measured),
        "==",
        Long.toString(expected),
        measured == expected,
        detail);
  }

  /** Fails unless the strategy or engine {@code measured} is {@code expected}. */
  public static void same(
      String path, String metric, String measured, String expected, String detail) {
    check(path, metric, measured, "==", expected, expected.equals(measured), detail);
  }

  /** Fails unless the strategy or engine {@code measured} starts with {@code prefix}. */
  public static void startsWith(
      String path, String metric, String measured, String prefix, String detail) {
    check(path, metric, measured, "starts with", prefix, measured.startsWith(prefix), detail);
  }

  private static void check(
      String path,
      String metric,
      String measured,
      String op,
      String expected,
      boolean ok,
      String detail) {
    String guard = caller();
    record(guard, path, metric, measured, op, expected, ok ? "pass" : "FAIL");
    if (!ok) {
      throw new AssertionError(message(guard, path, metric, measured, op, expected, detail));
    }
  }

  /** The standard failure message. */
  static String message(
      String guard,
      String path,
      String metric,
      String measured,
      String op,
      String expected,
      String detail) {
    String forced = forced();
    return "PERF GUARD "
        + guard
        + ": fast path lost: "
        + path
        + ". "
        + metric
        + ": measured "
        + measured
        + ", expected "
        + op
        + " "
        + expected
        + (detail.isEmpty() ? "" : " (" + detail + ")")
        + ". Run "
        + run()
        + ", JDK "
        + Runtime.version()
        + (forced.isEmpty() ? "" : ", forced " + forced)
        + ". If only the JDK changed, a new JDK may have moved the baseline: measure it again as"
        + " docs/perf-guard.md says before changing the expected figure.";
  }

  /**
   * {@code Class.method} of the test that called the guard: the innermost {@code @Test} method on
   * the stack, else the innermost method of the tests.
   */
  static String caller() {
    List<StackWalker.StackFrame> frames =
        StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
            .walk(
                s ->
                    s.filter(f -> f.getClassName().startsWith("dev.fastio.tests."))
                        .filter(f -> !f.getClassName().equals(PerfGuard.class.getName()))
                        .filter(f -> !f.getMethodName().startsWith("lambda$"))
                        .toList());
    StackWalker.StackFrame frame =
        frames.stream()
            .filter(PerfGuard::isTest)
            .findFirst()
            .orElse(frames.isEmpty() ? null : frames.get(0));
    return frame == null
        ? "?"
        : frame.getDeclaringClass().getSimpleName() + "." + frame.getMethodName();
  }

  private static boolean isTest(StackWalker.StackFrame f) {
    for (java.lang.reflect.Method m : f.getDeclaringClass().getDeclaredMethods()) {
      if (m.getName().equals(f.getMethodName()) && m.isAnnotationPresent(Test.class)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The run's name: {@code jdk<feature>}, {@code -legacy} on the forced JDK 17 platform, {@code
   * -vector} with the Vector API module.
   */
  static String run() {
    return "jdk"
        + Runtime.version().feature()
        + ("legacy".equals(System.getProperty("fastio.platform")) ? "-legacy" : "")
        + (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent() ? "-vector" : "");
  }

  /**
   * The {@code fastio.*} properties set in this JVM other than the build's own ({@code
   * fastio.test.*}, {@code fastio.readme}, {@code fastio.platform}, the batch read-ahead the build
   * lowers, {@code fastio.perfGuard.*}, and {@code fastio.testJvmArgs}, which only names the run's
   * options again): the forced slow paths of a breakage run.
   */
  public static Map<String, String> forcedProperties() {
    Map<String, String> forced = new TreeMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      if (name.startsWith("fastio.")
          && !name.startsWith("fastio.test.")
          && !name.startsWith("fastio.perfGuard.")
          && !name.equals("fastio.testJvmArgs")
          && !name.equals("fastio.readme")
          && !name.equals("fastio.platform")
          && !name.equals("fastio.batch.readAhead")) {
        forced.put(name, System.getProperty(name));
      }
    }
    return forced;
  }

  /** {@link #forcedProperties()} as {@code name=value} pairs, space-separated. */
  static String forced() {
    StringBuilder b = new StringBuilder();
    forcedProperties()
        .forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return b.toString();
  }

  /** Appends one row to this run's CSV; {@code verdict} is pass, FAIL or inconclusive. */
  static synchronized void record(
      String guard,
      String path,
      String metric,
      String measured,
      String op,
      String expected,
      String verdict) {
    Path dir = Paths.get(System.getProperty("fastio.perfGuard.dir", "target/perf-guard"));
    Path csv = dir.resolve(run() + ".csv");
    String row =
        String.join(
                ",",
                Instant.now().toString(),
                run(),
                verdict,
                quote(guard),
                quote(path),
                quote(metric),
                quote(measured),
                quote(op),
                quote(expected),
                quote(forced()))
            + "\n";
    try {
      Files.createDirectories(dir);
      if (!Files.exists(csv)) {
        Files.writeString(csv, HEADER, StandardCharsets.UTF_8, StandardOpenOption.CREATE);
      }
      Files.writeString(csv, row, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the guard's row to " + csv, e);
    }
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? "\"" + s.replace("\"", "\"\"").replace("\n", " ") + "\""
        : s;
  }
}
