package dev.fastio.internal.stream;

import dev.fastio.FastOpenOption;
import dev.fastio.internal.io.FileKinds;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

/**
 * The options of {@code Files.newInputStream} and {@code Files.newOutputStream}, checked in the
 * JDK's order and with its exceptions (those of {@code FileSystemProvider.newInputStream} and
 * {@code newOutputStream}; the channel's own checks, such as {@code APPEND + TRUNCATE_EXISTING},
 * come from {@code FileChannel.open}, which runs the same code as the JDK's streams).
 *
 * <p>A stream fastio opens itself takes the standard options but {@code DELETE_ON_CLOSE} (a file
 * unlinked at open could not be opened again after an interrupt) and {@code NOFOLLOW_LINKS}; a
 * {@code null}, an option of another provider (such as {@code ExtendedOpenOption.DIRECT}), {@code
 * DELETE_ON_CLOSE} or a path of another file system gets the JDK's own stream, whose exceptions are
 * then the JDK's by construction.
 */
final class OpenOptions {
  /** {@code Files.newOutputStream}'s options when none are given. */
  private static final Set<OpenOption> OUTPUT_DEFAULT =
      Collections.unmodifiableSet(
          EnumSet.of(
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE));

  private OpenOptions() {}

  /**
   * The options to open an input stream's channel with, or null where the JDK's stream is to be
   * returned.
   *
   * @throws UnsupportedOperationException for {@code APPEND} or {@code WRITE}, as the JDK
   * @throws NullPointerException if {@code options} is null
   */
  static Set<OpenOption> forInput(Path path, OpenOption... options) {
    for (OpenOption option : options) {
      if (option == StandardOpenOption.APPEND || option == StandardOpenOption.WRITE) {
        throw new UnsupportedOperationException("'" + option + "' not allowed");
      }
    }
    if (!handled(path, options)) {
      return null;
    }
    return options.length == 0 ? Collections.emptySet() : copyOf(options);
  }

  /**
   * The options to open an output stream's channel with ({@code WRITE} added, as the JDK adds it),
   * or null where the JDK's stream is to be returned.
   *
   * @throws IllegalArgumentException for {@code READ}: {@code "READ not allowed"}, as the JDK
   * @throws NullPointerException if {@code options} is null
   */
  static Set<OpenOption> forOutput(Path path, OpenOption... options) {
    if (options.length == 0) {
      return FileKinds.isDefaultFileSystem(path) ? OUTPUT_DEFAULT : null;
    }
    for (OpenOption option : options) {
      if (option == StandardOpenOption.READ) {
        throw new IllegalArgumentException("READ not allowed");
      }
    }
    if (!handled(path, options)) {
      return null;
    }
    Set<OpenOption> set = copyOf(options);
    set.add(StandardOpenOption.WRITE);
    return set;
  }

  /** fastio's own options among {@code options}; empty if there are none. */
  static Set<FastOpenOption> fastOptions(OpenOption... options) {
    Set<FastOpenOption> set = EnumSet.noneOf(FastOpenOption.class);
    for (OpenOption option : options) {
      if (option instanceof FastOpenOption fast) {
        set.add(fast);
      }
    }
    return set;
  }

  /** {@code options} without fastio's own. */
  static OpenOption[] standardOptions(OpenOption... options) {
    return Arrays.stream(options)
        .filter(option -> !(option instanceof FastOpenOption))
        .toArray(OpenOption[]::new);
  }

  private static boolean handled(Path path, OpenOption... options) {
    if (!FileKinds.isDefaultFileSystem(path)) {
      return false;
    }
    for (OpenOption option : options) {
      boolean standard =
          option instanceof StandardOpenOption && option != StandardOpenOption.DELETE_ON_CLOSE;
      if (!standard && option != LinkOption.NOFOLLOW_LINKS) {
        return false; // null, DELETE_ON_CLOSE, another provider's option: the JDK's stream
      }
    }
    return true;
  }

  private static Set<OpenOption> copyOf(OpenOption... options) {
    Set<OpenOption> set = new HashSet<>();
    Collections.addAll(set, options);
    return set;
  }
}
