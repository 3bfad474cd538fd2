package dev.fastio.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Begins and commits fastio's JFR events. Call only when {@link Jfr#AVAILABLE} is true: this class is
 * the one that touches {@code jdk.jfr} types.
 *
 * <p>The pattern, zero-cost when no recording enables the event:
 *
 * <pre>{@code
 * Object event = Jfr.AVAILABLE ? JfrEvents.beginLoadFully() : null;  // null unless enabled
 * ... the work ...
 * if (event != null) JfrEvents.commitLoadFully(event, file, bytes, pages);
 * }</pre>
 *
 * <p>Events are passed as {@code Object} so that the callers' bytecode names no {@code jdk.jfr} type.
 */
public final class JfrEvents {
  private static final AtomicLong COMMITTED = new AtomicLong();

  private JfrEvents() {}

  /**
   * False until Flight Recorder has been initialized, which every recording does (the {@code Recording}
   * API, {@code jcmd JFR.start}, {@code -XX:StartFlightRecording}): before that no event can be
   * enabled. Asked first, so that an application that never records never makes the first instance of
   * an event class, which costs JFR's own start-up (some 0.3 s on the machine measured).
   */
  private static boolean mayRecord() {
    return jdk.jfr.FlightRecorder.isInitialized();
  }

  /** A begun {@code dev.fastio.LoadFully} event, or null if no recording enables it. */
  public static Object beginLoadFully() {
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

  /** Ends and commits an event {@link #beginLoadFully()} returned, if it passes its threshold. */
  public static void commitLoadFully(Object begun, String file, long bytes, long pages) {
    LoadFullyEvent event = (LoadFullyEvent) begun;
    event.end();
    if (event.shouldCommit()) {
      event.file = file;
      event.bytes = bytes;
      event.pages = pages;
      event.commit();
      COMMITTED.incrementAndGet();
    }
  }

  /** A begun {@code dev.fastio.Transfer} event, or null if no recording enables it. */
  public static Object beginTransfer() {
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

  /** Ends and commits an event {@link #beginTransfer()} returned, if it passes its threshold. */
  public static void commitTransfer(
      Object begun, String strategy, String fallbackFrom, String targetKind, long bytes) {
    TransferEvent event = (TransferEvent) begun;
    event.end();
    if (event.shouldCommit()) {
      event.strategy = strategy;
      event.fallbackFrom = fallbackFrom;
      event.targetKind = targetKind;
      event.bytes = bytes;
      event.commit();
      COMMITTED.incrementAndGet();
    }
  }

  /**
   * Events of every kind committed by fastio since the JVM started: a test hook showing that nothing is
   * committed, or even begun, when no recording runs.
   */
  public static long committed() {
    return COMMITTED.get();
  }
}
