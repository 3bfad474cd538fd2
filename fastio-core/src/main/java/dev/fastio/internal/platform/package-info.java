/**
 * The code that differs by JDK, behind one interface: {@link
 * dev.fastio.internal.platform.PlatformProvider} (entry point), with a JDK 17 implementation in the
 * base code and a JDK 22+ one in the jar's {@code META-INF/versions/22} overlay; {@link
 * dev.fastio.internal.platform.MappedRegion} and {@link dev.fastio.internal.platform.NativeBuffer}
 * are the types it makes. Also what any mapping's reader needs whatever the JDK: {@link
 * dev.fastio.internal.platform.Faults} (the asynchronous error of a read of a truncated mapping)
 * and {@link dev.fastio.internal.platform.AlignedBuffers} (page-aligned direct buffers).
 */
package dev.fastio.internal.platform;
