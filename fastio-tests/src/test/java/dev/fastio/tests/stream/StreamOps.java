package dev.fastio.tests.stream;

import dev.fastio.ChunkedReader;
import dev.fastio.DigestBatch;
import dev.fastio.FastFiles;
import dev.fastio.ProgressListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.Charset;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The methods of fastio that take a path, as the JDK ({@link #JDK}, the oracle) and fastio ({@link
 * #FASTIO}) implement them, so that a test runs the same steps against both.
 *
 * <p>Where fastio replaces no JDK method, the oracle is fastio's own contract, stated in terms of a
 * JDK method: a digest (single or in a batch) is the digest of the bytes {@code Files.readAllBytes}
 * returns, thrown as it throws; {@code forEachChunk} hands out those bytes; the stream of a {@code
 * ChunkedReader} is that of a channel opened as {@code Files.newByteChannel} opens it. The JDK has
 * no progress listener: its side of an overload taking one ignores it.
 */
interface StreamOps {
  InputStream newInputStream(Path path, OpenOption... options) throws IOException;

  OutputStream newOutputStream(Path path, OpenOption... options) throws IOException;

  Path write(Path path, byte[] bytes, OpenOption... options) throws IOException;

  Path write(Path path, Iterable<? extends CharSequence> lines, Charset cs, OpenOption... options)
      throws IOException;

  Path writeString(Path path, CharSequence csq, Charset cs, OpenOption... options)
      throws IOException;

  String readString(Path path, Charset cs) throws IOException;

  long copy(Path source, OutputStream out) throws IOException;

  long copy(InputStream in, Path target, CopyOption... options) throws IOException;

  long copy(Path source, OutputStream out, ProgressListener listener) throws IOException;

  long copy(InputStream in, Path target, ProgressListener listener, CopyOption... options)
      throws IOException;

  Path copy(Path source, Path target, CopyOption... options) throws IOException;

  Path copy(Path source, Path target, ProgressListener listener, CopyOption... options)
      throws IOException;

  String readString(Path path) throws IOException;

  Path write(Path path, Iterable<? extends CharSequence> lines, OpenOption... options)
      throws IOException;

  Path writeString(Path path, CharSequence csq, OpenOption... options) throws IOException;

  byte[] readAllBytes(Path path) throws IOException;

  byte[] digest(Path path, String algorithm) throws IOException;

  byte[] digest(Path path, MessageDigest md) throws IOException;

  /** The digest of one file by a {@code DigestBatch}, whose error is thrown. */
  byte[] digestInBatch(Path path, String algorithm, DigestBatch.Reading reading)
      throws IOException, InterruptedException;

  /** The bytes {@code forEachChunk} hands out. */
  byte[] chunks(Path path) throws IOException;

  /** {@code ChunkedReader.open(path).asInputStream()}. */
  InputStream readerStream(Path path) throws IOException;

  /** {@code java.nio.file.Files}. */
  StreamOps JDK =
      new StreamOps() {
        @Override
        public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
          return Files.newInputStream(path, options);
        }

        @Override
        public OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
          return Files.newOutputStream(path, options);
        }

        @Override
        public Path write(Path path, byte[] bytes, OpenOption... options) throws IOException {
          return Files.write(path, bytes, options);
        }

        @Override
        public Path write(
            Path path, Iterable<? extends CharSequence> lines, Charset cs, OpenOption... options)
            throws IOException {
          return Files.write(path, lines, cs, options);
        }

        @Override
        public Path writeString(Path path, CharSequence csq, Charset cs, OpenOption... options)
            throws IOException {
          return Files.writeString(path, csq, cs, options);
        }

        @Override
        public String readString(Path path, Charset cs) throws IOException {
          return Files.readString(path, cs);
        }

        @Override
        public long copy(Path source, OutputStream out) throws IOException {
          return Files.copy(source, out);
        }

        @Override
        public long copy(InputStream in, Path target, CopyOption... options) throws IOException {
          return Files.copy(in, target, options);
        }

        @Override
        public long copy(Path source, OutputStream out, ProgressListener listener)
            throws IOException {
          return Files.copy(source, out);
        }

        @Override
        public long copy(
            InputStream in, Path target, ProgressListener listener, CopyOption... options)
            throws IOException {
          return Files.copy(in, target, options);
        }

        @Override
        public Path copy(Path source, Path target, CopyOption... options) throws IOException {
          return Files.copy(source, target, options);
        }

        @Override
        public Path copy(Path source, Path target, ProgressListener listener, CopyOption... options)
            throws IOException {
          return Files.copy(source, target, options);
        }

        @Override
        public String readString(Path path) throws IOException {
          return Files.readString(path);
        }

        @Override
        public Path write(Path path, Iterable<? extends CharSequence> lines, OpenOption... options)
            throws IOException {
          return Files.write(path, lines, options);
        }

        @Override
        public Path writeString(Path path, CharSequence csq, OpenOption... options)
            throws IOException {
          return Files.writeString(path, csq, options);
        }

        @Override
        public byte[] readAllBytes(Path path) throws IOException {
          return Files.readAllBytes(path);
        }

        @Override
        public byte[] digest(Path path, String algorithm) throws IOException {
          MessageDigest md;
          try {
            md = MessageDigest.getInstance(algorithm);
          } catch (NoSuchAlgorithmException e) {
            throw new IllegalArgumentException(e);
          }
          return digest(path, md);
        }

        @Override
        public byte[] digest(Path path, MessageDigest md) throws IOException {
          md.reset();
          return md.digest(Files.readAllBytes(path));
        }

        @Override
        public byte[] digestInBatch(Path path, String algorithm, DigestBatch.Reading reading)
            throws IOException {
          return digest(path, algorithm);
        }

        @Override
        public byte[] chunks(Path path) throws IOException {
          return Files.readAllBytes(path);
        }

        @Override
        public InputStream readerStream(Path path) throws IOException {
          return Channels.newInputStream(Files.newByteChannel(path));
        }

        @Override
        public String toString() {
          return "Files";
        }
      };

  /** {@code dev.fastio.FastFiles}. */
  StreamOps FASTIO =
      new StreamOps() {
        @Override
        public InputStream newInputStream(Path path, OpenOption... options) throws IOException {
          return FastFiles.newInputStream(path, options);
        }

        @Override
        public OutputStream newOutputStream(Path path, OpenOption... options) throws IOException {
          return FastFiles.newOutputStream(path, options);
        }

        @Override
        public Path write(Path path, byte[] bytes, OpenOption... options) throws IOException {
          return FastFiles.write(path, bytes, options);
        }

        @Override
        public Path write(
            Path path, Iterable<? extends CharSequence> lines, Charset cs, OpenOption... options)
            throws IOException {
          return FastFiles.write(path, lines, cs, options);
        }

        @Override
        public Path writeString(Path path, CharSequence csq, Charset cs, OpenOption... options)
            throws IOException {
          return FastFiles.writeString(path, csq, cs, options);
        }

        @Override
        public String readString(Path path, Charset cs) throws IOException {
          return FastFiles.readString(path, cs);
        }

        @Override
        public long copy(Path source, OutputStream out) throws IOException {
          return FastFiles.copy(source, out);
        }

        @Override
        public long copy(InputStream in, Path target, CopyOption... options) throws IOException {
          return FastFiles.copy(in, target, options);
        }

        @Override
        public long copy(Path source, OutputStream out, ProgressListener listener)
            throws IOException {
          return FastFiles.copy(source, out, listener);
        }

        @Override
        public long copy(
            InputStream in, Path target, ProgressListener listener, CopyOption... options)
            throws IOException {
          return FastFiles.copy(in, target, listener, options);
        }

        @Override
        public Path copy(Path source, Path target, CopyOption... options) throws IOException {
          return FastFiles.copy(source, target, options);
        }

        @Override
        public Path copy(Path source, Path target, ProgressListener listener, CopyOption... options)
            throws IOException {
          return FastFiles.copy(source, target, listener, options);
        }

        @Override
        public String readString(Path path) throws IOException {
          return FastFiles.readString(path);
        }

        @Override
        public Path write(Path path, Iterable<? extends CharSequence> lines, OpenOption... options)
            throws IOException {
          return FastFiles.write(path, lines, options);
        }

        @Override
        public Path writeString(Path path, CharSequence csq, OpenOption... options)
            throws IOException {
          return FastFiles.writeString(path, csq, options);
        }

        @Override
        public byte[] readAllBytes(Path path) throws IOException {
          return FastFiles.readAllBytes(path);
        }

        @Override
        public byte[] digest(Path path, String algorithm) throws IOException {
          return FastFiles.digest(path, algorithm);
        }

        @Override
        public byte[] digest(Path path, MessageDigest md) throws IOException {
          return FastFiles.digest(path, md);
        }

        @Override
        public byte[] digestInBatch(Path path, String algorithm, DigestBatch.Reading reading)
            throws IOException, InterruptedException {
          DigestBatch.Result r =
              DigestBatch.builder(algorithm)
                  .reading(reading)
                  .build()
                  .digestAll(List.of(path))
                  .get(0);
          if (r.error() != null) {
            throw r.error();
          }
          return r.digest();
        }

        @Override
        public byte[] chunks(Path path) throws IOException {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          FastFiles.forEachChunk(
              path,
              chunk -> {
                byte[] b = new byte[chunk.remaining()];
                chunk.get(b);
                out.write(b, 0, b.length);
              });
          return out.toByteArray();
        }

        @Override
        public InputStream readerStream(Path path) throws IOException {
          return ChunkedReader.open(path).asInputStream();
        }

        @Override
        public String toString() {
          return "FastFiles";
        }
      };
}
