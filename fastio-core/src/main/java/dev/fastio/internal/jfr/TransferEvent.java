package dev.fastio.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A JFR event per {@code FastChannels.transferTo} (and per file copied by {@code FastFiles.copy}
 * where fastio moves the data itself, not on Linux).
 */
@Name("dev.fastio.Transfer")
@Label("fastio transfer")
@Category({"fastio"})
@Description("Bytes moved from a file channel to a target by FastChannels.transferTo")
final class TransferEvent extends jdk.jfr.Event {
  @Label("Strategy")
  @Description("The strategy that moved the bytes: KERNEL, MAPPED or READ_WRITE")
  String strategy;

  @Label("Fallback From")
  @Description(
      "The strategy chosen first, when another took over: it was refused, or (KERNEL to a file)"
          + " the offsets would make the kernel's copy slow; else empty")
  String fallbackFrom;

  @Label("Target Kind")
  @Description("FILE, SOCKET or OTHER")
  String targetKind;

  @Label("Bytes")
  @DataAmount
  long bytes;

  @Label("Kernel Refused")
  @Description(
      "The kernel-path refusals this process remembers, which make later transfers to such"
          + " targets take another strategy: each a target kind, with 'append' for append-mode"
          + " file targets (refused from the start)")
  String kernelRefused;
}
