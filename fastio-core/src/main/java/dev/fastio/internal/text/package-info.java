/**
 * Text by lines: {@link dev.fastio.internal.text.Lines} (the implementation of {@code
 * FastFiles.lines} and {@code readAllLines}), {@link dev.fastio.internal.text.LineSpliterator} (the
 * lines of a byte range of a file, split at line boundaries for parallel streams) and {@link
 * dev.fastio.internal.text.LineDecoder} (one line's bytes as a {@code String}, with the JDK
 * decoder's errors), {@link dev.fastio.internal.text.DecodingReader} (text with the JDK decoder's
 * characters and errors, most of it copied by a {@link dev.fastio.internal.text.Copy}: UTF-16,
 * UTF-32, EUC-JP, GB18030, ISO-2022-JP; and their lines, an ASCII line made from its bytes). Uses
 * {@code io}; used by the public facade only.
 */
package dev.fastio.internal.text;
