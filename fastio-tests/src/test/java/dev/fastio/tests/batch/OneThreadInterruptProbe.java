package dev.fastio.tests.batch;

import dev.fastio.DigestBatch;
import dev.fastio.DigestBatch.Listener;
import dev.fastio.DigestBatch.Reading;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Run in a child JVM by {@link DigestBatchOneThreadTest} (with the lanes from the first file):
 * writes 200 files of 0-400 KB into {@code args[0]}, then digests them on one thread 20 times, the
 * listener interrupting the calling thread once 4 MiB are hashed, from within a file's read (where
 * the lanes hash on the calling thread, the bytes are reported as each read hands them out), files
 * open in other lanes. Prints the engine, whether the listener ran on the calling thread, how many
 * rounds threw {@link InterruptedException}, the sink's calls after an interrupt, and whether an
 * interrupt status was left.
 */
public final class OneThreadInterruptProbe {
  private static final int ROUNDS = 20;

  private OneThreadInterruptProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args[0]);
    List<Path> paths = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Path p = dir.resolve("f" + i);
      Files.write(p, new byte[(i * 7919) % 400_000]);
      paths.add(p);
    }
    Thread caller = Thread.currentThread();
    AtomicBoolean listenerOnCaller = new AtomicBoolean(true);
    AtomicBoolean sent = new AtomicBoolean();
    AtomicLong hashed = new AtomicLong();
    AtomicInteger afterInterrupt = new AtomicInteger();
    Listener listener =
        new Listener() {
          @Override
          public void bytesHashed(long bytes) {
            if (Thread.currentThread() != caller) {
              listenerOnCaller.set(false);
            } else if (hashed.addAndGet(bytes) >= 4 << 20 && !sent.get()) {
              caller.interrupt();
              sent.set(true); // on the calling thread: a later sink call comes after it
            }
          }
        };
    DigestBatch batch =
        DigestBatch.builder("MD5").threads(1).reading(Reading.PARALLEL).listener(listener).build();
    int thrown = 0;
    boolean statusLeft = false;
    for (int round = 0; round < ROUNDS; round++) {
      hashed.set(0);
      sent.set(false);
      try {
        batch.digestAll(
            paths,
            r -> {
              if (sent.get()) {
                afterInterrupt.incrementAndGet();
              }
            });
      } catch (InterruptedException e) {
        thrown++;
      }
      statusLeft |= Thread.interrupted();
    }
    System.out.println("engine " + batch.engine());
    System.out.println("listener on caller " + listenerOnCaller.get());
    System.out.println("rounds interrupted " + thrown + " of " + ROUNDS);
    System.out.println("sink calls after the interrupt " + afterInterrupt.get());
    System.out.println("interrupt status left " + statusLeft);
  }
}
