package dev.fastio.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The target of a transfer benchmark, one per kind, made once per trial: a file rewritten from
 * position 0 by every operation (never truncated: truncating in the timed region measures ext4's
 * flush of a rewritten file), a loopback socket drained by a thread of its own, or {@code
 * Channels.newChannel(OutputStream)} over a stream that counts the bytes (a channel neither file
 * nor socket, which {@code FileChannel.transferTo} feeds through an 8 KiB buffer).
 */
final class TransferTarget implements AutoCloseable {
  /** Target kinds, as the {@code target} parameter names them. */
  enum Kind {
    FILE,
    SOCKET,
    OTHER
  }

  private final Kind kind;
  private final WritableByteChannel channel;
  private final Path file;
  private final ServerSocketChannel server;
  private final SocketChannel peer;
  private final Thread drainer;
  private final CountingStream counter;

  private TransferTarget(
      Kind kind,
      WritableByteChannel channel,
      Path file,
      ServerSocketChannel server,
      SocketChannel peer,
      Thread drainer,
      CountingStream counter) {
    this.kind = kind;
    this.channel = channel;
    this.file = file;
    this.server = server;
    this.peer = peer;
    this.drainer = drainer;
    this.counter = counter;
  }

  static TransferTarget open(String kindName, long size) throws IOException {
    Kind kind = Kind.valueOf(kindName);
    switch (kind) {
      case FILE -> {
        Path file = BenchFiles.dir().resolve("fastio-bench-transfer-" + size + ".out");
        FileChannel ch =
            FileChannel.open(
                file,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        return new TransferTarget(kind, ch, file, null, null, null, null);
      }
      case SOCKET -> {
        ServerSocketChannel server =
            ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        SocketChannel client = SocketChannel.open(server.getLocalAddress());
        SocketChannel peer = server.accept();
        Thread drainer = new Thread(() -> drain(peer), "transfer-bench-drainer");
        drainer.setDaemon(true);
        drainer.start();
        return new TransferTarget(kind, client, null, server, peer, drainer, null);
      }
      case OTHER -> {
        CountingStream counter = new CountingStream();
        return new TransferTarget(
            kind, Channels.newChannel(counter), null, null, null, null, counter);
      }
      default -> throw new AssertionError(kind);
    }
  }

  private static void drain(SocketChannel peer) {
    ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
    try {
      while (peer.read(buf) >= 0) {
        buf.clear();
      }
    } catch (IOException e) {
      // closed by tearDown
    }
  }

  /** The channel, ready for the next operation: a file target is set back to position 0. */
  WritableByteChannel ready() {
    if (kind == Kind.FILE) {
      try {
        ((FileChannel) channel).position(0);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return channel;
  }

  /**
   * The JDK baseline: {@code FileChannel.transferTo} called until {@code count} bytes from {@code
   * position} of {@code source} are moved to this target, made ready first; returns the bytes moved
   * plus {@link #counted()}, so that no write is dead code.
   */
  long jdkLoop(FileChannel source, long position, long count) throws IOException {
    WritableByteChannel t = ready();
    long done = 0;
    while (done < count) {
      done += source.transferTo(position + done, count - done, t);
    }
    return done + counted();
  }

  /** Bytes the OTHER target's stream received (consumed, so that no write is dead code). */
  long counted() {
    return counter == null ? 0 : counter.count;
  }

  @Override
  public void close() throws IOException {
    channel.close();
    if (peer != null) {
      peer.close();
      server.close();
      try {
        drainer.join(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (file != null) {
      Files.deleteIfExists(file);
    }
  }

  /** An output stream that counts what it is given and keeps nothing. */
  private static final class CountingStream extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
