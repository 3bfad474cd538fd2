package dev.fastio.internal.stream;

import dev.fastio.FastOpenOption;
import dev.fastio.ProgressListener;
import dev.fastio.internal.chunks.ChunkSource;
import dev.fastio.internal.io.FileKinds;
import dev.fastio.internal.io.ResumableChannel;
import dev.fastio.internal.read.FileReads;
import dev.fastio.internal.read.ReadStrategy;
import dev.fastio.internal.transfer.Transfers;
import java.io.BufferedWriter;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;

/**
 * The implementation of fastio's streams and of the {@code FastFiles} methods built on them: {@code
 * newInputStream}, {@code newOutputStream}, {@code write}, {@code writeString}, {@code readString},
 * the stream copies, the progress overloads and {@code ChunkedReader}'s stream view. Each method
 * checks its arguments in the order of the {@code java.nio.file.Files} method it replaces; paths of
 * other file systems, and options fastio does not handle itself, get the JDK's own implementation.
 */
public final class Streams {
  private Streams() {}

  /** {@code Files.newInputStream}. */
  public static InputStream newInputStream(Path path, OpenOption... options) throws IOException {
    Set<OpenOption> set = OpenOptions.forInput(path, options);
    if (set == null) {
      return Files.newInputStream(path, options);
    }
    return new FileInput(ResumableChannel.open(path, set, ResumableChannel.Hold.PER_CALL));
  }

  /** {@code Files.newOutputStream}, with {@code FastOpenOption.ATOMIC} and {@code DURABLE}. */
  public static OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
    Set<FastOpenOption> fast = OpenOptions.fastOptions(options);
    if (!fast.isEmpty()) {
      return newDurableStream(path, fast, OpenOptions.standardOptions(options));
    }
    Set<OpenOption> set = OpenOptions.forOutput(path, options);
    if (set == null) {
      return Files.newOutputStream(path, options);
    }
    return new FileOutput(
        ResumableChannel.open(path, set, ResumableChannel.Hold.PER_CALL),
        set.contains(StandardOpenOption.APPEND));
  }

  /**
   * A stream replacing {@code path} ({@code ATOMIC}), or forcing it when closed ({@code DURABLE}).
   */
  private static OutputStream newDurableStream(
      Path path, Set<FastOpenOption> fast, OpenOption... options) throws IOException {
    for (OpenOption option : options) {
      Objects.requireNonNull(option);
    }
    if (!FileKinds.isDefaultFileSystem(path)) {
      throw new UnsupportedOperationException(fast + " not supported for " + path.getFileSystem());
    }
    Set<OpenOption> set = OpenOptions.forOutput(path, options);
    if (set == null) {
      throw new IllegalArgumentException(
          "DELETE_ON_CLOSE, or an option of another provider, with " + fast);
    }
    if (fast.contains(FastOpenOption.ATOMIC)) {
      return Replacement.open(path, set, fast.contains(FastOpenOption.DURABLE));
    }
    boolean created =
        (set.contains(StandardOpenOption.CREATE) || set.contains(StandardOpenOption.CREATE_NEW))
            && !Files.exists(path); // a dangling link's target is created too
    return new FileOutput(
        ResumableChannel.open(path, set, ResumableChannel.Hold.PER_CALL),
        set.contains(StandardOpenOption.APPEND),
        new SyncOnClose(path, created));
  }

  /**
   * The JDK's {@code OutputStreamWriter} over {@code out}, which marks {@code out} failed when a
   * write, a flush or the close's last encoding throws (text the encoder rejects, a lone surrogate
   * at the end, a failed write), so that a stream that replaces its file ({@code ATOMIC}) does not
   * commit. The encoder writes to {@code out} through a shield that does not close it: the writer's
   * {@code close()} closes {@code out} itself, once the encoder is done, on every JDK.
   */
  public static Writer writer(OutputStream out, CharsetEncoder encoder) {
    OutputStream shield =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            out.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void flush() throws IOException {
            out.flush();
          }
        };
    return new OutputStreamWriter(shield, encoder) {
      @Override
      public void write(char[] cbuf, int off, int len) throws IOException {
        try {
          super.write(cbuf, off, len);
        } catch (IOException | RuntimeException | Error e) {
          abandon(out);
          throw e;
        }
      }

      @Override
      public void flush() throws IOException {
        try {
          super.flush();
        } catch (IOException | RuntimeException | Error e) {
          abandon(out);
          throw e;
        }
      }

      @Override
      public void close() throws IOException {
        try {
          super.close();
        } catch (IOException | RuntimeException | Error e) {
          abandon(out);
          try {
            out.close();
          } catch (IOException | RuntimeException x) {
            e.addSuppressed(x);
          }
          throw e;
        }
        out.close();
      }
    };
  }

  private static void abandon(OutputStream out) {
    if (out instanceof FileOutput f) {
      f.abandon();
    }
  }

  /** {@code Files.write(Path, byte[], OpenOption...)}. */
  public static Path write(Path path, byte[] bytes, OpenOption... options) throws IOException {
    Objects.requireNonNull(bytes);
    try (OutputStream out = newOutputStream(path, options)) {
      out.write(bytes);
    }
    return path;
  }

  /**
   * {@code Files.write(Path, Iterable, Charset, OpenOption...)}: the JDK's writer over fastio's
   * stream, so the bytes, line separators ({@link System#lineSeparator()}) and coding errors are
   * the JDK's by construction.
   */
  public static Path write(
      Path path, Iterable<? extends CharSequence> lines, Charset cs, OpenOption... options)
      throws IOException {
    Objects.requireNonNull(lines);
    CharsetEncoder encoder = cs.newEncoder();
    try (OutputStream out = newOutputStream(path, options);
        BufferedWriter writer = new BufferedWriter(writer(out, encoder))) {
      try {
        for (CharSequence line : lines) {
          writer.append(line);
          writer.newLine();
        }
      } catch (IOException | RuntimeException | Error e) {
        abandon(out); // the lines' own iterator failed: a replaced file is not committed
        throw e;
      }
    }
    return path;
  }

  /** {@code Files.writeString(Path, CharSequence, Charset, OpenOption...)}. */
  public static Path writeString(Path path, CharSequence csq, Charset cs, OpenOption... options)
      throws IOException {
    Objects.requireNonNull(path);
    Objects.requireNonNull(csq);
    Objects.requireNonNull(cs);
    byte[] bytes = Text.encode(String.valueOf(csq), cs); // before the file is opened, as the JDK
    return write(path, bytes, options);
  }

  /** {@code Files.readString(Path, Charset)}. */
  public static String readString(Path path, Charset cs) throws IOException {
    Objects.requireNonNull(path);
    Objects.requireNonNull(cs);
    return Text.decode(FileReads.readAllBytes(path, ReadStrategy.AUTO), cs);
  }

  /** {@code Files.copy(Path, OutputStream)}, reporting to {@code listener} if not null. */
  public static long copy(Path source, OutputStream out, ProgressListener listener)
      throws IOException {
    Objects.requireNonNull(out);
    ProgressReports progress = ProgressReports.of(listener);
    try (InputStream in = newInputStream(source)) {
      if (in instanceof FileInput f) {
        return f.transferTo(out, progress);
      }
      return counted(in, out, progress); // another file system's stream
    }
  }

  /**
   * {@code Files.copy(InputStream, Path, CopyOption...)}, reporting to {@code listener} if not
   * null.
   */
  public static long copy(
      InputStream in, Path target, ProgressListener listener, CopyOption... options)
      throws IOException {
    Objects.requireNonNull(in);
    boolean replace = false;
    for (CopyOption option : options) {
      if (option == StandardCopyOption.REPLACE_EXISTING) {
        replace = true;
      } else if (option == null) {
        throw new NullPointerException("options contains 'null'");
      } else {
        throw new UnsupportedOperationException(option + " not supported");
      }
    }
    if (replace) {
      Files.deleteIfExists(target);
    }
    try (OutputStream out =
        newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      return transfer(in, out, ProgressReports.of(listener));
    }
  }

  /**
   * {@code in.transferTo(out)} into a new target: a file stream's bytes by the adaptive transfer,
   * any other stream's by its own {@code transferTo}, as the JDK's copy calls it.
   */
  private static long transfer(InputStream in, OutputStream out, ProgressReports progress)
      throws IOException {
    if (in instanceof FileInput f) {
      return f.transferTo(out, progress);
    }
    if (in.getClass() == FileInputStream.class && out instanceof FileOutput) {
      long n = transferFile(((FileInputStream) in).getChannel(), out, progress);
      if (n >= 0) {
        return n;
      }
    }
    return counted(in, out, progress);
  }

  /**
   * The rest of a {@code FileInputStream}'s regular file into {@code out} by the adaptive transfer,
   * its position moved past them; -1, with nothing read, for a pipe, a device or a {@code /proc}
   * file (size 0), and for a closed stream, whose own {@code transferTo} then throws its {@code
   * IOException("Stream Closed")}, as in the JDK's copy. The channel is the stream's and
   * interruptible: the interrupt status is held back while it is used, so that only an interrupt
   * arriving meanwhile closes it.
   */
  private static long transferFile(FileChannel channel, OutputStream out, ProgressReports progress)
      throws IOException {
    boolean interrupted = Thread.interrupted();
    try {
      if (!channel.isOpen() || channel.size() == 0) { // a closed stream's channel is closed
        return -1;
      }
      long position = channel.position();
      long n = FileOutput.transferInto(out, channel, position, progress);
      channel.position(position + n);
      return n;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** {@code in.transferTo(out)}, with the bytes written counted for {@code progress}. */
  private static long counted(InputStream in, OutputStream out, ProgressReports progress)
      throws IOException {
    if (progress == null) {
      return in.transferTo(out);
    }
    long n = in.transferTo(new CountingOutputStream(out, progress));
    progress.end(n);
    return n;
  }

  /** {@code Files.copy(Path, Path, CopyOption...)} reporting to {@code listener}. */
  public static Path copy(
      Path source, Path target, ProgressListener listener, CopyOption... options)
      throws IOException {
    Objects.requireNonNull(listener, "listener");
    ProgressReports progress = ProgressReports.of(listener);
    Transfers.copy(source, target, progress::moved, options);
    progress.end(sizeOf(target));
    return target;
  }

  /** The size of a regular file copied, 0 for anything else (a directory, a link). */
  private static long sizeOf(Path target) throws IOException {
    BasicFileAttributes a =
        Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    return a.isRegularFile() ? a.size() : 0;
  }

  /** {@code FastChannels.transferTo} reporting to {@code listener}. */
  public static long transferTo(
      FileChannel source,
      long position,
      long count,
      WritableByteChannel target,
      ProgressListener listener)
      throws IOException {
    Objects.requireNonNull(listener, "listener");
    return SlicedTransfer.transfer(source, position, count, target, ProgressReports.of(listener));
  }

  /** {@code ChunkedReader.asInputStream()}: a stream over the reader's chunks. */
  public static InputStream inputStream(ChunkSource chunks) {
    return new ChunkedInput(chunks);
  }
}
