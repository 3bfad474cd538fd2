package dev.fastio.tests;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.CREATE_NEW;
import static java.nio.file.StandardOpenOption.DELETE_ON_CLOSE;
import static java.nio.file.StandardOpenOption.DSYNC;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.SPARSE;
import static java.nio.file.StandardOpenOption.SYNC;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exception table of the stream and write-side methods: every operation on every kind of path
 * (a file, a directory, links, a dangling link, a link loop, missing files and parents, a path
 * through a file), with every option set of interest, run against {@code Files} on one copy of the
 * fixture and {@code FastFiles} on another; the outcome (value, or exception class and message) and
 * the state of the fixture after it must be the same.
 */
// The drop-ins return the very path given, as Files does: identity is what is compared.
@SuppressWarnings("ReferenceEquality")
class StreamsContractTest {
  @TempDir Path dir;

  /** One operation of the table: what it does given the implementation and the path. */
  private interface Op {
    Object run(StreamOps ops, Path path) throws Exception;
  }

  private static final byte[] CONTENT = "0123456789".getBytes(StandardCharsets.US_ASCII);

  private static final List<String> PATHS =
      List.of(
          "file",
          "dir",
          "emptydir",
          "link",
          "dirlink",
          "dangling",
          "loop",
          "missing",
          "missing/child",
          "file/child",
          "latin1");

  private static Map<String, Op> ops() {
    Map<String, Op> ops = new LinkedHashMap<>();
    ops.put("newInputStream", (o, p) -> readAll(o.newInputStream(p)));
    ops.put("newInputStream READ", (o, p) -> readAll(o.newInputStream(p, READ)));
    ops.put(
        "newInputStream NOFOLLOW",
        (o, p) -> readAll(o.newInputStream(p, LinkOption.NOFOLLOW_LINKS)));
    ops.put("newInputStream APPEND", (o, p) -> readAll(o.newInputStream(p, APPEND)));
    ops.put("newInputStream WRITE", (o, p) -> readAll(o.newInputStream(p, READ, WRITE)));
    ops.put(
        "newInputStream CREATE TRUNCATE",
        (o, p) -> readAll(o.newInputStream(p, CREATE, TRUNCATE_EXISTING)));
    ops.put("newInputStream null", (o, p) -> readAll(o.newInputStream(p, (OpenOption) null)));
    ops.put(
        "newInputStream DELETE_ON_CLOSE", (o, p) -> readAll(o.newInputStream(p, DELETE_ON_CLOSE)));
    ops.put("newOutputStream", (o, p) -> writeAbc(o.newOutputStream(p)));
    ops.put("newOutputStream CREATE_NEW", (o, p) -> writeAbc(o.newOutputStream(p, CREATE_NEW)));
    ops.put("newOutputStream WRITE", (o, p) -> writeAbc(o.newOutputStream(p, WRITE)));
    ops.put("newOutputStream APPEND", (o, p) -> writeAbc(o.newOutputStream(p, APPEND)));
    ops.put(
        "newOutputStream CREATE APPEND", (o, p) -> writeAbc(o.newOutputStream(p, CREATE, APPEND)));
    ops.put("newOutputStream READ", (o, p) -> writeAbc(o.newOutputStream(p, READ)));
    ops.put("newOutputStream WRITE READ", (o, p) -> writeAbc(o.newOutputStream(p, WRITE, READ)));
    ops.put(
        "newOutputStream APPEND TRUNCATE",
        (o, p) -> writeAbc(o.newOutputStream(p, APPEND, TRUNCATE_EXISTING)));
    ops.put(
        "newOutputStream NOFOLLOW",
        (o, p) -> writeAbc(o.newOutputStream(p, LinkOption.NOFOLLOW_LINKS, CREATE, WRITE)));
    ops.put(
        "newOutputStream SYNC DSYNC SPARSE",
        (o, p) -> writeAbc(o.newOutputStream(p, CREATE, WRITE, SYNC, DSYNC, SPARSE)));
    ops.put("newOutputStream null", (o, p) -> writeAbc(o.newOutputStream(p, CREATE, null)));
    ops.put(
        "newOutputStream DELETE_ON_CLOSE",
        (o, p) -> writeAbc(o.newOutputStream(p, CREATE, DELETE_ON_CLOSE)));
    ops.put("write", (o, p) -> o.write(p, CONTENT) == p);
    ops.put("write CREATE_NEW", (o, p) -> o.write(p, CONTENT, CREATE_NEW) == p);
    ops.put("write APPEND", (o, p) -> o.write(p, CONTENT, APPEND) == p);
    ops.put("write READ", (o, p) -> o.write(p, CONTENT, READ) == p);
    ops.put("write lines", (o, p) -> o.write(p, List.of("a", "é"), StandardCharsets.UTF_8) == p);
    ops.put(
        "write lines unmappable",
        (o, p) -> o.write(p, List.of("a", "\u0100"), StandardCharsets.ISO_8859_1) == p);
    ops.put("writeString", (o, p) -> o.writeString(p, "é?", StandardCharsets.UTF_8) == p);
    ops.put(
        "writeString lone surrogate",
        (o, p) -> o.writeString(p, "a\ud800", StandardCharsets.UTF_8) == p);
    ops.put(
        "writeString APPEND",
        (o, p) -> o.writeString(p, "x", StandardCharsets.US_ASCII, APPEND) == p);
    ops.put("readString", (o, p) -> o.readString(p, StandardCharsets.UTF_8));
    ops.put("readString US_ASCII", (o, p) -> o.readString(p, StandardCharsets.US_ASCII));
    ops.put("readString UTF_16", (o, p) -> o.readString(p, StandardCharsets.UTF_16));
    ops.put("copy to stream", (o, p) -> copyToStream(o, p));
    ops.put("copy from stream", (o, p) -> o.copy(new ByteArrayInputStream(CONTENT), p));
    ops.put(
        "copy from stream REPLACE",
        (o, p) ->
            o.copy(new ByteArrayInputStream(CONTENT), p, StandardCopyOption.REPLACE_EXISTING));
    ops.put(
        "copy from stream ATOMIC_MOVE",
        (o, p) -> o.copy(new ByteArrayInputStream(CONTENT), p, StandardCopyOption.ATOMIC_MOVE));
    ops.put(
        "copy from stream null",
        (o, p) ->
            o.copy(
                new ByteArrayInputStream(CONTENT), p, StandardCopyOption.REPLACE_EXISTING, null));
    return ops;
  }

  @Test
  void everyOperationOnEveryPathMatchesTheJdk() throws Exception {
    List<String> mismatches = new ArrayList<>();
    int cases = 0;
    for (Map.Entry<String, Op> op : ops().entrySet()) {
      for (String name : PATHS) {
        cases++;
        Path jdkRoot = fixture("jdk-" + cases);
        Path fastioRoot = fixture("fastio-" + cases);
        Outcome jdk =
            Outcome.of(() -> op.getValue().run(StreamOps.JDK, jdkRoot.resolve(name)), jdkRoot);
        Outcome ours =
            Outcome.of(
                () -> op.getValue().run(StreamOps.FASTIO, fastioRoot.resolve(name)), fastioRoot);
        if (!jdk.equals(ours)) {
          mismatches.add(op.getKey() + " on " + name + ": Files " + jdk + ", FastFiles " + ours);
        } else if (!state(jdkRoot).equals(state(fastioRoot))) {
          mismatches.add(
              op.getKey()
                  + " on "
                  + name
                  + ": Files left "
                  + state(jdkRoot)
                  + ", FastFiles "
                  + state(fastioRoot));
        }
      }
    }
    assertTrue(
        mismatches.isEmpty(),
        mismatches.size() + " of " + cases + ":\n" + String.join("\n", mismatches));
  }

  /** A file, directories, links of every kind, and a file of Latin-1 text that is not UTF-8. */
  private Path fixture(String name) throws IOException {
    Path root = Files.createDirectory(dir.resolve(name));
    Files.write(root.resolve("file"), CONTENT);
    Files.write(root.resolve("latin1"), new byte[] {'a', (byte) 0xe9, 'b'});
    Files.createDirectories(root.resolve("dir"));
    Files.write(root.resolve("dir").resolve("child"), CONTENT);
    Files.createDirectory(root.resolve("emptydir"));
    Files.createSymbolicLink(root.resolve("link"), Path.of("file"));
    Files.createSymbolicLink(root.resolve("dirlink"), Path.of("dir"));
    Files.createSymbolicLink(root.resolve("dangling"), Path.of("nowhere"));
    Files.createSymbolicLink(root.resolve("loop"), Path.of("loop2"));
    Files.createSymbolicLink(root.resolve("loop2"), Path.of("loop"));
    return root;
  }

  /** Every entry under {@code root}: its kind and, for a regular file, its content. */
  private static Map<String, String> state(Path root) throws IOException {
    Map<String, String> state = new TreeMap<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        String kind;
        if (Files.isSymbolicLink(p)) {
          kind = "link->" + Files.readSymbolicLink(p);
        } else if (Files.isDirectory(p)) {
          kind = "dir";
        } else {
          kind = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
        }
        state.put(root.relativize(p).toString(), kind);
      }
    }
    return state;
  }

  private static byte[] readAll(InputStream in) throws IOException {
    try (in) {
      return in.readAllBytes();
    }
  }

  private static Object writeAbc(OutputStream out) throws IOException {
    try (out) {
      out.write('a');
      out.write(new byte[] {'b', 'c'});
    }
    return "written";
  }

  private static byte[] copyToStream(StreamOps ops, Path source) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long n = ops.copy(source, out);
    assertEquals(out.size(), n);
    return out.toByteArray();
  }
}
