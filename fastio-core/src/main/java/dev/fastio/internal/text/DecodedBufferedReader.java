package dev.fastio.internal.text;

import java.io.BufferedReader;
import java.io.IOException;

/**
 * {@code newBufferedReader}'s reader over a {@link DecodingReader} that makes lines itself ({@link
 * DecodingReader#readsLines}): {@link #readLine} (and so {@link #lines}) is the decoding reader's,
 * until the first call of any other reading method, from which on a {@code BufferedReader} over the
 * decoding reader serves every call (the decoding reader first gives the characters its {@code
 * readLine} decoded ahead). So it behaves as the JDK's {@code BufferedReader} over the JDK's
 * reader: the same lines, characters, marks and exceptions (but for the decoding reader's
 * differences, {@code FastFiles.newBufferedReader}: an error at the very end of the text thrown
 * again, and no reading past an end once reached).
 *
 * <p>Thread-safe as a {@code BufferedReader}: every method holds the lock, the decoding reader.
 */
final class DecodedBufferedReader extends BufferedReader {
  private final DecodingReader in;
  private BufferedReader buffered; // from the first call other than readLine or close
  private boolean closed;

  DecodedBufferedReader(DecodingReader in) {
    super(in, 1); // the lock is in; this class's own buffer is never used
    this.in = in;
  }

  private BufferedReader buffered() throws IOException {
    if (closed) {
      throw new IOException("Stream closed"); // as BufferedReader's, for mark too
    }
    if (buffered == null) {
      buffered = new BufferedReader(in);
    }
    return buffered;
  }

  @Override
  public String readLine() throws IOException {
    synchronized (lock) {
      return buffered == null ? in.readLine() : buffered.readLine();
    }
  }

  @Override
  public int read() throws IOException {
    synchronized (lock) {
      return buffered().read();
    }
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    synchronized (lock) {
      return buffered().read(cbuf, off, len);
    }
  }

  @Override
  public long skip(long n) throws IOException {
    if (n < 0L) {
      throw new IllegalArgumentException("skip value is negative"); // before closed, as the JDK's
    }
    synchronized (lock) {
      return buffered().skip(n);
    }
  }

  @Override
  public boolean ready() throws IOException {
    synchronized (lock) {
      return buffered().ready();
    }
  }

  @Override
  public boolean markSupported() {
    return true;
  }

  @Override
  public void mark(int readAheadLimit) throws IOException {
    if (readAheadLimit < 0) {
      throw new IllegalArgumentException("Read-ahead limit < 0"); // before closed, as the JDK's
    }
    synchronized (lock) {
      buffered().mark(readAheadLimit);
    }
  }

  @Override
  public void reset() throws IOException {
    synchronized (lock) {
      buffered().reset();
    }
  }

  @Override
  public void close() throws IOException {
    synchronized (lock) {
      closed = true;
      if (buffered != null) {
        buffered.close(); // closes in
      } else {
        in.close();
      }
    }
  }
}
