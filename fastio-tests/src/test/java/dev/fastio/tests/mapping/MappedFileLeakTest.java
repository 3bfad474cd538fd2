package dev.fastio.tests.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fastio.MappedFile;
import dev.fastio.MappedFiles;
import dev.fastio.tests.support.TestSupport;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of map/close cycles, successful and failing, leave descriptors and mappings unchanged.
 */
class MappedFileLeakTest {
  @TempDir Path dir;

  @Test
  void mapCloseCyclesLeaveDescriptorsAndMappingsUnchanged() throws Exception {
    assumeTrue(TestSupport.isLinux());
    Path file = TestSupport.write(dir, "cycled", TestSupport.randomBytes(1, 3 * 65536 + 5));
    Path empty = TestSupport.write(dir, "empty", new byte[0]);
    byte[] dst = new byte[100];
    for (int i = 0; i < 100; i++) { // let the JDK's own lazy set-up happen before counting
      try (MappedFile mf = MappedFiles.map(file)) {
        mf.loadFully();
      }
    }
    int fds = TestSupport.openDescriptors();
    int maps = TestSupport.mappings();
    for (int i = 0; i < 3000; i++) {
      try (MappedFile mf = MappedFiles.map(file, i % 1000, 65536 + i)) {
        mf.loadFully();
        mf.read(0, dst, 0, dst.length);
      }
      try (MappedFile mf = MappedFiles.map(empty)) {
        mf.loadFully();
      }
      assertThrows(FileSystemException.class, () -> MappedFiles.map(file, 0, 1 << 20));
      assertThrows(FileSystemException.class, () -> MappedFiles.map(dir));
    }
    assertEquals(0, TestSupport.mappingsOf("cycled"));
    TestSupport.assertNoDescriptorLeak(fds, dir);
    TestSupport.assertNoMappingGrowth(maps);
  }
}
