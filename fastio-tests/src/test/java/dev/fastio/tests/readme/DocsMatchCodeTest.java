package dev.fastio.tests.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documents that list what the code has are checked against the code: the property tables of
 * the user and maintainer guides against the {@code fastio.*} names {@code internal.Settings}
 * declares, and the package list of {@code internal/package-info.java} against the packages there.
 * The sources are read from the checkout the tests run in ({@code fastio.readme} names its README).
 */
class DocsMatchCodeTest {
  private static final Path ROOT =
      Paths.get(System.getProperty("fastio.readme", "../README.md")).toAbsolutePath().getParent();
  private static final Path INTERNAL =
      ROOT.resolve("fastio-core/src/main/java/dev/fastio/internal");

  @Test
  void maintainerGuideListsEveryPropertySettingsDeclares() throws IOException {
    assertEquals(declaredProperties(), tabledProperties("docs/maintainer-guide.md"));
  }

  @Test
  void userGuideListsEveryPropertySettingsDeclares() throws IOException {
    assertEquals(declaredProperties(), tabledProperties("docs/user-guide.md"));
  }

  @Test
  void packageInfoNamesEveryInternalPackage() throws IOException {
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> children = Files.list(INTERNAL)) {
      children.filter(Files::isDirectory).forEach(p -> packages.add(p.getFileName().toString()));
    }
    Set<String> named =
        matches(
            read(INTERNAL.resolve("package-info.java")),
            "\\{@link dev\\.fastio\\.internal\\.([a-z]\\w*)\\}");
    assertFalse(packages.isEmpty(), INTERNAL.toString());
    assertEquals(packages, named, "internal/package-info.java against the packages under it");
  }

  /** The names {@code Settings} reads, each a string literal there. */
  private static Set<String> declaredProperties() throws IOException {
    Set<String> names = matches(read(INTERNAL.resolve("Settings.java")), "\"(fastio\\.[\\w.]+)\"");
    assertFalse(names.isEmpty(), "no fastio.* literal in Settings.java");
    return names;
  }

  /** The first column of the rows of a table of properties in a document. */
  private static Set<String> tabledProperties(String doc) throws IOException {
    return matches(read(ROOT.resolve(doc)), "(?m)^\\| `(fastio\\.[\\w.]+)` \\|");
  }

  private static Set<String> matches(String text, String regex) {
    Set<String> found = new TreeSet<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  private static String read(Path file) throws IOException {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }
}
