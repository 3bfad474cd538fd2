package dev.fastio.internal.stream;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Passes writes on to another stream and reports the running total to a {@link ProgressReports}.
 */
final class CountingOutputStream extends OutputStream {
  private final OutputStream out;
  private final ProgressReports progress;
  private long total;

  CountingOutputStream(OutputStream out, ProgressReports progress) {
    this.out = out;
    this.progress = progress;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    progress.moved(++total);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    total += len;
    progress.moved(total);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  /** Does not close the stream underneath: the copy that made this one owns it. */
  @Override
  public void close() {}
}
