package dev.fastio.internal.batch;

import dev.fastio.internal.Settings;
import java.nio.file.Path;
import java.util.List;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.batch} keeps package-private.
 * It lives in the test sources, in the library's package (the tests run on the class path), so
 * nothing in the shipped jar exists for tests alone.
 */
public final class BatchTestHook {
  /** How far a batch reads ahead of the hashing ({@code fastio.batch.readAhead}). */
  public static final long READ_AHEAD = Settings.BATCH_READ_AHEAD;

  private BatchTestHook() {}

  /** Whether a batch of {@code paths} looks cached (see {@link CacheProbe}). */
  public static boolean looksCached(List<? extends Path> paths) {
    return CacheProbe.looksCached(paths);
  }
}
