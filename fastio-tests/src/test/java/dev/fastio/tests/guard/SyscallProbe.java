package dev.fastio.tests.guard;

import dev.fastio.ChunkedReader;
import dev.fastio.FastChannels;
import dev.fastio.FastFiles;
import dev.fastio.internal.read.ReadTestHook;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;

/**
 * The child process {@link SyscallTest} traces: one fastio operation per run, so the trace holds
 * nothing of the test's own work. Prints what it computed, for the test to check it ran.
 *
 * <p>Usage: {@code SyscallProbe digest FILE}, {@code SyscallProbe digest-buffered FILE}, {@code
 * SyscallProbe readAllBytes FASTIO_FILE JDK_FILE}, {@code SyscallProbe chunked FASTIO_FILE
 * JDK_FILE}, {@code SyscallProbe records FILE GAP} (64-byte records {@code GAP} bytes apart through
 * {@code ChunkedReader}), {@code SyscallProbe transfer FILE TARGET COUNT}, {@code SyscallProbe
 * transfer-other FILE COUNT} (to a channel neither file nor socket), {@code SyscallProbe copy FILE
 * TARGET}, {@code SyscallProbe batch FILE...} (a {@code DigestBatch} of one thread reading in
 * parallel: its engine, then each digest).
 */
public final class SyscallProbe {
  private SyscallProbe() {}

  /**
   * Runs the operation named by {@code args[0]}.
   *
   * @param args the operation, then its files
   * @throws Exception whatever the operation throws (the test then fails on the exit status)
   */
  public static void main(String[] args) throws Exception {
    Path file = Paths.get(args[1]);
    switch (args[0]) {
      case "digest" -> System.out.println(hex(FastFiles.digest(file, "MD5")));
      case "digest-buffered" ->
          System.out.println(
              hex(ReadTestHook.bufferedDigest(file, MessageDigest.getInstance("MD5"))));
      case "readAllBytes" -> {
        System.out.println(FastFiles.readAllBytes(file).length);
        System.out.println(Files.readAllBytes(Paths.get(args[2])).length);
      }
      case "chunked" -> {
        System.out.println(FastFiles.forEachChunk(file, b -> {}));
        System.out.println(jdkChannelScan(Paths.get(args[2])));
      }
      case "records" -> System.out.println(records(file, Integer.parseInt(args[2])));
      case "transfer" -> {
        try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file);
            java.nio.channels.FileChannel out =
                java.nio.channels.FileChannel.open(
                    Paths.get(args[2]),
                    java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE)) {
          System.out.println(FastChannels.transferTo(in, 0, Long.parseLong(args[3]), out));
        }
      }
      case "transfer-other" -> {
        try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(file)) {
          java.nio.channels.WritableByteChannel out =
              java.nio.channels.Channels.newChannel(java.io.OutputStream.nullOutputStream());
          System.out.println(FastChannels.transferTo(in, 0, Long.parseLong(args[2]), out));
        }
      }
      case "lines" -> {
        try (java.util.stream.Stream<String> lines = FastFiles.lines(file)) {
          System.out.println(lines.count());
        }
      }
      case "copy" -> {
        FastFiles.copy(file, Paths.get(args[2]));
        System.out.println(Files.size(Paths.get(args[2])));
      }
      case "batch" -> {
        java.util.List<Path> files = new java.util.ArrayList<>();
        for (int i = 1; i < args.length; i++) {
          files.add(Paths.get(args[i]));
        }
        dev.fastio.DigestBatch batch =
            dev.fastio.DigestBatch.builder("MD5")
                .threads(1)
                .reading(dev.fastio.DigestBatch.Reading.PARALLEL)
                .build();
        System.out.println(batch.engine());
        for (dev.fastio.DigestBatch.Result r : batch.digestAll(files)) {
          System.out.println(hex(r.digest()));
        }
      }
      default -> throw new IllegalArgumentException("unknown operation: " + args[0]);
    }
  }

  /**
   * Reads 64-byte records {@code gap} bytes apart with {@code ChunkedReader}; returns the bytes.
   */
  private static long records(Path file, int gap) throws java.io.IOException {
    long total = 0;
    try (ChunkedReader reader = ChunkedReader.open(file)) {
      for (java.nio.ByteBuffer b; (b = reader.next(64)) != null; ) {
        total += b.remaining();
        reader.skip(gap);
      }
    }
    return total;
  }

  /** The JDK idiom a chunked scan replaces: reads into a 64 KiB direct buffer to end of file. */
  private static long jdkChannelScan(Path file) throws java.io.IOException {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(64 * 1024);
    long total = 0;
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
      for (int n; (n = ch.read(b.clear())) >= 0; ) {
        total += n;
      }
    }
    return total;
  }

  static String hex(byte[] bytes) {
    StringBuilder b = new StringBuilder();
    for (byte x : bytes) {
      b.append(String.format("%02x", x & 0xff));
    }
    return b.toString();
  }
}
