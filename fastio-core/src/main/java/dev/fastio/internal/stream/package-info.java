/**
 * fastio's streams and the {@code FastFiles} methods built on them: {@code newInputStream}, {@code
 * newOutputStream}, {@code write}, {@code writeString}, {@code readString}, the stream copies, the
 * progress overloads and {@code ChunkedReader}'s stream view. Each file is an {@link
 * dev.fastio.internal.io.ResumableChannel} whose interrupts are held back per call, as under the
 * JDK's file streams; transfers go through {@code internal.transfer}, never through the public
 * facade. Entry point: {@link dev.fastio.internal.stream.Streams}.
 */
package dev.fastio.internal.stream;
