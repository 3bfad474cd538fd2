package dev.fastio.tests.guard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.FastFiles;
import dev.fastio.internal.io.IoTestHook;
import dev.fastio.internal.read.ReadTestHook;
import dev.fastio.tests.support.TestSupport;
import java.io.File;
import java.io.RandomAccessFile;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deterministic performance tests by system call: a child JVM runs one operation ({@link
 * SyscallProbe}) under {@code strace -f}, and the test reads the calls made on the file's own
 * descriptor (found from its {@code openat} line, followed until its {@code close}). Counts of
 * system calls do not depend on timing, so these cannot flake on a busy machine; a regression to
 * small reads, or to reading what should be mapped, fails them. Skipped where strace is not
 * installed or cannot trace (no ptrace in the container).
 */
@Tag("perf-guard")
class SyscallTest {
  private static final int SIZE = 64 << 20;
  private static final long CHILD_TIMEOUT_MINUTES = 5;

  @TempDir static Path dir;
  private static Path big;
  private static String md5;

  @BeforeAll
  static void writeFile() throws Exception {
    byte[] content = TestSupport.randomBytes(7, SIZE);
    big = TestSupport.write(dir, "syscall-64m", content);
    md5 = SyscallProbe.hex(MessageDigest.getInstance("MD5").digest(content));
  }

  @Test
  void bufferedDigestReadsWholeBuffers() throws Exception {
    Trace t = trace("digest-buffered", big);
    assertEquals(List.of(md5), t.output);
    List<long[]> reads = t.reads;
    long total = reads.stream().mapToLong(r -> Math.max(r[1], 0)).sum();
    assertEquals(SIZE, total, "bytes read from the file: " + t.summary());
    String path = "digest through the pooled buffer (the 4 KiB and 1 MiB rows)";
    PerfGuard.atLeast(
        path,
        "smallest read() but the last, bytes",
        smallestButLast(reads),
        IoTestHook.readBufferCapacity(),
        t.summary());
    PerfGuard.atMost(
        path,
        "read() calls",
        reads.size(),
        SIZE / IoTestHook.readBufferCapacity() + 1,
        t.summary());
    PerfGuard.exactly(path, "mmap() of the file", t.mmaps, 0, t.summary());
  }

  @Test
  void digestOfALargeFileMapsItInAFewCalls() throws Exception {
    Trace t = trace("digest", big);
    assertEquals(List.of(md5), t.output);
    String path = "digest of a 64 MiB file from 32 MiB mapped windows (the 256 MiB row)";
    PerfGuard.atLeast(path, "mmap() of the file", t.mmaps, 1, t.summary());
    PerfGuard.atMost(path, "mmap() of the file", t.mmaps, 4, t.summary());
    PerfGuard.exactly(path, "bytes read()", bytesRead(t), 0, t.summary());
    PerfGuard.atMost(path, "read() calls", t.reads.size(), 2, t.summary());
  }

  @Test
  void smallReadAllBytesMakesNoMoreReadsThanTheJdk() throws Exception {
    Path a = TestSupport.write(dir, "syscall-small-fastio", TestSupport.randomBytes(8, 10_000));
    Path b = TestSupport.write(dir, "syscall-small-jdk", TestSupport.randomBytes(8, 10_000));
    Trace fastio = trace("readAllBytes", a, b);
    assertEquals(List.of("10000", "10000"), fastio.output);
    Trace jdk = fastio.forFile(b);
    PerfGuard.atMost(
        "readAllBytes of a small file in as few reads as Files.readAllBytes (the 4 KiB row)",
        "read() calls",
        fastio.reads.size(),
        jdk.reads.size(),
        "fastio: " + fastio.summary() + "; Files.readAllBytes: " + jdk.summary());
    assertTrue(fastio.reads.size() >= 1, "no read seen: " + fastio.summary());
  }

  /**
   * A buffered chunked scan reads in whole {@code IoTestHook.chunkBufferSize()} chunks and stops at
   * the size it knows, without the read that returns end of file: fewer reads than the JDK's 64 KiB
   * loop.
   */
  @Test
  void bufferedChunkedScanReadsWholeChunksAndNoEndOfFile() throws Exception {
    int size = (1 << 20) + 5;
    Path a = TestSupport.write(dir, "syscall-chunked-fastio", TestSupport.randomBytes(9, size));
    Path b = TestSupport.write(dir, "syscall-chunked-jdk", TestSupport.randomBytes(9, size));
    Trace fastio = trace("chunked", a, b);
    assertEquals(List.of(String.valueOf(size), String.valueOf(size)), fastio.output);
    int expected = (size + IoTestHook.chunkBufferSize() - 1) / IoTestHook.chunkBufferSize();
    PerfGuard.exactly(
        "ChunkedReader scan of 1 MiB in whole 128 KiB chunks (the scan row, 1 MiB)",
        "read() calls",
        fastio.reads.size(),
        expected,
        fastio.summary());
    for (int i = 0; i < expected - 1; i++) {
      assertEquals(
          IoTestHook.chunkBufferSize(),
          fastio.reads.get(i)[1],
          "read " + i + ": " + fastio.summary());
    }
    assertEquals(
        size % IoTestHook.chunkBufferSize(), fastio.reads.get(expected - 1)[1], fastio.summary());
    assertEquals(0, fastio.mmaps, "mappings of the file: " + fastio.summary());
    assertEquals(1, fastio.opens, fastio.summary());
    assertEquals(0, fastio.stats, "an open and an fstat, no stat by path: " + fastio.summary());
    Trace jdk = fastio.forFile(b);
    assertTrue(
        fastio.reads.size() < jdk.reads.size(),
        "fastio: " + fastio.summary() + "; JDK loop: " + jdk.summary());
  }

  /**
   * 64-byte records read one after another make one read per up to 128 KiB, not one per record: the
   * first record alone, then read-ahead of 16, 64 and 128 KiB, each byte read once. Records 16 KiB
   * apart, beyond the 8 KiB up to which the reader reads ahead, are read one exact read each.
   */
  @Test
  void smallRecordsAreReadAheadWhenCloseAndReadExactlyWhenFarApart() throws Exception {
    int size = (1 << 20) + 5;
    Path file = TestSupport.write(dir, "syscall-records", TestSupport.randomBytes(10, size));
    Trace dense = trace("records", file, Path.of("0")); // the gap, passed on as an argument
    assertEquals(List.of(String.valueOf(size)), dense.output);
    List<Long> got = dense.reads.stream().map(r -> r[1]).toList();
    List<Long> expected = new ArrayList<>(List.of(64L, 16384L, 65536L));
    long left = (long) size - 64 - 16384 - 65536;
    for (; left > 0; left -= IoTestHook.chunkBufferSize()) {
      expected.add(Math.min(left, IoTestHook.chunkBufferSize()));
    }
    PerfGuard.exactly(
        "ChunkedReader records one after another, read ahead",
        "read() calls",
        got.size(),
        expected.size(),
        dense.summary());
    assertEquals(expected, got, "reads: " + dense.summary());
    assertEquals(0, dense.stats, "no stat by path for a file of 1 MiB: " + dense.summary());
    Trace sparse = trace("records", file, Path.of("16384"));
    long records = 0;
    long bytes = 0;
    for (long at = 0; at < size; at += 64 + 16384) {
      records++;
      bytes += Math.min(64, size - at);
    }
    assertEquals(List.of(String.valueOf(bytes)), sparse.output);
    assertEquals(records, sparse.reads.size(), "reads: " + sparse.summary());
    assertTrue(sparse.reads.stream().allMatch(r -> r[1] <= 64), "reads: " + sparse.summary());
  }

  /**
   * The reader asks the file system what kind of file it opened only when the size leaves it open:
   * an empty file (which could be a FIFO or a pseudo-file) gets a {@code stat} by path after the
   * open; a file of 1 MiB none (the tests above).
   */
  @Test
  void anEmptyFileIsAskedItsKindAfterItIsOpened() throws Exception {
    Path empty = TestSupport.write(dir, "syscall-empty", new byte[0]);
    Trace t = trace("records", empty, Path.of("0"));
    assertEquals(List.of("0"), t.output);
    assertEquals(1, t.opens, t.summary());
    assertTrue(t.stats >= 1, "a stat by path: " + t.summary());
    List<Long> got = t.reads.stream().map(r -> r[1]).toList();
    assertEquals(List.of(0L), got, "one read, meeting end of file: " + t.summary());
  }

  /**
   * A transfer to a file of an exact count makes one {@code fstat} of the source fewer than one of
   * {@code Long.MAX_VALUE}: the count is taken as the bytes to move when choosing the path, and
   * only "to the end of the file" has the file sized first. Both move the whole file, by the kernel
   * path (no read of the source) since it is above the 32 KiB threshold for files.
   */
  @Test
  void aTransferOfAnExactCountDoesNotSizeTheSourceFirst() throws Exception {
    int size = 100_000;
    byte[] content = TestSupport.randomBytes(11, size);
    Path file = TestSupport.write(dir, "syscall-transfer", content);
    Trace exact = trace("transfer", file, dir.resolve("transfer-exact.out"), Path.of("" + size));
    Trace max =
        trace("transfer", file, dir.resolve("transfer-max.out"), Path.of("" + Long.MAX_VALUE));
    assertEquals(List.of(String.valueOf(size)), exact.output);
    assertEquals(List.of(String.valueOf(size)), max.output);
    assertArrayEquals(content, Files.readAllBytes(dir.resolve("transfer-exact.out")));
    assertArrayEquals(content, Files.readAllBytes(dir.resolve("transfer-max.out")));
    String path = "transferTo a file by the kernel's copy, from 32 KiB (the file-target row)";
    PerfGuard.exactly(path, "read() calls", exact.reads.size(), 0, exact.summary());
    PerfGuard.atLeast(
        path, "copy_file_range/sendfile calls", exact.kernelCopies, 1, exact.summary());
    assertEquals(
        max.fstats - 1,
        exact.fstats,
        "exact count: " + exact.summary() + "; Long.MAX_VALUE: " + max.summary());
  }

  /**
   * A 64 MiB {@code readAllBytes} copies the file out of one mapping: it maps the file and reads no
   * byte of it with {@code read} (the one read that returns end of file is allowed).
   */
  @Test
  void largeReadAllBytesMapsAndReadsNoByte() throws Exception {
    Path small = TestSupport.write(dir, "syscall-readall-jdk", new byte[10]);
    Trace t = trace("readAllBytes", big, small);
    assertEquals(List.of(String.valueOf(SIZE), "10"), t.output);
    String path = "readAllBytes of 64 MiB from one mapping (the 256 MiB row)";
    PerfGuard.atLeast(path, "mmap() of the file", t.mmaps, 1, t.summary());
    PerfGuard.exactly(path, "bytes read()", bytesRead(t), 0, t.summary());
    PerfGuard.atMost(path, "read() calls", t.reads.size(), 1, t.summary());
  }

  /**
   * A 1 MiB {@code readAllBytes}, below the map threshold, reads through the pooled 128 KiB buffer:
   * whole buffers, no mapping, and no read beyond the size it knows.
   */
  @Test
  void readAllBytesOfOneMibReadsWholePooledBuffers() throws Exception {
    int size = 1 << 20;
    Path a = TestSupport.write(dir, "syscall-readall-1m", TestSupport.randomBytes(12, size));
    Path small = TestSupport.write(dir, "syscall-readall-1m-jdk", new byte[10]);
    Trace t = trace("readAllBytes", a, small);
    assertEquals(List.of(String.valueOf(size), "10"), t.output);
    String path = "readAllBytes of 1 MiB through the pooled buffer (the 1 MiB row)";
    PerfGuard.exactly(path, "mmap() of the file", t.mmaps, 0, t.summary());
    PerfGuard.atLeast(
        path,
        "smallest read() but the last, bytes",
        smallestButLast(t.reads),
        ReadTestHook.arrayReadCapacity(),
        t.summary());
    PerfGuard.atMost(
        path,
        "read() calls",
        t.reads.size(),
        size / ReadTestHook.arrayReadCapacity() + 1,
        t.summary());
    PerfGuard.atMost(
        path,
        "largest read() request, bytes (Files.readAllBytes asks the whole file)",
        t.reads.stream().mapToLong(r -> r[0]).max().orElse(0),
        ReadTestHook.arrayReadCapacity(),
        t.summary());
  }

  /**
   * A transfer to a channel that is neither file nor socket writes from a mapping from 16 MiB (no
   * read of the source), and below through the 64 KiB pooled buffer (the JDK's loop: 8 KiB reads).
   */
  @Test
  void aTransferToAnOtherChannelMapsOrReadsWholeBuffers() throws Exception {
    Trace mapped = trace("transfer-other", big, Path.of("" + SIZE));
    assertEquals(List.of(String.valueOf(SIZE)), mapped.output);
    String path = "transferTo a channel neither file nor socket, 64 MiB, from a mapping";
    PerfGuard.atLeast(path, "mmap() of the file", mapped.mmaps, 1, mapped.summary());
    PerfGuard.exactly(path, "bytes read()", bytesRead(mapped), 0, mapped.summary());
    int size = 1 << 20;
    Path file = TestSupport.write(dir, "syscall-other-1m", TestSupport.randomBytes(13, size));
    Trace buffered = trace("transfer-other", file, Path.of("" + size));
    assertEquals(List.of(String.valueOf(size)), buffered.output);
    path = "transferTo a channel neither file nor socket, 1 MiB, through the pooled buffer";
    PerfGuard.exactly(path, "mmap() of the file", buffered.mmaps, 0, buffered.summary());
    PerfGuard.atMost(
        path,
        "read() calls",
        buffered.reads.size(),
        size / IoTestHook.readBufferCapacity() + 1,
        buffered.summary());
  }

  /** {@code FastFiles.copy} of a 1 MiB file is the kernel's copy: no byte of it is read. */
  @Test
  void copyIsTheKernelsCopy() throws Exception {
    int size = 1 << 20;
    Path file = TestSupport.write(dir, "syscall-copy", TestSupport.randomBytes(14, size));
    Trace t = trace("copy", file, dir.resolve("syscall-copy.out"));
    assertEquals(List.of(String.valueOf(size)), t.output);
    String path = "FastFiles.copy by the kernel's copy (the copy row)";
    PerfGuard.exactly(path, "bytes read()", bytesRead(t), 0, t.summary());
    PerfGuard.atLeast(path, "copy_file_range/sendfile calls", t.kernelCopies, 1, t.summary());
  }

  /**
   * A {@code ChunkedReader} maps a 64 MiB file: a scan, and 64-byte records 8 KiB apart, read no
   * byte with {@code read}. Below the threshold, records 8 KiB apart are read ahead: a read per 16
   * KiB or more, not one per record.
   */
  @Test
  void chunkedReadsOfALargeFileMapAndSmallRecordsAreReadAhead() throws Exception {
    Path small = TestSupport.write(dir, "syscall-chunked-big-jdk", new byte[10]);
    Trace scan = trace("chunked", big, small);
    assertEquals(List.of(String.valueOf(SIZE), "10"), scan.output);
    String path = "ChunkedReader scan of 64 MiB from mappings (the scan row, 256 MiB)";
    PerfGuard.atLeast(path, "mmap() of the file", scan.mmaps, 1, scan.summary());
    PerfGuard.exactly(path, "bytes read()", bytesRead(scan), 0, scan.summary());
    Trace skip = trace("records", big, Path.of("8192"));
    path = "ChunkedReader 64 bytes every 8 KiB of 64 MiB from mappings (the skip row, 256 MiB)";
    PerfGuard.atLeast(path, "mmap() of the file", skip.mmaps, 1, skip.summary());
    PerfGuard.exactly(path, "bytes read()", bytesRead(skip), 0, skip.summary());
    int size = 1 << 20;
    Path file = TestSupport.write(dir, "syscall-skip-1m", TestSupport.randomBytes(15, size));
    Trace ahead = trace("records", file, Path.of("8192"));
    long records = (size + 64L + 8192 - 1) / (64 + 8192);
    path = "ChunkedReader 64 bytes every 8 KiB of 1 MiB, read ahead (the skip row, 1 MiB)";
    PerfGuard.atMost(path, "read() calls", ahead.reads.size(), records / 8, ahead.summary());
  }

  private static long bytesRead(Trace t) {
    return t.reads.stream().mapToLong(r -> Math.max(r[1], 0)).sum();
  }

  /**
   * {@code FastFiles.lines} of a UTF-8 log finds the lines in the file's bytes: reads of nearly its
   * whole 64 KiB line buffer and no mapping, where a {@code Reader}, as {@code Files.lines} reads,
   * asks 8 KiB at a time.
   */
  @Test
  void linesAreFoundInWholeBuffersNotThroughAReader() throws Exception {
    String line =
        "127.0.0.1 - - \"GET /ongoing/When/200x/2026/7/Page-7 HTTP/1.1\" 200 " + "x".repeat(130);
    byte[] text = (line + "\n").repeat(40_000).getBytes(StandardCharsets.US_ASCII);
    Path log = TestSupport.write(dir, "syscall-lines", text);
    Trace t = trace("lines", log);
    assertEquals(List.of("40000"), t.output);
    String path = "FastFiles.lines of an 8 MiB log, lines found in its bytes (the lines drop-in)";
    PerfGuard.exactly(path, "mmap() of the file", t.mmaps, 0, t.summary());
    PerfGuard.atLeast(
        path,
        "bytes of the smallest read but the last",
        smallestButLast(t.reads),
        32 * 1024,
        t.summary());
    PerfGuard.atMost(
        path, "read calls", t.reads.size(), text.length / (32 * 1024) + 2, t.summary());
  }

  /**
   * A {@code DigestBatch} on the MD5 lanes opens a file of a list it has sized already (the list's
   * order: a {@code stat} each) without asking its size again: an open, one read and a close, no
   * {@code fstat}. The batch of 8 files of 256 KiB hashes its first 3 on the calling thread (1 MiB
   * of work inline), which sizes each open file as {@code FastFiles.digest} does, and the other 5
   * on a thread, in the lanes (the child JVM resolves the module and uses them at once); where they
   * cannot run (no AVX2, say) with {@code MessageDigest}, which sizes the open file: there the
   * guard expects that {@code fstat}, and cannot tell the breakage from the fast path.
   */
  @Test
  void aBatchOnTheLanesOpensAFileItSizedWithoutAnFstat() throws Exception {
    List<Path> files = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      byte[] content = TestSupport.randomBytes(100 + i, 256 << 10);
      files.add(TestSupport.write(dir, "syscall-batch-" + i, content));
      expected.add(SyscallProbe.hex(MessageDigest.getInstance("MD5").digest(content)));
    }
    Trace t = traceBatchOnTheLanes(files, expected);
    String engine = batchEngine(t, files.size());
    boolean lanes = engine.startsWith("MD5 lanes");
    Trace last = t.forFile(files.get(7));
    String path =
        "a DigestBatch on the lanes of a sized list of 8 x 256 KiB (issue 31's 256 x 4 KiB)";
    assertEquals(1, last.opens, last.summary());
    PerfGuard.exactly(
        path, "stat() by path of a file (the list's order)", last.stats, 1, last.summary());
    PerfGuard.exactly(
        path,
        "fstat() of the open file",
        last.fstats,
        lanes ? 0 : 1,
        engine + ": " + last.summary());
  }

  /**
   * Four files of 64 MiB and a few KiB more or less alike in one batch on a thread (the issue 31
   * headline row's 16 files, at their largest, hashed at the lanes' speed): hashed together in the
   * lanes, each read by the lanes' positional reads, none hashed beside them with {@code
   * MessageDigest} (which maps a file that large). Sparse files: nothing is written to the disk;
   * four files' starts are too few bytes for the batch's cache probe, whose mapping would count
   * here. Where the lanes cannot run, the guard does not apply.
   */
  @Test
  void aBatchOfManyLargeFilesHashesThemInTheLanes() throws Exception {
    List<Path> files = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    List<Long> sizes = new ArrayList<>();
    byte[] zeros = new byte[1 << 20];
    for (int i = 0; i < 4; i++) {
      long size = (64L << 20) + i * 4097L;
      sizes.add(size);
      Path p = dir.resolve("syscall-large-" + i);
      try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
        f.setLength(size);
        f.write(i + 1);
      }
      files.add(p);
      MessageDigest md = MessageDigest.getInstance("MD5");
      md.update((byte) (i + 1));
      for (long left = size - 1; left > 0; left -= zeros.length) {
        md.update(zeros, 0, (int) Math.min(left, zeros.length));
      }
      expected.add(SyscallProbe.hex(md.digest()));
    }
    Trace t = traceBatchOnTheLanes(files, expected);
    String engine = batchEngine(t, files.size());
    assumeTrue(engine.startsWith("MD5 lanes"), "the lanes cannot run here: " + engine);
    String path = "a DigestBatch on the lanes of 4 x 64 MiB (issue 31's 16-file row, large)";
    for (int i = 0; i < files.size(); i++) {
      Path file = files.get(i);
      long size = sizes.get(i);
      Trace f = t.forFile(file);
      long read = f.reads.stream().mapToLong(r -> Math.max(0, r[1])).sum();
      PerfGuard.exactly(path, "mmap() of " + file.getFileName(), f.mmaps, 0, f.summary());
      PerfGuard.exactly(
          path, "bytes read() of " + file.getFileName(), read, size, engine + ": " + f.summary());
    }
  }

  /**
   * Traces {@code SyscallProbe batch files...} in a child JVM that resolves the Vector API module
   * (whether this JVM has it or not) and uses the lanes at once, and checks its digests.
   */
  private static Trace traceBatchOnTheLanes(List<Path> files, List<String> expected)
      throws Exception {
    assumeTrue(
        ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent(),
        "this JDK has no jdk.incubator.vector");
    List<String> args = List.of("--add-modules=jdk.incubator.vector", "-Dfastio.md5.warmUp=false");
    Trace t = trace("batch", args, files.toArray(new Path[0]));
    int n = t.output.size(); // after the JVM's warning of the incubator module, if any
    assertEquals(expected, t.output.subList(n - files.size(), n), "digests: " + t.output);
    return t;
  }

  /** The engine a traced batch of {@code files} files printed before their digests. */
  private static String batchEngine(Trace t, int files) {
    return t.output.get(t.output.size() - files - 1);
  }

  /** The fewest bytes a read returned, the last read left out (it may meet the end of file). */
  private static long smallestButLast(List<long[]> reads) {
    return reads.stream()
        .limit(Math.max(0, reads.size() - 1))
        .mapToLong(r -> r[1])
        .min()
        .orElse(Long.MAX_VALUE);
  }

  /**
   * Runs {@code SyscallProbe op files...} under strace and returns the calls on {@code files[0]}.
   */
  private static Trace trace(String op, Path... files) throws Exception {
    return trace(op, List.of(), files);
  }

  /** {@link #trace(String, Path...)} with more options of the child JVM. */
  private static Trace trace(String op, List<String> jvmArgs, Path... files) throws Exception {
    assumeTrue(TestSupport.isLinux(), "strace traces Linux processes");
    assumeTrue(TestSupport.straceWorks(), "strace is not installed or cannot trace here");
    Path log = Files.createTempFile(dir, "strace-" + op, ".log");
    List<String> cmd = new ArrayList<>();
    cmd.addAll(List.of("strace", "-f", "-qq", "-s", "0", "-o", log.toString()));
    cmd.add("-e");
    cmd.add(
        "trace=open,openat,close,read,pread64,readv,preadv,mmap,munmap,copy_file_range,sendfile,"
            + "%%stat");
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(TestSupport.childJvmArgs());
    cmd.addAll(jvmArgs);
    cmd.addAll(List.of("-XX:+UseSerialGC", "-Xmx256m", "-cp", classPath()));
    cmd.add(SyscallProbe.class.getName());
    cmd.add(op);
    for (Path f : files) {
      cmd.add(f.toString());
    }
    Path out = Files.createTempFile(dir, "probe-" + op, ".out");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!TestSupport.awaitOrKill(p, CHILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
      throw new AssertionError("traced child did not finish in " + CHILD_TIMEOUT_MINUTES + " min");
    }
    List<String> output = Files.readAllLines(out, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "child failed: " + output);
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    Trace t = Trace.parse(lines, files[0].toString());
    t.output = output;
    t.lines = lines;
    return t;
  }

  /** The fastio jar (or classes) and this test's classes: all the probe needs. */
  private static String classPath() throws Exception {
    return Paths.get(FastFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        + File.pathSeparator
        + Paths.get(SyscallProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** The system calls one process made on one file's descriptors, from {@code strace -f} output. */
  static final class Trace {
    /**
     * {@code name(args) = ret ...}; strace pads before the {@code =}, args may hold parentheses.
     */
    private static final Pattern CALL = Pattern.compile("(\\w+)\\((.*)\\)\\s+=\\s+(\\S+).*");

    /** Each read: {requested bytes, returned value}, in order. */
    final List<long[]> reads = new ArrayList<>();

    int mmaps;
    int opens;

    /** {@code copy_file_range} and {@code sendfile} calls reading the file: the kernel's copy. */
    int kernelCopies;

    /** Calls of the stat family naming the file by its path ({@code stat}, {@code statx}, ...). */
    int stats;

    /** Calls of the stat family on the file's descriptor ({@code fstat}, {@code newfstatat}). */
    int fstats;

    List<String> output = List.of();
    List<String> lines = List.of();

    /**
     * Parses {@code strace -f -s 0} lines ({@code PID name(args) = ret}), joining calls that strace
     * split into {@code <unfinished ...>} and {@code <... name resumed>} halves, and keeps the
     * calls on descriptors that {@code openat} returned for {@code path}, until they are closed.
     */
    static Trace parse(List<String> lines, String path) {
      Trace t = new Trace();
      Map<Long, String> fds =
          new HashMap<>(); // descriptor of the file -> the thread that opened it
      for (String[] c : TestSupport.straceCalls(lines)) {
        t.add(c[0], c[1], path, fds);
      }
      return t;
    }

    /** The same trace seen from another file of the same process. */
    Trace forFile(Path other) {
      Trace t = parse(lines, other.toString());
      t.output = output;
      t.lines = lines;
      return t;
    }

    /**
     * Records {@code call} of thread {@code pid} if it concerns the file. Only the thread that
     * opened the file counts: another thread's call on the same number, printed before the close
     * that freed it, is another file.
     */
    private void add(String pid, String call, String path, Map<Long, String> fds) {
      Matcher m = CALL.matcher(call);
      if (!m.matches()) {
        return;
      }
      String name = m.group(1);
      List<String> args = List.of(m.group(2).split(",\\s*")); // a split call has lost its space
      String retText = m.group(3);
      if (retText.equals("?")) {
        return; // interrupted and restarted: strace prints the restarted call again
      }
      long ret = retText.startsWith("0x") ? 0 : parse(retText);
      switch (name) {
        case "open", "openat" -> {
          if (args.contains("\"" + path + "\"") && ret >= 0) {
            fds.put(ret, pid);
            opens++;
          }
        }
        case "close" -> fds.remove(parse(args.get(0)), pid);
        case "read", "pread64" -> {
          if (pid.equals(fds.get(parse(args.get(0))))) {
            reads.add(
                new long[] {parse(args.get(args.size() - (name.equals("read") ? 1 : 2))), ret});
          }
        }
        case "readv", "preadv" -> {
          if (pid.equals(fds.get(parse(args.get(0))))) {
            reads.add(
                new long[] {-1, ret}); // requested: the sum of the vector, not shown with -s 0
          }
        }
        case "copy_file_range" -> {
          if (pid.equals(fds.get(parse(args.get(0))))) {
            kernelCopies++;
          }
        }
        case "sendfile" -> {
          if (args.size() >= 2 && pid.equals(fds.get(parse(args.get(1))))) {
            kernelCopies++;
          }
        }
        case "mmap" -> {
          if (args.size() >= 5 && pid.equals(fds.get(parse(args.get(4))))) {
            mmaps++;
          }
        }
        default -> {
          if (name.contains("stat") && m.group(2).contains("\"" + path + "\"")) {
            stats++;
          } else if (name.contains("stat") && pid.equals(fds.get(parse(args.get(0))))) {
            fstats++;
          }
        }
      }
    }

    private static long parse(String s) {
      try {
        return Long.parseLong(s.trim());
      } catch (NumberFormatException e) {
        return Long.MIN_VALUE;
      }
    }

    String summary() {
      StringBuilder b = new StringBuilder();
      b.append(opens)
          .append(" open(s), ")
          .append(stats)
          .append(" stat(s), ")
          .append(fstats)
          .append(" fstat(s), ")
          .append(mmaps)
          .append(" mmap(s), ")
          .append(kernelCopies)
          .append(" kernel copies, ")
          .append(reads.size())
          .append(" read(s)");
      int shown = 0;
      for (long[] r : reads) {
        if (shown++ == 8) {
          b.append(" ...");
          break;
        }
        b.append(shown == 1 ? ": " : ", ").append(r[0]).append("->").append(r[1]);
      }
      return b.toString();
    }
  }
}
