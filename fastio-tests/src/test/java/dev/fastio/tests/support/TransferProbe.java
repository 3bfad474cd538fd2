package dev.fastio.tests.support;

import dev.fastio.FastChannels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;

/**
 * The child process {@code TransferContractTest} traces with strace: a transfer to an append-mode
 * file, then one to a plain file, through fastio or through {@code FileChannel.transferTo}, so the
 * trace shows whether the kernel path was still used for the plain file.
 *
 * <p>Usage: {@code TransferProbe fastio|jdk SOURCE APPEND_TARGET PLAIN_TARGET}.
 */
public final class TransferProbe {
  private TransferProbe() {}

  /**
   * Runs the two transfers and prints the bytes each moved.
   *
   * @param args the API to use, then the three files
   * @throws Exception whatever a transfer throws (the test then fails on the exit status)
   */
  public static void main(String[] args) throws Exception {
    boolean fastio = args[0].equals("fastio");
    Path source = Paths.get(args[1]);
    try (FileChannel in = FileChannel.open(source);
        FileChannel append =
            FileChannel.open(
                Paths.get(args[2]), StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        FileChannel plain =
            FileChannel.open(
                Paths.get(args[3]), StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
      long size = in.size();
      System.out.println(fastio ? FastChannels.transferTo(in, 0, size, append) : loop(in, append));
      System.out.println(fastio ? FastChannels.transferTo(in, 0, size, plain) : loop(in, plain));
    }
  }

  private static long loop(FileChannel in, FileChannel out) throws Exception {
    long done = 0;
    while (done < in.size()) {
      done += in.transferTo(done, in.size() - done, out);
    }
    return done;
  }
}
