package dev.fastio.internal.stream;

import dev.fastio.internal.io.ResumableChannel;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A file written in place and made durable when its stream closes ({@code FastOpenOption.DURABLE}
 * without {@code ATOMIC}): the file forced to the device, closed, and its directory forced where
 * the stream created the file. A stream whose write failed is only closed.
 */
final class SyncOnClose implements FileOutput.Ending {
  private final Path path;
  private final boolean created;

  SyncOnClose(Path path, boolean created) {
    this.path = path;
    this.created = created;
  }

  @Override
  public void end(ResumableChannel file, boolean failed) throws IOException {
    try {
      if (!failed) {
        Replacement.force(file, path);
      }
    } finally {
      file.close();
    }
    if (created && !failed) {
      Replacement.syncDirectory(path.toRealPath()); // a link's target's directory got the entry
    }
  }
}
