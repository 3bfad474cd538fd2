package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The documented output order of {@code -r}: each directory in byte order of the names. */
class WalkerTest {
  @TempDir Path dir;

  @Test
  void eachDirectoryIsWalkedInByteOrderOfItsNames() throws IOException {
    boolean utf8 = "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding"));
    List<String> names = new ArrayList<>(List.of("b", "B", "a-b", "a.txt", "_", "~"));
    if (utf8) {
      names.addAll(List.of("\u00e9", "\uff21", "\ud83d\ude00")); // é, fullwidth A, an emoji
    }
    for (String n : names) {
      Files.write(dir.resolve(n), new byte[0]);
    }
    Files.createDirectories(dir.resolve("a"));
    Files.write(dir.resolve("a/z"), new byte[0]);
    Files.write(dir.resolve("a/Z"), new byte[0]);
    List<Walker.Item> items = new ArrayList<>();
    new Walker(true, false).expand(dir + "/", items);
    List<String> got = new ArrayList<>();
    for (Walker.Item it : items) {
      got.add(it.name.substring(dir.toString().length() + 1));
    }
    // "a/" before "a-b": a directory's files come where its name falls, not where "a/" would sort
    List<String> expected =
        new ArrayList<>(List.of("B", "_", "a/Z", "a/z", "a-b", "a.txt", "b", "~"));
    if (utf8) {
      expected.addAll(List.of("\u00e9", "\uff21", "\ud83d\ude00")); // UTF-8: emoji last
    }
    expected.replaceAll(Names::encode); // names are byte strings
    assertEquals(expected, got);
  }
}
