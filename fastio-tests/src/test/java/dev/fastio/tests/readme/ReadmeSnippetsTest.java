package dev.fastio.tests.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the README compiles against the packaged fastio-core jar and runs
 * on files made here, so the README's examples cannot rot. A block is the body of a method whose
 * parameters are the names the README introduces ({@code path}, {@code dir}, {@code source}, {@code
 * target}, {@code out}); {@code import} lines at its top are moved before the class.
 */
class ReadmeSnippetsTest {
  /** The imports the README promises: {@code dev.fastio.*} and the JDK's. */
  private static final List<String> IMPORTS =
      List.of(
          "dev.fastio.*",
          "java.io.*",
          "java.nio.*",
          "java.nio.channels.*",
          "java.nio.charset.*",
          "java.nio.file.*",
          "java.security.*",
          "java.util.*",
          "java.util.concurrent.atomic.*",
          "java.util.stream.*",
          "java.util.zip.*");

  private static final Pattern JAVA_BLOCK =
      Pattern.compile("^```java\\n(.*?)^```$", Pattern.MULTILINE | Pattern.DOTALL);

  @TempDir Path work;

  /**
   * The README: {@code fastio.readme} as the build sets it, else beside this module's directory.
   */
  static Path readme() {
    String configured = System.getProperty("fastio.readme");
    return configured != null
        ? Paths.get(configured)
        : Paths.get("").toAbsolutePath().resolveSibling("README.md");
  }

  static List<String> javaBlocks() throws IOException {
    String text = Files.readString(readme(), StandardCharsets.UTF_8);
    List<String> blocks = new ArrayList<>();
    Matcher m = JAVA_BLOCK.matcher(text);
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  @Test
  void theReadmeHasItsQuickStart() throws IOException {
    assertTrue(javaBlocks().size() >= 5, "java blocks in " + readme() + ": " + javaBlocks().size());
  }

  /** The README's headline rows are those docs/benchmarks.md generates from the JMH JSON. */
  @Test
  void theHeadlineTableIsTheGeneratedOne() throws IOException {
    Path readme = readme();
    List<String> report =
        Files.readAllLines(readme.resolveSibling("docs/benchmarks.md"), StandardCharsets.UTF_8);
    List<String> rows =
        Files.readAllLines(readme, StandardCharsets.UTF_8).stream()
            .filter(l -> l.startsWith("| `") && l.contains("×"))
            .collect(Collectors.toList());
    assertTrue(!rows.isEmpty() && rows.size() <= 8, "headline rows: " + rows.size());
    for (String row : rows) {
      assertTrue(report.contains(row), "not in docs/benchmarks.md's headline: " + row);
    }
  }

  @TestFactory
  List<DynamicTest> everyJavaBlockCompilesAndRuns() throws IOException {
    List<String> blocks = javaBlocks();
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      String block = blocks.get(i);
      String name = "Snippet" + (i + 1);
      String firstLine = block.lines().findFirst().orElse("").trim();
      tests.add(DynamicTest.dynamicTest(name + ": " + firstLine, () -> compileAndRun(name, block)));
    }
    return tests;
  }

  private void compileAndRun(String name, String block) throws Exception {
    Path dir = Files.createDirectories(work.resolve(name));
    Path classes = compile(dir, name, block);
    Path path = TestSupport.write(dir, "data.bin", TestSupport.randomBytes(22, 3 * 65536 + 17));
    Path tree = Files.createDirectories(dir.resolve("tree/sub"));
    TestSupport.write(tree, "a.bin", TestSupport.randomBytes(23, 4096));
    TestSupport.write(tree.getParent(), "b.bin", TestSupport.randomBytes(24, 100));
    Path target = dir.resolve("copy.bin");
    ByteArrayOutputStream sent = new ByteArrayOutputStream();

    String printed = run(classes, name, path, tree.getParent(), path, target, sent);

    if (block.contains("FastFiles.copy(")) {
      assertEquals(-1, Files.mismatch(path, target), "the copy");
    }
    if (block.contains("FastChannels.transferTo(")) {
      assertEquals(Files.size(path), sent.size(), "bytes sent to out");
    }
    if (block.contains("\"MD5\"")) {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(Files.readAllBytes(path));
      assertTrue(printed.contains(HexFormat.of().formatHex(md5)), printed);
    }
  }

  /** Compiles the block as the body of {@code run}, for release 17, against the test class path. */
  private static Path compile(Path dir, String name, String block) throws IOException {
    StringBuilder imports = new StringBuilder();
    IMPORTS.forEach(i -> imports.append("import ").append(i).append(";\n"));
    StringBuilder body = new StringBuilder();
    for (String line : block.lines().collect(Collectors.toList())) {
      if (line.startsWith("import ")) {
        imports.append(line).append('\n');
      } else {
        body.append("    ").append(line).append('\n');
      }
    }
    String source =
        imports
            + "\npublic final class "
            + name
            + " {\n  public static void run(Path path, Path dir, Path source, Path target,"
            + " OutputStream out) throws Exception {\n"
            + body
            + "  }\n}\n";
    Path src = Files.writeString(dir.resolve(name + ".java"), source);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter messages = new StringWriter();
    List<String> options =
        List.of(
            "--release",
            "17",
            "-Xlint:all,-path",
            "-Werror",
            "-proc:none",
            "-cp",
            System.getProperty("java.class.path"),
            "-d",
            classes.toString());
    boolean ok =
        javac
            .getTask(
                messages,
                null,
                null,
                options,
                null,
                javac
                    .getStandardFileManager(null, null, StandardCharsets.UTF_8)
                    .getJavaFileObjects(src))
            .call();
    assertTrue(ok, "README block " + name + " does not compile:\n" + messages + "\n" + source);
    return classes;
  }

  /** Runs the block, returning what it printed to standard output and standard error. */
  private static String run(
      Path classes, String name, Path path, Path dir, Path source, Path target, OutputStream out)
      throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    try (URLClassLoader loader =
            new URLClassLoader(
                new URL[] {classes.toUri().toURL()}, ReadmeSnippetsTest.class.getClassLoader());
        PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      System.setErr(capture);
      Method run =
          loader
              .loadClass(name)
              .getMethod("run", Path.class, Path.class, Path.class, Path.class, OutputStream.class);
      run.invoke(null, path, dir, source, target, out);
    } catch (InvocationTargetException e) {
      throw new AssertionError("README block " + name + " failed", e.getCause());
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }
}
