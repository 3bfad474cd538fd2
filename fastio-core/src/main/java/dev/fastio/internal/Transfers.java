package dev.fastio.internal;

import dev.fastio.TransferPolicy;
import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.IoBuffers.IoBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.FileSystemException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The implementation of {@code FastChannels.transferTo}: the contract checks in the JDK's order,
 * the loop that runs until every byte is moved, the three strategies and the fallback from the
 * kernel path.
 *
 * <p>Tests and benchmarks call {@link #transfer} directly to force a strategy with a small mapping
 * window, or to leave the JFR event out.
 */
public final class Transfers {
  /** The most bytes one {@code FileChannel.transferTo} call moves on Linux (sendfile's limit). */
  public static final long KERNEL_CHUNK = 0x7ffff000L;

  /**
   * Bytes mapped at a time by {@link TransferStrategy#MAPPED}: each window is written, then
   * unmapped before the next is mapped, so a transfer never holds more address space than this.
   */
  public static final int MAPPED_WINDOW = 16 << 20;

  /** A kind of target in a condition: the key of the kernel-path refusals remembered. */
  private record Condition(TargetKind kind, boolean appendMode) {}

  /**
   * Kernel-path refusals remembered per target kind and condition. Append-mode file targets are
   * refused from the start: Linux's sendfile and copy_file_range refuse them (EINVAL, EBADF), and
   * on JDK 17 one such refusal inside {@code FileChannel.transferTo} turns sendfile off for every
   * file target of the process.
   */
  private static final Set<Condition> KERNEL_REFUSED = ConcurrentHashMap.newKeySet();

  static {
    KERNEL_REFUSED.add(new Condition(TargetKind.FILE, true));
  }

  /**
   * Whether each file target seen is in append mode, which is fixed when a channel is opened:
   * probed once per channel (five system calls at most), then looked up. Weak keys: a closed and
   * unreachable channel leaves the map.
   */
  private static final Map<FileChannel, Boolean> APPEND_MODE =
      Collections.synchronizedMap(new WeakHashMap<>());

  private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

  /**
   * From which count the source is sized before a strategy is chosen: 16 MiB. A smaller count is
   * taken as the number of bytes there are; a larger one, such as {@code Long.MAX_VALUE} or {@code
   * Integer.MAX_VALUE} ("to the end of the file"), has the source's size asked first, so that a
   * small file is not sent down the path chosen for a large transfer. Asking costs a system call:
   * on a 2-core AMD EPYC VM (JDK 17, {@code TransferBenchmark -p size=65536 -p target=FILE -f 2})
   * 64 KiB transfers to a file ran at 142,000 per second with it against 160,000 without, and the
   * JDK's own {@code transferTo} at 163,000; from 16 MiB it costs under 0.1 % of the transfer. A
   * count above the file's size is still moved correctly: the path chosen moves what there is, and
   * only then is the file sized.
   */
  static final long SIZED_FROM_COUNT = 16 << 20;

  /**
   * From how many bytes the read/write loop asks a file target where its writes go (one system
   * call: its position, which for an append-mode channel is its size), to place its reads for the
   * write as well: 64 KiB. Measured on a 2-core AMD EPYC VM, JDK 17: asking on every transfer (as
   * first written, with a check for append mode besides) took 4 KiB transfers to a file from
   * 418,000 to 360,000 per second ({@code TransferBenchmark.fastio -p size=4096 -p target=FILE}, 2
   * forks), about 0.4 µs each; a 64 KiB write from a page-aligned buffer to a file offset 1 to 31
   * bytes past a page boundary ran at 2.3 GB/s against 9.5 to 9.9 elsewhere, 21 µs more, 50 times
   * that. Below 64 KiB (on Linux, the small file targets the loop serves by default) the reads are
   * placed for the source alone. The count is the one asked for: a count beyond the end of a
   * smaller file counts too. A target that cannot tell its position (a pipe or a terminal) is
   * written to unplaced.
   */
  public static final long PLACED_FOR_TARGET = 64 * 1024;

  /**
   * From how many bytes a transfer the policy gives the kernel path to a file target checks where
   * the target writes, and takes {@link TransferStrategy#READ_WRITE} instead when the kernel's copy
   * from the page cache to the page cache would be slow there ({@link IoBuffers#slowCopy}): 256
   * KiB. Measured on a 2-core AMD EPYC VM, JDK 17 and 25, 1 MiB from a cached file: the kernel path
   * ({@code FileChannel.transferTo}) ran at 2.1 GB/s when the target offset lay 16 bytes after the
   * source offset modulo a page, against 6.6-7.3 GB/s at 0, 32, 48 and 2048; the read/write loop,
   * whose buffer is placed for both copies, at 5.9-6.1 GB/s at each of them. The check is one
   * system call (the target's position), under 1 % of a transfer of this size.
   */
  public static final long KERNEL_OFFSETS_CHECKED = 256 * 1024;

  private Transfers() {}

  /**
   * {@code FastChannels.transferTo}.
   *
   * @param policy chooses the strategy when {@code forced} is null
   * @param forced the strategy to use, or null for the policy's choice
   * @param window the mapping window of {@link TransferStrategy#MAPPED}, in bytes
   * @param record false to leave the JFR event out (the benchmark of its cost)
   */
  public static long transfer(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferPolicy policy,
      TransferStrategy forced,
      int window,
      boolean record)
      throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(policy, "policy");
    if (window <= 0 || window > MappedRegion.MAX_WINDOW) {
      throw new IllegalArgumentException("window out of range: " + window);
    }
    // FileChannel.transferTo's order: closed source, closed target, modes, then the arguments.
    if (!source.isOpen() || !target.isOpen()) {
      throw new ClosedChannelException();
    }
    if (position < 0 || count < 0) {
      checkModes(source, target);
      throw new IllegalArgumentException(
          position < 0 ? "position < 0: " + position : "count < 0: " + count);
    }
    if (count == 0) {
      checkModes(source, target);
      return 0;
    }
    try {
      return run(source, position, count, target, policy, forced, window, record);
    } catch (ClosedByInterruptException e) {
      // As FileChannel.transferTo does (JDK 21+): an interrupt closes both channels.
      closeQuietly(source, e);
      closeQuietly(target, e);
      throw e;
    }
  }

  /**
   * The loop. The source's size costs a system call, as much as a small transfer's own on some
   * systems, so it is read only where it is needed: where the choice depends on it and the count
   * does not say it ({@link #SIZED_FROM_COUNT}), for a mapping, and where a strategy moved less
   * than asked (end of file, a shrunk source, or a refusal).
   */
  private static long run(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      TransferPolicy policy,
      TransferStrategy forced,
      int window,
      boolean record)
      throws IOException {
    TargetKind kind = TargetKind.of(target);
    boolean blocking = !(target instanceof SelectableChannel sc) || sc.isBlocking();
    TransferStrategy chosen = forced != null ? forced : policy.choose(kind, count);
    long amount = count; // the bytes to move: count until the size is known
    boolean sized = false;
    // Needed: to choose by size where the count does not say it; to map; and for positional reads
    // from a position past 0 (a file of /proc reads from any position, but the JDK transfers
    // nothing from past its size of 0).
    if (chosen == TransferStrategy.MAPPED
        || (chosen == TransferStrategy.READ_WRITE && position > 0)
        || (forced == null && count >= SIZED_FROM_COUNT && chosen != policy.choose(kind, 0))) {
      long size = source.size();
      sized = true;
      if (pastEnd(position, size)) {
        checkModes(source, target);
        return 0;
      }
      if (size == 0) {
        // What /proc and /sys files report: read to end of file, as the JDK does from JDK 21 on.
        chosen = TransferStrategy.READ_WRITE;
      } else {
        amount = Math.min(count, size - position);
        chosen = forced != null ? forced : policy.choose(kind, amount);
      }
    }
    Object event = record && Jfr.AVAILABLE ? JfrEvents.beginTransfer() : null;
    TransferStrategy strategy = chosen;
    long written = -1; // where a file target writes the first byte, once asked
    if (strategy == TransferStrategy.KERNEL
        && kind == TargetKind.FILE
        && kernelRefused(kind, isAppendMode((FileChannel) target))) {
      // Chosen by the bytes there are, not by a count such as Long.MAX_VALUE.
      long size = sized ? -1 : source.size();
      if (size >= 0 && pastEnd(position, size)) {
        checkModes(source, target); // as above: nothing from past the end, /proc files included
        return 0;
      }
      strategy = fallback(policy, size < 0 ? amount : Math.min(amount, size - position));
    } else if (strategy == TransferStrategy.KERNEL
        && forced == null
        && policy.strategy().isEmpty()
        && kind == TargetKind.FILE
        && amount >= KERNEL_OFFSETS_CHECKED) {
      written = writeOffset((FileChannel) target);
      if (written >= 0 && IoBuffers.slowCopy(position, written)) {
        // Its reads and writes are placed; the kernel's copy is not. Recorded as taken over from
        // KERNEL.
        strategy = TransferStrategy.READ_WRITE;
        if (!sized && position > 0) {
          // As above: from past the size of a /proc file the JDK transfers nothing.
          long size = source.size();
          sized = true;
          if (pastEnd(position, size)) {
            checkModes(source, target);
            return 0;
          }
          if (size > 0) {
            amount = Math.min(count, size - position);
          }
        }
      }
    }
    long done = 0;
    while (done < amount) {
      long request =
          strategy == TransferStrategy.KERNEL
              ? Math.min(amount - done, KERNEL_CHUNK)
              : amount - done;
      long n =
          move(
              strategy,
              source,
              position + done,
              request,
              target,
              window,
              written < 0 ? -1 : written + done);
      done += n;
      if (n == request) {
        continue;
      }
      if (!blocking) {
        break; // a non-blocking target took what it could
      }
      if (n > 0) {
        // Less than asked: the JDK's kernel path may do that, or the file ends before the count.
        if (!sized) {
          long size = source.size();
          sized = true;
          if (size > 0) {
            amount = Math.max(done, Math.min(count, size - position));
          }
        }
        continue;
      }
      long size = source.size();
      sized = true;
      if (size == 0 && position == 0 && done == 0 && strategy != TransferStrategy.READ_WRITE) {
        // An empty file, or one of /proc or /sys, from which JDK 17 transfers nothing: read it.
        strategy = TransferStrategy.READ_WRITE;
        continue;
      }
      if (position + done >= size) {
        break; // end of file: the file is shorter than the count, or it shrank meanwhile
      }
      if (strategy != TransferStrategy.KERNEL) {
        break; // the target accepted nothing: return what was moved, never spin
      }
      // The kernel path moved nothing where bytes remain: fall back, and remember it for this kind
      // of target in this condition only.
      boolean append = kind == TargetKind.FILE && isAppendMode((FileChannel) target);
      KERNEL_REFUSED.add(new Condition(kind, append));
      amount = Math.max(done, Math.min(count, size - position));
      strategy = fallback(policy, amount - done);
    }
    if (done == 0) {
      checkModes(source, target); // nothing written: the mode errors are still the JDK's
    }
    if (event != null) {
      String from = strategy != chosen ? chosen.name() : "";
      JfrEvents.commitTransfer(event, strategy.name(), from, kind.name(), done);
    }
    return done;
  }

  /** The strategy that takes over from a refused kernel path: the one chosen for other targets. */
  private static TransferStrategy fallback(TransferPolicy policy, long remaining) {
    return remaining >= policy.otherMappedThreshold()
        ? TransferStrategy.MAPPED
        : TransferStrategy.READ_WRITE;
  }

  /** True if the kernel path is remembered as refused for {@code kind} in the condition given. */
  public static boolean kernelRefused(TargetKind kind, boolean appendMode) {
    return KERNEL_REFUSED.contains(new Condition(kind, appendMode));
  }

  /**
   * True if {@code channel} was opened in append mode. There is no API to ask: an append-mode
   * {@code FileChannel} reports its size as its position whatever position it is set to, which a
   * plain one does not. The probe moves the position only when it equals the size, and sets it
   * back. A channel with no position (a pipe or a terminal, whose {@code position()} fails with
   * "Illegal seek") is taken as not in append mode.
   */
  static boolean isAppendMode(FileChannel channel) throws IOException {
    Boolean known = APPEND_MODE.get(channel);
    if (known != null) {
      return known;
    }
    boolean append = probeAppendMode(channel);
    APPEND_MODE.put(channel, append);
    return append;
  }

  /**
   * Records that {@code channel}, which fastio opened itself without {@code APPEND}, is not in
   * append mode, which spares it the probe (five system calls on a new, empty file).
   */
  static void notAppendMode(FileChannel channel) {
    APPEND_MODE.put(channel, Boolean.FALSE);
  }

  private static boolean probeAppendMode(FileChannel channel) throws IOException {
    long position = writeOffset(channel); // -1 for a pipe or a terminal: no end to append at
    if (position < 0 || position != channel.size()) {
      return false;
    }
    long probe = position > 0 ? position - 1 : 1;
    channel.position(probe);
    try {
      return channel.position() != probe;
    } finally {
      channel.position(position);
    }
  }

  /**
   * The mode checks {@code FileChannel.transferTo} makes before it moves anything: a source not
   * open for reading, a file target not open for writing. Called on the paths that move no byte; on
   * the others the first read or write throws the same exceptions, in the same order.
   */
  private static void checkModes(FileChannel source, WritableByteChannel target) throws IOException {
    source.read(EMPTY, 0);
    if (target instanceof FileChannel file) {
      file.write(EMPTY, 0);
    }
  }

  private static long move(
      TransferStrategy strategy,
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      int window,
      long written)
      throws IOException {
    return switch (strategy) {
      case KERNEL -> source.transferTo(position, count, target);
      case MAPPED -> mapped(source, position, count, target, window);
      case READ_WRITE -> readWrite(source, position, count, target, written);
    };
  }

  /**
   * Writes {@code [position, position + count)} of the source from mappings of at most {@code
   * window} bytes, each unmapped before the next is made. Stops early where the target accepts less
   * than offered or the source ends.
   */
  private static long mapped(
      FileChannel source, long position, long count, WritableByteChannel target, int window)
      throws IOException {
    long done = 0;
    while (done < count) {
      long at = position + done;
      // Map only what the file holds: a read-only mapping past its end would fault (or, through a
      // channel also open for writing, extend the file).
      long length = Math.min(Math.min(window, count - done), source.size() - at);
      if (length <= 0) {
        break;
      }
      long n;
      try (MappedRegion region = MappedRegion.map(source, at, length, (int) length, false)) {
        n = writeWindow(region.window(0), target);
        Faults.deliverPending(); // a fault of the copy is thrown here, inside this try
      } catch (InternalError e) {
        if (Faults.isMappingFault(e)) {
          throw truncated(at, e);
        }
        throw e;
      } catch (ClosedChannelException e) {
        throw e;
      } catch (IOException e) {
        // A native write from the mapping of a file truncated meanwhile fails with EFAULT.
        if (source.size() < at + length) {
          throw truncated(at, e);
        }
        throw e;
      }
      done += n;
      if (n < length) {
        break;
      }
    }
    return done;
  }

  // The mapped reads happen in this callee, so the caller's try covers them however they are
  // inlined.
  private static int writeWindow(MappedByteBuffer buffer, WritableByteChannel target)
      throws IOException {
    return writeFully(buffer, target);
  }

  private static FileSystemException truncated(long position, Throwable cause) {
    FileSystemException e =
        new FileSystemException(
            "transfer source",
            null,
            "the file was truncated while mapped (reading at position "
                + position
                + "); the channel does not know the file's path");
    e.initCause(cause);
    return e;
  }

  /**
   * Reads {@code [position, position + count)} of the source through a pooled direct buffer and
   * writes each read out. Stops early at end of file or where the target accepts less than offered.
   *
   * <p>Each read lands at the index {@link IoBuffers#placement} gives for its file offset and, from
   * {@link #PLACED_FOR_TARGET} bytes, for the file offset it is written to, out of the offsets
   * where the kernel's copies are slow.
   *
   * @param asked where a file target writes the first byte, if the caller asked it already; else -1
   */
  private static long readWrite(
      FileChannel source, long position, long count, WritableByteChannel target, long asked)
      throws IOException {
    long written =
        asked >= 0 || count < PLACED_FOR_TARGET || !(target instanceof FileChannel file)
            ? asked
            : writeOffset(file);
    IoBuffer b = IoBuffers.acquire();
    try {
      ByteBuffer d = b.direct;
      long done = 0;
      while (done < count) {
        int at = IoBuffers.placement(position + done, written < 0 ? -1 : written + done);
        d.clear().position(at).limit(at + (int) Math.min(d.capacity() - at, count - done));
        int r = source.read(d, position + done);
        if (r <= 0) {
          break;
        }
        d.flip().position(at);
        int w = writeFully(d, target);
        done += w;
        if (w < r) {
          break;
        }
      }
      return done;
    } finally {
      IoBuffers.release(b);
    }
  }

  /**
   * True if {@code FileChannel.transferTo} moves nothing from {@code position} of a source of
   * {@code size} bytes: past the end, or at the end of a file that is not empty (a file of {@code
   * /proc} reports 0 and is read from position 0).
   */
  private static boolean pastEnd(long position, long size) {
    return position > size || (size > 0 && position == size);
  }

  /**
   * Where the next write to {@code file} goes (its position, which for an append-mode channel is
   * its size), or -1 if it cannot tell, as a pipe or a terminal cannot ("Illegal seek").
   *
   * @throws ClosedChannelException if the channel is closed (or, for a subclass, the thread was
   *     interrupted), as the write would have thrown
   */
  private static long writeOffset(FileChannel file) throws IOException {
    try {
      return file.position();
    } catch (ClosedChannelException e) {
      throw e;
    } catch (IOException e) {
      return -1; // only a hint: the write itself says whether the target works
    }
  }

  /**
   * Writes {@code buffer} until it is empty or a write accepts nothing (a non-blocking target that
   * is full, or a channel that behaves as one): never spins.
   */
  private static int writeFully(ByteBuffer buffer, WritableByteChannel target) throws IOException {
    int total = 0;
    while (buffer.hasRemaining()) {
      int n = target.write(buffer);
      if (n <= 0) {
        break;
      }
      total += n;
    }
    return total;
  }

  private static void closeQuietly(Channel channel, Throwable primary) {
    try {
      channel.close();
    } catch (IOException | RuntimeException e) {
      primary.addSuppressed(e);
    }
  }
}
