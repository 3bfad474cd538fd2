package dev.fastio.internal.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;

/**
 * What the kernel says about the device a file lives on (Linux {@code /sys}); false where unknown.
 */
public final class BlockDevices {
  private BlockDevices() {}

  /**
   * Disk drivers whose rotational flag says nothing: the paravirtual disks of virtual machines
   * (virtio-blk, Xen's blkfront) are rotational unless the guest is told otherwise, whatever the
   * host stores them on.
   */
  private static final Set<String> UNINFORMED = Set.of("virtio_blk", "vbd");

  /**
   * True if {@code path} lives on a block device the kernel reports as rotational (a spinning disk:
   * {@code /sys/class/block/DEV/queue/rotational} is 1, or its parent's for a partition). False for
   * SSDs, RAM and network file systems, overlay and tmpfs mounts, the paravirtual disks of virtual
   * machines (whose flag is 1 by default; {@link #UNINFORMED}), other systems, and on any error.
   */
  public static boolean isRotational(Path path) {
    try {
      FileStore store = Files.getFileStore(path);
      String name = store.name();
      if (!name.startsWith("/dev/")) {
        return false;
      }
      Path device = Paths.get(name).toRealPath(); // /dev/mapper/x -> /dev/dm-0
      Path sys = Paths.get("/sys/class/block").resolve(device.getFileName().toString());
      Path flag = sys.resolve("queue/rotational");
      if (!Files.exists(flag)) {
        Path parent = sys.toRealPath().getParent(); // a partition: the disk's directory
        if (parent == null) {
          return false;
        }
        flag = parent.resolve("queue/rotational");
      }
      return new String(Files.readAllBytes(flag), StandardCharsets.US_ASCII).trim().equals("1")
          && !UNINFORMED.contains(driver(flag.getParent().getParent()));
    } catch (IOException | RuntimeException e) {
      return false; // unknown: the caller's default applies
    }
  }

  /**
   * The name of the driver of the disk whose {@code /sys/class/block} directory is {@code disk}.
   */
  private static String driver(Path disk) throws IOException {
    Path driver = disk.resolve("device/driver");
    return Files.exists(driver) ? driver.toRealPath().getFileName().toString() : "";
  }
}
