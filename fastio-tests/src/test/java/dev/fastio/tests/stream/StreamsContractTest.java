package dev.fastio.tests.stream;

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

import dev.fastio.DigestBatch.Reading;
import dev.fastio.ProgressListener;
import dev.fastio.tests.support.Outcome;
import dev.fastio.tests.support.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.CopyOption;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract table of fastio's methods that take a path: every operation on every kind of path (a
 * file, an empty file, a directory, links, a dangling link, a link loop, missing files and parents,
 * a path through a file, and a file, a directory and missing paths of a zip file system), with
 * every option set of interest, run against the JDK on one copy of the fixture and fastio on
 * another; the outcome (value, or exception class and message) and the state of the fixture after
 * it must be the same. Every public method taking a path is in the table but {@code
 * MappedFiles.map}, which replaces no JDK method and refuses what it cannot map (its own contract
 * test); those without a JDK counterpart against the JDK method their contract names (see {@link
 * StreamOps}).
 *
 * <p>A second table does the same for every method of every kind of stream fastio returns, once the
 * stream is closed, against the JDK's stream (the one {@code Files.newInputStream} and {@code
 * newOutputStream} return; for {@code ChunkedReader.asInputStream()}, the stream of a channel
 * opened as {@code Files.newByteChannel} opens it); with the JDK's own {@code FileInputStream} and
 * {@code FileOutputStream}, closed, handed to fastio's copies.
 *
 * <p>An {@link IndexOutOfBoundsException} is compared by class only: JDK 17's output stream throws
 * it without a message, JDK 25's (and fastio's, on both) with {@code Objects}' message.
 */
// The drop-ins return the very path given, as Files does: identity is what is compared.
@SuppressWarnings("ReferenceEquality")
class StreamsContractTest {
  @TempDir Path dir;

  /** One operation of the path table: what it does given the implementation and the path. */
  private interface Op {
    Object run(StreamOps ops, Path path, Fixture fixture) throws Exception;
  }

  /** Opens a stream of one kind, perhaps uses it a little, and returns it, not closed yet. */
  private interface Opener<S extends Closeable> {
    S open(StreamOps ops, Fixture fixture) throws Exception;
  }

  /** One operation of the closed-stream table, on a closed stream. */
  private interface AfterClose<S extends Closeable> {
    Object run(S stream, StreamOps ops, Fixture fixture) throws Exception;
  }

  /** What an operation did, and the state of the fixture after it. */
  private record Run(Outcome outcome, Map<String, String> state) {}

  private static final byte[] CONTENT = "0123456789".getBytes(StandardCharsets.US_ASCII);

  private static final ProgressListener IGNORED = total -> {};

  /** Names of paths in the zip file system beside the fixture's directory start so. */
  private static final String ZIP = "zip:";

  private static final List<String> PATHS =
      List.of(
          "file",
          "empty",
          "dir",
          "emptydir",
          "link",
          "dirlink",
          "dangling",
          "loop",
          "missing",
          "missing/child",
          "file/child",
          "latin1",
          ZIP + "file",
          ZIP + "dir",
          ZIP + "missing",
          ZIP + "missing/child",
          ZIP + "file/child");

  /** A regular file large enough for fastio's stream to read it from a mapping. */
  private Path big;

  private static Map<String, Op> ops() {
    Map<String, Op> ops = new LinkedHashMap<>();
    ops.put("newInputStream", (o, p, f) -> readAll(o.newInputStream(p)));
    ops.put("newInputStream READ", (o, p, f) -> readAll(o.newInputStream(p, READ)));
    ops.put(
        "newInputStream NOFOLLOW",
        (o, p, f) -> readAll(o.newInputStream(p, LinkOption.NOFOLLOW_LINKS)));
    ops.put("newInputStream APPEND", (o, p, f) -> readAll(o.newInputStream(p, APPEND)));
    ops.put("newInputStream WRITE", (o, p, f) -> readAll(o.newInputStream(p, READ, WRITE)));
    ops.put(
        "newInputStream CREATE TRUNCATE",
        (o, p, f) -> readAll(o.newInputStream(p, CREATE, TRUNCATE_EXISTING)));
    ops.put("newInputStream null", (o, p, f) -> readAll(o.newInputStream(p, (OpenOption) null)));
    ops.put(
        "newInputStream DELETE_ON_CLOSE",
        (o, p, f) -> readAll(o.newInputStream(p, DELETE_ON_CLOSE)));
    ops.put("newOutputStream", (o, p, f) -> writeAbc(o.newOutputStream(p)));
    ops.put("newOutputStream CREATE_NEW", (o, p, f) -> writeAbc(o.newOutputStream(p, CREATE_NEW)));
    ops.put("newOutputStream WRITE", (o, p, f) -> writeAbc(o.newOutputStream(p, WRITE)));
    ops.put("newOutputStream APPEND", (o, p, f) -> writeAbc(o.newOutputStream(p, APPEND)));
    ops.put(
        "newOutputStream CREATE APPEND",
        (o, p, f) -> writeAbc(o.newOutputStream(p, CREATE, APPEND)));
    ops.put("newOutputStream READ", (o, p, f) -> writeAbc(o.newOutputStream(p, READ)));
    ops.put("newOutputStream WRITE READ", (o, p, f) -> writeAbc(o.newOutputStream(p, WRITE, READ)));
    ops.put(
        "newOutputStream APPEND TRUNCATE",
        (o, p, f) -> writeAbc(o.newOutputStream(p, APPEND, TRUNCATE_EXISTING)));
    ops.put(
        "newOutputStream NOFOLLOW",
        (o, p, f) -> writeAbc(o.newOutputStream(p, LinkOption.NOFOLLOW_LINKS, CREATE, WRITE)));
    ops.put(
        "newOutputStream SYNC DSYNC SPARSE",
        (o, p, f) -> writeAbc(o.newOutputStream(p, CREATE, WRITE, SYNC, DSYNC, SPARSE)));
    ops.put("newOutputStream null", (o, p, f) -> writeAbc(o.newOutputStream(p, CREATE, null)));
    ops.put(
        "newOutputStream DELETE_ON_CLOSE",
        (o, p, f) -> writeAbc(o.newOutputStream(p, CREATE, DELETE_ON_CLOSE)));
    ops.put("write", (o, p, f) -> o.write(p, CONTENT) == p);
    ops.put("write CREATE_NEW", (o, p, f) -> o.write(p, CONTENT, CREATE_NEW) == p);
    ops.put("write APPEND", (o, p, f) -> o.write(p, CONTENT, APPEND) == p);
    ops.put("write READ", (o, p, f) -> o.write(p, CONTENT, READ) == p);
    ops.put("write lines", (o, p, f) -> o.write(p, List.of("a", "é"), StandardCharsets.UTF_8) == p);
    ops.put(
        "write lines unmappable",
        (o, p, f) -> o.write(p, List.of("a", "\u0100"), StandardCharsets.ISO_8859_1) == p);
    ops.put("writeString", (o, p, f) -> o.writeString(p, "é?", StandardCharsets.UTF_8) == p);
    ops.put(
        "writeString lone surrogate",
        (o, p, f) -> o.writeString(p, "a\ud800", StandardCharsets.UTF_8) == p);
    ops.put(
        "writeString APPEND",
        (o, p, f) -> o.writeString(p, "x", StandardCharsets.US_ASCII, APPEND) == p);
    ops.put("readString", (o, p, f) -> o.readString(p, StandardCharsets.UTF_8));
    ops.put("readString US_ASCII", (o, p, f) -> o.readString(p, StandardCharsets.US_ASCII));
    ops.put("readString UTF_16", (o, p, f) -> o.readString(p, StandardCharsets.UTF_16));
    ops.put("copy to stream", (o, p, f) -> copyToStream(o, p));
    ops.put("copy from stream", (o, p, f) -> o.copy(new ByteArrayInputStream(CONTENT), p));
    ops.put(
        "copy from stream REPLACE",
        (o, p, f) ->
            o.copy(new ByteArrayInputStream(CONTENT), p, StandardCopyOption.REPLACE_EXISTING));
    ops.put(
        "copy from stream ATOMIC_MOVE",
        (o, p, f) -> o.copy(new ByteArrayInputStream(CONTENT), p, StandardCopyOption.ATOMIC_MOVE));
    ops.put(
        "copy from stream null",
        (o, p, f) ->
            o.copy(
                new ByteArrayInputStream(CONTENT), p, StandardCopyOption.REPLACE_EXISTING, null));
    ops.put("readString UTF-8", (o, p, f) -> o.readString(p));
    ops.put("write lines UTF-8", (o, p, f) -> o.write(p, List.of("a", "é")) == p);
    ops.put("writeString UTF-8", (o, p, f) -> o.writeString(p, "é?") == p);
    ops.put("copy to stream, progress", (o, p, f) -> copyToStream(o, p, IGNORED));
    ops.put(
        "copy from stream, progress",
        (o, p, f) -> o.copy(new ByteArrayInputStream(CONTENT), p, IGNORED));
    ops.put("readAllBytes", (o, p, f) -> o.readAllBytes(p));
    ops.put("digest", (o, p, f) -> o.digest(p, "MD5"));
    ops.put("digest MessageDigest", (o, p, f) -> o.digest(p, MessageDigest.getInstance("SHA-256")));
    ops.put("digestAll", (o, p, f) -> o.digestInBatch(p, "MD5", Reading.AUTO));
    ops.put("digestAll SEQUENTIAL", (o, p, f) -> o.digestInBatch(p, "MD5", Reading.SEQUENTIAL));
    ops.put("digestAll PARALLEL", (o, p, f) -> o.digestInBatch(p, "SHA-1", Reading.PARALLEL));
    ops.put("forEachChunk", (o, p, f) -> o.chunks(p));
    ops.put("ChunkedReader stream", (o, p, f) -> readAll(o.readerStream(p)));
    ops.put("copy to a new path", (o, p, f) -> copyTo(o, p, f.sibling(p, "copy")));
    ops.put(
        "copy to a new path, progress",
        (o, p, f) -> {
          Path target = f.sibling(p, "copy");
          return o.copy(p, target, IGNORED) == target;
        });
    ops.put(
        "copy over a file REPLACE_EXISTING",
        (o, p, f) -> copyTo(o, p, f.sibling(p, "latin1"), StandardCopyOption.REPLACE_EXISTING));
    ops.put("copy a file onto it", (o, p, f) -> copyTo(o, f.sibling(p, "file"), p));
    ops.put(
        "copy a file onto it REPLACE_EXISTING",
        (o, p, f) -> copyTo(o, f.sibling(p, "file"), p, StandardCopyOption.REPLACE_EXISTING));
    ops.put(
        "copy to a closed FileOutputStream", (o, p, f) -> o.copy(p, f.closedFileOutputStream()));
    ops.put(
        "newInputStream transferTo a closed FileOutputStream",
        (o, p, f) -> {
          try (InputStream in = o.newInputStream(p)) {
            return in.transferTo(f.closedFileOutputStream());
          }
        });
    ops.put(
        "ChunkedReader stream transferTo a closed FileOutputStream",
        (o, p, f) -> {
          try (InputStream in = o.readerStream(p)) {
            return in.transferTo(f.closedFileOutputStream());
          }
        });
    ops.put(
        "copy from a closed FileInputStream", (o, p, f) -> o.copy(f.closedFileInputStream(), p));
    return ops;
  }

  @Test
  void everyOperationOnEveryPathMatchesTheJdk() throws Exception {
    List<String> mismatches = new ArrayList<>();
    int cases = 0;
    for (Map.Entry<String, Op> op : ops().entrySet()) {
      for (String name : PATHS) {
        cases++;
        Op o = op.getValue();
        Run jdk = run("jdk-" + cases, f -> o.run(StreamOps.JDK, f.resolve(name), f));
        Run ours = run("fastio-" + cases, f -> o.run(StreamOps.FASTIO, f.resolve(name), f));
        compare(op.getKey() + " on " + name, jdk, ours, mismatches);
      }
    }
    assertTrue(
        mismatches.isEmpty(),
        mismatches.size() + " of " + cases + ":\n" + String.join("\n", mismatches));
  }

  @Test
  void everyOperationOnEveryClosedStreamMatchesTheJdk() throws Exception {
    big = TestSupport.write(dir, "big", TestSupport.randomBytes(29, (5 << 20) + 1));
    List<String> mismatches = new ArrayList<>();
    int cases = closedCases(inputKinds(), afterInputClosed(), 0, mismatches);
    cases = closedCases(outputKinds(), afterOutputClosed(), cases, mismatches);
    assertTrue(
        mismatches.isEmpty(),
        mismatches.size() + " of " + cases + ":\n" + String.join("\n", mismatches));
  }

  /** Kinds of input stream, each as the JDK and fastio open it. */
  private Map<String, Opener<InputStream>> inputKinds() {
    Map<String, Opener<InputStream>> kinds = new LinkedHashMap<>();
    kinds.put("newInputStream", (o, f) -> o.newInputStream(f.resolve("file")));
    kinds.put(
        "newInputStream read to its end",
        (o, f) -> {
          InputStream in = o.newInputStream(f.resolve("file"));
          in.readAllBytes();
          return in;
        });
    kinds.put("newInputStream of an empty file", (o, f) -> o.newInputStream(f.resolve("empty")));
    kinds.put("newInputStream of a directory", (o, f) -> o.newInputStream(f.resolve("dir")));
    kinds.put(
        "newInputStream read from a mapping",
        (o, f) -> {
          InputStream in = o.newInputStream(big);
          in.readNBytes(64 * 1024); // fastio's maps a file of 4 MiB or more at such a read
          return in;
        });
    Path proc = Paths.get("/proc/version");
    if (Files.isReadable(proc)) {
      kinds.put("newInputStream of a /proc file", (o, f) -> o.newInputStream(proc));
      kinds.put("ChunkedReader stream of a /proc file", (o, f) -> o.readerStream(proc));
    }
    kinds.put(
        "newInputStream of a zip file system", (o, f) -> o.newInputStream(f.resolve(ZIP + "file")));
    kinds.put("ChunkedReader stream", (o, f) -> o.readerStream(f.resolve("file")));
    kinds.put(
        "ChunkedReader stream of a zip file system",
        (o, f) -> o.readerStream(f.resolve(ZIP + "file")));
    kinds.put("FileInputStream", (o, f) -> new FileInputStream(f.resolve("file").toFile()));
    return kinds;
  }

  /** Every method of an input stream, and the copies that take one. */
  private static Map<String, AfterClose<InputStream>> afterInputClosed() {
    Map<String, AfterClose<InputStream>> ops = new LinkedHashMap<>();
    ops.put("read()", (in, o, f) -> in.read());
    ops.put("read(byte[0])", (in, o, f) -> in.read(new byte[0]));
    ops.put("read(byte[4])", (in, o, f) -> in.read(new byte[4]));
    ops.put("read(b, 0, 0)", (in, o, f) -> in.read(new byte[4], 0, 0));
    ops.put("read(b, 0, 2)", (in, o, f) -> in.read(new byte[4], 0, 2));
    ops.put("read(b, 5, 0)", (in, o, f) -> in.read(new byte[4], 5, 0));
    ops.put("readNBytes(0)", (in, o, f) -> in.readNBytes(0));
    ops.put("readNBytes(3)", (in, o, f) -> in.readNBytes(3));
    ops.put("readNBytes(-1)", (in, o, f) -> in.readNBytes(-1));
    ops.put("readNBytes(b, 0, 0)", (in, o, f) -> in.readNBytes(new byte[4], 0, 0));
    ops.put("readNBytes(b, 0, 2)", (in, o, f) -> in.readNBytes(new byte[4], 0, 2));
    ops.put("readAllBytes", (in, o, f) -> in.readAllBytes());
    ops.put("skip(0)", (in, o, f) -> in.skip(0));
    ops.put("skip(-1)", (in, o, f) -> in.skip(-1));
    ops.put("skip(3)", (in, o, f) -> in.skip(3));
    ops.put(
        "skipNBytes(0)",
        (in, o, f) -> {
          in.skipNBytes(0);
          return "skipped";
        });
    ops.put(
        "skipNBytes(3)",
        (in, o, f) -> {
          in.skipNBytes(3);
          return "skipped";
        });
    ops.put("available", (in, o, f) -> in.available());
    ops.put("transferTo a byte array", (in, o, f) -> in.transferTo(new ByteArrayOutputStream()));
    ops.put(
        "transferTo a file stream",
        (in, o, f) -> {
          try (OutputStream out = o.newOutputStream(f.resolve("out"))) {
            return in.transferTo(out);
          }
        });
    ops.put(
        "transferTo a FileOutputStream",
        (in, o, f) -> {
          try (OutputStream out = new FileOutputStream(f.resolve("out").toFile())) {
            return in.transferTo(out);
          }
        });
    ops.put("markSupported", (in, o, f) -> in.markSupported());
    ops.put(
        "mark, reset",
        (in, o, f) -> {
          in.mark(1);
          in.reset();
          return "reset";
        });
    ops.put(
        "close",
        (in, o, f) -> {
          in.close();
          return "closed";
        });
    ops.put("copy to a new file", (in, o, f) -> o.copy(in, f.resolve("copy")));
    ops.put("copy to a new file, progress", (in, o, f) -> o.copy(in, f.resolve("copy"), IGNORED));
    return ops;
  }

  /** Kinds of output stream, each as the JDK and fastio open it. */
  private static Map<String, Opener<OutputStream>> outputKinds() {
    Map<String, Opener<OutputStream>> kinds = new LinkedHashMap<>();
    kinds.put("newOutputStream", (o, f) -> o.newOutputStream(f.resolve("out")));
    kinds.put(
        "newOutputStream APPEND",
        (o, f) -> o.newOutputStream(f.resolve("file"), StandardOpenOption.APPEND));
    kinds.put(
        "newOutputStream written to",
        (o, f) -> {
          OutputStream out = o.newOutputStream(f.resolve("out"));
          out.write(new byte[100_000]);
          return out;
        });
    kinds.put(
        "newOutputStream of a zip file system",
        (o, f) -> o.newOutputStream(f.resolve(ZIP + "out")));
    kinds.put("FileOutputStream", (o, f) -> new FileOutputStream(f.resolve("out").toFile()));
    return kinds;
  }

  /** Every method of an output stream, and the copies and transfers that write to one. */
  private Map<String, AfterClose<OutputStream>> afterOutputClosed() {
    Map<String, AfterClose<OutputStream>> ops = new LinkedHashMap<>();
    ops.put(
        "write(int)",
        (out, o, f) -> {
          out.write(1);
          return "written";
        });
    ops.put(
        "write(byte[0])",
        (out, o, f) -> {
          out.write(new byte[0]);
          return "written";
        });
    ops.put(
        "write(byte[2])",
        (out, o, f) -> {
          out.write(new byte[2]);
          return "written";
        });
    ops.put(
        "write(b, 0, 0)",
        (out, o, f) -> {
          out.write(new byte[2], 0, 0);
          return "written";
        });
    ops.put(
        "write(b, 3, 0)",
        (out, o, f) -> {
          out.write(new byte[2], 3, 0);
          return "written";
        });
    ops.put(
        "write(b, 0, 1)",
        (out, o, f) -> {
          out.write(new byte[2], 0, 1);
          return "written";
        });
    ops.put(
        "flush",
        (out, o, f) -> {
          out.flush();
          return "flushed";
        });
    ops.put(
        "close",
        (out, o, f) -> {
          out.close();
          return "closed";
        });
    for (String source : List.of("file", "empty")) {
      ops.put(
          "target of newInputStream(" + source + ").transferTo",
          (out, o, f) -> {
            try (InputStream in = o.newInputStream(f.resolve(source))) {
              return in.transferTo(out);
            }
          });
    }
    ops.put(
        "target of newInputStream(mapped).transferTo",
        (out, o, f) -> {
          try (InputStream in = o.newInputStream(big)) {
            in.readNBytes(64 * 1024);
            return in.transferTo(out);
          }
        });
    ops.put("target of copy(Path, out)", (out, o, f) -> o.copy(f.resolve("file"), out));
    ops.put(
        "target of copy(Path, out), progress",
        (out, o, f) -> o.copy(f.resolve("file"), out, IGNORED));
    ops.put(
        "target of ChunkedReader stream transferTo",
        (out, o, f) -> {
          try (InputStream in = o.readerStream(f.resolve("file"))) {
            return in.transferTo(out);
          }
        });
    return ops;
  }

  /**
   * Runs every operation of {@code ops} on every kind of stream of {@code kinds}, closed, as the
   * JDK and as fastio open it; adds a line per difference to {@code mismatches}.
   *
   * @return {@code cases} plus the cases run
   */
  private <S extends Closeable> int closedCases(
      Map<String, Opener<S>> kinds,
      Map<String, AfterClose<S>> ops,
      int cases,
      List<String> mismatches)
      throws IOException {
    for (Map.Entry<String, Opener<S>> kind : kinds.entrySet()) {
      for (Map.Entry<String, AfterClose<S>> op : ops.entrySet()) {
        cases++;
        Run jdk = run("closed-jdk-" + cases, closed(kind, op, StreamOps.JDK));
        Run ours = run("closed-fastio-" + cases, closed(kind, op, StreamOps.FASTIO));
        compare(op.getKey() + " on a closed " + kind.getKey(), jdk, ours, mismatches);
      }
    }
    return cases;
  }

  /** Opens a stream of {@code kind}, closes it, and runs {@code op} on it. */
  private static <S extends Closeable> FixtureCall closed(
      Map.Entry<String, Opener<S>> kind, Map.Entry<String, AfterClose<S>> op, StreamOps ops) {
    return f -> {
      S stream = kind.getValue().open(ops, f);
      stream.close();
      return op.getValue().run(stream, ops, f);
    };
  }

  /** A call on a fixture. */
  private interface FixtureCall {
    Object call(Fixture fixture) throws Exception;
  }

  /** Runs {@code call} on a new fixture named {@code name}; what it did, and the state it left. */
  private Run run(String name, FixtureCall call) throws IOException {
    Path root = fixture(name);
    try (Fixture f = new Fixture(root)) {
      Outcome outcome = Outcome.of(() -> call.call(f), root);
      return new Run(outcome, f.state());
    }
  }

  private static void compare(String what, Run jdk, Run ours, List<String> mismatches) {
    if (!sameOutcome(jdk.outcome(), ours.outcome())) {
      mismatches.add(what + ": Files " + jdk.outcome() + ", FastFiles " + ours.outcome());
    } else if (!jdk.state().equals(ours.state())) {
      mismatches.add(what + ": Files left " + jdk.state() + ", FastFiles " + ours.state());
    }
  }

  /** Equal outcomes; an {@link IndexOutOfBoundsException} by class only (see the class comment). */
  private static boolean sameOutcome(Outcome jdk, Outcome ours) {
    return jdk.equals(ours)
        || (jdk.thrown() == IndexOutOfBoundsException.class && ours.thrown() == jdk.thrown());
  }

  /**
   * A file, an empty file, directories, links of every kind, and a file of Latin-1 text that is not
   * UTF-8.
   */
  private Path fixture(String name) throws IOException {
    Path root = Files.createDirectory(dir.resolve(name));
    Files.write(root.resolve("file"), CONTENT);
    Files.write(root.resolve("empty"), new byte[0]);
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

  /**
   * One copy of the fixture: its directory, and beside it a zip file system (made when one of its
   * paths is first asked for) holding a file and a directory with a file.
   */
  private static final class Fixture implements Closeable {
    private final Path root;
    private FileSystem zip;

    Fixture(Path root) {
      this.root = root;
    }

    /** The path named {@code name}: in the zip file system if it starts with {@link #ZIP}. */
    Path resolve(String name) throws IOException {
      return name.startsWith(ZIP)
          ? zip().getPath("/" + name.substring(ZIP.length()))
          : root.resolve(name);
    }

    /** The path named {@code name} on the file system of {@code path}. */
    Path sibling(Path path, String name) throws IOException {
      return path.getFileSystem().equals(root.getFileSystem())
          ? root.resolve(name)
          : zip().getPath("/" + name);
    }

    /** A {@code FileOutputStream} of a new file of the fixture, closed. */
    OutputStream closedFileOutputStream() throws IOException {
      OutputStream out = new FileOutputStream(root.resolve("out").toFile());
      out.close();
      return out;
    }

    /** A {@code FileInputStream} of the fixture's file, closed. */
    InputStream closedFileInputStream() throws IOException {
      InputStream in = new FileInputStream(root.resolve("file").toFile());
      in.close();
      return in;
    }

    private FileSystem zip() throws IOException {
      if (zip == null) {
        zip = FileSystems.newFileSystem(root.resolve("archive.zip"), Map.of("create", "true"));
        Files.write(zip.getPath("/file"), CONTENT);
        Files.createDirectory(zip.getPath("/dir"));
        Files.write(zip.getPath("/dir/child"), CONTENT);
      }
      return zip;
    }

    /**
     * Every entry of the directory and of the zip file system: its kind and, for a regular file,
     * its content (the zip file's own bytes, which hold times, are left out).
     */
    Map<String, String> state() throws IOException {
      Map<String, String> state = new TreeMap<>();
      addState(root, "", state);
      if (zip != null) {
        addState(zip.getPath("/"), ZIP, state);
      }
      return state;
    }

    private static void addState(Path top, String prefix, Map<String, String> state)
        throws IOException {
      try (Stream<Path> s = Files.walk(top)) {
        for (Path p : (Iterable<Path>) s::iterator) {
          String kind;
          if (Files.isSymbolicLink(p)) {
            kind = "link->" + Files.readSymbolicLink(p);
          } else if (Files.isDirectory(p)) {
            kind = "dir";
          } else if (prefix.isEmpty() && p.getFileName().toString().equals("archive.zip")) {
            kind = "zip";
          } else {
            kind = new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
          }
          state.put(prefix + top.relativize(p), kind);
        }
      }
    }

    @Override
    public void close() throws IOException {
      if (zip != null) {
        zip.close();
      }
    }
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

  private static byte[] copyToStream(StreamOps ops, Path source, ProgressListener listener)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long n = ops.copy(source, out, listener);
    assertEquals(out.size(), n);
    return out.toByteArray();
  }

  private static boolean copyTo(StreamOps ops, Path source, Path target, CopyOption... options)
      throws IOException {
    return ops.copy(source, target, options) == target;
  }
}
