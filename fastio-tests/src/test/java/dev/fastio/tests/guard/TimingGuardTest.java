package dev.fastio.tests.guard;

import dev.fastio.FastChannels;
import dev.fastio.TransferPolicy;
import dev.fastio.tests.support.TestSupport;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timing backstop (see {@link TimingBackstop}) of the copy loop of transfers: {@code
 * transferTo} of 1 MiB to a channel neither file nor socket (read/write through the pooled buffer)
 * against the path its property forces ({@code fastio.transfer.strategy=KERNEL}: the JDK's {@code
 * transferTo}, 8 KiB a read). The MD5 lanes' guard is {@code DigestBatchTimingTest}, the byte
 * searches' {@code ByteSearchTimingTest}.
 */
@Tag("perf-guard")
@Tag("perf-timing")
class TimingGuardTest {
  private static final int SIZE = 1 << 20;

  @TempDir static Path dir;
  private static Path file;

  @BeforeAll
  static void writeFile() {
    file = TestSupport.write(dir, "timing-1m", TestSupport.randomBytes(31, SIZE));
  }

  @Test
  void aTransferToAnOtherChannelIsFasterThanTheKernelPath() throws Exception {
    WritableByteChannel target = Channels.newChannel(OutputStream.nullOutputStream());
    Properties forced = new Properties();
    forced.setProperty("fastio.transfer.strategy", "KERNEL");
    TransferPolicy kernel = TransferPolicy.fromProperties(forced);
    try (FileChannel source = FileChannel.open(file)) {
      TimingBackstop.faster(
          "transferTo of 1 MiB to a channel neither file nor socket (the other-channel row)",
          "the transfer forced to the kernel path (fastio.transfer.strategy=KERNEL)",
          50,
          200,
          () -> FastChannels.transferTo(source, 0, SIZE, target),
          () -> FastChannels.transferTo(source, 0, SIZE, target, kernel));
    }
  }
}
