/**
 * fastio's implementation, not exported by the module: it may change in any release. One package
 * per concern; each names its entry points in its own package documentation, and keeps the rest
 * package-private.
 *
 * <ul>
 *   <li>{@link dev.fastio.internal.platform}: the only code that differs by JDK (mappings, native
 *       buffers), behind {@code PlatformProvider}.
 *   <li>{@link dev.fastio.internal.io}: what every operation shares: pooled buffers and where reads
 *       land in them, the interrupt-safe file, kinds of files, page touching.
 *   <li>{@link dev.fastio.internal.read}: a whole file into an array or a digest.
 *   <li>{@link dev.fastio.internal.batch}: digests of many files on several threads.
 *   <li>{@link dev.fastio.internal.chunks}: a file as chunks.
 *   <li>{@link dev.fastio.internal.mapping}: a file mapped for the caller, and the background
 *       threads that fault windows in ahead of a reader and unmap them.
 *   <li>{@link dev.fastio.internal.transfer}: bytes moved from a file to a channel, and file
 *       copies.
 *   <li>{@link dev.fastio.internal.stream}: the input and output streams of files.
 *   <li>{@link dev.fastio.internal.text}: lines of text, found in the bytes or read by the JDK's
 *       reader.
 *   <li>{@link dev.fastio.internal.scan}: the line scanner's parts and threads.
 *   <li>{@link dev.fastio.internal.jfr}: the JDK Flight Recorder events.
 * </ul>
 *
 * <p>{@link dev.fastio.internal.Settings} declares every system property fastio reads. {@code
 * docs/maintainer-guide.md} explains how the pieces fit and the measurements behind the policies.
 */
package dev.fastio.internal;
