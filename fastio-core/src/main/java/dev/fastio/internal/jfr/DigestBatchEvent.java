package dev.fastio.internal.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** A JFR event per {@code DigestBatch.digestAll} call (and {@code FastFiles.digestAll}). */
@Name("dev.fastio.DigestBatch")
@Label("fastio digest batch")
@Category({"fastio"})
@Description("Files digested by DigestBatch.digestAll, and what computed the digests")
final class DigestBatchEvent extends jdk.jfr.Event {
  @Label("Algorithm")
  String algorithm;

  @Label("Engine")
  @Description("MessageDigest, or the multi-buffer MD5 engine and its lanes")
  String engine;

  @Label("Files")
  long files;

  @Label("Threads")
  int threads;

  @Label("Reading")
  @Description(
      "PARALLEL, SEQUENTIAL, or INLINE (on the calling thread: a batch too small for threads)")
  String reading;

  @Label("Warm-up files")
  @Description(
      "Files of an MD5 lanes batch hashed with MessageDigest while the lanes were not yet measured"
          + " faster (before the JIT compiled them)")
  long warmUpFiles;
}
