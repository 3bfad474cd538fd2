/**
 * fastio's JDK Flight Recorder events, free when no recording enables them. Entry point: {@link
 * dev.fastio.internal.jfr.Jfr}; only its package-private helper touches {@code jdk.jfr} types.
 */
package dev.fastio.internal.jfr;
