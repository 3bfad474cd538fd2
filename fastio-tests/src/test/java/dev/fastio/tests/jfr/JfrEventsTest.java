package dev.fastio.tests.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastChannels;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.jfr.JfrTestHook;
import dev.fastio.tests.support.MappedProbe;
import dev.fastio.tests.support.TestSupport;
import dev.fastio.tests.support.TransferProbe;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fastio's JFR events: committed with the right fields while a recording enables them, absent from
 * a recording that disables them, and never begun in a JVM that never records (the instrumentation
 * costs nothing when no recording runs).
 */
class JfrEventsTest {
  private static final String LOAD_FULLY = "dev.fastio.LoadFully";
  private static final String TRANSFER = "dev.fastio.Transfer";

  @TempDir Path dir;

  @Test
  void jfrIsAvailableOnTheJdksTheSuiteRunsOn() {
    assertTrue(JfrTestHook.available());
  }

  @Test
  void nothingIsRecordedWhileARecordingLeavesTheEventDisabled() throws Exception {
    Path file = TestSupport.write(dir, "other", TestSupport.randomBytes(2, 8192));
    Path jfr = dir.resolve("disabled.jfr");
    try (Recording r = new Recording()) {
      r.enable("jdk.ThreadSleep"); // a recording runs, but not of fastio's events
      r.disable(LOAD_FULLY);
      r.start();
      for (int i = 0; i < 100; i++) {
        loadBoth(file);
      }
      r.stop();
      r.dump(jfr);
    }
    assertEquals(
        List.of(),
        RecordingFile.readAllEvents(jfr).stream()
            .map(e -> e.getEventType().getName())
            .filter(n -> n.startsWith("dev.fastio"))
            .collect(Collectors.toList()));
  }

  /**
   * In child JVMs that never record: transfers (and the append-mode fallback) and every kind of
   * {@code loadFully} begin and commit no event: they load no event class and none of JFR's
   * machinery, whose start-up the first event instance would otherwise cost (some 0.3 s).
   */
  @Test
  void anApplicationThatNeverRecordsLoadsNoEventClass() throws Exception {
    Path source = TestSupport.write(dir, "source", TestSupport.randomBytes(6, 100_000));
    Path append = TestSupport.write(dir, "append", new byte[1]);
    List<String> transfers =
        classesLoaded(
            TransferProbe.class,
            "fastio",
            source.toString(),
            append.toString(),
            dir.resolve("plain").toString());
    assertTrue(
        transfers.stream().anyMatch(l -> l.contains("dev.fastio.internal.transfer.Transfers ")),
        "log");
    assertNoEventLoaded(transfers);
    List<String> loads = classesLoaded(MappedProbe.class, "quiet", source.toString());
    assertTrue(
        loads.stream().anyMatch(l -> l.contains("dev.fastio.internal.mapping.FileMapping ")),
        "log");
    assertNoEventLoaded(loads);
  }

  private static void assertNoEventLoaded(List<String> loaded) {
    for (String l : loaded) {
      assertTrue(!l.contains("Event ") || !l.contains("dev.fastio"), l);
      assertTrue(!l.contains("jdk.jfr.internal.PlatformRecorder"), l);
    }
  }

  /** The class-loading log of a child JVM running {@code main} with {@code args}. */
  private List<String> classesLoaded(Class<?> main, String... args) throws Exception {
    Path log = dir.resolve(main.getSimpleName() + "-classes.log");
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(TestSupport.childJvmArgs());
    cmd.add("-Xlog:class+load=info:file=" + log);
    cmd.add("-cp");
    cmd.add(
        Paths.get(FastChannels.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            + java.io.File.pathSeparator
            + Paths.get(main.getProtectionDomain().getCodeSource().getLocation().toURI()));
    cmd.add(main.getName());
    cmd.addAll(List.of(args));
    List<String> lines = new java.util.ArrayList<>();
    int status = TestSupport.run(lines, 2, TimeUnit.MINUTES, cmd);
    assertEquals(0, status, String.join("\n", lines));
    if (main == TransferProbe.class) {
      assertEquals(List.of("100000", "100000"), lines);
    }
    return java.nio.file.Files.readAllLines(log);
  }

  @Test
  void transferIsRecordedWithStrategyTargetKindAndBytes() throws IOException {
    Path file = TestSupport.write(dir, "transferred", TestSupport.randomBytes(5, 5000));
    Path jfr = dir.resolve("transfer.jfr");
    try (Recording r = new Recording();
        FileChannel in = FileChannel.open(file);
        FileChannel out =
            FileChannel.open(
                dir.resolve("copy"), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      r.enable(TRANSFER).withThreshold(java.time.Duration.ZERO);
      r.start();
      FastChannels.transferTo(in, 0, 5000, Channels.newChannel(new ByteArrayOutputStream()));
      FastChannels.transferTo(in, 100, 5000, out, TransferStrategy.MAPPED);
      r.stop();
      r.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals(TRANSFER))
            .collect(Collectors.toList());
    assertEquals(2, events.size(), events.toString());
    RecordedEvent other = events.get(0);
    assertEquals("READ_WRITE", other.getString("strategy"));
    assertEquals("", other.getString("fallbackFrom"));
    assertEquals("OTHER", other.getString("targetKind"));
    assertEquals(5000, other.getLong("bytes"));
    RecordedEvent mapped = events.get(1);
    assertEquals("MAPPED", mapped.getString("strategy"));
    assertEquals("FILE", mapped.getString("targetKind"));
    assertEquals(4900, mapped.getLong("bytes"));
    for (RecordedEvent e : events) {
      assertTrue(!e.getDuration().isNegative());
      // learned state that steers later transfers: append-mode file targets are refused from the
      // start
      assertTrue(e.getString("kernelRefused").contains("FILE append"), e.toString());
    }
  }

  /** A background task that throws leaves a trace: a dev.fastio.BackgroundFailure event. */
  @Test
  void aFailedBackgroundTaskIsRecorded() throws Exception {
    Path jfr = dir.resolve("background.jfr");
    java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(1);
    try (Recording r = new Recording()) {
      r.enable("dev.fastio.BackgroundFailure");
      r.start();
      assertTrue(
          dev.fastio.internal.mapping.MappingTestHook.runInBackground(
              "fastio-test-worker",
              () -> {
                throw new IllegalStateException("a window stays mapped");
              },
              ran::countDown)); // runs after the failure is recorded: the worker goes on
      assertTrue(ran.await(30, java.util.concurrent.TimeUnit.SECONDS));
      r.stop();
      r.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals("dev.fastio.BackgroundFailure"))
            .collect(Collectors.toList());
    assertEquals(1, events.size(), events.toString());
    assertEquals("fastio-test-worker", events.get(0).getString("thread"));
    assertEquals(
        "java.lang.IllegalStateException: a window stays mapped",
        events.get(0).getString("failure"));
  }

  @Test
  void loadFullyIsRecordedWithFileBytesAndPages() throws IOException {
    int size = 5 * 4096 + 7;
    Path file = TestSupport.write(dir, "recorded", TestSupport.randomBytes(3, size));
    Path jfr = dir.resolve("loadfully.jfr");
    try (Recording r = new Recording()) {
      r.enable(LOAD_FULLY).withThreshold(java.time.Duration.ZERO);
      r.start();
      loadBoth(file);
      r.stop();
      r.dump(jfr);
    }
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals(LOAD_FULLY))
            .collect(Collectors.toList());
    assertEquals(2, events.size(), events.toString());
    for (RecordedEvent e : events) {
      assertEquals(file.toString(), e.getString("file"));
      assertEquals(size, e.getLong("bytes"));
      assertEquals(6, e.getLong("pages"));
      assertTrue(!e.getDuration().isNegative());
    }
  }

  /**
   * One {@code MappedFile.loadFully} and one {@code MappedFiles.loadFully} of a caller's buffer.
   */
  private static void loadBoth(Path file) throws IOException {
    try (MappedFile mf = MappedFiles.map(file)) {
      mf.loadFully();
    }
    try (FileChannel ch = FileChannel.open(file)) {
      MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
      MappedFiles.loadFully(b);
    }
  }
}
