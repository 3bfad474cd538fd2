package dev.fastio.cli;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
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
 * any number of threads.
 *
 * <p>Names are byte strings ({@link Names}): a name that is not valid in the locale's charset is
 * walked, hashed and printed with its bytes. Nothing is left out without a word: a directory that
 * cannot be read, an entry whose type cannot be read (with {@code -L}: a link loop, {@code Too many
 * levels of symbolic links}) and a directory loop are reported as errors (exit status 1), as {@code
 * find} reports them. Only an entry gone between the listing and its {@code stat}, or with {@code
 * -L} a dangling link, is skipped silently, as {@code find -L -type f} skips it.
 */
final class Walker {
  /** A file to hash: the name to print (a byte string) and the path to read. */
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

  /** Byte strings in the order of their bytes ({@link Names}: one char per byte). */
  static final Comparator<String> BYTE_ORDER = Comparator.naturalOrder();

  private final boolean recursive;
  private final boolean follow;

  Walker(boolean recursive, boolean follow) {
    this.recursive = recursive;
    this.follow = follow;
  }

  /** Adds the files of one operand, a byte string, to {@code out}. */
  void expand(String operand, List<Item> out) {
    if (operand.equals("-")) {
      out.add(new Item("-", null, -1, null));
      return;
    }
    if (operand.isEmpty()) { // Path.of("") would be the current directory
      out.add(new Item(operand, null, -1, new NoSuchFileException(operand)));
      return;
    }
    Path path = Names.path(operand);
    BasicFileAttributes a = attributesOrNull(path);
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
    List<Entry> entries;
    try {
      entries = list(dir);
    } catch (IOException e) {
      out.add(new Item(prefix.substring(0, prefix.length() - 1), null, -1, e));
      ancestors.remove(key);
      return;
    }
    for (Entry e : entries) {
      BasicFileAttributes a;
      try {
        a = attributes(e.path(), follow);
      } catch (NoSuchFileException gone) {
        continue; // vanished since listed, or (with -L) a dangling link: find skips both
      } catch (IOException error) {
        out.add(new Item(prefix + e.name(), null, -1, error)); // e.g. -L and a link loop
        continue;
      }
      if (a.isDirectory()) {
        walk(prefix + e.name() + "/", e.path(), a, ancestors, out);
      } else if (a.isRegularFile()) {
        out.add(new Item(prefix + e.name(), e.path(), a.size(), null));
      }
    }
    if (key != null) {
      ancestors.remove(key);
    }
  }

  /** A directory entry: its name (a byte string) and its path as the listing gave it. */
  private record Entry(String name, Path path) {}

  /** The entries of {@code dir} in byte order of their names. */
  private static List<Entry> list(Path dir) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir)) {
      for (Path p : listing) {
        entries.add(new Entry(Names.fileName(p), p));
      }
    } catch (DirectoryIteratorException e) {
      throw e.getCause();
    }
    entries.sort(Comparator.comparing(Entry::name));
    return entries;
  }

  private static BasicFileAttributes attributes(Path p, boolean followLinks) throws IOException {
    return followLinks
        ? Files.readAttributes(p, BasicFileAttributes.class)
        : Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  /** An operand's attributes, links followed, or null: the digest then reports what is wrong. */
  private static BasicFileAttributes attributesOrNull(Path p) {
    try {
      return attributes(p, true);
    } catch (IOException e) {
      return null;
    }
  }
}
