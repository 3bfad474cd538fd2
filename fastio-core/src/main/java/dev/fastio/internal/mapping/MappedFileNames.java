package dev.fastio.internal.mapping;

import dev.fastio.internal.platform.PlatformProvider;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

/**
 * Finds the file behind a mapped buffer, for error messages: its line in {@code /proc/self/maps}.
 */
final class MappedFileNames {
  private MappedFileNames() {}

  /**
   * The path of the file {@code buffer} maps, or a description of the buffer if it cannot be found.
   */
  static String describe(ByteBuffer buffer) {
    long address = PlatformProvider.get().address(buffer);
    String fallback =
        "mapped buffer"
            + (address == -1 ? "" : " at 0x" + Long.toHexString(address))
            + " (file not known)";
    if (address == -1) {
      return fallback;
    }
    try {
      List<String> lines =
          Files.readAllLines(Paths.get("/proc/self/maps"), StandardCharsets.ISO_8859_1);
      for (String line : lines) {
        // "start-end perms offset dev inode   path"
        int dash = line.indexOf('-');
        int space = line.indexOf(' ');
        if (dash < 0 || space < dash) {
          continue;
        }
        long start = Long.parseUnsignedLong(line.substring(0, dash), 16);
        long end = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
        if (Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0) {
          int slash = line.indexOf('/');
          return slash < 0 ? fallback : line.substring(slash);
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc (not Linux) or an unexpected format: fall back to the description
    }
    return fallback;
  }
}
