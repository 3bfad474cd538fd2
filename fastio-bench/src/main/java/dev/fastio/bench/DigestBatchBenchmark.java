package dev.fastio.bench;

import dev.fastio.DigestBatch;
import dev.fastio.FastFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * MD5 of {@code count} cached files of {@code size} bytes (distinct contents) on one thread: {@code
 * jdk}, the baseline, a {@code MessageDigest} fed each file through {@code Files.newInputStream};
 * {@code serial}, {@code FastFiles.digest} of each file in turn (one {@code MessageDigest}, as a
 * batch of one thread ran before the multi-buffer engine); {@code fastio}, {@code
 * DigestBatch.builder("MD5").threads(1).reading(PARALLEL)} over them all, which on a JVM with the
 * Vector API hashes them in the lanes of one engine. The forks resolve {@code
 * jdk.incubator.vector}; with {@code -jvmArgsAppend -Dfastio.md5.vector=false} the batch runs one
 * {@code MessageDigest} as before. Score: batches per second.
 */
@Measurement(iterations = 5, time = 3)
public class DigestBatchBenchmark extends VectorThroughputBenchmark {
  @Param({"16"})
  public int count;

  @Param({"67108864"})
  public long size;

  private final List<Path> files = new ArrayList<>();
  private DigestBatch batch;

  @Setup
  public void setup() {
    files.clear();
    for (int i = 0; i < count; i++) {
      files.add(BenchFiles.file(size, i));
    }
    // The files are cached, where AUTO reads in parallel too; pinned, so that a page the host
    // evicted meanwhile cannot turn a batch sequential (and so MessageDigest) mid-run.
    batch = DigestBatch.builder("MD5").threads(1).reading(DigestBatch.Reading.PARALLEL).build();
  }

  @Benchmark
  public List<byte[]> jdk() throws IOException, NoSuchAlgorithmException {
    List<byte[]> digests = new ArrayList<>(files.size());
    MessageDigest md = MessageDigest.getInstance("MD5");
    byte[] buf = new byte[64 * 1024];
    for (Path f : files) {
      try (InputStream in = Files.newInputStream(f)) {
        for (int n; (n = in.read(buf)) > 0; ) {
          md.update(buf, 0, n);
        }
      }
      digests.add(md.digest());
    }
    return digests;
  }

  @Benchmark
  public List<byte[]> serial() throws IOException {
    List<byte[]> digests = new ArrayList<>(files.size());
    for (Path f : files) {
      digests.add(FastFiles.digest(f, "MD5"));
    }
    return digests;
  }

  @Benchmark
  public List<DigestBatch.Result> fastio() throws InterruptedException {
    return batch.digestAll(files);
  }
}
