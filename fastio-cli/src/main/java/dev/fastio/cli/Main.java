package dev.fastio.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The {@code fastio} command: {@code fastio md5sum -r DIR} (through {@code bin/fastio}), or {@code
 * java -jar fastio.jar md5sum -r DIR}.
 *
 * <p>Exit status as coreutils: 0 on success, 1 if a file could not be read, a check failed or the
 * command line was wrong, 141 if standard output was closed; {@code --audit} has its own (see
 * {@link Audit}). The user guide is {@code docs/user-guide.md}.
 *
 * <p>System properties the launcher sets: those of the standard streams ({@link StandardStreams})
 * and {@code fastio.cli.columns} (the terminal's width for the progress display).
 */
public final class Main {
  private Main() {}

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) throws InterruptedException {
    StandardStreams std = StandardStreams.of(System.getProperties());
    // an uncaught exception is still shown
    System.setErr(new PrintStream(std.err, true, Names.JNU));
    Console console =
        new Console(
            std,
            new Console.Exit() {
              @Override
              public void now(int status) {
                Runtime.getRuntime().halt(status);
              }
            });
    SumCommand.ProgressSettings progress =
        new SumCommand.ProgressSettings(
            ProgressDisplay.DELAY,
            columns(),
            new LongSupplier() {
              @Override
              public long getAsLong() {
                return System.nanoTime();
              }
            });
    // a write error is reported here
    int status = console.close(run(Names.arguments(args), console, progress));
    System.exit(status);
  }

  /**
   * Runs one command line of byte strings ({@link Names}; the tests' entry point); does not flush
   * {@code console}.
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
    if (options.help()) {
      console.print(SumOptions.usage(command, algorithm));
      return 0;
    }
    if (options.version()) {
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
