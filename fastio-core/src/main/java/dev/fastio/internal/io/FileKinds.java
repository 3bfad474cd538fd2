package dev.fastio.internal.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.FileStore;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/** What kind of file a path names, as far as fastio's choice of how to read it depends on it. */
public final class FileKinds {
  /** The options fastio opens files to read with. */
  public static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ);

  /** File-system types whose files report size 0 or a size unrelated to their content. */
  private static final Set<String> PSEUDO_FILE_SYSTEMS =
      Set.of("proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs");

  private FileKinds() {}

  /**
   * True for paths of the platform's file system, the only ones fastio reads itself (a zip file
   * system, say, is left to the JDK).
   *
   * @param path a path
   * @return whether fastio may read it itself
   */
  public static boolean isDefaultFileSystem(Path path) {
    return path.getFileSystem().equals(FileSystems.getDefault());
  }

  /**
   * Opens a file of another file system (one {@link #isDefaultFileSystem} is false for) to be read
   * to its end as {@code Files.readAllBytes} reads it: through a stream over {@code
   * Files.newByteChannel(path)}, so that a file that cannot be read fails with {@code
   * readAllBytes}'s exception. ({@code Files.newInputStream} may differ: the zip file system's
   * refuses a directory with {@code FileSystemException("... is a directory")}, its {@code
   * newByteChannel} with {@code NoSuchFileException}, which {@code readAllBytes} throws.)
   *
   * @param path a path of a file system other than the default one
   * @return a stream the caller must close, which closes the channel
   * @throws IOException as {@code Files.readAllBytes(path)} throws it when opening the file
   */
  public static InputStream openOnOtherFileSystem(Path path) throws IOException {
    return Channels.newInputStream(Files.newByteChannel(path));
  }

  /**
   * True if {@code path} lives on a pseudo-file system ({@code /proc}, {@code /sys} and the like),
   * whose files report size 0 or a size unrelated to their content. False where it cannot be told.
   * Costs a file-store lookup, dearer than a {@code stat}: ask only for files that report size 0.
   *
   * @param path a path
   * @return whether the file's reported size is not to be trusted
   */
  public static boolean isPseudoFile(Path path) {
    try {
      FileStore store = Files.getFileStore(path);
      return PSEUDO_FILE_SYSTEMS.contains(store.type());
    } catch (IOException | RuntimeException e) {
      return false; // cannot tell: an empty file then
    }
  }

  /**
   * The size of the regular file at {@code path}, symbolic links followed.
   *
   * @param path a path
   * @return the size, or -1 if it is not a regular file or cannot be read
   */
  public static long regularFileSize(Path path) {
    try {
      BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
      return a.isRegularFile() ? a.size() : -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
