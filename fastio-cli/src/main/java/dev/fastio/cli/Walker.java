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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
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

    /** A file to hash in the batch: neither standard input nor a known error. */
    boolean isFile() {
      return path != null && error == null;
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
    for (Iterator<Item> it = items(List.of(operand)); it.hasNext(); ) {
      out.add(it.next());
    }
  }

  /**
   * The files of {@code operands} (byte strings), in order, found as they are asked for: each
   * directory is listed when the walk reaches it, so memory holds the listings of one path from the
   * operand down, not the tree. Not thread-safe: one thread at a time iterates.
   */
  Iterator<Item> items(List<String> operands) {
    return new Walk(operands);
  }

  /** A walk of the operands, one directory listing per level down. */
  private final class Walk implements Iterator<Item> {
    private final Iterator<String> operands;
    private final Deque<Level> levels = new ArrayDeque<>();
    private final Set<Object> ancestors = new HashSet<>();
    private final Deque<Item> ready = new ArrayDeque<>();

    Walk(List<String> operands) {
      this.operands = List.copyOf(operands).iterator();
    }

    @Override
    public boolean hasNext() {
      while (ready.isEmpty()) {
        Level level = levels.peek();
        if (level != null) {
          step(level);
        } else if (operands.hasNext()) {
          expand(operands.next());
        } else {
          return false;
        }
      }
      return true;
    }

    @Override
    public Item next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return ready.poll();
    }

    private void expand(String operand) {
      if (operand.equals("-")) {
        ready.add(new Item("-", null, -1, null));
        return;
      }
      if (operand.isEmpty()) { // Path.of("") would be the current directory
        ready.add(new Item(operand, null, -1, new NoSuchFileException(operand)));
        return;
      }
      Path path = Names.path(operand);
      BasicFileAttributes a = attributesOrNull(path);
      if (!recursive || a == null || !a.isDirectory()) {
        ready.add(new Item(operand, path, a != null && a.isRegularFile() ? a.size() : -1, null));
        return;
      }
      enter(operand.endsWith("/") ? operand : operand + "/", path, a);
    }

    /** Lists directory {@code dir} as the next level down, or reports why it cannot be walked. */
    private void enter(String prefix, Path dir, BasicFileAttributes dirAttributes) {
      Object key = dirAttributes.fileKey();
      String name = prefix.substring(0, prefix.length() - 1);
      if (key != null && !ancestors.add(key)) {
        ready.add(new Item(name, null, -1, new FileSystemLoopException(name)));
        return;
      }
      try {
        levels.push(new Level(prefix, key, list(dir)));
      } catch (IOException e) {
        ready.add(new Item(name, null, -1, e));
        if (key != null) {
          ancestors.remove(key);
        }
      }
    }

    /** Visits the level's next entry, or leaves the level after its last. */
    private void step(Level level) {
      if (level.next == level.entries.size()) {
        levels.pop();
        if (level.key != null) {
          ancestors.remove(level.key);
        }
        return;
      }
      Entry e = level.entries.get(level.next);
      level.entries.set(level.next++, null); // visited: let it go
      BasicFileAttributes a;
      try {
        a = attributes(e.path(), follow);
      } catch (NoSuchFileException gone) {
        return; // vanished since listed, or (with -L) a dangling link: find skips both
      } catch (IOException error) {
        ready.add(new Item(level.prefix + e.name(), null, -1, error)); // e.g. -L and a link loop
        return;
      }
      if (a.isDirectory()) {
        enter(level.prefix + e.name() + "/", e.path(), a);
      } else if (a.isRegularFile()) {
        ready.add(new Item(level.prefix + e.name(), e.path(), a.size(), null));
      }
    }
  }

  /** A directory being walked: its name with a slash, its file key, its entries and the next. */
  private static final class Level {
    final String prefix;
    final Object key;
    final List<Entry> entries;
    int next;

    Level(String prefix, Object key, List<Entry> entries) {
      this.prefix = prefix;
      this.key = key;
      this.entries = entries;
    }
  }

  /** A directory entry: its name (a byte string) and its path as the listing gave it. */
  private record Entry(String name, Path path) {}

  private static final Comparator<Entry> BY_NAME =
      new Comparator<>() {
        @Override
        public int compare(Entry a, Entry b) {
          return a.name.compareTo(b.name);
        }
      };

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
    entries.sort(BY_NAME);
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
