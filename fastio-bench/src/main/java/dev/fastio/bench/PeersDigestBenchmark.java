package dev.fastio.bench;

import com.google.common.hash.Hashing;
import dev.fastio.FastFiles;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.commons.codec.digest.DigestUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The MD5 of a file: {@code FastFiles.digest} against the JDK idiom ({@code jdk}, the baseline: a
 * {@code MessageDigest} fed from {@code Files.newInputStream} through an 8 KiB array), Guava's
 * {@code Files.asByteSource(file).hash(Hashing.md5())} and Commons Codec's {@code
 * DigestUtils.md5(InputStream)}, in one run. Page cache warm. Score: calls per second.
 */
public class PeersDigestBenchmark extends ThroughputBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  private Path file;
  private File ioFile;
  private MessageDigest md;

  @Setup
  public void setup() throws NoSuchAlgorithmException {
    file = BenchFiles.file(size);
    ioFile = file.toFile();
    md = MessageDigest.getInstance("MD5");
  }

  @Benchmark
  public byte[] jdk() throws IOException {
    MessageDigest d = md;
    d.reset();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buf = new byte[8192];
      for (int n; (n = in.read(buf)) > 0; ) {
        d.update(buf, 0, n);
      }
    }
    return d.digest();
  }

  @Benchmark
  public byte[] fastio() throws IOException {
    return FastFiles.digest(file, md);
  }

  // MD5 is what is compared here, not recommended: Guava deprecates Hashing.md5() for that reason.
  @SuppressWarnings("deprecation")
  @Benchmark
  public byte[] guava() throws IOException {
    return com.google.common.io.Files.asByteSource(ioFile).hash(Hashing.md5()).asBytes();
  }

  @Benchmark
  public byte[] commonsCodec() throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return DigestUtils.md5(in);
    }
  }
}
