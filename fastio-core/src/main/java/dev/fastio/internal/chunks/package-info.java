/**
 * A file as a sequence of read-only chunks ({@code ChunkedReader}), from mapped windows or a reused
 * buffer, and the two daemon threads of mapped readers: {@code fastio-prefault}, which faults a
 * window in ahead of a reader, and {@code fastio-unmapper}, which releases the windows a reader
 * left. Entry point: {@link dev.fastio.internal.chunks.ChunkSource}.
 */
package dev.fastio.internal.chunks;
