/**
 * Mappings: a file mapped for the caller ({@code MappedFile}; entry point {@link
 * dev.fastio.internal.mapping.FileMapping}), {@code MappedFiles.loadFully} for the caller's own
 * buffers, and the two daemon threads of readers that move through a file a window at a time
 * ({@code ChunkedReader}, digests of large files): {@link dev.fastio.internal.mapping.Prefaulter}
 * ({@code fastio-prefault}) faults a window in ahead of its reader, and {@link
 * dev.fastio.internal.mapping.Unmapper} ({@code fastio-unmapper}) releases the windows a reader
 * left.
 */
package dev.fastio.internal.mapping;
