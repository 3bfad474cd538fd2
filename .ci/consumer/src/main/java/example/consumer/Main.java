package example.consumer;

import dev.fastio.ChunkedReader;
import dev.fastio.DigestBatch;
import dev.fastio.FastChannels;
import dev.fastio.FastFiles;
import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * Uses each public entry point of fastio once on files it writes, checks each result against the
 * JDK, and prints one line per check. Its standard output is compared with expected-output.txt, and
 * its standard error must stay empty.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("fastio-consumer");
    try {
      run(dir);
    } finally {
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  private static void run(Path dir) throws Exception {
    Path small = write(dir.resolve("small.bin"), 4096 + 7, 1);
    Path large = write(dir.resolve("large.bin"), (40 << 20) + 5, 2); // mapped windows from 32 MiB

    check("readAllBytes", Arrays.equals(FastFiles.readAllBytes(large), Files.readAllBytes(large)));

    byte[] md5 = FastFiles.digest(large, "MD5");
    check("digest", Arrays.equals(md5, jdkDigest(large)));
    System.out.println("md5 " + HexFormat.of().formatHex(md5));

    List<DigestBatch.Result> results = FastFiles.digestAll(List.of(small, large), "SHA-256");
    check("digestAll", results.size() == 2 && results.get(1).isSuccess());

    try (MappedFile mapped = MappedFiles.map(large)) {
      mapped.loadFully();
      byte[] tail = new byte[5];
      mapped.read(mapped.size() - 5, tail, 0, 5);
      check("map", mapped.size() == Files.size(large) && tail[4] == expectedByte(mapped.size() - 1, 2));
    }

    CRC32C crc = new CRC32C();
    try (ChunkedReader reader = ChunkedReader.open(large)) {
      for (ByteBuffer chunk; (chunk = reader.next()) != null; ) {
        crc.update(chunk);
      }
    }
    CRC32C jdkCrc = new CRC32C();
    jdkCrc.update(Files.readAllBytes(large));
    check("ChunkedReader", crc.getValue() == jdkCrc.getValue());

    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (FileChannel source = FileChannel.open(small, StandardOpenOption.READ)) {
      FastChannels.transferTo(source, 0, source.size(), Channels.newChannel(sink));
    }
    check("transferTo", Arrays.equals(sink.toByteArray(), Files.readAllBytes(small)));

    Path copy = FastFiles.copy(small, dir.resolve("copy.bin"));
    check("copy", Files.mismatch(small, copy) == -1);
  }

  private static void check(String what, boolean ok) {
    if (!ok) {
      throw new AssertionError(what + ": differs from the JDK");
    }
    System.out.println(what + ": same as the JDK");
  }

  private static byte[] jdkDigest(Path file) throws Exception {
    MessageDigest md = MessageDigest.getInstance("MD5");
    md.update(Files.readAllBytes(file));
    return md.digest();
  }

  private static Path write(Path file, int size, int seed) throws IOException {
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) {
      b[i] = expectedByte(i, seed);
    }
    return Files.write(file, b);
  }

  private static byte expectedByte(long i, int seed) {
    return (byte) (i * 31 + seed * (i >>> 12));
  }
}
