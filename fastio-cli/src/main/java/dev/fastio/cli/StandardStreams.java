package dev.fastio.cli;

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The command's standard input, output and error: the descriptors {@code bin/fastio} handed over,
 * each stream that the caller closed kept closed, and what the launcher saw of them.
 *
 * <p>A stream the caller closed ({@code <&-}, {@code >&-}, {@code 2>&-}) behaves as coreutils finds
 * it: reading {@link #in} or closing it fails with {@code Bad file descriptor}, as does writing to
 * or closing {@link #out}; {@link #err} drops what is written. The descriptor's number is never
 * used: the JVM may have opened a file of its own there.
 *
 * <p>System properties the launcher sets: {@code fastio.cli.closed} (the standard descriptors the
 * caller had closed, such as {@code 0,2}, each reopened on {@code /dev/null} so that the JVM could
 * not take it; present, even empty, it is the whole answer), {@code fastio.cli.stdoutFd} and {@code
 * fastio.cli.stderrFd} (the descriptors standard output and error were handed over on, the JVM's
 * own descriptors 1 and 2 being pointed elsewhere so that its start-up lines are not shown), {@code
 * fastio.cli.stdoutTty} and {@code fastio.cli.stderrTty} ({@code true} or {@code false}: the
 * shell's {@code test -t}), {@code fastio.cli.sigpipe=ignored} (the shell started with {@code
 * SIGPIPE} ignored).
 *
 * <p>Without {@code fastio.cli.closed} ({@code java -jar fastio.jar}), a descriptor counts as
 * closed if it is closed now or holds a file the JVM opened for itself on the free number: a file
 * under {@code java.home} or on the class path (Linux, read from {@code /proc/self/fd}; elsewhere
 * each open descriptor is taken as the caller's). The limits of that rule are in {@code
 * docs/user-guide.md}.
 */
final class StandardStreams {
  /** {@code strerror(EBADF)}: what coreutils prints for a closed descriptor. */
  static final String BAD_DESCRIPTOR = "Bad file descriptor";

  final InputStream in;
  final OutputStream out;
  final OutputStream err;
  final boolean stdoutTerminal;
  final boolean stderrTerminal;
  final boolean sigpipeIgnored;

  private StandardStreams(
      InputStream in,
      OutputStream out,
      OutputStream err,
      boolean stdoutTerminal,
      boolean stderrTerminal,
      boolean sigpipeIgnored) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.stdoutTerminal = stdoutTerminal;
    this.stderrTerminal = stderrTerminal;
    this.sigpipeIgnored = sigpipeIgnored;
  }

  /**
   * Streams that are not the process's (a training run's, a test's): none a terminal, {@code
   * SIGPIPE} not ignored.
   */
  static StandardStreams detached(InputStream in, OutputStream out, OutputStream err) {
    return new StandardStreams(in, out, err, false, false, false);
  }

  /** The streams of this process, as {@code properties} (the system properties) describe them. */
  static StandardStreams of(Properties properties) {
    int outFd = descriptor(properties.getProperty("fastio.cli.stdoutFd"), 1);
    int errFd = descriptor(properties.getProperty("fastio.cli.stderrFd"), 2);
    String told = properties.getProperty("fastio.cli.closed");
    Set<Integer> closed = told != null ? parse(told) : closedOrTaken(List.of(0, outFd, errFd));
    boolean inClosed = closed.contains(0);
    boolean outClosed = closed.contains(1) || closed.contains(outFd);
    boolean errClosed = closed.contains(2) || closed.contains(errFd);
    return new StandardStreams(
        inClosed ? new ClosedInput() : new FileInputStream(FileDescriptor.in),
        outClosed ? new ClosedOutput() : output(outFd),
        errClosed ? OutputStream.nullOutputStream() : output(errFd),
        !outClosed && isTerminal(properties.getProperty("fastio.cli.stdoutTty"), outFd),
        !errClosed && isTerminal(properties.getProperty("fastio.cli.stderrTty"), errFd),
        "ignored".equals(properties.getProperty("fastio.cli.sigpipe")));
  }

  private static int descriptor(String property, int otherwise) {
    return property == null ? otherwise : Integer.parseInt(property.trim());
  }

  private static Set<Integer> parse(String list) {
    Set<Integer> fds = new HashSet<>();
    for (String fd : list.split(",", -1)) {
      if (!fd.isBlank()) {
        fds.add(Integer.parseInt(fd.trim()));
      }
    }
    return fds;
  }

  /** Those of {@code fds} that are closed or hold a file the JVM opened (Linux; else none). */
  static Set<Integer> closedOrTaken(List<Integer> fds) {
    Set<Integer> closed = new HashSet<>();
    List<Path> jvmFiles = jvmFiles();
    for (int fd : fds) {
      try {
        Path target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd));
        for (Path jvmFile : jvmFiles) {
          if (target.startsWith(jvmFile)) {
            closed.add(fd);
            break;
          }
        }
      } catch (NoSuchFileException e) {
        if (Files.isDirectory(Path.of("/proc/self/fd"))) {
          closed.add(fd); // closed now
        }
      } catch (IOException | RuntimeException e) {
        // no /proc: the caller's
      }
    }
    return closed;
  }

  /**
   * The runtime's directory and the jars on the class path (the JVM keeps them open; a class file
   * it reads from a directory it closes again), each as given and as a real path.
   */
  private static List<Path> jvmFiles() {
    List<Path> given = new ArrayList<>();
    given.add(Path.of(System.getProperty("java.home")));
    for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator, -1)) {
      if (!entry.isEmpty() && Files.isRegularFile(Path.of(entry))) {
        given.add(Path.of(entry));
      }
    }
    List<Path> paths = new ArrayList<>();
    for (Path p : given) {
      paths.add(p.toAbsolutePath());
      try {
        paths.add(p.toRealPath());
      } catch (IOException e) {
        // as given only
      }
    }
    return paths;
  }

  /**
   * An output stream on descriptor {@code fd} itself (not a reopened {@code /dev/fd/N}), so that
   * writes share its file offset and flags with the shell's ({@code 2>>log}, {@code >log 2>&1}).
   * For descriptors above 2 it needs {@code --add-opens java.base/java.io=ALL-UNNAMED} (the
   * launcher passes it), else it opens {@code /dev/fd/N} for appending.
   */
  static OutputStream output(int fd) {
    if (fd == 1) {
      return new FileOutputStream(FileDescriptor.out);
    }
    if (fd == 2) {
      return new FileOutputStream(FileDescriptor.err);
    }
    try {
      FileDescriptor d = new FileDescriptor();
      Field f = FileDescriptor.class.getDeclaredField("fd");
      f.setAccessible(true);
      f.setInt(d, fd);
      return new FileOutputStream(d);
    } catch (ReflectiveOperationException | RuntimeException e) {
      try {
        return new FileOutputStream("/dev/fd/" + fd, true);
      } catch (IOException notThere) {
        return OutputStream.nullOutputStream();
      }
    }
  }

  /** The launcher's answer in {@code told}, else whether {@code fd} is a terminal (Linux). */
  private static boolean isTerminal(String told, int fd) {
    return told != null ? Boolean.parseBoolean(told) : isTerminal(fd);
  }

  /** True if descriptor {@code fd} is a terminal (Linux: a tty or pts device); false elsewhere. */
  static boolean isTerminal(int fd) {
    try {
      Path target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd));
      String t = target.toString();
      return t.startsWith("/dev/pts/") || t.startsWith("/dev/tty") || t.equals("/dev/console");
    } catch (IOException | RuntimeException e) {
      return false; // not Linux: no progress unless --progress
    }
  }

  /** A closed standard input: every read and the close fail with {@code Bad file descriptor}. */
  private static final class ClosedInput extends InputStream {
    @Override
    public int read() throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }

    @Override
    public void close() throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }
  }

  /** A closed standard output: every write and the close fail with {@code Bad file descriptor}. */
  private static final class ClosedOutput extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }

    @Override
    public void close() throws IOException {
      throw new IOException(BAD_DESCRIPTOR);
    }
  }
}
