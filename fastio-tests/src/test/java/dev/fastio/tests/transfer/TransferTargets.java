package dev.fastio.tests.transfer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;

/**
 * Targets of transfers that need a reader at the other end: a loopback socket and a pipe, each
 * drained by a thread of its own into memory, so that a test can wait for the bytes a transfer
 * reported and compare them.
 */
final class TransferTargets {
  private TransferTargets() {}

  /** A channel whose bytes a thread reads into memory; reused across many transfers. */
  static final class Drained implements AutoCloseable {
    final WritableByteChannel sink;
    private final ReadableByteChannel source;
    private final AutoCloseable[] others;
    private final Thread thread;
    private final Object lock = new Object();
    private final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private volatile boolean paused;

    private Drained(
        WritableByteChannel sink,
        ReadableByteChannel source,
        String name,
        AutoCloseable... others) {
      this.sink = sink;
      this.source = source;
      this.others = others;
      this.thread = new Thread(this::drain, name);
      thread.setDaemon(true);
      thread.start();
    }

    /** A connected loopback socket: {@link #sink} is the client end, blocking. */
    static Drained socket() throws IOException {
      ServerSocketChannel server =
          ServerSocketChannel.open()
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      SocketChannel client = SocketChannel.open(server.getLocalAddress());
      SocketChannel peer = server.accept();
      return new Drained(client, peer, "socket-drainer", server);
    }

    /** A pipe: {@link #sink} is its sink channel, blocking. */
    static Drained pipe() throws IOException {
      Pipe pipe = Pipe.open();
      return new Drained(pipe.sink(), pipe.source(), "pipe-drainer");
    }

    private void drain() {
      ByteBuffer buf = ByteBuffer.allocate(256 * 1024);
      try {
        while (true) {
          while (paused) {
            Thread.sleep(1);
          }
          int n = source.read(buf);
          if (n < 0) {
            return;
          }
          synchronized (lock) {
            received.write(buf.array(), 0, n);
            lock.notifyAll();
          }
          buf.clear();
        }
      } catch (IOException | InterruptedException e) {
        // closed: the drain ends
      }
    }

    /** Bytes received so far. */
    long count() {
      synchronized (lock) {
        return received.size();
      }
    }

    /** Stops reading (the sink fills up) until {@link #resume()}. */
    void pause() {
      paused = true;
    }

    void resume() {
      paused = false;
    }

    /**
     * Waits until {@code from + length} bytes have been received and returns those from {@code
     * from}.
     *
     * @throws AssertionError if they do not arrive within 60 s
     */
    byte[] await(long from, long length) {
      long deadline = System.nanoTime() + 60_000_000_000L;
      synchronized (lock) {
        while (received.size() < from + length) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            throw new AssertionError(
                "received " + received.size() + " bytes, expected " + (from + length));
          }
          try {
            lock.wait(Math.max(1, left / 1_000_000));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
          }
        }
        byte[] all = received.toByteArray();
        return Arrays.copyOfRange(all, (int) from, (int) (from + length));
      }
    }

    /**
     * Drops what was received so far (keeps memory flat across many transfers); returns the count.
     */
    long reset() {
      synchronized (lock) {
        long n = received.size();
        received.reset();
        return n;
      }
    }

    @Override
    public void close() {
      try {
        sink.close();
        source.close();
        for (AutoCloseable c : others) {
          c.close();
        }
        thread.join(10_000);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
