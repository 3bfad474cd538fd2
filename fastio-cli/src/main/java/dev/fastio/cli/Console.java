package dev.fastio.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Locale;

/**
 * The standard streams of one command, with coreutils' behaviour on write errors and a status line
 * (the progress display) kept out of the way of every other output.
 *
 * <p>Standard output is buffered (4 KiB), flushed by {@link #close}, when the buffer fills, before
 * each line of standard error (so the two keep their order on one terminal), and after each line
 * when it is a terminal. A write to standard output that fails with {@code EPIPE} (the reader of
 * the pipe is gone) ends the process at once through {@link Exit}, with status 141 and nothing
 * printed, as coreutils is ended by {@code SIGPIPE}; the batch's threads stop with the process. Any
 * other write error (a full disk, a closed standard output, {@code EPIPE} with {@code SIGPIPE}
 * ignored) is kept: the command goes on without standard output, and {@link #close} reports it as
 * coreutils 9.1's {@code close_stdout} does.
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
  private final OutputStream stdout;
  private final OutputStream out; // stdout, buffered
  private final OutputStream err;
  private final StandardStreams streams;
  private final Exit exit;
  private String program = "fastio";
  private String status; // the status line shown on stderr, or null
  private IOException writeError; // the last failed write to standard output, or null
  private boolean unterminated; // standard output since its last newline is not empty

  /**
   * @param streams the command's streams and what is known of them; standard output unbuffered: the
   *     console buffers it, and closes it in {@link #close} after a write error
   */
  Console(StandardStreams streams, Exit exit) {
    this.streams = streams;
    this.in = streams.in;
    this.stdout = streams.out;
    // 4 KiB as coreutils' stdio on a pipe: a closed pipe is seen after as few lines
    this.out = new BufferedOutputStream(streams.out, 4096);
    this.err = streams.err;
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
   * Reads {@code in} to its end; does not close it. Not {@code FileInputStream.readAllBytes}, which
   * fails with "Illegal seek" on a pipe in JDK 17.
   */
  static byte[] readAll(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    byte[] buf = new byte[1 << 16];
    for (int n; (n = in.read(buf)) >= 0; ) {
      b.write(buf, 0, n);
    }
    return b.toByteArray();
  }

  /** True if standard error is a terminal: the default for the progress display. */
  boolean stderrIsTerminal() {
    return streams.stderrTerminal;
  }

  /** Writes {@code s} to standard output; nothing after a write error. */
  synchronized void print(CharSequence s) {
    if (s.length() > 0) {
      unterminated = s.charAt(s.length() - 1) != '\n';
    }
    if (writeError != null) {
      return;
    }
    try {
      if (streams.stdoutTerminal) {
        clearStatusLine();
      }
      out.write(s.toString().getBytes(Names.BYTES));
      if (streams.stdoutTerminal) {
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
    if (writeError != null) {
      return;
    }
    try {
      out.flush();
    } catch (IOException e) {
      writeFailed(e);
    }
  }

  /**
   * Ends standard output as coreutils' {@code close_stdout} does, after the command: flushes it,
   * and if a write failed prints {@code PROG: write error} and returns 1. The message names the
   * reason ({@code PROG: write error: REASON}) only where coreutils' own last write or close fails:
   * when standard output is closed ({@code Bad file descriptor}), or when the output does not end
   * in a newline (as with {@code -z}), since coreutils' line-buffered stdout still holds that part
   * when it exits and writes it then. A closed standard output that nothing was written to is no
   * error.
   *
   * @param status the command's exit status
   * @return {@code status}, or 1 after a write error
   */
  synchronized int close(int status) {
    flush();
    if (writeError == null) {
      return status;
    }
    String reason = null;
    try {
      stdout.close(); // fails where standard output is closed, as coreutils' fclose
    } catch (IOException e) {
      reason = Coreutils.reason(e);
    }
    if (reason == null && unterminated) {
      reason = Coreutils.reason(writeError);
    }
    clearStatusLine();
    writeErr(program + ": write error" + (reason == null ? "" : ": " + reason) + "\n");
    return 1;
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
    if (isBrokenPipe(e) && !streams.sigpipeIgnored) {
      clearStatusLine();
      exit.now(BROKEN_PIPE);
      throw new IllegalStateException("exit returned", e); // tests' Exit may return
    }
    writeError = e;
  }

  /** True for {@code EPIPE}: the JDK reports it with strerror's text. */
  static boolean isBrokenPipe(IOException e) {
    String m = e.getMessage();
    return m != null && m.toLowerCase(Locale.ROOT).contains("broken pipe");
  }
}
