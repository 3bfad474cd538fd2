package dev.fastio.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Expands command-line operands into the files to hash.
 *
 * <p>An operand is taken as given (a file, a FIFO, a missing path: the digest reports it), except
 * that with {@code -r} an operand that is a directory (or a symbolic link to one) is walked. The
 * walk lists what {@code find DIR -type f} lists: regular files only, symbolic links not followed
 * (with {@code -L} they are, like {@code find -L}, and a directory loop is reported and skipped),
 * FIFOs, sockets and devices skipped, so a walk never blocks on a FIFO. Each directory's entries
 * are visited in byte order of their names ({@link #BYTE_ORDER}, the order of {@code LC_ALL=C
 * sort}), subdirectories where their names fall, so the output is the same on every run and with
 * any number of threads. A directory that cannot be read is reported and skipped.
 */
final class Walker {
  /** A file to hash: the name to print and the path to read. */
  static final class Item {
    final String name;
    final Path path;
    final long size; // -1 if unknown
    final IOException error; // known before hashing: reported in order, not hashed

    Item(String name, Path path, long size, IOException error) {
      this.name = name;
      this.path = path;
      this.size = size;
      this.error = error;
    }

    /** Standard input ({@code -}). */
    boolean isStdin() {
      return path == null && error == null;
    }
  }

  /**
   * Names in the order of their bytes in UTF-8 (or ISO-8859-1): code point order, which differs
   * from {@link String#compareTo} for characters outside the Basic Multilingual Plane.
   */
  static final java.util.Comparator<String> BYTE_ORDER = Walker::compareCodePoints;

  private final boolean recursive;
  private final boolean follow;

  Walker(boolean recursive, boolean follow) {
    this.recursive = recursive;
    this.follow = follow;
  }

  /** Adds the files of one operand to {@code out}. */
  void expand(String operand, List<Item> out) {
    if (operand.equals("-")) {
      out.add(new Item("-", null, -1, null));
      return;
    }
    if (operand.isEmpty()) { // Path.of("") would be the current directory
      out.add(new Item(operand, null, -1, new NoSuchFileException(operand)));
      return;
    }
    Path path = Path.of(operand);
    BasicFileAttributes a = attributes(path, true);
    if (!recursive || a == null || !a.isDirectory()) {
      out.add(new Item(operand, path, a != null && a.isRegularFile() ? a.size() : -1, null));
      return;
    }
    Set<Object> ancestors = new HashSet<>();
    walk(operand.endsWith("/") ? operand : operand + "/", path, a, ancestors, out);
  }

  private void walk(
      String prefix,
      Path dir,
      BasicFileAttributes dirAttributes,
      Set<Object> ancestors,
      List<Item> out) {
    Object key = dirAttributes.fileKey();
    if (key != null && !ancestors.add(key)) {
      String name = prefix.substring(0, prefix.length() - 1);
      out.add(new Item(name, null, -1, new FileSystemLoopException(name)));
      return;
    }
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path p : entries) {
        names.add(p.getFileName().toString());
      }
    } catch (IOException e) {
      out.add(new Item(prefix.substring(0, prefix.length() - 1), null, -1, e));
      ancestors.remove(key);
      return;
    }
    names.sort(BYTE_ORDER);
    for (String n : names) {
      Path child = dir.resolve(n);
      BasicFileAttributes a = attributes(child, follow);
      if (a == null) {
        continue; // vanished since listed, or (with -L) a dangling link: find skips both
      }
      if (a.isDirectory()) {
        walk(prefix + n + "/", child, a, ancestors, out);
      } else if (a.isRegularFile()) {
        out.add(new Item(prefix + n, child, a.size(), null));
      }
    }
    if (key != null) {
      ancestors.remove(key);
    }
  }

  private static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  private static BasicFileAttributes attributes(Path p, boolean followLinks) {
    try {
      return followLinks
          ? Files.readAttributes(p, BasicFileAttributes.class)
          : Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return null;
    }
  }
}
