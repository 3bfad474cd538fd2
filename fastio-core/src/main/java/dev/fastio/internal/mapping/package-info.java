/**
 * A file mapped for the caller ({@code MappedFile}), and {@code MappedFiles.loadFully} for the
 * caller's own buffers. Entry point: {@link dev.fastio.internal.mapping.FileMapping}.
 */
package dev.fastio.internal.mapping;
