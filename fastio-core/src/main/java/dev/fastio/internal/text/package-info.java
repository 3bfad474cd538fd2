/**
 * Text by lines: {@link dev.fastio.internal.text.Lines} (the implementation of {@code
 * FastFiles.lines}, {@code readAllLines}, {@code newBufferedReader} and {@code newBufferedWriter}),
 * {@link dev.fastio.internal.text.LineEnds} (the one rule for the charsets whose lines are found in
 * the bytes), {@link dev.fastio.internal.text.LineSpliterator} (the lines of a byte range of a
 * file, split at line boundaries for parallel streams) and {@link
 * dev.fastio.internal.text.LineDecoder} (one line's bytes as a {@code String}, with the JDK
 * decoder's errors). Uses {@code stream}, {@code io} and {@code platform}; used by the public
 * facade only.
 */
package dev.fastio.internal.text;
