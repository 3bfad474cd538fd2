package dev.fastio.bench;

import dev.fastio.FastFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code copy(Path, OutputStream)}: {@code Files.copy} ({@code jdk}, the baseline) against {@code
 * FastFiles.copy} ({@code fastio}), from a file in the page cache to the output stream of a
 * loopback {@code java.net.Socket} drained by a thread of its own ({@code SOCKET}: neither can use
 * the kernel's copy, the stream hides the socket), or to a {@code FileOutputStream} on {@code
 * tmpfs} rewritten from its start ({@code FILE}: fastio moves the bytes with the kernel's copy).
 * Score: copies per second.
 */
public class StreamCopyBenchmark extends ThroughputBenchmark {
  @Param({"1048576", "67108864"})
  public long size;

  @Param({"SOCKET", "FILE"})
  public String target;

  private Path file;
  private ServerSocket server;
  private Socket client;
  private Socket peer;
  private Path targetFile;
  private FileOutputStream fileOut;
  private OutputStream out;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    file = BenchFiles.file(size);
    if (target.equals("SOCKET")) {
      server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
      peer = server.accept();
      Thread drainer = new Thread(this::drain, "copy-bench-drainer");
      drainer.setDaemon(true);
      drainer.start();
      out = client.getOutputStream();
    } else {
      targetFile = Files.createTempFile(Path.of("/dev/shm"), "fastio-bench-copy-", ".out");
      fileOut = new FileOutputStream(targetFile.toFile());
      out = fileOut;
    }
  }

  private void drain() {
    byte[] b = new byte[1 << 20];
    try (InputStream in = peer.getInputStream()) {
      while (in.read(b) >= 0) {
        // discard
      }
    } catch (IOException e) {
      // closed by tearDown
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    if (client != null) {
      client.close();
      peer.close();
      server.close();
    } else {
      fileOut.close();
      Files.deleteIfExists(targetFile);
    }
  }

  /** The target, ready: a file target rewritten from its start. */
  private OutputStream ready() throws IOException {
    if (fileOut != null) {
      fileOut.getChannel().position(0);
    }
    return out;
  }

  @Benchmark
  public long jdk() throws IOException {
    return Files.copy(file, ready());
  }

  @Benchmark
  public long fastio() throws IOException {
    return FastFiles.copy(file, ready());
  }
}
