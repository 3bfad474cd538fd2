package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Null arguments, in the JDK's order of checks, and paths of another file system (a zip file): the
 * cases of the JDK's own tests of these methods ({@code BytesAndLines}, {@code ReadWriteString})
 * that the other tests here do not cover, against {@code Files}.
 */
class StreamsArgumentsTest {
  @TempDir Path dir;

  /** A call with some argument null. */
  private interface Call {
    Object run(StreamOps ops) throws Exception;
  }

  @Test
  void nullArgumentsThrowWhatTheJdkThrows() throws Exception {
    Path file = dir.resolve("nulls");
    byte[] bytes = new byte[100];
    List<String> lines = List.of("a");
    Charset utf8 = StandardCharsets.UTF_8;
    List<Call> calls =
        List.of(
            o -> o.write(null, bytes),
            o -> o.write(file, (byte[]) null),
            o -> o.write(file, bytes, (OpenOption[]) null),
            o -> o.write(file, bytes, new OpenOption[] {null}),
            o -> o.write(null, lines, utf8),
            o -> o.write(file, (List<String>) null, utf8),
            o -> o.write(file, lines, (Charset) null),
            o -> o.write(file, lines, utf8, (OpenOption[]) null),
            o -> o.write(file, lines, utf8, new OpenOption[] {null}),
            o -> o.writeString(null, "abc", utf8, StandardOpenOption.CREATE),
            o -> o.writeString(file, null, utf8, StandardOpenOption.CREATE),
            o -> o.writeString(file, "abc", (Charset) null, StandardOpenOption.CREATE),
            o -> o.writeString(file, "abc", utf8, (OpenOption[]) null),
            o -> o.writeString(file, "\ud800", utf8, (OpenOption[]) null),
            o -> o.readString(null, utf8),
            o -> o.readString(file, null),
            o -> o.newInputStream(null),
            o -> o.newInputStream(file, (OpenOption[]) null),
            o -> o.newOutputStream(null),
            o -> o.newOutputStream(file, (OpenOption[]) null),
            o -> o.copy((Path) null, new ByteArrayOutputStream()),
            o -> o.copy(file, (OutputStream) null),
            o -> o.copy((InputStream) null, file),
            o -> o.copy(new ByteArrayInputStream(bytes), null),
            o -> o.copy(new ByteArrayInputStream(bytes), file, (java.nio.file.CopyOption[]) null));
    List<String> mismatches = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      Call c = calls.get(i);
      Outcome jdk = Outcome.of(() -> c.run(StreamOps.JDK), null);
      Files.deleteIfExists(file);
      Outcome ours = Outcome.of(() -> c.run(StreamOps.FASTIO), null);
      Files.deleteIfExists(file);
      if (jdk.thrown() != ours.thrown()) {
        mismatches.add("call " + i + ": Files " + jdk + ", FastFiles " + ours);
      }
    }
    assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
  }

  /** A zip file system: every method gives the JDK's own implementation, and its results. */
  @Test
  void pathsOfAnotherFileSystemAreTheJdks() throws Exception {
    Path zip = dir.resolve("archive.zip");
    try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
      Path inside = fs.getPath("/a.txt");
      byte[] content = TestSupport.randomBytes(16, 100_000);
      FastFiles.write(inside, content);
      assertArrayEquals(content, Files.readAllBytes(inside));
      try (InputStream in = FastFiles.newInputStream(inside)) {
        assertArrayEquals(content, in.readAllBytes());
      }
      try (OutputStream out = FastFiles.newOutputStream(inside, StandardOpenOption.APPEND)) {
        out.write(new byte[] {1, 2, 3});
      }
      assertEquals(100_003, Files.size(inside));
      FastFiles.writeString(fs.getPath("/b.txt"), "zip text");
      assertEquals("zip text", FastFiles.readString(fs.getPath("/b.txt")));
      FastFiles.write(fs.getPath("/c.txt"), List.of("x", "y"));
      assertEquals(List.of("x", "y"), Files.readAllLines(fs.getPath("/c.txt")));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(100_003, FastFiles.copy(inside, out));
      assertEquals(3, FastFiles.copy(new ByteArrayInputStream(new byte[3]), fs.getPath("/d")));
    }
  }

  /** The JDK's {@code InputStreamTest}: {@code available} of standard input does not throw. */
  @Test
  void availableOfStandardInputDoesNotThrow() throws Exception {
    Path stdin = Paths.get("/dev/stdin");
    if (Files.exists(stdin)) {
      try (InputStream in = FastFiles.newInputStream(stdin)) {
        assertTrue(in.available() >= 0);
      }
    }
  }
}
