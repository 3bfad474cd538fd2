/**
 * A file as a sequence of read-only chunks ({@code ChunkedReader}), from mapped windows (faulted in
 * ahead and released in the background by the threads of {@link dev.fastio.internal.mapping}) or a
 * reused buffer. Entry point: {@link dev.fastio.internal.chunks.ChunkSource}.
 */
package dev.fastio.internal.chunks;
