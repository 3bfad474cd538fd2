package dev.fastio.tests.batch;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.tests.support.TestSupport;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM's main for {@link DigestBatchGuardTest}: in a JVM where no batch ran yet, hashes one
 * batch of 64 files of 1 MiB (two threads, parallel reading) in the directory {@code args[0]}:
 * files large enough for the lanes, but too few bytes to win back their compilation. Prints the
 * number of results.
 */
public final class ShortBatchProbe {
  private ShortBatchProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      files.add(TestSupport.write(dir, "short-" + i, TestSupport.randomBytes(200 + i, 1 << 20)));
    }
    DigestBatch batch = DigestBatch.builder("MD5").threads(2).reading(Reading.PARALLEL).build();
    System.out.println(batch.digestAll(files).size());
  }
}
