package dev.fastio.tests;

import dev.fastio.FastFiles;
import dev.fastio.internal.FileDigest;
import dev.fastio.internal.ReadAll;
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
 * JDK_FILE}.
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
              hex(FileDigest.digest(file, MessageDigest.getInstance("MD5"), ReadAll.Strategy.BUFFERED)));
      case "readAllBytes" -> {
        System.out.println(FastFiles.readAllBytes(file).length);
        System.out.println(Files.readAllBytes(Paths.get(args[2])).length);
      }
      case "chunked" -> {
        System.out.println(FastFiles.forEachChunk(file, b -> {}));
        System.out.println(jdkChannelScan(Paths.get(args[2])));
      }
      default -> throw new IllegalArgumentException("unknown operation: " + args[0]);
    }
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
