package dev.fastio.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code fastio} command: {@code fastio md5sum -r DIR} (through {@code bin/fastio}), or {@code
 * java -jar fastio.jar md5sum -r DIR}.
 *
 * <p>Exit status as coreutils: 0 on success, 1 if a file could not be read, a check failed or the
 * command line was wrong, 141 if standard output was closed; {@code --audit} has its own (see
 * {@link Audit}). The user guide is {@code docs/cli.md}.
 *
 * <p>System properties the launcher sets: {@code fastio.cli.stderrFd} (the descriptor standard
 * error was handed over on, fd 2 being pointed elsewhere so that the JVM's own start-up lines are
 * not shown), {@code fastio.cli.stdoutTty} and {@code fastio.cli.stderrTty} ({@code true} or {@code
 * false}: the shell's {@code test -t}), {@code fastio.cli.sigpipe=ignored} (the shell started with
 * {@code SIGPIPE} ignored: a closed pipe is then a write error, as for coreutils), {@code
 * fastio.cli.columns} (the terminal's width for the progress display). {@code
 * fastio.cli.procStatusTo=FILE} copies {@code /proc/self/status} to FILE at the end (the memory
 * test's probe).
 */
public final class Main {
  private Main() {}

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) throws InterruptedException {
    Charset names = fileNameCharset();
    String stderrFd = System.getProperty("fastio.cli.stderrFd");
    OutputStream err = stderr(stderrFd);
    System.setErr(new PrintStream(err, true, names)); // an uncaught exception is still shown
    Console console =
        new Console(
            new FileInputStream(FileDescriptor.in),
            new FileOutputStream(FileDescriptor.out),
            err,
            names,
            isTerminal("fastio.cli.stdoutTty", 1),
            isTerminal("fastio.cli.stderrTty", stderrFd == null ? 2 : Integer.parseInt(stderrFd)),
            "ignored".equals(System.getProperty("fastio.cli.sigpipe")),
            status -> Runtime.getRuntime().halt(status));
    SumCommand.ProgressSettings progress =
        new SumCommand.ProgressSettings(Progress.DELAY, columns(), System::nanoTime);
    int status = console.close(run(args, console, progress)); // a write error is reported here
    copyProcessStatus(System.getProperty("fastio.cli.procStatusTo"));
    System.exit(status);
  }

  /**
   * Copies {@code /proc/self/status} (peak resident set {@code VmHWM} and the rest) to {@code
   * target} if set: the memory test reads the command's own figures at its end.
   */
  private static void copyProcessStatus(String target) {
    if (target != null) {
      try {
        Files.copy(
            Path.of("/proc/self/status"),
            Path.of(target),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        System.err.println("fastio: cannot copy /proc/self/status to " + target + ": " + e);
      }
    }
  }

  /**
   * Runs one command line (the tests' entry point); does not flush {@code console}.
   *
   * @return the exit status
   */
  static int run(String[] args, Console console, SumCommand.ProgressSettings progress)
      throws InterruptedException {
    boolean posix = System.getenv("POSIXLY_CORRECT") != null;
    if (args.length == 0 || args[0].startsWith("-")) {
      return topLevel(Arrays.asList(args), console);
    }
    String command = args[0];
    String algorithm = algorithmOf(command);
    if (algorithm == null) {
      console.error("fastio: unknown command " + Coreutils.quote(command));
      console.error("Try 'fastio --help' for more information.");
      return 1;
    }
    console.program(command);
    SumOptions options;
    try {
      options = SumOptions.parse(Arrays.asList(args).subList(1, args.length), posix);
    } catch (GetOpt.UsageException e) {
      console.error(command + ": " + e.getMessage());
      console.error("Try '" + command + " --help' for more information.");
      return 1;
    } catch (SumOptions.BadValueException e) {
      console.error(command + ": " + e.getMessage());
      if (e.tryHelp) {
        console.error("Try '" + command + " --help' for more information.");
      }
      return 1;
    }
    if (options.help) {
      console.print(SumOptions.usage(command, algorithm));
      return 0;
    }
    if (options.version) {
      console.print(command + " (fastio) " + version() + "\n");
      return 0;
    }
    return new SumCommand(command, algorithm, console, progress).run(options);
  }

  private static int topLevel(List<String> args, Console console) {
    GetOpt parser =
        new GetOpt(
            List.of(
                new GetOpt.Option("help", 'h', false), new GetOpt.Option("version", 'V', false)));
    try {
      GetOpt.Parsed p = parser.parse(args, true);
      if (!p.options().isEmpty()) {
        boolean help = p.options().get(0).option().longName().equals("help");
        console.print(help ? usage() : "fastio " + version() + "\n");
        return 0;
      }
      console.error("fastio: missing command");
    } catch (GetOpt.UsageException e) {
      console.error("fastio: " + e.getMessage());
    }
    console.error("Try 'fastio --help' for more information.");
    return 1;
  }

  private static String usage() {
    return """
        Usage: fastio COMMAND [OPTION]... [FILE]...
        Fast file tools.

        Commands:
          md5sum      print or check MD5 checksums, as coreutils' md5sum
          sha1sum     the same with SHA-1
          sha256sum   the same with SHA-256
          sha512sum   the same with SHA-512

        Run 'fastio COMMAND --help' for a command's options.
          -h, --help      display this help and exit
          -V, --version   output version information and exit
        """;
  }

  /** The algorithm of a command, or null if there is no such command. */
  static String algorithmOf(String command) {
    return switch (command) {
      case "md5sum" -> "MD5";
      case "sha1sum" -> "SHA-1";
      case "sha256sum" -> "SHA-256";
      case "sha512sum" -> "SHA-512";
      default -> null;
    };
  }

  /** The version from the jar's manifest. */
  static String version() {
    String v = Main.class.getPackage().getImplementationVersion();
    return v == null ? "(development build)" : v;
  }

  /** The charset the JVM decodes file names with; printing names in it gives back their bytes. */
  static Charset fileNameCharset() {
    String jnu = System.getProperty("sun.jnu.encoding");
    try {
      return jnu == null ? Charset.defaultCharset() : Charset.forName(jnu);
    } catch (RuntimeException e) {
      return Charset.defaultCharset();
    }
  }

  /**
   * Standard error: descriptor {@code fd} when the launcher handed it over (fd 2 then points where
   * the JVM's start-up warnings are dropped), else fd 2.
   */
  static OutputStream stderr(String fd) {
    if (fd == null) {
      return new FileOutputStream(FileDescriptor.err);
    }
    int n = Integer.parseInt(fd);
    try {
      // Needs --add-opens java.base/java.io=ALL-UNNAMED (the launcher passes it): the descriptor
      // itself,
      // so that writes share its file offset and flags with the shell's (2>>log, >log 2>&1).
      FileDescriptor d = new FileDescriptor();
      Field f = FileDescriptor.class.getDeclaredField("fd");
      f.setAccessible(true);
      f.setInt(d, n);
      return new FileOutputStream(d);
    } catch (ReflectiveOperationException | RuntimeException e) {
      try {
        return new FileOutputStream("/dev/fd/" + n, true); // a new open of the same file, appending
      } catch (IOException notThere) {
        return new FileOutputStream(FileDescriptor.err);
      }
    }
  }

  /** The launcher's answer in {@code property}, else whether {@code fd} is a terminal (Linux). */
  private static boolean isTerminal(String property, int fd) {
    String told = System.getProperty(property);
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

  /** The terminal's width: {@code fastio.cli.columns}, else {@code $COLUMNS}, else 80. */
  private static int columns() {
    for (String v :
        new String[] {System.getProperty("fastio.cli.columns"), System.getenv("COLUMNS")}) {
      try {
        if (v != null && Integer.parseInt(v.trim()) > 10) {
          return Integer.parseInt(v.trim());
        }
      } catch (NumberFormatException e) {
        // next
      }
    }
    return 80;
  }
}
