package dev.fastio.bench;

import dev.fastio.FastFiles;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code FastFiles.digest(path, "MD5")} against a {@code DigestInputStream} read with an 8 KiB
 * buffer (the usual JDK idiom, {@code jdk}) and against the compute limit: {@code MessageDigest}
 * over a {@code byte[]} of the same bytes already in memory ({@code limitInMemory}); plus each
 * internal strategy forced (the data behind the mapping threshold). Page cache warm.
 */
public class DigestBenchmark extends ThroughputBenchmark {
  @Param({"4096", "65536", "1048576", "16777216", "268435456"})
  public long size;

  @Param({"MD5"})
  public String algorithm;

  private Path file;
  private byte[] content;
  private MessageDigest md;

  @Setup
  public void setup() throws IOException, NoSuchAlgorithmException {
    file = BenchFiles.file(size);
    content = Files.readAllBytes(file);
    md = MessageDigest.getInstance(algorithm);
  }

  @Benchmark
  public byte[] jdk() throws IOException {
    MessageDigest d = md;
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), d)) {
      byte[] buf = new byte[8192];
      while (in.read(buf) >= 0) {
        // the stream feeds the digest
      }
    }
    return d.digest();
  }

  @Benchmark
  public byte[] fastio() throws IOException {
    return FastFiles.digest(file, md);
  }

  @Benchmark
  public byte[] fastioByName() throws IOException {
    return FastFiles.digest(file, algorithm);
  }

  @Benchmark
  public byte[] fastioBuffered() throws IOException {
    return FileReads.digest(file, md, ReadStrategy.BUFFERED);
  }

  @Benchmark
  public byte[] fastioMapped() throws IOException {
    return FileReads.digest(file, md, ReadStrategy.MAPPED);
  }

  @Benchmark
  public byte[] limitInMemory() {
    md.update(content);
    return md.digest();
  }
}
