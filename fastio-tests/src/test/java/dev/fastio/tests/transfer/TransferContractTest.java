package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastChannels;
import dev.fastio.TransferPolicy;
import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.TransferStrategy;
import dev.fastio.internal.transfer.TransferTestHook;
import dev.fastio.tests.support.TestSupport;
import dev.fastio.tests.support.TransferProbe;
import dev.fastio.tests.transfer.TransferPropertiesTest.Mode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract of {@code FastChannels.transferTo} beside the JDK's {@code FileChannel.transferTo}:
 * the same exception types on the same bad input, for every strategy; a non-blocking target gets
 * what it accepts; a target that accepts nothing, or a source that shrinks, never makes it spin nor
 * leaks an {@link InternalError}; interrupts close both channels; size-0 files of {@code /proc} are
 * read; and the append-mode fallback, which leaves the kernel path in use for plain files and
 * sockets (on JDK 17 the JDK's own transferTo does not: strace shows it).
 */
class TransferContractTest {
  private static final String EVENT = "dev.fastio.Transfer";

  @TempDir Path dir;

  // ---------------------------------------------------------------- exceptions, as the JDK's

  /** How a source channel is opened for a contract case. */
  enum SourceKind {
    READABLE,
    WRITE_ONLY,
    CLOSED
  }

  /** How a target channel is opened for a contract case. */
  enum TargetCase {
    FILE,
    READ_ONLY_FILE,
    CLOSED_FILE,
    STREAM,
    CLOSED_STREAM
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void exceptionTypesAreTheJdksOnTheSameInput(Mode mode) throws Exception {
    // 100,000 bytes: a count of all of them reaches the paths of 64 KiB and more (the kernel's for
    // files, and the read/write loop's placement for a file target).
    Path source = TestSupport.write(dir, "source", TestSupport.randomBytes(1, 100_000));
    long[][] arguments = {
      {0, 100},
      {-1, 100},
      {0, -1},
      {-1, -1},
      {200_000, 100},
      {0, 0},
      {100_000, 5},
      {0, 100_000},
      {0, 300_000}
    };
    int cases = 0;
    for (SourceKind sk : SourceKind.values()) {
      for (TargetCase tc : TargetCase.values()) {
        for (long[] args : arguments) {
          Class<? extends Throwable> jdk;
          Object jdkResult;
          try (FileChannel in = source(source, sk);
              WritableByteChannel out = target(tc, "jdk-target")) {
            jdk = TestSupport.thrown(() -> in.transferTo(args[0], args[1], out));
            jdkResult = jdk == null ? in.transferTo(args[0], args[1], out) : null;
          }
          Class<? extends Throwable> ours;
          try (FileChannel in = source(source, sk);
              WritableByteChannel out = target(tc, "our-target")) {
            ours =
                TestSupport.thrown(
                    () -> TransferPropertiesTest.transfer(mode, in, args[0], args[1], out));
            if (ours == null) {
              assertEquals(
                  jdkResult,
                  TransferPropertiesTest.transfer(mode, in, args[0], args[1], out),
                  sk + " " + tc + " " + Arrays.toString(args));
            }
          }
          assertEquals(jdk, ours, mode + ": " + sk + " " + tc + " " + Arrays.toString(args));
          cases++;
        }
      }
    }
    assertEquals(3 * 5 * arguments.length, cases);
  }

  /**
   * A FIFO opened as a {@code FileChannel} has no position ({@code position()} fails with "Illegal
   * seek"): it gets every byte, as from the JDK's {@code transferTo}, whatever the strategy and the
   * count, since nothing asks it for a position it cannot give.
   */
  @ParameterizedTest
  @EnumSource(Mode.class)
  void aFifoOpenedAsAFileChannelGetsEveryByte(Mode mode) throws Exception {
    assumeTrue(TestSupport.isLinux(), "FIFOs made with mkfifo");
    byte[] content = TestSupport.randomBytes(14, 300_000);
    Path source = TestSupport.write(dir, "fifo-source", content);
    for (long count : new long[] {100, 100_000, Long.MAX_VALUE, -1}) {
      Path fifo = TestSupport.fifo(dir, "fifo-" + mode + "-" + count);
      CompletableFuture<byte[]> read =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return Files.readAllBytes(fifo);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
      long expected = count < 0 ? 100_000 : Math.min(count, content.length);
      try (FileChannel in = FileChannel.open(source);
          FileChannel out = FileChannel.open(fifo, StandardOpenOption.WRITE)) {
        if (count < 0) { // the JDK, for comparison: a call may move less (a pipe's 64 KiB)
          long done = 0;
          while (done < expected) {
            done += in.transferTo(done, expected - done, out);
          }
        } else {
          assertEquals(
              expected, TransferPropertiesTest.transfer(mode, in, 0, count, out), mode.name());
        }
      }
      assertArrayEquals(
          Arrays.copyOf(content, (int) expected),
          read.get(1, TimeUnit.MINUTES),
          mode + " " + count);
      Files.delete(fifo);
    }
  }

  private FileChannel source(Path file, SourceKind kind) throws IOException {
    FileChannel ch =
        FileChannel.open(
            file,
            kind == SourceKind.WRITE_ONLY ? StandardOpenOption.WRITE : StandardOpenOption.READ);
    if (kind == SourceKind.CLOSED) {
      ch.close();
    }
    return ch;
  }

  private WritableByteChannel target(TargetCase kind, String name) throws IOException {
    Path file = dir.resolve(name);
    Files.deleteIfExists(file);
    Files.createFile(file);
    WritableByteChannel ch =
        switch (kind) {
          case FILE, CLOSED_FILE -> FileChannel.open(file, StandardOpenOption.WRITE);
          case READ_ONLY_FILE -> FileChannel.open(file, StandardOpenOption.READ);
          case STREAM, CLOSED_STREAM -> Channels.newChannel(new ByteArrayOutputStream());
        };
    if (kind == TargetCase.CLOSED_FILE || kind == TargetCase.CLOSED_STREAM) {
      ch.close();
    }
    return ch;
  }

  @Test
  void argumentMessagesNameTheArgument() throws IOException {
    Path source = TestSupport.write(dir, "source", new byte[10]);
    try (FileChannel in = FileChannel.open(source);
        WritableByteChannel out = Channels.newChannel(new ByteArrayOutputStream())) {
      assertEquals(
          "position < 0: -3",
          assertThrows(
                  IllegalArgumentException.class, () -> FastChannels.transferTo(in, -3, 1, out))
              .getMessage());
      assertEquals(
          "count < 0: -4",
          assertThrows(
                  IllegalArgumentException.class, () -> FastChannels.transferTo(in, 0, -4, out))
              .getMessage());
      assertThrows(NullPointerException.class, () -> FastChannels.transferTo(null, 0, 1, out));
      assertThrows(NullPointerException.class, () -> FastChannels.transferTo(in, 0, 1, null));
      assertThrows(
          NullPointerException.class,
          () -> FastChannels.transferTo(in, 0, 1, out, (TransferPolicy) null));
      assertThrows(
          NullPointerException.class,
          () -> FastChannels.transferTo(in, 0, 1, out, (TransferStrategy) null));
    }
  }

  // ---------------------------------------------------------------- targets that take less

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aNonBlockingSocketGetsWhatItAcceptsWithoutWaiting(Mode mode) throws Exception {
    int size = 48 << 20; // more than loopback socket buffers hold
    byte[] content = TestSupport.randomBytes(2, size);
    Path source = TestSupport.write(dir, "big", content);
    try (TransferTargets.Drained socket = TransferTargets.Drained.socket();
        FileChannel in = FileChannel.open(source)) {
      socket.pause();
      java.nio.channels.SocketChannel sink = (java.nio.channels.SocketChannel) socket.sink;
      sink.configureBlocking(false);
      long first =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () -> TransferPropertiesTest.transfer(mode, in, 0, size, sink));
      assertTrue(first > 0 && first < size, "accepted " + first + " of " + size);
      long second =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () -> TransferPropertiesTest.transfer(mode, in, first, size - first, sink));
      assertTrue(second >= 0 && first + second < size, "then accepted " + second);
      socket.resume();
      byte[] received = socket.await(0, first + second);
      assertArrayEquals(Arrays.copyOf(content, (int) (first + second)), received);
      sink.configureBlocking(true);
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aTargetThatAcceptsNothingEndsTheTransferInsteadOfSpinning(Mode mode) throws Exception {
    Path source = TestSupport.write(dir, "source", TestSupport.randomBytes(3, 3 << 20));
    WritableByteChannel refusing =
        new WritableByteChannel() {
          @Override
          public int write(ByteBuffer src) {
            return 0;
          }

          @Override
          public boolean isOpen() {
            return true;
          }

          @Override
          public void close() {}
        };
    try (FileChannel in = FileChannel.open(source)) {
      long n =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30),
              () -> TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, refusing));
      assertEquals(0, n);
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aTargetThatTakesOneByteAtATimeGetsEveryByte(Mode mode) throws Exception {
    byte[] content = TestSupport.randomBytes(4, 70_001);
    Path source = TestSupport.write(dir, "source", content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WritableByteChannel trickle =
        new WritableByteChannel() {
          @Override
          public int write(ByteBuffer src) {
            if (!src.hasRemaining()) {
              return 0;
            }
            out.write(src.get());
            return 1;
          }

          @Override
          public boolean isOpen() {
            return true;
          }

          @Override
          public void close() {}
        };
    try (FileChannel in = FileChannel.open(source)) {
      assertEquals(
          content.length, TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, trickle));
    }
    assertArrayEquals(content, out.toByteArray());
  }

  // ---------------------------------------------------------------- a source that shrinks

  /** A stream that truncates the source file once it has received {@code after} bytes. */
  private static final class TruncatingStream extends OutputStream {
    final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final Path file;
    private final long after;
    private final long to;
    private boolean done;

    TruncatingStream(Path file, long after, long to) {
      this.file = file;
      this.after = after;
      this.to = to;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      received.write(b, off, len);
      if (!done && received.size() >= after) {
        done = true;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          f.setLength(to);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aSourceThatShrinksGivesACorrectShortTransferOrAnIoExceptionNeverAnInternalError(Mode mode)
      throws Exception {
    for (int window : new int[] {TransferPropertiesTest.WINDOW, TransferTestHook.MAPPED_WINDOW}) {
      int size = 8 << 20;
      byte[] content = TestSupport.randomBytes(5, size);
      Path source = TestSupport.write(dir, "shrinking-" + window, content);
      TruncatingStream stream = new TruncatingStream(source, 1 << 20, 256 << 10);
      try (FileChannel in = FileChannel.open(source);
          WritableByteChannel out = Channels.newChannel(stream)) {
        Throwable thrown = null;
        long n = -1;
        try {
          n =
              assertTimeoutPreemptively(
                  Duration.ofSeconds(60),
                  () ->
                      mode == Mode.ADAPTIVE
                          ? FastChannels.transferTo(in, 0, Long.MAX_VALUE, out)
                          : TransferTestHook.transfer(
                              in,
                              0,
                              Long.MAX_VALUE,
                              out,
                              TransferPolicy.defaults()
                                  .withStrategy(TransferStrategy.valueOf(mode.name())),
                              window));
        } catch (Exception e) { // assertTimeoutPreemptively rethrows the transfer's own exception
          if (!(e instanceof IOException)) {
            throw e;
          }
          thrown = e;
        }
        if (mode == Mode.MAPPED && window == TransferTestHook.MAPPED_WINDOW) {
          // One mapping of the whole file, read past the new end: the JVM's fault, converted.
          assertInstanceOf(java.nio.file.FileSystemException.class, thrown, "returned " + n);
          assertInstanceOf(InternalError.class, thrown.getCause());
        }
        if (thrown == null) {
          assertTrue(n >= 0 && n < size, "returned " + n);
          assertEquals(n, stream.received.size(), "bytes received");
          assertArrayEquals(Arrays.copyOf(content, (int) n), stream.received.toByteArray());
        } else {
          assertInstanceOf(java.nio.file.FileSystemException.class, thrown, thrown.toString());
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void aFileTargetWhileAnotherThreadTruncatesTheSourceNeverSpinsNorThrowsInternalError(Mode mode)
      throws Exception {
    int size = 32 << 20;
    Path source = TestSupport.write(dir, "truncated-under", TestSupport.randomBytes(6, size));
    Path target = dir.resolve("truncated-target");
    AtomicBoolean stop = new AtomicBoolean();
    Thread truncator =
        new Thread(
            () -> {
              try {
                while (!stop.get() && Files.size(target) < (1 << 20)) {
                  Thread.onSpinWait();
                }
                try (RandomAccessFile f = new RandomAccessFile(source.toFile(), "rw")) {
                  f.setLength(100_000);
                }
              } catch (IOException e) {
                // the target may not exist yet for an instant: the transfer then ends whole
              }
            });
    try (FileChannel in = FileChannel.open(source);
        FileChannel out =
            FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      truncator.start();
      try {
        long n =
            assertTimeoutPreemptively(
                Duration.ofSeconds(60),
                () -> TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, out));
        assertTrue(n >= 0 && n <= size, "returned " + n);
        assertEquals(n, out.position());
      } catch (Exception e) { // assertTimeoutPreemptively rethrows the transfer's own exception
        if (!(e instanceof IOException)) {
          throw e;
        }
        assertInstanceOf(java.nio.file.FileSystemException.class, e, e.toString());
      } finally {
        stop.set(true);
        truncator.join();
      }
    }
  }

  // ---------------------------------------------------------------- interrupts, /proc

  @ParameterizedTest
  @EnumSource(Mode.class)
  void anInterruptClosesBothChannelsAsTheJdkDoes(Mode mode) throws Exception {
    Path source = TestSupport.write(dir, "source", TestSupport.randomBytes(7, 3 << 20));
    for (boolean fileTarget : new boolean[] {true, false}) {
      Class<? extends Throwable> jdk;
      try (FileChannel in = FileChannel.open(source);
          WritableByteChannel out = interruptTarget(fileTarget, "jdk")) {
        Thread.currentThread().interrupt();
        jdk = TestSupport.thrown(() -> in.transferTo(0, 3 << 20, out));
        assertTrue(Thread.interrupted(), "the JDK keeps the status set");
      }
      try (FileChannel in = FileChannel.open(source);
          WritableByteChannel out = interruptTarget(fileTarget, "ours")) {
        Thread.currentThread().interrupt();
        Throwable ours =
            assertThrows(
                ClosedByInterruptException.class,
                () -> TransferPropertiesTest.transfer(mode, in, 0, 3 << 20, out));
        assertTrue(Thread.interrupted(), "interrupt status set");
        assertEquals(jdk, ours.getClass());
        assertFalse(in.isOpen(), "source closed");
        assertFalse(out.isOpen(), "target closed");
      }
    }
  }

  private WritableByteChannel interruptTarget(boolean file, String name) throws IOException {
    if (file) {
      return FileChannel.open(
          dir.resolve("interrupted-" + name),
          StandardOpenOption.CREATE,
          StandardOpenOption.TRUNCATE_EXISTING,
          StandardOpenOption.WRITE);
    }
    return Channels.newChannel(new ByteArrayOutputStream());
  }

  @ParameterizedTest
  @EnumSource(Mode.class)
  void procFilesOfSizeZeroAreReadToTheirEnd(Mode mode) throws Exception {
    Path version = Paths.get("/proc/version");
    assumeTrue(Files.isReadable(version));
    byte[] expected = Files.readAllBytes(version);
    assertTrue(expected.length > 0);
    try (FileChannel in = FileChannel.open(version)) {
      assertEquals(0, in.size());
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      assertEquals(
          expected.length,
          TransferPropertiesTest.transfer(mode, in, 0, Long.MAX_VALUE, Channels.newChannel(out)));
      assertArrayEquals(expected, out.toByteArray());
      Path copy = dir.resolve("version");
      try (FileChannel f =
          FileChannel.open(copy, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        assertEquals(expected.length, TransferPropertiesTest.transfer(mode, in, 0, 10_000, f));
      }
      assertArrayEquals(expected, Files.readAllBytes(copy));
      assertEquals(
          0, TransferPropertiesTest.transfer(mode, in, 1, 10, Channels.newChannel(out)), "past 0");
      // Past 0 with a count large enough for the kernel path to files, to a file written 17 bytes
      // after the source's offset (the read/write loop takes over) and to an append-mode file (the
      // kernel path is refused): nothing, as from the JDK.
      long count = 300_000;
      Path at17 = TestSupport.write(dir, "version-at-17", new byte[17]);
      try (FileChannel f = FileChannel.open(at17, StandardOpenOption.WRITE)) {
        f.position(17);
        assertEquals(0, in.transferTo(1, count, f), "the JDK, past 0, to a file");
        assertEquals(0, TransferPropertiesTest.transfer(mode, in, 1, count, f), "past 0, file");
      }
      Path appended = TestSupport.write(dir, "version-appended", new byte[17]);
      try (FileChannel f =
          FileChannel.open(appended, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
        assertEquals(0, in.transferTo(1, count, f), "the JDK, past 0, appending");
        assertEquals(
            0, TransferPropertiesTest.transfer(mode, in, 1, count, f), "past 0, appending");
      }
      assertEquals(17, Files.size(at17));
      assertEquals(17, Files.size(appended));
    }
  }

  // ---------------------------------------------------------------- append-mode fallback

  @Test
  void appendModeTargetsFallBackAndTheKernelPathStaysForPlainFilesAndSockets() throws Exception {
    // Big enough for the fallback to map it (from the OTHER threshold, as a channel neither file
    // nor socket would be), small ones are read and written.
    byte[] big =
        TestSupport.randomBytes(8, (int) TransferPolicy.defaults().otherMappedThreshold() + 3);
    // Above the policy's 32 KiB threshold for files, so that the kernel path is what is chosen.
    byte[] small = TestSupport.randomBytes(9, 40_000);
    Path bigSource = TestSupport.write(dir, "big", big);
    Path smallSource = TestSupport.write(dir, "small", small);
    // 17 bytes: appends land 17 bytes after the source's offsets, where the kernel's copy would be
    // slow; the append mode's refusal comes first all the same.
    byte[] existing = "existing content\n".getBytes(StandardCharsets.US_ASCII);
    Path appended = TestSupport.write(dir, "appended", existing);
    Path plain = dir.resolve("plain");
    Path plainAtEnd = TestSupport.write(dir, "plain-at-end", existing);
    List<RecordedEvent> events;
    try (TransferTargets.Drained socket = TransferTargets.Drained.socket();
        FileChannel bigIn = FileChannel.open(bigSource);
        FileChannel smallIn = FileChannel.open(smallSource)) {
      events =
          record(
              () -> {
                try (FileChannel a =
                    FileChannel.open(
                        appended, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                  a.position(0); // ignored by an append-mode channel: writes go to the end
                  assertEquals(big.length, FastChannels.transferTo(bigIn, 0, big.length, a));
                  assertEquals(small.length, FastChannels.transferTo(smallIn, 0, 40_000, a));
                  assertEquals(
                      small.length, FastChannels.transferTo(smallIn, 0, Long.MAX_VALUE, a));
                  assertEquals(
                      small.length,
                      FastChannels.transferTo(smallIn, 0, 40_000, a, TransferStrategy.KERNEL));
                }
                try (FileChannel p =
                    FileChannel.open(
                        plain, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                  assertEquals(big.length, FastChannels.transferTo(bigIn, 0, big.length, p));
                  assertEquals(big.length, p.position());
                }
                try (FileChannel p = FileChannel.open(plainAtEnd, StandardOpenOption.WRITE)) {
                  p.position(existing.length); // position == size: the probe must set it back
                  assertEquals(small.length, FastChannels.transferTo(smallIn, 0, 40_000, p));
                  assertEquals(existing.length + small.length, p.position());
                }
                assertEquals(
                    big.length, FastChannels.transferTo(bigIn, 0, big.length, socket.sink));
              });
      assertArrayEquals(big, socket.await(0, big.length));
    }
    assertArrayEquals(concat(existing, big, small, small, small), Files.readAllBytes(appended));
    assertArrayEquals(big, Files.readAllBytes(plain));
    assertArrayEquals(concat(existing, small), Files.readAllBytes(plainAtEnd));

    List<String> seen =
        events.stream()
            .map(
                e ->
                    e.getString("targetKind")
                        + " "
                        + e.getString("strategy")
                        + " from "
                        + e.getString("fallbackFrom")
                        + " "
                        + e.getLong("bytes"))
            .collect(Collectors.toList());
    assertEquals(
        List.of(
            "FILE MAPPED from KERNEL " + big.length, // append mode: never handed to sendfile
            "FILE READ_WRITE from KERNEL 40000",
            "FILE READ_WRITE from KERNEL 40000", // chosen by the file's size, not Long.MAX_VALUE
            "FILE READ_WRITE from KERNEL 40000", // forced KERNEL falls back too
            "FILE KERNEL from  " + big.length, // a plain file still gets the kernel path
            "FILE KERNEL from  40000",
            "SOCKET KERNEL from  " + big.length),
        seen);
    assertTrue(TransferTestHook.kernelRefused(TargetKind.FILE, true));
    assertFalse(TransferTestHook.kernelRefused(TargetKind.FILE, false));
    assertFalse(TransferTestHook.kernelRefused(TargetKind.SOCKET, false));
  }

  /**
   * On Linux, a file target the policy gives the kernel path gets the read/write loop instead when
   * it writes 1 to 31 bytes after the source's offset modulo a page, where the kernel's copy is
   * slow; from {@link TransferTestHook#KERNEL_OFFSETS_CHECKED} bytes only. Every target gets its
   * bytes.
   */
  @Test
  void aFileTargetThatWouldMakeTheKernelsCopySlowGetsTheReadWriteLoop() throws Exception {
    assumeTrue(TestSupport.isLinux(), "the kernel path for files is Linux's default");
    int size = (int) TransferTestHook.KERNEL_OFFSETS_CHECKED + 10_000;
    byte[] content = TestSupport.randomBytes(15, size);
    Path source = TestSupport.write(dir, "offsets-source", content);
    // {source position, target position, count}
    long[][] cases = {
      {0, 0, size}, // same offset: the kernel
      {0, 16, size}, // 16 bytes after: read/write
      {4080, 0, size - 4080}, // 16 bytes after, modulo a page: read/write
      {16, 16, size - 16}, // same offset again: the kernel
      {0, 48, size}, // 48 bytes after: the kernel (a few per cent slower there, not 3 times)
      {0, 16, 100_000}, // below the size checked: the kernel
      {0, 16, -size}, // a policy that forces the kernel path keeps it (the count negated)
    };
    List<RecordedEvent> events;
    List<Path> targets = new ArrayList<>();
    try (FileChannel in = FileChannel.open(source)) {
      events =
          record(
              () -> {
                for (long[] c : cases) {
                  Path out = dir.resolve("offsets-" + targets.size());
                  targets.add(out);
                  try (FileChannel o =
                      FileChannel.open(
                          out, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    o.position(c[1]);
                    long count = Math.abs(c[2]);
                    assertEquals(
                        count,
                        c[2] > 0
                            ? FastChannels.transferTo(in, c[0], count, o)
                            : FastChannels.transferTo(
                                in,
                                c[0],
                                count,
                                o,
                                TransferPolicy.defaults().withStrategy(TransferStrategy.KERNEL)));
                    assertEquals(c[1] + count, o.position());
                  }
                }
              });
    }
    for (int i = 0; i < cases.length; i++) {
      byte[] got = Files.readAllBytes(targets.get(i));
      int from = (int) cases[i][0];
      int to = (int) cases[i][1];
      assertArrayEquals(
          Arrays.copyOfRange(content, from, from + (int) Math.abs(cases[i][2])),
          Arrays.copyOfRange(got, to, got.length),
          Arrays.toString(cases[i]));
    }
    List<String> seen =
        events.stream()
            .map(e -> e.getString("strategy") + " from " + e.getString("fallbackFrom"))
            .collect(Collectors.toList());
    assertEquals(
        List.of(
            "KERNEL from ",
            "READ_WRITE from KERNEL",
            "READ_WRITE from KERNEL",
            "KERNEL from ",
            "KERNEL from ",
            "KERNEL from ",
            "KERNEL from "),
        seen);
  }

  /**
   * Under strace, in a child JVM of the JDK under test: after a transfer to an append-mode file,
   * fastio's transfer to a plain file still uses {@code sendfile} or {@code copy_file_range}, and
   * the append-mode file never reaches them. On JDK 17 the JDK's own transferTo does not (one
   * refusal turns {@code sendfile} off for every file of the process), which is why fastio keeps
   * append-mode files from it.
   */
  @Test
  void underStraceTheKernelPathSurvivesAnAppendModeTarget() throws Exception {
    assumeTrue(TestSupport.isLinux(), "strace traces Linux processes");
    assumeTrue(TestSupport.straceWorks(), "strace is not installed or cannot trace here");
    Path source = TestSupport.write(dir, "traced-source", TestSupport.randomBytes(10, 300_000));
    Map<String, Integer> fastio = kernelCalls("fastio", source);
    assertEquals(0, fastio.get("append"), "kernel calls on the append-mode file: " + fastio);
    assertTrue(fastio.get("plain") > 0, "kernel calls on the plain file: " + fastio);
    Map<String, Integer> jdk = kernelCalls("jdk", source);
    if (Runtime.version().feature() == 17) {
      assertEquals(0, jdk.get("plain"), "JDK 17 turned sendfile off: " + jdk);
    }
  }

  /**
   * Kernel-path calls (sendfile, copy_file_range) per target, from a traced {@link TransferProbe}.
   */
  private Map<String, Integer> kernelCalls(String api, Path source) throws Exception {
    Path append = TestSupport.write(dir, api + "-append", new byte[] {1, 2, 3});
    Path plain = dir.resolve(api + "-plain");
    Path log = dir.resolve(api + ".strace");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "strace",
                "-f",
                "-qq",
                "-o",
                log.toString(),
                "-e",
                "trace=openat,close,sendfile,sendfile64,copy_file_range",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(TestSupport.childJvmArgs());
    cmd.addAll(
        List.of(
            "-XX:+UseSerialGC",
            "-Xmx128m",
            "-cp",
            classPath(),
            TransferProbe.class.getName(),
            api,
            source.toString(),
            append.toString(),
            plain.toString()));
    Path out = dir.resolve(api + ".out");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!TestSupport.awaitOrKill(p, 3, TimeUnit.MINUTES)) {
      throw new AssertionError("traced child did not finish");
    }
    List<String> output = Files.readAllLines(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "child failed: " + output);
    assertEquals(List.of("300000", "300000"), output);
    Map<String, Integer> calls = new HashMap<>(Map.of("append", 0, "plain", 0));
    Map<Long, String> fds = new HashMap<>();
    Pattern open = Pattern.compile("openat\\(.*\"(.*)\".*\\)\\s+=\\s+(\\d+)");
    Pattern close = Pattern.compile("close\\((\\d+)\\)");
    Pattern sendfile = Pattern.compile("sendfile(?:64)?\\((\\d+),");
    Pattern copyRange = Pattern.compile("copy_file_range\\(\\d+, [^,]+, (\\d+),");
    for (String[] traced :
        TestSupport.straceCalls(Files.readAllLines(log, StandardCharsets.UTF_8))) {
      String line = traced[1];
      Matcher opened = open.matcher(line);
      Matcher sent = sendfile.matcher(line);
      Matcher copied = copyRange.matcher(line);
      Matcher closed = close.matcher(line);
      String kernelTarget = sent.find() ? sent.group(1) : copied.find() ? copied.group(1) : null;
      if (opened.find()) {
        String path = opened.group(1);
        String which =
            path.equals(append.toString())
                ? "append"
                : path.equals(plain.toString()) ? "plain" : null;
        if (which != null) {
          fds.put(Long.parseLong(opened.group(2)), which);
        }
      } else if (kernelTarget != null) {
        String which = fds.get(Long.parseLong(kernelTarget));
        if (which != null) {
          calls.merge(which, 1, Integer::sum);
        }
      } else if (closed.find()) {
        fds.remove(Long.parseLong(closed.group(1)));
      }
    }
    return calls;
  }

  private static String classPath() throws Exception {
    return Paths.get(FastChannels.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        + File.pathSeparator
        + Paths.get(
            TransferProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** Work to record. */
  interface Work {
    void run() throws Exception;
  }

  /** The {@code dev.fastio.Transfer} events committed while {@code work} ran, in order. */
  private List<RecordedEvent> record(Work work) throws Exception {
    Path jfr = dir.resolve("transfer-" + System.nanoTime() + ".jfr");
    try (Recording r = new Recording()) {
      r.enable(EVENT).withThreshold(Duration.ZERO);
      r.start();
      work.run();
      r.stop();
      r.dump(jfr);
    }
    return RecordingFile.readAllEvents(jfr).stream()
        .filter(e -> e.getEventType().getName().equals(EVENT))
        .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime))
        .collect(Collectors.toList());
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.write(p, 0, p.length);
    }
    return b.toByteArray();
  }
}
