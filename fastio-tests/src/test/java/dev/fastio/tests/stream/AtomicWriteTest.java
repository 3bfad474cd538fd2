package dev.fastio.tests.stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastFiles;
import dev.fastio.FastOpenOption;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnmappableCharacterException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FastOpenOption.ATOMIC} and {@code DURABLE} through the calls that take them: the file
 * replaced as a whole or left as it was, its permissions kept, no temporary file left after a
 * close, a concurrent reader never seeing a mix, and the options' checks against the JDK's
 * exceptions.
 */
class AtomicWriteTest {
  private static final OpenOption ATOMIC = FastOpenOption.ATOMIC;
  private static final OpenOption DURABLE = FastOpenOption.DURABLE;

  @TempDir Path dir;

  @Test
  void aReplacedFileHoldsTheNewBytesAndKeepsItsPermissions() throws IOException {
    Path file = dir.resolve("config");
    Files.write(file, "old".getBytes(StandardCharsets.UTF_8));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    for (OpenOption[] options :
        List.of(new OpenOption[] {ATOMIC}, new OpenOption[] {ATOMIC, DURABLE})) {
      byte[] content = ("new " + Arrays.toString(options)).getBytes(StandardCharsets.UTF_8);
      FastFiles.write(file, content, options);
      assertArrayEquals(content, Files.readAllBytes(file));
      assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }
    assertOnly(file);
  }

  @Test
  void aNewFileGetsThePermissionsFilesWriteGives() throws IOException {
    Path jdk = Files.write(dir.resolve("jdk"), new byte[] {1});
    Path ours = FastFiles.write(dir.resolve("ours"), new byte[] {1}, ATOMIC, DURABLE);
    assertEquals(Files.getPosixFilePermissions(jdk), Files.getPosixFilePermissions(ours));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(ours));
    assertOnly(jdk, ours);
  }

  @Test
  void anOpenStreamLeavesTheOldFileUntilItIsClosed() throws IOException {
    Path file = Files.write(dir.resolve("f"), "old".getBytes(StandardCharsets.UTF_8));
    try (OutputStream out = FastFiles.newOutputStream(file, ATOMIC)) {
      out.write(new byte[100_000]);
      assertEquals("old", Files.readString(file));
      assertEquals(2, listing().size(), listing().toString()); // the file and the temporary file
    }
    assertEquals(100_000, Files.size(file));
    assertOnly(file);
  }

  @Test
  void aWriterWhoseTextCannotBeEncodedLeavesTheOldFile() throws IOException {
    Path file = Files.write(dir.resolve("f"), "old".getBytes(StandardCharsets.UTF_8));
    assertThrows(
        UnmappableCharacterException.class,
        () -> FastFiles.write(file, List.of("ok", "\u20ac"), StandardCharsets.US_ASCII, ATOMIC));
    assertEquals("old", Files.readString(file));
    assertThrows(
        UnmappableCharacterException.class,
        () -> {
          try (BufferedWriter w =
              FastFiles.newBufferedWriter(file, StandardCharsets.US_ASCII, ATOMIC)) {
            w.write("\u20ac");
          }
        });
    assertEquals("old", Files.readString(file));
    assertOnly(file);
  }

  @Test
  void linesWhoseIteratorFailsOrATextEndingInALoneSurrogateLeaveTheOldFile() throws IOException {
    Path file = Files.write(dir.resolve("f"), "old".getBytes(StandardCharsets.UTF_8));
    Iterable<String> failing =
        () ->
            Stream.of("a", "b")
                .map(
                    line -> {
                      if (line.equals("b")) {
                        throw new IllegalStateException("the source failed");
                      }
                      return line;
                    })
                .iterator();
    assertThrows(
        IllegalStateException.class,
        () -> FastFiles.write(file, failing, StandardCharsets.UTF_8, ATOMIC));
    assertEquals("old", Files.readString(file));
    assertThrows(
        IOException.class,
        () -> {
          try (BufferedWriter w =
              FastFiles.newBufferedWriter(file, StandardCharsets.UTF_8, ATOMIC)) {
            w.write("abc\uD83D"); // held back by the encoder until close, which rejects it
          }
        });
    assertEquals("old", Files.readString(file));
    assertOnly(file);
  }

  @Test
  void aNameOfTheLongestLengthInBytesIsReplacedAndALinkRefusedWithNoFollow() throws IOException {
    String name = "\u6587".repeat(85); // 255 bytes in UTF-8: NAME_MAX
    Path file = Files.write(dir.resolve(name), new byte[] {1});
    FastFiles.write(file, new byte[] {2}, ATOMIC, DURABLE);
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(file));
    Path link = Files.createSymbolicLink(dir.resolve("link"), file.getFileName());
    IOException jdk =
        assertThrows(
            IOException.class, () -> Files.write(link, new byte[1], LinkOption.NOFOLLOW_LINKS));
    IOException ours =
        assertThrows(
            IOException.class,
            () -> FastFiles.write(link, new byte[1], ATOMIC, LinkOption.NOFOLLOW_LINKS));
    assertEquals(jdk.getClass(), ours.getClass());
    assertEquals(jdk.getMessage(), ours.getMessage());
    assertTrue(Files.isSymbolicLink(link));
    assertOnly(file, link);
  }

  @Test
  void aReaderSeesTheOldContentOrTheNewNeverAMix() throws Exception {
    Path file = dir.resolve("swapped");
    byte[] a = filled((byte) 'a', 300_000);
    byte[] b = filled((byte) 'b', 70_000);
    Files.write(file, a);
    AtomicBoolean done = new AtomicBoolean();
    AtomicReference<String> seen = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              while (!done.get() && seen.get() == null) {
                try {
                  byte[] got = Files.readAllBytes(file);
                  if (!Arrays.equals(got, a) && !Arrays.equals(got, b)) {
                    seen.set(got.length + " bytes starting with " + (char) got[0]);
                  }
                } catch (IOException e) {
                  seen.set(e.toString());
                }
              }
            });
    reader.start();
    try {
      for (int i = 0; i < 400 && seen.get() == null; i++) {
        FastFiles.write(file, i % 2 == 0 ? b : a, ATOMIC);
      }
    } finally {
      done.set(true);
      reader.join();
    }
    assertEquals(null, seen.get());
    assertOnly(file);
  }

  @Test
  void createNewCommitsOnlyWhereNoFileIs() throws IOException {
    Path file = dir.resolve("new");
    FastFiles.write(file, new byte[] {7}, ATOMIC, StandardOpenOption.CREATE_NEW);
    assertArrayEquals(new byte[] {7}, Files.readAllBytes(file));
    assertThrows(
        FileAlreadyExistsException.class,
        () -> FastFiles.write(file, new byte[] {8}, ATOMIC, StandardOpenOption.CREATE_NEW));
    Path raced = dir.resolve("raced");
    OutputStream out = FastFiles.newOutputStream(raced, ATOMIC, StandardOpenOption.CREATE_NEW);
    out.write(1);
    Files.write(raced, new byte[] {2}); // another writer made the file meanwhile
    assertThrows(FileAlreadyExistsException.class, out::close);
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(raced));
    assertOnly(file, raced);
  }

  @Test
  void theOptionsAreCheckedAsTheJdkChecksItsOwn() throws IOException {
    Path missing = dir.resolve("missing");
    assertThrows(
        NoSuchFileException.class,
        () -> FastFiles.write(missing, new byte[1], ATOMIC, StandardOpenOption.WRITE));
    assertThrows(
        NoSuchFileException.class,
        () -> Files.write(missing, new byte[1], StandardOpenOption.WRITE));
    assertThrows(
        NoSuchFileException.class,
        () -> FastFiles.write(dir.resolve("no/such/dir"), new byte[1], ATOMIC));
    Path file = Files.write(dir.resolve("f"), new byte[] {1});
    IllegalArgumentException append =
        assertThrows(
            IllegalArgumentException.class,
            () -> FastFiles.write(file, new byte[1], ATOMIC, StandardOpenOption.APPEND));
    assertEquals("ATOMIC and APPEND", append.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> FastFiles.newOutputStream(file, ATOMIC, StandardOpenOption.READ));
    assertThrows(
        IllegalArgumentException.class,
        () -> FastFiles.newOutputStream(file, DURABLE, StandardOpenOption.DELETE_ON_CLOSE));
    assertThrows(
        UnsupportedOperationException.class,
        () -> Files.write(file, new byte[1], ATOMIC)); // the JDK's own calls refuse them
    Path sub = Files.createDirectory(dir.resolve("sub"));
    FileSystemException jdk =
        assertThrows(FileSystemException.class, () -> Files.write(sub, new byte[1]));
    FileSystemException ours =
        assertThrows(FileSystemException.class, () -> FastFiles.write(sub, new byte[1], ATOMIC));
    assertEquals(jdk.getClass(), ours.getClass());
    assertEquals(jdk.getMessage(), ours.getMessage());
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(file));
    assertOnly(file, sub);
  }

  @Test
  void aSymbolicLinkIsReplacedAndItsTargetLeftAsItWas() throws IOException {
    Path real = Files.write(dir.resolve("real"), new byte[] {1});
    Path link = Files.createSymbolicLink(dir.resolve("link"), real.getFileName());
    FastFiles.write(link, new byte[] {2}, ATOMIC);
    assertFalse(Files.isSymbolicLink(link));
    assertArrayEquals(new byte[] {2}, Files.readAllBytes(link));
    assertArrayEquals(new byte[] {1}, Files.readAllBytes(real));
    assertOnly(real, link);
  }

  @Test
  void durableAloneWritesInPlaceAsFilesWrite() throws IOException {
    Path file = Files.write(dir.resolve("log"), "a".getBytes(StandardCharsets.UTF_8));
    Object key = Files.readAttributes(file, "unix:ino", LinkOption.NOFOLLOW_LINKS).get("ino");
    FastFiles.writeString(file, "b", DURABLE, StandardOpenOption.APPEND);
    assertEquals("ab", Files.readString(file));
    assertEquals(key, Files.readAttributes(file, "unix:ino").get("ino")); // the same file
    FastFiles.writeString(dir.resolve("new"), "c", DURABLE);
    assertEquals("c", Files.readString(dir.resolve("new")));
    assertOnly(file, dir.resolve("new"));
  }

  private static byte[] filled(byte b, int size) {
    byte[] bytes = new byte[size];
    Arrays.fill(bytes, b);
    return bytes;
  }

  private List<Path> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  /** The directory holds these and nothing else: no temporary file is left. */
  private void assertOnly(Path... paths) throws IOException {
    assertEquals(Stream.of(paths).sorted().toList(), listing());
    assertTrue(listing().stream().noneMatch(p -> p.getFileName().toString().endsWith(".tmp")));
  }
}
