package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.cli.Processes.Run;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution's {@code bin/fastio}: it finds a Java 17+ ({@code JAVA_HOME}, else {@code java}
 * on {@code PATH}) or says in one line that it needs one; it runs through symbolic links; the JVM's
 * own start-up lines (the incubator warning of the Vector API module) never reach standard error
 * but go where {@code FASTIO_JVM_STDERR} says, while a JVM that cannot start says why on standard
 * error, never among the checksums; where the JDK has that module (17, 25 and newer) it adds it
 * only for work long enough for the MD5 lanes, and MD5 then runs in the multi-buffer engine, as the
 * run's own JFR recording shows. On Java 25 and newer it makes an ahead-of-time cache once and uses
 * it after, silently, and runs without one wherever one cannot be made or read.
 */
class LauncherTest {
  private static final String NEEDS_JAVA =
      "fastio: Java 17 or newer is needed: set JAVA_HOME to one or put its java on PATH\n";

  private static final String LINKED_AHEAD = " source: shared objects file";

  private static final String INCUBATOR_WARNING =
      "WARNING: Using incubator modules: jdk.incubator.vector";

  @TempDir static Path dir;
  private static Path launcher;
  private static String expected;

  @BeforeAll
  static void distribution() throws IOException, NoSuchAlgorithmException {
    launcher = Processes.dist().resolve("bin/fastio");
    assumeTrue(Files.isExecutable(launcher), "distribution not built: run mvn verify");
    byte[] data = new byte[100_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 31 + (i >> 8));
    }
    Files.write(dir.resolve("a.bin"), data);
    expected =
        HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(data)) + "  a.bin\n";
  }

  /** {@code launcher args} in {@code dir}, with {@code JAVA_HOME} the execution's JDK and more. */
  private static Run launch(Path launcher, Map<String, String> env, String... args) {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    return Processes.run(dir, cmd, new byte[0], launcherEnv(env));
  }

  /** {@code JAVA_HOME} the execution's JDK, the tests' cache directory, and {@code env}. */
  private static Map<String, String> launcherEnv(Map<String, String> env) {
    Map<String, String> all = new HashMap<>();
    all.put("JAVA_HOME", Processes.javaHome());
    all.put("FASTIO_CACHE_DIR", Processes.aotCacheDir().toString());
    all.putAll(env);
    return all;
  }

  /** The run printed {@code a.bin}'s line as md5sum does, nothing on stderr, and exited 0. */
  private static void assertHashedA(Run r) {
    assertEquals("", r.err());
    assertEquals(expected, r.out());
    assertEquals(0, r.status());
  }

  /** A directory that looks like a Java 11 home to the launcher: a release file and a java. */
  private static Path oldJavaHome() throws IOException {
    Path home = dir.resolve("jdk-11");
    Path java = home.resolve("bin/java");
    if (!Files.exists(java)) {
      Files.createDirectories(java.getParent());
      Files.writeString(home.resolve("release"), "JAVA_VERSION=\"11.0.2\"\n");
      Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
      Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return home;
  }

  @Test
  void hashesAsMd5sumWithNothingOnStderr() {
    Run r = launch(launcher, Map.of(), "md5sum", "a.bin");
    assertHashedA(r);
  }

  @Test
  void theJvmsOwnMessagesGoWhereFastioJvmStderrSays() throws IOException {
    Path jvmErr = dir.resolve("jvm.err");
    Run r =
        launch(
            launcher,
            Map.of("FASTIO_JVM_STDERR", jvmErr.toString(), "FASTIO_VECTOR", "on"),
            "md5sum",
            "a.bin");
    assertHashedA(r);
    String jvm = Files.exists(jvmErr) ? Files.readString(jvmErr) : "";
    if (vectorModuleAvailable()) {
      assertTrue(jvm.contains(INCUBATOR_WARNING), jvm);
    } else {
      assertEquals("", jvm);
    }
  }

  /**
   * The Vector API module slows every start of the JVM, so the launcher adds it only where the MD5
   * lanes may run: not for another algorithm, nor for md5sum operands seen to hold fewer than 4,096
   * files and less than 512 MiB; but for an md5sum check, an {@code --algorithm}, more files, and
   * wherever {@code FASTIO_VECTOR=on}. Operands find would take for its own options or expressions
   * are hashed as any others.
   */
  @Test
  void theVectorModuleOnlyForWorkLongEnoughForTheLanes() throws IOException {
    assumeTrue(vectorModuleAvailable(), "no Vector API module in this JDK, or not one fastio uses");
    Path module = Files.createDirectories(dir.resolve("module"));
    Path many = Files.createDirectories(module.resolve("many")); // one file short of 4,096
    for (int i = 0; i < 4095; i++) {
      Files.write(many.resolve("f" + i), new byte[0]);
    }
    Path bytes = Files.createDirectories(module.resolve("bytes")); // 8 B short of 512 MiB
    for (int i = 0; i < 9; i++) {
      sparse(bytes.resolve(i < 8 ? "f" + i : "ninth"), (64 << 20) - 1);
    }
    Path huge = sparse(module.resolve("huge"), 1L << 30); // beside the lanes: not counted
    Path odd = Files.createDirectories(module.resolve("odd"));
    for (String name : List.of("-c", "(", "!", "-L")) {
      Files.write(odd.resolve(name), data(name));
    }
    String aBin = dir.resolve("a.bin").toString();
    byte[] a = Files.readAllBytes(dir.resolve("a.bin"));
    Path sums = Files.writeString(module.resolve("sums"), hex("MD5", a) + "  " + aBin + "\n");
    Path sha256sums =
        Files.writeString(module.resolve("sha256sums"), hex("SHA-256", a) + "  " + aBin + "\n");
    String m = many.toString();
    List<String> eight = new ArrayList<>();
    for (int f = 0; f < 8; f++) {
      eight.add(bytes.resolve("f" + f).toString());
    }
    // --version ends the run before any file is read: the launcher's choice is all that counts
    Object[][] cases = {
      {"", false, "md5sum", aBin},
      {"", false, "md5sum", "-r", odd.toString()},
      {"", false, "md5sum", "--version", "-r", m},
      {"", false, "md5sum", "--version", many.toString(), aBin}, // no walk without -r
      {"", false, "md5sum", "--version", eight},
      {"", false, "md5sum", "--version", huge.toString()},
      {"", false, "md5sum", "--threads", "2", aBin},
      {"", false, "sha256sum", "--version", "-r", m, aBin},
      {"", false, "sha256sum", "-c", sha256sums.toString()},
      {"", false, "md5sum"}, // standard input
      {"off", false, "md5sum", "--version", "-r", m, aBin},
      {"on", true, "md5sum", aBin},
      {"", true, "md5sum", "--version", "-r", m, aBin},
      {"", true, "md5sum", "--version", "--rec", m, aBin},
      {"", true, "md5sum", "--version", "-zr", m, aBin},
      {"", true, "md5sum", "--version", eight, bytes.resolve("ninth").toString()},
      {"", true, "md5sum", "-c", sums.toString()},
      {"", true, "md5sum", "--ch", sums.toString()},
      {"", true, "md5sum", "-L", aBin},
      {"", true, "md5sum", "--version", "--audit", sums.toString()}, // walks . (4,095 and more)
      {"", true, "sha256sum", "--algorithm=MD5", aBin},
      {"", true, "md5sum", "--version", "--audit=" + sums, m, aBin},
      {"", false, "md5sum", "--version", "--audit=" + sums, odd.toString()},
      {"yes", false, "md5sum", aBin}, // another value: auto
      {"yes", true, "md5sum", "--version", "-r", m, aBin},
    };
    for (Object[] c : cases) {
      List<String> args = new ArrayList<>();
      for (int i = 2; i < c.length; i++) {
        if (c[i] instanceof List<?> list) {
          list.forEach(arg -> args.add((String) arg));
        } else {
          args.add((String) c[i]);
        }
      }
      assertEquals(c[1], moduleAdded(module, (String) c[0], args), Arrays.toString(c));
    }
    List<String> names = List.of("-c", "(", "!", "-L");
    List<String> args = new ArrayList<>(List.of("md5sum", "--"));
    args.addAll(names);
    assertFalse(moduleAdded(odd, "", args), "names find would take for its own syntax");
    // POSIXLY_CORRECT: options end at the first operand, here a file named -c, not a check
    List<String> posix = List.of("md5sum", "--version", aBin, "-c");
    assertTrue(moduleAdded(odd, "", posix), "-c a check");
    assertFalse(moduleAdded(odd, Map.of("POSIXLY_CORRECT", "1"), posix), "-c a file");
    StringBuilder lines = new StringBuilder();
    for (String name : names) {
      lines.append(hex("MD5", data(name))).append("  ").append(name).append('\n');
    }
    Run r = Processes.run(odd, launcherCommand(args), new byte[0], launcherEnv(Map.of()));
    assertEquals("", r.err());
    assertEquals(0, r.status());
    assertEquals(lines.toString(), r.out());
  }

  /**
   * Runs the launcher with {@code args} in {@code cwd} ({@code FASTIO_VECTOR=vector} unless empty),
   * checks that it exits 0, and tells whether the JVM resolved the Vector API module.
   */
  private static boolean moduleAdded(Path cwd, String vector, List<String> args)
      throws IOException {
    return moduleAdded(cwd, vector.isEmpty() ? Map.of() : Map.of("FASTIO_VECTOR", vector), args);
  }

  /** As {@link #moduleAdded(Path, String, List)}, with {@code more} in the environment. */
  private static boolean moduleAdded(Path cwd, Map<String, String> more, List<String> args)
      throws IOException {
    Path jvmErr = dir.resolve("module.err");
    Files.deleteIfExists(jvmErr);
    Map<String, String> env = new HashMap<>(more);
    env.put("FASTIO_JVM_STDERR", jvmErr.toString());
    Run r = Processes.run(cwd, launcherCommand(args), new byte[0], launcherEnv(env));
    assertEquals(0, r.status(), args + ": " + r.err());
    return Files.exists(jvmErr) && Files.readString(jvmErr).contains(INCUBATOR_WARNING);
  }

  private static List<String> launcherCommand(List<String> args) {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(args);
    return cmd;
  }

  /** A file of {@code size} bytes that takes no disk space. */
  private static Path sparse(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
    return file;
  }

  @Test
  void aJvmThatCannotStartSaysWhyOnStderrNeverOnStdout() {
    Map<String, String> cases =
        Map.of(
            "-Xmx1k", "Error occurred during initialization of VM", // printed on the JVM's stdout
            "-XX:+NoSuchFastioOption", "Unrecognized VM option 'NoSuchFastioOption'");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Run r = launch(launcher, Map.of("FASTIO_OPTS", c.getKey()), "md5sum", "a.bin");
      assertEquals("", r.out(), c.getKey());
      assertTrue(r.err().contains(c.getValue()), c.getKey() + ": " + r.err());
      assertNotEquals(0, r.status(), c.getKey());
    }
  }

  @Test
  void md5RunsInTheVectorLanesWhereTheJdkHasTheModule() throws IOException {
    Path recording = dir.resolve("run.jfr");
    String[] args = new String[101]; // enough files for threads: a small batch runs inline
    Arrays.fill(args, "a.bin");
    args[0] = "md5sum";
    Run r =
        launch(
            launcher,
            Map.of(
                "FASTIO_OPTS",
                "-XX:StartFlightRecording=filename=" + recording,
                "FASTIO_VECTOR",
                "on"), // too few bytes for the module without it
            args);
    assertEquals("", r.err());
    assertEquals(expected.repeat(100), r.out());
    assertEquals(0, r.status());
    List<String> engines =
        RecordingFile.readAllEvents(recording).stream()
            .filter(e -> e.getEventType().getName().equals("dev.fastio.DigestBatch"))
            .map((RecordedEvent e) -> e.getString("engine"))
            .collect(Collectors.toList());
    boolean lanes = vectorModuleAvailable() && cpuHas("avx2");
    assertEquals(1, engines.size(), engines.toString());
    assertTrue(
        lanes
            ? engines.get(0).startsWith("MD5 lanes: vector")
            : engines.get(0).equals("MessageDigest"),
        engines.get(0));
  }

  /**
   * The usual commands ({@code -r}, with {@code --progress}, with the MD5 lanes from the first
   * file, {@code -c}, {@code --audit}) over small files and one large enough to be mapped link no
   * lambda or method reference of the command's own code and no string concatenation by {@code
   * invokedynamic} at run time: each such site is linked on its first call (a class spun per site,
   * 2-3 ms each) where the JDK 25 ahead-of-time cache cannot link it ahead, as with the Vector API
   * module the launcher adds (docs/maintainer-guide.md, "Start-up rules of the command"). The rule
   * is the command's: the library's code may use lambdas, whose one-time linking matters to a
   * process that lives 100 ms, not to an application. Every module compiles with {@code
   * -XDstringConcat=inline}; with the lanes, whose Vector API links string concatenations of its
   * own, only the command's lambdas are checked.
   */
  @Test
  void theCommandsLinkNoLambdaOfTheCommandAtRunTime() throws IOException {
    Path tree = Files.createDirectories(dir.resolve("linked/tree"));
    for (int i = 0; i < 80; i++) { // more files than a batch hashes inline
      Files.write(tree.resolve("f" + i), Arrays.copyOf(new byte[] {(byte) i}, i * 100));
    }
    Files.write(tree.resolve("large"), new byte[20 << 20]); // hashed from a mapping
    Path sums = dir.resolve("linked/sums");
    String lanes = "-Dfastio.md5.warmUp=false"; // on the lanes from the first file, where they run
    List<List<String>> commands =
        List.of(
            List.of("", "md5sum", "-r", tree.toString()),
            List.of("", "md5sum", "--progress", "-r", tree.toString()),
            List.of(lanes, "md5sum", "-r", tree.toString()),
            List.of("", "md5sum", "-c", sums.toString()),
            List.of("", "md5sum", "--audit=" + sums, tree.toString()));
    Pattern linked = Pattern.compile("(dev\\.fastio\\.cli\\.\\S*\\$\\$Lambda|\\$\\$StringConcat)");
    // The Vector API's own code links string concatenations: with the lanes, the lambdas only.
    Pattern lambdas = Pattern.compile("dev\\.fastio\\.cli\\.\\S*\\$\\$Lambda");
    // Classes the start-up cache linked ahead (the training's own lambdas among them) are loaded
    // from it, not spun at run time.
    for (List<String> command : commands) {
      Path log = dir.resolve("linked/classes.log");
      Run r =
          launch(
              launcher,
              Map.of(
                  "FASTIO_OPTS",
                  command.get(0) + " -Xlog:class+load=info:file=" + log,
                  "FASTIO_VECTOR",
                  command.get(0).equals(lanes) ? "on" : "auto"),
              command.subList(1, command.size()).toArray(new String[0]));
      assertEquals(0, r.status(), command + ": " + r.err());
      if (command.equals(commands.get(0))) { // plain -r: the list for -c
        Files.writeString(sums, r.out());
      }
      List<String> loaded = Files.readAllLines(log);
      assertTrue(
          loaded.stream().anyMatch(l -> l.contains(" dev.fastio.cli.Main ")),
          command + ": no class loading logged");
      Pattern checked = command.get(0).equals(lanes) ? lambdas : linked;
      List<String> spun =
          loaded.stream()
              .filter(l -> checked.matcher(l).find() && !l.endsWith(LINKED_AHEAD))
              .toList();
      assertEquals(List.of(), spun, command.toString());
    }
  }

  @Test
  void aJavaOlderThan17IsRefusedInOneLine() throws IOException {
    Path old = oldJavaHome();
    Run r =
        launch(
            launcher,
            Map.of("JAVA_HOME", old.toString(), "PATH", old.resolve("bin") + ":/usr/bin:/bin"),
            "md5sum",
            "a.bin");
    assertEquals(NEEDS_JAVA, r.err());
    assertEquals("", r.out());
    assertEquals(1, r.status());
  }

  @Test
  void anOldJavaHomeFallsBackToTheJavaOnPath() throws IOException {
    Path old = oldJavaHome();
    String path = Paths.get(Processes.javaHome(), "bin") + ":/usr/bin:/bin";
    Run r = launch(launcher, Map.of("JAVA_HOME", old.toString(), "PATH", path), "md5sum", "a.bin");
    assertHashedA(r);
  }

  @Test
  void runsThroughASymbolicLink() throws IOException {
    Path link = Files.createDirectories(dir.resolve("links")).resolve("fastio");
    if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
      Files.createSymbolicLink(link, launcher);
    }
    try {
      Run r = launch(link, Map.of(), "md5sum", "a.bin");
      assertHashedA(r);
    } finally {
      Files.delete(link); // a link out of a @TempDir makes JUnit warn when it cleans up
    }
  }

  /**
   * The launcher's compile commands for the MD5 lanes name the engine's class and methods as they
   * are: a JVM takes a command naming nothing silently, so a rename would lose the faster warm-up
   * without a word.
   */
  @Test
  void theLanesCompileCommandsNameTheEngine() throws IOException {
    String text = Files.readString(launcher);
    Matcher cls = Pattern.compile("\\blanes=([\\w.]+)").matcher(text);
    assertTrue(cls.find(), "no lanes= in the launcher");
    String resource = cls.group(1).replace('.', '/') + ".class";
    byte[] classFile;
    try (InputStream in = LauncherTest.class.getClassLoader().getResourceAsStream(resource)) {
      assertTrue(in != null, resource + " is not in fastio-core");
      classFile = in.readAllBytes();
    }
    String constants = new String(classFile, StandardCharsets.ISO_8859_1);
    Matcher method = Pattern.compile("\\$lanes::(\\w+),").matcher(text);
    int commands = 0;
    for (; method.find(); commands++) {
      String name = method.group(1);
      // the name as a whole CONSTANT_Utf8 entry: tag 1, a two-byte length, the bytes
      String entry = "\u0001" + (char) (name.length() >> 8) + (char) (name.length() & 0xFF) + name;
      assertTrue(constants.contains(entry), name + " is not a name in " + resource);
    }
    assertEquals(3, commands, "compile commands for the lanes");
  }

  /**
   * Whether the launcher may add the module: it is there and the JDK is one fastio measured (17,
   * 25+).
   */
  private static boolean vectorModuleAvailable() {
    int feature = Runtime.version().feature();
    return (feature == 17 || feature >= 25)
        && ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent();
  }

  private static byte[] data(String name) {
    return (name + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private static String hex(String algorithm, byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean cpuHas(String flag) throws IOException {
    Path cpuinfo = Paths.get("/proc/cpuinfo");
    if (!Files.isReadable(cpuinfo)) {
      return false;
    }
    return Files.readAllLines(cpuinfo, StandardCharsets.ISO_8859_1).stream()
        .anyMatch(l -> l.startsWith("flags") && (" " + l + " ").contains(" " + flag + " "));
  }

  @Test
  void anAheadOfTimeCacheIsMadeOnceFromJava25AndUsedAfter() throws IOException {
    Path cache = dir.resolve("aot");
    Path log = dir.resolve("aot.log");
    boolean aot = Runtime.version().feature() >= 25;
    String logged = aot ? "-Xlog:aot=info:file=" + log : ""; // no such log tag before JDK 24
    Map<String, String> env = Map.of("FASTIO_CACHE_DIR", cache.toString(), "FASTIO_OPTS", logged);
    for (int run = 0; run < 2; run++) {
      Run r = launch(launcher, env, "md5sum", "a.bin");
      assertHashedA(r);
    }
    List<Path> made = aotFiles(cache);
    if (aot) {
      assertEquals(1, made.size(), made.toString());
      String used = Files.readString(log);
      assertTrue(used.contains("Opened AOT cache " + made.get(0)), used);
    } else {
      assertEquals(List.of(), made);
    }
  }

  @Test
  void withoutAnAheadOfTimeCacheWhereOffOrNotWritableOrDamaged() throws IOException {
    Path off = dir.resolve("aot-off");
    Run r =
        launch(
            launcher,
            Map.of("FASTIO_CACHE_DIR", off.toString(), "FASTIO_AOT", "off"),
            "md5sum",
            "a.bin");
    assertEquals(expected, r.out());
    assertEquals(List.of(), aotFiles(off));

    Path underAFile = dir.resolve("a.bin").resolve("cache"); // cannot be made
    r = launch(launcher, Map.of("FASTIO_CACHE_DIR", underAFile.toString()), "md5sum", "a.bin");
    assertHashedA(r);

    Path damaged = dir.resolve("aot-damaged");
    launch(launcher, Map.of("FASTIO_CACHE_DIR", damaged.toString()), "md5sum", "a.bin");
    for (Path p : aotFiles(damaged)) {
      Files.write(p, new byte[4096]); // the JVM refuses it and runs without
    }
    r = launch(launcher, Map.of("FASTIO_CACHE_DIR", damaged.toString()), "md5sum", "a.bin");
    assertHashedA(r);
  }

  @Test
  void withoutHomeOrCacheDirectoryNoCacheIsMade() throws IOException {
    assumeFalse(Files.exists(Path.of("/nonexistent")), "/nonexistent exists");
    Path noHome = dir.resolve("no-such-home");
    List<Map<String, String>> envs =
        List.of(Map.of(), Map.of("HOME", noHome.toString()), Map.of("XDG_CACHE_HOME", "relative"));
    for (Map<String, String> env : envs) {
      List<String> cmd =
          new ArrayList<>(
              List.of("env", "-u", "HOME", "-u", "XDG_CACHE_HOME", "-u", "FASTIO_CACHE_DIR"));
      env.forEach((k, v) -> cmd.add(k + "=" + v));
      cmd.addAll(List.of("JAVA_HOME=" + Processes.javaHome(), launcher.toString(), "md5sum"));
      cmd.add("a.bin");
      Run r = Processes.run(dir, cmd, new byte[0], Map.of());
      assertHashedA(r);
      assertFalse(Files.exists(Path.of("/nonexistent")), env.toString()); // HOME's old stand-in
      assertFalse(Files.exists(noHome), env.toString()); // a home is not made
      assertFalse(Files.exists(dir.resolve("relative")), env.toString()); // XDG: absolute only
    }
  }

  /**
   * The start-up cache needs Java 25: tagged {@code jdk25-or-newer}, left out of the JDK 17 run.
   */
  @Test
  @Tag("jdk25-or-newer")
  void aCacheTheLauncherCannotMakeIsTriedOnceAndLeavesNothingBehind() throws IOException {
    assumeTrue(Runtime.version().feature() >= 25, "start-up cache: Java 25 and newer");
    Path log = dir.resolve("training.log");
    Path home = trainingJavaHome(log);

    Path made = dir.resolve("aot-made"); // the training writes in the cache directory only
    Run r = launch(launcher, trainingEnv(home, made, "run"), "md5sum", "a.bin");
    assertHashedA(r);
    List<Path> cache = aotFiles(made);
    assertEquals(1, cache.size(), contents(made).toString());
    assertEquals(List.of(cache.get(0)), contents(made));
    String name = cache.get(0).getFileName().toString();

    Path taken = Files.createDirectories(dir.resolve("aot-taken").resolve(name));
    Files.deleteIfExists(log);
    for (String mode : List.of("run", "run", "fail", "interrupt")) {
      r = launch(launcher, trainingEnv(home, taken.getParent(), mode), "md5sum", "a.bin");
      assertHashedA(r);
    }
    assertFalse(Files.exists(log), "a name taken by a directory: never trained");
    assertEquals(List.of(taken), contents(taken.getParent()));

    Path failing = dir.resolve("aot-failing");
    for (int run = 0; run < 2; run++) {
      r = launch(launcher, trainingEnv(home, failing, "fail"), "md5sum", "a.bin");
      assertHashedA(r);
    }
    assertEquals(1, Files.readAllLines(log).size(), "tried once");
    assertEquals(List.of(failing.resolve(name + ".failed")), contents(failing));

    Path interrupted = dir.resolve("aot-interrupted");
    r = launch(launcher, trainingEnv(home, interrupted, "interrupt"), "md5sum", "a.bin");
    assertEquals(143, r.status(), r.err()); // killed by SIGTERM during the training
    assertEquals(List.of(), contents(interrupted));
  }

  private static Map<String, String> trainingEnv(Path home, Path cacheDir, String mode) {
    return Map.of(
        "JAVA_HOME", home.toString(), "FASTIO_CACHE_DIR", cacheDir.toString(), "TRAINING", mode);
  }

  /**
   * A Java home whose {@code bin/java} runs this JDK's and writes the output path of each training
   * run (the one with {@code -XX:AOTCacheOutput}) to {@code log}. {@code TRAINING=run} runs it with
   * {@code java.io.tmpdir} where nothing can be made; {@code fail} leaves part of an output and
   * fails; {@code interrupt} leaves part of an output, of the JVM's {@code .config} and of a tree,
   * and sends {@code SIGTERM} to the launcher.
   */
  private static Path trainingJavaHome(Path log) throws IOException {
    Path home = dir.resolve("jdk-training");
    Path java = home.resolve("bin/java");
    if (!Files.exists(java)) {
      Files.createDirectories(java.getParent());
      Files.copy(Paths.get(Processes.javaHome(), "release"), home.resolve("release"));
      String real = Paths.get(Processes.javaHome(), "bin", "java").toString();
      String nowhere = dir.resolve("a.bin").resolve("tmp").toString();
      Files.writeString(
          java,
          String.join(
              "\n",
              "#!/bin/sh",
              "out=",
              "for a; do case $a in -XX:AOTCacheOutput=*) out=${a#*=} ;; esac; done",
              "[ -z \"$out\" ] && exec '" + real + "' \"$@\"",
              "echo \"$out\" >> '" + log + "'",
              "case $TRAINING in",
              "  fail) echo part > \"$out\"; exit 1 ;;",
              "  interrupt) echo part > \"$out\"; echo part > \"$out.config\"",
              "    for a; do tree=$a; done; mkdir \"$tree\"; kill -TERM $PPID; exit 1 ;;",
              "esac",
              "exec '" + real + "' -Djava.io.tmpdir='" + nowhere + "' \"$@\"",
              ""));
      Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return home;
  }

  /** What {@code directory} holds, sorted; empty if it does not exist. */
  private static List<Path> contents(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (var files = Files.list(directory)) {
      return files.sorted().collect(Collectors.toList());
    }
  }

  private static List<Path> aotFiles(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (var files = Files.list(cache)) {
      return files.filter(p -> p.toString().endsWith(".aot")).sorted().collect(Collectors.toList());
    }
  }
}
