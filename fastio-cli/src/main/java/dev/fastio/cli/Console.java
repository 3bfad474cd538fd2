package dev.fastio.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The standard streams of one command, with coreutils' behaviour on write errors and a status line
 * (the progress display) kept out of the way of every other output.
 *
 * <p>Standard output is buffered (4 KiB in the tool), flushed at the end, when the buffer fills,
 * before each line of standard error (so the two keep their order on one terminal), and after each
 * line when it is a terminal. A write to standard output that fails ends the process at once
 * through {@link Exit}: with status 141 and nothing printed if the reader of the pipe is gone
 * ({@code EPIPE}), as coreutils is ended by {@code SIGPIPE}; else (a full disk, {@code EPIPE} with
 * {@code SIGPIPE} ignored) with {@code PROG: write error} and status 1, as coreutils 9.1. Either
 * way the batch's threads stop with the process.
 *
 * <p>Text is written as byte strings ({@link Names}): one byte per {@code char}, so names go out
 * with the bytes they came in with.
 *
 * <p>Thread-safe: the progress display draws from its own thread.
 */
final class Console {
  /** Exit status of a process killed by {@code SIGPIPE}, as shells report it. */
  static final int BROKEN_PIPE = 141;

  /** Ends the process now, without waiting for any thread: {@code Runtime.halt} in the tool. */
  interface Exit {
    void now(int status);
  }

  final InputStream in;
  private final OutputStream out;
  private final OutputStream err;
  private final boolean stdoutTerminal;
  private final boolean stderrTerminal;
  private final boolean sigpipeIgnored;
  private final Exit exit;
  private String program = "fastio";
  private String status; // the status line shown on stderr, or null

  Console(
      InputStream in,
      OutputStream out,
      OutputStream err,
      boolean stdoutTerminal,
      boolean stderrTerminal,
      boolean sigpipeIgnored,
      Exit exit) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.stdoutTerminal = stdoutTerminal;
    this.stderrTerminal = stderrTerminal;
    this.sigpipeIgnored = sigpipeIgnored;
    this.exit = exit;
  }

  /** The name messages start with ({@code md5sum}, ...). */
  synchronized void program(String name) {
    this.program = name;
  }

  synchronized String program() {
    return program;
  }

  /**
   * Reads standard input to its end. Not {@code FileInputStream.readAllBytes}, which fails with
   * "Illegal seek" on a pipe in JDK 17.
   */
  byte[] readStdin() throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[1 << 16];
    for (int n; (n = in.read(buf)) >= 0; ) {
      b.write(buf, 0, n);
    }
    return b.toByteArray();
  }

  /** True if standard error is a terminal: the default for the progress display. */
  boolean stderrIsTerminal() {
    return stderrTerminal;
  }

  /** Writes {@code s} to standard output. */
  synchronized void print(CharSequence s) {
    try {
      if (stdoutTerminal) {
        clearStatusLine();
      }
      out.write(s.toString().getBytes(Names.BYTES));
      if (stdoutTerminal) {
        out.flush();
      }
    } catch (IOException e) {
      writeFailed(e);
    }
  }

  /** Writes {@code line} and a newline to standard error, after what standard output holds. */
  synchronized void error(String line) {
    flush();
    clearStatusLine();
    writeErr(line + "\n");
  }

  /** Flushes standard output. */
  synchronized void flush() {
    try {
      out.flush();
    } catch (IOException e) {
      writeFailed(e);
    }
  }

  /** Shows {@code line} as the status line on standard error, replacing the one shown. */
  synchronized void statusLine(String line) {
    if (line.equals(status)) {
      return;
    }
    writeErr("\r" + line + "\033[K");
    status = line;
  }

  /** Erases the status line, if one is shown. */
  synchronized void clearStatusLine() {
    if (status != null) {
      status = null;
      writeErr("\r\033[K");
    }
  }

  private void writeErr(String s) {
    try {
      err.write(s.getBytes(Names.BYTES));
      err.flush();
    } catch (IOException e) {
      // as coreutils: a message that cannot be shown is lost, the exit status still tells
    }
  }

  private void writeFailed(IOException e) {
    clearStatusLine();
    if (isBrokenPipe(e) && !sigpipeIgnored) {
      exit.now(BROKEN_PIPE);
    } else {
      writeErr(program + ": write error\n");
      exit.now(1);
    }
    throw new IllegalStateException("exit returned", e); // tests' Exit may return
  }

  /** True for {@code EPIPE}: the JDK reports it with strerror's text. */
  static boolean isBrokenPipe(IOException e) {
    String m = e.getMessage();
    return m != null && m.toLowerCase(Locale.ROOT).contains("broken pipe");
  }
}
