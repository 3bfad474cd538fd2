package dev.fastio.internal.read;

/** How a whole file is read or hashed; {@link #AUTO} picks by size. */
// The library passes AUTO only; BUFFERED and MAPPED stay public for fastio-bench (DigestBenchmark,
// ReadAllBytesBenchmark: JMH, compiled against the jar, where no test hook reaches), which measures
// each against the other; the tests force them as the benchmarks do.
public enum ReadStrategy {
  /** {@link #MAPPED} from the operation's map threshold up, {@link #BUFFERED} below. */
  AUTO,
  /** Through a pooled 68 KiB direct buffer. */
  BUFFERED,
  /**
   * From mappings, released before the call returns: of the whole file for an array, 32 MiB at a
   * time for a digest.
   */
  MAPPED;

  /** True if a file of {@code size} bytes is to be read from a mapping under this strategy. */
  boolean maps(long size, long threshold) {
    return this == MAPPED || (this == AUTO && size >= threshold);
  }
}
