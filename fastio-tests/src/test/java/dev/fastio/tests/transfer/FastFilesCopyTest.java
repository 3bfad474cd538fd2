package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.tests.support.TestSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FastFiles.copy} against {@code Files.copy}: each case is set up twice, in a directory for
 * the JDK and one for fastio, both copies run (fastio's twice: {@code FastFiles.copy}, which is the
 * JDK's own, and the overload with a listener, which is fastio's copy), and what each left behind
 * (type, content, permissions, link target, times with {@code COPY_ATTRIBUTES}) or threw (type and
 * message, the directory's path replaced) must read the same.
 */
class FastFilesCopyTest {
  private static final CopyOption REPLACE = StandardCopyOption.REPLACE_EXISTING;
  private static final CopyOption ATTRIBUTES = StandardCopyOption.COPY_ATTRIBUTES;
  private static final CopyOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;
  private static final FileTime PAST_MODIFIED =
      FileTime.from(Instant.parse("2020-01-02T03:04:05.123456789Z"));
  private static final FileTime PAST_ACCESSED =
      FileTime.from(Instant.parse("2021-06-07T08:09:10.5Z"));

  @TempDir Path dir;
  private int cases;

  /** Makes a case's files in a directory and names its source and target. */
  interface Setup {
    Path[] make(Path d) throws Exception;
  }

  /** A copy implementation under test. */
  private interface Copier {
    Path copy(Path source, Path target, CopyOption... options) throws IOException;
  }

  /** {@code FastFiles.copy} (the JDK's copy), and fastio's own: the overload with a listener. */
  private static final List<Copier> COPIERS =
      List.of(FastFiles::copy, (s, t, options) -> FastFiles.copy(s, t, total -> {}, options));

  /** Runs the case with the JDK and with fastio, each in its own directory, and compares. */
  private void assertSameAsJdk(String name, Setup setup, CopyOption... options) throws Exception {
    for (int i = 0; i < COPIERS.size(); i++) {
      assertSameAsJdk(
          name + (i == 0 ? " (FastFiles.copy)" : " (with a listener)"),
          setup,
          COPIERS.get(i),
          options);
    }
  }

  private void assertSameAsJdk(String name, Setup setup, Copier copier, CopyOption... options)
      throws Exception {
    boolean attributes = Arrays.asList(options).contains(ATTRIBUTES);
    Path jdkDir = Files.createDirectories(dir.resolve("jdk-" + cases));
    Path ourDir = Files.createDirectories(dir.resolve("fastio-" + cases));
    cases++;
    Path[] jdk = setup.make(jdkDir);
    Path[] ours = setup.make(ourDir);
    boolean follow = !Arrays.asList(options).contains(NOFOLLOW);
    FileTime[] jdkTimes = attributes ? times(jdk[0], follow) : null;
    FileTime[] ourTimes = attributes ? times(ours[0], follow) : null;
    String jdkOutcome = outcome(jdkDir, () -> Files.copy(jdk[0], jdk[1], options), jdk[1]);
    String ourOutcome = outcome(ourDir, () -> copier.copy(ours[0], ours[1], options), ours[1]);
    assertEquals(jdkOutcome, ourOutcome, name + " " + Arrays.toString(options));
    assertEquals(
        describe(jdkDir, jdk[1], jdkTimes) + " / source " + describe(jdkDir, jdk[0], null),
        describe(ourDir, ours[1], ourTimes) + " / source " + describe(ourDir, ours[0], null),
        name + " " + Arrays.toString(options));
  }

  /** The source's last-modified and last-access times before the copy, or null if not readable. */
  private static FileTime[] times(Path source, boolean follow) {
    try {
      BasicFileAttributes a =
          follow
              ? Files.readAttributes(source, BasicFileAttributes.class)
              : Files.readAttributes(source, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return new FileTime[] {a.lastModifiedTime(), a.lastAccessTime()};
    } catch (IOException e) {
      return null;
    }
  }

  private static String outcome(Path d, TestSupport.IoCall<Path> call, Path target) {
    try {
      Path returned = call.call();
      return "returned " + (target.equals(returned) ? "target" : String.valueOf(returned));
    } catch (Throwable t) {
      String message = String.valueOf(t.getMessage()).replace(d.toString(), "D");
      return "threw " + t.getClass().getName() + ": " + message;
    }
  }

  /**
   * What is at {@code p}, in words a failing assertion shows; with {@code times}, whether its times
   * are the source's (as they were before the copy).
   */
  private static String describe(Path d, Path p, FileTime[] times) throws IOException {
    if (Files.isSymbolicLink(p)) {
      return "link to " + Files.readSymbolicLink(p).toString().replace(d.toString(), "D");
    }
    if (!Files.exists(p)) {
      return "absent";
    }
    String mode = Files.getAttribute(p, "unix:mode").toString();
    String when =
        times == null
            ? ""
            : " modified as the source: "
                + micros(Files.getLastModifiedTime(p)).equals(micros(times[0]))
                + ", accessed as the source: "
                + micros((FileTime) Files.getAttribute(p, "lastAccessTime"))
                    .equals(micros(times[1]));
    if (Files.isDirectory(p)) {
      try (Stream<Path> s = Files.list(p)) {
        TreeSet<String> children = new TreeSet<>();
        s.forEach(c -> children.add(c.getFileName().toString()));
        return "directory " + children + " mode " + mode + when;
      }
    }
    if (Files.isRegularFile(p)) {
      byte[] b;
      try {
        b = Files.readAllBytes(p);
      } catch (IOException e) {
        return "unreadable file (" + e.getMessage() + "), mode " + mode;
      }
      return "file of " + b.length + " bytes, hash " + Arrays.hashCode(b) + ", mode " + mode + when;
    }
    return "special file, mode " + mode;
  }

  /**
   * A time to the microsecond: JDK 17 copies times to the microsecond ({@code futimes}), newer JDKs
   * and fastio to the nanosecond.
   */
  private static String micros(FileTime t) {
    return FileTime.from(t.to(TimeUnit.MICROSECONDS), TimeUnit.MICROSECONDS).toString();
  }

  private static Path file(Path d, String name, int size) throws IOException {
    return Files.write(d.resolve(name), TestSupport.randomBytes(size, size));
  }

  @Test
  void regularFilesOfBoundarySizesWithEveryOptionCombination() throws Exception {
    List<CopyOption[]> optionSets =
        List.of(
            new CopyOption[0],
            new CopyOption[] {REPLACE},
            new CopyOption[] {ATTRIBUTES},
            new CopyOption[] {NOFOLLOW},
            new CopyOption[] {REPLACE, ATTRIBUTES, NOFOLLOW});
    for (int size : List.of(0, 1, 4095, 4096, 65537, 1048576, 3 * 1048576 + 17)) {
      for (CopyOption[] options : optionSets) {
        assertSameAsJdk(
            "file of " + size,
            d -> {
              Path s = file(d, "s", size);
              Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rw-r-----"));
              Files.setAttribute(s, "lastAccessTime", PAST_ACCESSED);
              Files.setLastModifiedTime(s, PAST_MODIFIED);
              return new Path[] {s, d.resolve("t")};
            },
            options);
      }
    }
  }

  @Test
  void existingTargets() throws Exception {
    for (CopyOption[] options :
        List.of(
            new CopyOption[0], new CopyOption[] {REPLACE}, new CopyOption[] {REPLACE, NOFOLLOW})) {
      assertSameAsJdk(
          "existing file", d -> new Path[] {file(d, "s", 5000), file(d, "t", 70_000)}, options);
      assertSameAsJdk(
          "existing empty directory",
          d -> new Path[] {file(d, "s", 5000), Files.createDirectory(d.resolve("t"))},
          options);
      assertSameAsJdk(
          "existing non-empty directory",
          d -> {
            Path t = Files.createDirectory(d.resolve("t"));
            file(t, "child", 10);
            return new Path[] {file(d, "s", 5000), t};
          },
          options);
      assertSameAsJdk(
          "target a link to another file",
          d -> {
            Path other = file(d, "other", 100);
            return new Path[] {file(d, "s", 5000), Files.createSymbolicLink(d.resolve("t"), other)};
          },
          options);
      assertSameAsJdk(
          "target a link to the source",
          d -> {
            Path s = file(d, "s", 5000);
            return new Path[] {s, Files.createSymbolicLink(d.resolve("t"), s)};
          },
          options);
    }
  }

  @Test
  void sameFileIsLeftAlone() throws Exception {
    for (CopyOption[] options :
        List.of(new CopyOption[0], new CopyOption[] {REPLACE, ATTRIBUTES})) {
      assertSameAsJdk(
          "itself",
          d -> {
            Path s = file(d, "s", 5000);
            return new Path[] {s, s};
          },
          options);
      assertSameAsJdk(
          "a hard link to itself",
          d -> {
            Path s = file(d, "s", 5000);
            return new Path[] {s, Files.createLink(d.resolve("t"), s)};
          },
          options);
      assertSameAsJdk(
          "through a link",
          d -> {
            Path s = file(d, "s", 5000);
            Path link = Files.createSymbolicLink(d.resolve("link"), s);
            return new Path[] {link, s};
          },
          options);
    }
  }

  @Test
  void symbolicLinkSources() throws Exception {
    for (CopyOption[] options :
        List.of(
            new CopyOption[0],
            new CopyOption[] {NOFOLLOW},
            new CopyOption[] {NOFOLLOW, ATTRIBUTES})) {
      assertSameAsJdk(
          "link to a file",
          d -> {
            Path s = file(d, "real", 5000);
            return new Path[] {Files.createSymbolicLink(d.resolve("s"), s), d.resolve("t")};
          },
          options);
      assertSameAsJdk(
          "dangling link",
          d ->
              new Path[] {
                Files.createSymbolicLink(d.resolve("s"), d.resolve("nowhere")), d.resolve("t")
              },
          options);
      assertSameAsJdk(
          "link to a directory",
          d -> {
            Path real = Files.createDirectory(d.resolve("real"));
            return new Path[] {Files.createSymbolicLink(d.resolve("s"), real), d.resolve("t")};
          },
          options);
    }
  }

  @Test
  void badSourcesAndTargets() throws Exception {
    for (CopyOption[] options :
        List.of(new CopyOption[0], new CopyOption[] {REPLACE, ATTRIBUTES})) {
      assertSameAsJdk("missing source", d -> new Path[] {d.resolve("s"), d.resolve("t")}, options);
      assertSameAsJdk(
          "source through a file",
          d -> new Path[] {file(d, "f", 10).resolve("s"), d.resolve("t")},
          options);
      assertSameAsJdk(
          "missing target directory",
          d -> new Path[] {file(d, "s", 10), d.resolve("missing").resolve("t")},
          options);
      assertSameAsJdk(
          "directory source",
          d -> {
            Path s = Files.createDirectory(d.resolve("s"));
            file(s, "child", 10);
            return new Path[] {s, d.resolve("t")};
          },
          options);
    }
  }

  @Test
  void unsupportedAndNullOptionsAreTheJdks() throws Exception {
    Setup plain = d -> new Path[] {file(d, "s", 5000), d.resolve("t")};
    assertSameAsJdk("atomic move", plain, StandardCopyOption.ATOMIC_MOVE);
    assertSameAsJdk("atomic move after others", plain, REPLACE, StandardCopyOption.ATOMIC_MOVE);
    assertSameAsJdk("null option", plain, REPLACE, null);
    // com.sun.nio.file.ExtendedCopyOption.INTERRUPTIBLE, looked up: the type is internal API.
    CopyOption interruptible =
        (CopyOption)
            Class.forName("com.sun.nio.file.ExtendedCopyOption")
                .getField("INTERRUPTIBLE")
                .get(null);
    assertSameAsJdk("interruptible", plain, interruptible);
    CopyOption unknown =
        new CopyOption() {
          @Override
          public String toString() {
            return "UNKNOWN";
          }
        };
    assertSameAsJdk("unknown option", plain, unknown);
  }

  @Test
  void specialFilesAndModesAreTheJdks() throws Exception {
    assertSameAsJdk(
        "setuid and sticky",
        d -> {
          Path s = file(d, "s", 5000);
          Files.setAttribute(s, "unix:mode", 04755);
          return new Path[] {s, d.resolve("t")};
        },
        ATTRIBUTES);
    Path version = Paths.get("/proc/version");
    if (Files.isReadable(version)) {
      assertSameAsJdk("a /proc file", d -> new Path[] {version, d.resolve("t")});
    }
  }

  @Test
  void aCopyThatFailsLeavesNoTarget() throws Exception {
    Path mem = Paths.get("/proc/self/mem"); // reading from offset 0 fails with EIO
    assumeTrue(TestSupport.isLinux() && Files.isReadable(mem));
    assertSameAsJdk("unreadable data", d -> new Path[] {mem, d.resolve("t")});
    assertSameAsJdk("unreadable data, replacing", d -> new Path[] {mem, file(d, "t", 10)}, REPLACE);
    assertFalse(Files.exists(dir.resolve("fastio-0").resolve("t")));
    assertFalse(Files.exists(dir.resolve("fastio-1").resolve("t")));
  }

  @Test
  void userExtendedAttributesAreCopiedWithTheAttributes() throws Exception {
    Path probe = file(dir, "probe", 1);
    UserDefinedFileAttributeView view =
        Files.getFileAttributeView(probe, UserDefinedFileAttributeView.class);
    try {
      view.write("fastio.probe", ByteBuffer.wrap(new byte[] {1}));
    } catch (IOException | UnsupportedOperationException e) {
      assumeTrue(false, "no user extended attributes here: " + e);
    }
    List<String> seen = new ArrayList<>();
    for (boolean fastio : new boolean[] {false, true}) {
      Path d = Files.createDirectories(dir.resolve(fastio ? "xattr-fastio" : "xattr-jdk"));
      Path s = file(d, "s", 5000);
      Files.getFileAttributeView(s, UserDefinedFileAttributeView.class)
          .write("fastio.test", StandardCharsets.UTF_8.encode("value"));
      Path t = d.resolve("t");
      if (fastio) {
        FastFiles.copy(s, t, total -> {}, ATTRIBUTES); // fastio's own copy
      } else {
        Files.copy(s, t, ATTRIBUTES);
      }
      seen.add(Files.getFileAttributeView(t, UserDefinedFileAttributeView.class).list().toString());
    }
    assertEquals(seen.get(0), seen.get(1));
    assertTrue(seen.get(1).contains("fastio.test"), seen.toString());
  }

  @Test
  void theInterruptStatusIsKeptAndTheCopyCompletes() throws Exception {
    byte[] content = TestSupport.randomBytes(11, 3 << 20);
    Path s = Files.write(dir.resolve("s"), content);
    for (int i = 0; i < COPIERS.size(); i++) {
      Path t = dir.resolve("t" + i);
      Thread.currentThread().interrupt();
      try {
        COPIERS.get(i).copy(s, t);
        assertTrue(Thread.interrupted(), "the status is set again");
      } finally {
        Thread.interrupted();
      }
      assertArrayEquals(content, Files.readAllBytes(t));
    }
  }
}
