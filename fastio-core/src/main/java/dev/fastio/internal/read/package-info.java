/**
 * A whole file into a new array ({@code FastFiles.readAllBytes}) or into a {@code MessageDigest}
 * ({@code FastFiles.digest}), through a pooled buffer or a mapping released before return. Entry
 * point: {@link dev.fastio.internal.read.FileReads}.
 */
package dev.fastio.internal.read;
