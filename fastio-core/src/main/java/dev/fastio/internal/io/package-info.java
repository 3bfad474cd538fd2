/**
 * What every operation shares: {@link dev.fastio.internal.io.BufferPool} (bounded pools of direct
 * buffers), {@link dev.fastio.internal.io.Placement} (where a read lands in a buffer), {@link
 * dev.fastio.internal.io.InterruptSafeFile} (a file an interrupt does not close, as {@code
 * Files.readAllBytes} reads), {@link dev.fastio.internal.io.FileKinds} and {@link
 * dev.fastio.internal.io.BlockDevices} (what kind of file and device a path names), and {@link
 * dev.fastio.internal.io.PageTouch} (a page-touch loop the JIT cannot delete). A toolbox: each
 * class is an entry point of its own.
 */
package dev.fastio.internal.io;
