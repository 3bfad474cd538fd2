/**
 * What every operation shares: {@link dev.fastio.internal.io.BufferPool} (bounded pools of direct
 * buffers), {@link dev.fastio.internal.io.Placement} (where a read lands in a buffer), {@link
 * dev.fastio.internal.io.ResumableChannel} (a file an interrupt does not close, resumed where it
 * was: every read, digest, copy and stream), {@link dev.fastio.internal.io.ArraySizes} and {@link
 * dev.fastio.internal.io.Uninterruptibly} (how arrays grow, waits an interrupt does not cut short),
 * {@link dev.fastio.internal.io.FileKinds} and {@link dev.fastio.internal.io.BlockDevices} (what
 * kind of file and device a path names), and {@link dev.fastio.internal.io.PageTouch} (a page-touch
 * loop the JIT cannot delete). A toolbox: each class is an entry point of its own.
 */
package dev.fastio.internal.io;
