package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the packaged {@code fastio.jar} and other commands as child processes, capturing everything.
 */
final class Processes {
  private Processes() {}

  /** What a process printed and its exit status; text decoded as ISO-8859-1 (byte-exact). */
  static final class Run {
    private final int status;
    private final byte[] stdout;
    private final byte[] stderr;

    Run(int status, byte[] stdout, byte[] stderr) {
      this.status = status;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    int status() {
      return status;
    }

    byte[] stdout() {
      return stdout.clone();
    }

    String out() {
      return new String(stdout, StandardCharsets.ISO_8859_1);
    }

    String err() {
      return new String(stderr, StandardCharsets.ISO_8859_1);
    }
  }

  /** The jar under test ({@code -Dfastio.cli.jar}, set by the build). */
  static Path jar() {
    return Paths.get(System.getProperty("fastio.cli.jar", "target/fastio.jar")).toAbsolutePath();
  }

  /** The java the jar is run with ({@code -Dfastio.cli.java}, the surefire execution's JDK). */
  static String java() {
    return System.getProperty(
        "fastio.cli.java", Paths.get(System.getProperty("java.home"), "bin", "java").toString());
  }

  /** The JDK the launcher runs on ({@code -Dfastio.cli.home}, the surefire execution's JDK). */
  static String javaHome() {
    return System.getProperty("fastio.cli.home", System.getProperty("java.home"));
  }

  /**
   * The unpacked distribution ({@code -Dfastio.cli.dist}, set by the build), whose {@code
   * bin/fastio} may not exist.
   */
  static Path dist() {
    return Paths.get(System.getProperty("fastio.cli.dist", "target/none")).toAbsolutePath();
  }

  /**
   * True where the build asks for every command to go through the distribution's {@code bin/fastio}
   * ({@code -Dfastio.cli.viaLauncher=true}): the launcher adds the Vector API module, so the runs
   * that set it test the command with the multi-buffer MD5 engine on.
   */
  static boolean viaLauncher() {
    return Boolean.getBoolean("fastio.cli.viaLauncher");
  }

  static void assumeJar() {
    if (viaLauncher()) {
      assumeTrue(Files.isExecutable(dist().resolve("bin/fastio")), "bin/fastio not built");
    } else {
      assumeTrue(Files.isRegularFile(jar()), "fastio.jar not built: run mvn verify");
    }
  }

  /**
   * The command running fastio with {@code args}: {@code java [jvmArgs] -jar fastio.jar}, or, where
   * {@link #viaLauncher()}, {@code bin/fastio} with {@code JAVA_HOME} the execution's JDK and
   * {@code FASTIO_OPTS} the {@code jvmArgs}.
   */
  static List<String> fastioCommand(List<String> jvmArgs, String... args) {
    List<String> cmd = new ArrayList<>();
    if (viaLauncher()) {
      cmd.add("env");
      cmd.add("JAVA_HOME=" + javaHome());
      cmd.add("FASTIO_OPTS=" + String.join(" ", jvmArgs));
      cmd.add("FASTIO_CACHE_DIR=" + aotCacheDir());
      cmd.add(dist().resolve("bin/fastio").toString());
    } else {
      cmd.add(java());
      cmd.add("-Xshare:auto");
      cmd.addAll(jvmArgs);
      cmd.add("-jar");
      cmd.add(jar().toString());
    }
    cmd.addAll(Arrays.asList(args));
    return cmd;
  }

  /**
   * {@link #fastioCommand} as a line of shell: {@code jvmArgs} and {@code args} are inserted as
   * they are (the caller quotes them).
   */
  static String fastioShell(String jvmArgs, String args) {
    if (viaLauncher()) {
      return "JAVA_HOME='"
          + javaHome()
          + "' FASTIO_CACHE_DIR='"
          + aotCacheDir()
          + "' FASTIO_OPTS='"
          + jvmArgs
          + "' '"
          + dist().resolve("bin/fastio")
          + "' "
          + args;
    }
    return "'" + java() + "' -Xshare:auto " + jvmArgs + " -jar '" + jar() + "' " + args;
  }

  /**
   * Where the launcher keeps its ahead-of-time cache in the tests (Java 25+): beside the
   * distribution, not in the user's home.
   */
  static Path aotCacheDir() {
    return dist().resolveSibling("aot-cache");
  }

  static void assumeTool(String tool) {
    assumeTrue(hasTool(tool), tool + " not installed");
  }

  static boolean hasTool(String tool) {
    return run(Paths.get("."), List.of("sh", "-c", "command -v " + tool), new byte[0]).status == 0;
  }

  /**
   * Runs fastio's {@code ARGS REDIRECTIONS} as a line of sh in {@code dir} and asserts what it
   * printed and its exit status; where coreutils has the tool (the first word of {@code args}) and
   * {@code args} holds no option of fastio's own ({@code -r}), runs coreutils' {@code ARGS
   * REDIRECTIONS} and expects the same of it.
   */
  static void assertAsCoreutils(
      Path dir, String args, String redirections, String out, String err, int status) {
    String expected = out + err + status;
    Run r = sh(dir, fastioShell("", args) + " " + redirections);
    assertEquals(expected, r.out() + r.err() + r.status(), args + " " + redirections);
    String tool = args.split(" ", 2)[0];
    if (hasTool(tool) && !(" " + args + " ").contains(" -r ")) {
      Run theirs = sh(dir, args + " " + redirections);
      assertEquals(expected, theirs.out() + theirs.err() + theirs.status(), "coreutils: " + args);
    }
  }

  static Run sh(Path dir, String script) {
    return run(dir, List.of("sh", "-c", script), new byte[0]);
  }

  /**
   * Runs {@code cmd} in {@code dir} with {@code LC_ALL=C.UTF-8}, feeding {@code stdin}; 120 s at
   * most.
   */
  static Run run(Path dir, List<String> cmd, byte[] stdin) {
    return run(dir, cmd, stdin, Map.of());
  }

  static Run run(Path dir, List<String> cmd, byte[] stdin, Map<String, String> env) {
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
      pb.environment().put("LC_ALL", "C.UTF-8");
      pb.environment().remove("POSIXLY_CORRECT");
      pb.environment().putAll(env);
      Process p = pb.start();
      CompletableFuture<byte[]> out =
          CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
      CompletableFuture<byte[]> err =
          CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
      try {
        p.getOutputStream().write(stdin);
        p.getOutputStream().close();
      } catch (IOException e) {
        // the process did not read its input: fine
      }
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new AssertionError("hung: " + cmd);
      }
      return new Run(p.exitValue(), out.join(), err.join());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static byte[] readAll(InputStream in) {
    try (in) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      in.transferTo(b);
      return b.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
