/**
 * The line and record scanner under {@code dev.fastio.LineScanner}: a regular file cut into chunks,
 * each mapped and scanned for terminators on its own thread, the lines starting in a chunk handed
 * to that chunk's {@link dev.fastio.internal.scan.LineSink} and the chunks' results handed back in
 * file order; other files (FIFOs, {@code /proc}, other file systems) read sequentially. Calls down
 * to {@code io} and {@code platform} only.
 */
package dev.fastio.internal.scan;
