package dev.fastio.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The {@code fastio} command: {@code java -jar fastio.jar md5sum -r DIR}.
 *
 * <p>Exit status as coreutils: 0 on success, 1 if any file could not be read, a check failed, or
 * the command line was wrong.
 *
 * <p>The command lines are declared through picocli's programmatic API, not its annotations, which
 * cost about 0.1 s more of start-up (see {@link SumCommand}).
 */
public final class Main implements Runnable {
  private static final String DESCRIPTION =
      "Fast file tools. Run 'fastio COMMAND --help' for a command's options.";

  /** The command line this command belongs to, for the usage of the missing-command error. */
  private CommandLine commandLine;

  private Main() {}

  /** Algorithm of each command, by command name. */
  static final String[][] COMMANDS = {
    {"md5sum", "MD5"}, {"sha1sum", "SHA-1"}, {"sha256sum", "SHA-256"}, {"sha512sum", "SHA-512"}
  };

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    Charset names = fileNameCharset();
    OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, names);
    InputStream in = new FileInputStream(FileDescriptor.in);
    // The bar's carriage returns would garble checksum lines printed to the same terminal.
    boolean progress = isTerminal(2) && !isTerminal(1);
    int status = run(args, in, out, err, names, progress, Progress.DELAY);
    try {
      out.flush();
    } catch (IOException e) {
      err.println("fastio: write error: " + e.getMessage());
      status = 1;
    }
    System.exit(status);
  }

  /**
   * Runs one command line with the given streams (the tests' entry point).
   *
   * @return the exit status
   */
  static int run(
      String[] args,
      InputStream in,
      OutputStream out,
      PrintStream err,
      Charset names,
      boolean showProgress,
      Duration progressDelay) {
    SumCommand.Console io =
        new SumCommand.Console(in, out, err, names, showProgress, progressDelay);
    Main main = new Main();
    CommandSpec spec = CommandSpec.wrapWithoutInspection(main).name("fastio");
    spec.exitCodeOnInvalidInput(1);
    spec.usageMessage().description(DESCRIPTION);
    addStandardHelpOptions(spec);
    CommandLine cl = new CommandLine(spec);
    main.commandLine = cl;
    for (String[] c : COMMANDS) {
      cl.addSubcommand(c[0], new CommandLine(new SumCommand(c[0], c[1], io).spec()));
    }
    PrintStream outText = new PrintStream(out, true, names);
    cl.setOut(new PrintWriter(new OutputStreamWriter(outText, names), true));
    cl.setErr(new PrintWriter(new OutputStreamWriter(err, names), true));
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    int status = cl.execute(args);
    outText.flush();
    return status;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        commandLine, "Missing command: md5sum, sha1sum, sha256sum or sha512sum");
  }

  /**
   * Adds {@code -h/--help} and {@code -V/--version}, as picocli's {@code mixinStandardHelpOptions}.
   */
  static void addStandardHelpOptions(CommandSpec spec) {
    spec.versionProvider(new Version());
    spec.addOption(
        OptionSpec.builder("-h", "--help")
            .usageHelp(true)
            .arity("0")
            .type(boolean.class)
            .description("Show this help message and exit.")
            .build());
    spec.addOption(
        OptionSpec.builder("-V", "--version")
            .versionHelp(true)
            .arity("0")
            .type(boolean.class)
            .description("Print version information and exit.")
            .build());
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

  /** True if descriptor {@code fd} is a terminal (Linux: a tty or pts device); false elsewhere. */
  static boolean isTerminal(int fd) {
    try {
      Path target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd));
      String t = target.toString();
      return t.startsWith("/dev/pts/") || t.startsWith("/dev/tty") || t.equals("/dev/console");
    } catch (IOException | RuntimeException e) {
      return false; // not Linux: no progress unless --progress (System.console() cannot tell
      // stderr)
    }
  }

  /** The version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"fastio " + (v == null ? "(development build)" : v)};
    }
  }
}
