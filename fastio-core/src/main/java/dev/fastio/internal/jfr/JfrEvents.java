package dev.fastio.internal.jfr;

/**
 * The code that touches {@code jdk.jfr} types; reached through {@link Jfr} only, and only once
 * {@link Jfr#AVAILABLE} is true.
 */
final class JfrEvents {
  private JfrEvents() {}

  /**
   * False until Flight Recorder has been initialized, which every recording does (the {@code
   * Recording} API, {@code jcmd JFR.start}, {@code -XX:StartFlightRecording}): before that no event
   * can be enabled. Asked first, so that an application that never records never makes the first
   * instance of an event class, which costs JFR's own start-up.
   */
  private static boolean mayRecord() {
    return jdk.jfr.FlightRecorder.isInitialized();
  }

  // The begin methods are alike on purpose: the event class is named only after
  // mayRecord(), so that an application that never records never loads it (a method reference to
  // its constructor, made before the check, would load it).
  static Object beginLoadFully() {
    if (!mayRecord()) {
      return null;
    }
    LoadFullyEvent event = new LoadFullyEvent();
    if (!event.isEnabled()) {
      return null;
    }
    event.begin();
    return event;
  }

  static void commitLoadFully(Object begun, String file, long bytes, long pages) {
    LoadFullyEvent event = (LoadFullyEvent) begun;
    event.end();
    if (event.shouldCommit()) {
      event.file = file;
      event.bytes = bytes;
      event.pages = pages;
      event.commit();
    }
  }

  static Object beginTransfer() {
    if (!mayRecord()) {
      return null;
    }
    TransferEvent event = new TransferEvent();
    if (!event.isEnabled()) {
      return null;
    }
    event.begin();
    return event;
  }

  static void commitTransfer(
      Object begun,
      String strategy,
      String fallbackFrom,
      String targetKind,
      long bytes,
      String kernelRefused) {
    TransferEvent event = (TransferEvent) begun;
    event.end();
    if (event.shouldCommit()) {
      event.strategy = strategy;
      event.fallbackFrom = fallbackFrom;
      event.targetKind = targetKind;
      event.bytes = bytes;
      event.kernelRefused = kernelRefused;
      event.commit();
    }
  }

  static Object beginDigestBatch() {
    if (!mayRecord()) {
      return null;
    }
    DigestBatchEvent event = new DigestBatchEvent();
    if (!event.isEnabled()) {
      return null;
    }
    event.begin();
    return event;
  }

  static void commitDigestBatch(
      Object begun,
      String algorithm,
      String engine,
      long files,
      int threads,
      String reading,
      long warmUpFiles) {
    DigestBatchEvent event = (DigestBatchEvent) begun;
    event.end();
    if (event.shouldCommit()) {
      event.algorithm = algorithm;
      event.engine = engine;
      event.files = files;
      event.threads = threads;
      event.reading = reading;
      event.warmUpFiles = warmUpFiles;
      event.commit();
    }
  }

  static void backgroundFailure(String thread, Throwable failure) {
    if (!mayRecord()) {
      return;
    }
    BackgroundFailureEvent event = new BackgroundFailureEvent();
    if (event.isEnabled()) {
      event.thread = thread;
      event.failure = String.valueOf(failure);
      event.commit();
    }
  }
}
