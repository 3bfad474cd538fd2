package dev.fastio.tests;

import dev.fastio.FastFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * The stream and write-side methods, as the JDK ({@link #JDK}, the oracle) and fastio ({@link
 * #FASTIO}) implement them, so that a test runs the same steps against both.
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
        public String toString() {
          return "FastFiles";
        }
      };
}
