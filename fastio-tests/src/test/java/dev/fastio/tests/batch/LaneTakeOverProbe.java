package dev.fastio.tests.batch;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Reading;
import dev.fastio.tests.support.TestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * A child JVM's main for {@link DigestBatchGuardTest}: in a JVM where no batch ran yet, runs {@code
 * args[1]} batches of 16 files of 1 MiB (the README's batch row: one thread, parallel reading) in
 * the directory {@code args[0]}, and prints the number of batches before the first that hashed no
 * file with {@code MessageDigest} (read from the batches' JFR events), or the number of batches run
 * if none did, then the engine.
 */
public final class LaneTakeOverProbe {
  private LaneTakeOverProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    int batches = Integer.parseInt(args[1]);
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      files.add(TestSupport.write(dir, "take-over-" + i, TestSupport.randomBytes(60 + i, 1 << 20)));
    }
    DigestBatch batch = DigestBatch.builder("MD5").threads(1).reading(Reading.PARALLEL).build();
    Path jfr = dir.resolve("take-over.jfr");
    try (Recording rec = new Recording()) {
      rec.enable("dev.fastio.DigestBatch").withThreshold(Duration.ZERO);
      rec.start();
      for (int i = 0; i < batches; i++) {
        batch.digestAll(files);
      }
      rec.stop();
      rec.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals("dev.fastio.DigestBatch"))
            .sorted(Comparator.comparing(RecordedEvent::getStartTime))
            .toList();
    int before = 0;
    while (before < events.size() && events.get(before).getLong("warmUpFiles") > 0) {
      before++;
    }
    Files.delete(jfr);
    System.out.println(before + " " + batch.engine());
  }
}
