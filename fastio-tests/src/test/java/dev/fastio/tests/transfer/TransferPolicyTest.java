package dev.fastio.tests.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fastio.FastioTestHook;
import dev.fastio.TransferPolicy;
import dev.fastio.TransferPolicy.TargetKind;
import dev.fastio.TransferStrategy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.DatagramChannel;
import java.nio.channels.FileChannel;
import java.nio.channels.Pipe;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy's documented table, unit by unit and for every OS by name (no macOS or Windows
 * needed): Linux kernel path for sockets and for files from 32 KiB (read/write below), macOS
 * read/write, Windows read/write below 2 MiB and mapped from 2 MiB, mapped or read/write by size
 * for other targets on every OS; the thresholds and the forced strategy from properties, as {@code
 * defaults()} reads them from the system properties.
 */
@Tag("perf-guard")
class TransferPolicyTest {
  private static final long MIB = 1024 * 1024;
  private static final List<String> LINUX = List.of("Linux", "linux", "LINUX");
  private static final List<String> MAC = List.of("Mac OS X", "Darwin", "mac os x");
  private static final List<String> WINDOWS =
      List.of("Windows 10", "Windows 11", "Windows Server 2022", "windows 7");
  private static final List<String> OTHERS = List.of("FreeBSD", "SunOS", "AIX", "OpenBSD", "");

  /** Sizes around each threshold, and the extremes. */
  private static final List<Long> SIZES =
      List.of(
          0L,
          1L,
          4096L,
          32767L,
          32768L,
          32769L,
          MIB - 1,
          MIB,
          MIB + 1,
          2 * MIB - 1,
          2 * MIB,
          2 * MIB + 1,
          16 * MIB - 1,
          16 * MIB,
          16 * MIB + 1,
          256 * MIB,
          Long.MAX_VALUE);

  private final TransferPolicy policy = TransferPolicy.fromProperties(new Properties());

  @Test
  void theDefaultsAreTheDocumentedOnes() {
    assertEquals(16 * MIB, policy.otherMappedThreshold());
    assertEquals(2 * MIB, policy.windowsMappedThreshold());
    assertEquals(32768, policy.fileKernelThreshold());
    assertEquals(Optional.empty(), policy.strategy());
  }

  @Test
  void linuxUsesTheKernelForSocketsAndForFilesFrom32KiB() {
    for (String os : LINUX) {
      for (long size : SIZES) {
        TransferStrategy file =
            size >= 32768 ? TransferStrategy.KERNEL : TransferStrategy.READ_WRITE;
        assertEquals(
            file, FastioTestHook.choose(policy, os, TargetKind.FILE, size), os + " " + size);
        assertEquals(
            TransferStrategy.KERNEL,
            FastioTestHook.choose(policy, os, TargetKind.SOCKET, size),
            os);
      }
    }
  }

  @Test
  void macOsUsesReadWriteForFilesAndSockets() {
    for (String os : MAC) {
      for (long size : SIZES) {
        assertEquals(
            TransferStrategy.READ_WRITE,
            FastioTestHook.choose(policy, os, TargetKind.FILE, size),
            os);
        assertEquals(
            TransferStrategy.READ_WRITE,
            FastioTestHook.choose(policy, os, TargetKind.SOCKET, size),
            os);
      }
    }
  }

  @Test
  void windowsUsesReadWriteBelowTwoMibAndMappedFromThere() {
    for (String os : WINDOWS) {
      for (long size : SIZES) {
        TransferStrategy want =
            size >= 2 * MIB ? TransferStrategy.MAPPED : TransferStrategy.READ_WRITE;
        assertEquals(
            want, FastioTestHook.choose(policy, os, TargetKind.FILE, size), os + " " + size);
        assertEquals(
            want, FastioTestHook.choose(policy, os, TargetKind.SOCKET, size), os + " " + size);
      }
    }
  }

  @Test
  void otherSystemsUseTheKernelAsTheJdkDoes() {
    for (String os : OTHERS) {
      assertEquals(
          TransferStrategy.KERNEL,
          FastioTestHook.choose(policy, os, TargetKind.FILE, 10 * MIB),
          os);
      assertEquals(
          TransferStrategy.KERNEL, FastioTestHook.choose(policy, os, TargetKind.SOCKET, 1), os);
    }
  }

  @Test
  void otherTargetsAreMappedFromTheThresholdOnEveryOs() {
    for (List<String> family : List.of(LINUX, MAC, WINDOWS, OTHERS)) {
      for (String os : family) {
        for (long size : SIZES) {
          TransferStrategy want =
              size >= 16 * MIB ? TransferStrategy.MAPPED : TransferStrategy.READ_WRITE;
          assertEquals(
              want, FastioTestHook.choose(policy, os, TargetKind.OTHER, size), os + " " + size);
        }
      }
    }
  }

  @Test
  void propertiesOverrideTheThresholds() {
    Properties p = new Properties();
    p.setProperty("fastio.transfer.otherMappedThreshold", "65536");
    p.setProperty("fastio.transfer.windowsMappedThreshold", " 100 ");
    p.setProperty("fastio.transfer.fileKernelThreshold", "50");
    TransferPolicy custom = TransferPolicy.fromProperties(p);
    assertEquals(50, custom.fileKernelThreshold());
    assertEquals(
        TransferStrategy.READ_WRITE, FastioTestHook.choose(custom, "Linux", TargetKind.FILE, 49));
    assertEquals(65536, custom.otherMappedThreshold());
    assertEquals(100, custom.windowsMappedThreshold());
    assertEquals(
        TransferStrategy.READ_WRITE,
        FastioTestHook.choose(custom, "Linux", TargetKind.OTHER, 65535));
    assertEquals(
        TransferStrategy.MAPPED, FastioTestHook.choose(custom, "Linux", TargetKind.OTHER, 65536));
    assertEquals(
        TransferStrategy.READ_WRITE,
        FastioTestHook.choose(custom, "Windows 11", TargetKind.FILE, 99));
    assertEquals(
        TransferStrategy.MAPPED, FastioTestHook.choose(custom, "Windows 11", TargetKind.FILE, 100));
    assertEquals(
        TransferStrategy.KERNEL, FastioTestHook.choose(custom, "Linux", TargetKind.FILE, 100));
  }

  @Test
  void aPropertyForcesAStrategyForEveryOsKindAndSize() {
    for (TransferStrategy s : TransferStrategy.values()) {
      for (String name : List.of(s.name(), s.name().toLowerCase(java.util.Locale.ROOT), " " + s)) {
        Properties p = new Properties();
        p.setProperty("fastio.transfer.strategy", name);
        TransferPolicy forced = TransferPolicy.fromProperties(p);
        assertEquals(Optional.of(s), forced.strategy());
        for (String os : List.of("Linux", "Mac OS X", "Windows 10", "FreeBSD")) {
          for (TargetKind kind : TargetKind.values()) {
            for (long size : SIZES) {
              assertEquals(s, FastioTestHook.choose(forced, os, kind, size));
            }
          }
        }
      }
    }
  }

  @Test
  void invalidPropertyValuesAreIgnoredAsLongGetLongIgnoresThem() {
    Properties p = new Properties();
    p.setProperty("fastio.transfer.strategy", "SENDFILE");
    p.setProperty("fastio.transfer.otherMappedThreshold", "1M");
    p.setProperty("fastio.transfer.windowsMappedThreshold", "-5");
    p.setProperty("fastio.transfer.fileKernelThreshold", "32 KiB");
    assertEquals(policy, TransferPolicy.fromProperties(p));
  }

  @Test
  void withMethodsMakeNewPoliciesAndLeaveThisOneAlone() {
    TransferPolicy forced = policy.withStrategy(TransferStrategy.MAPPED);
    assertEquals(
        TransferStrategy.MAPPED, FastioTestHook.choose(forced, "Linux", TargetKind.FILE, 1));
    assertEquals(
        TransferStrategy.READ_WRITE, FastioTestHook.choose(policy, "Linux", TargetKind.FILE, 1));
    assertEquals(
        TransferStrategy.KERNEL,
        FastioTestHook.choose(policy.withFileKernelThreshold(0), "Linux", TargetKind.FILE, 1));
    assertEquals(policy, forced.withStrategy(null));
    assertEquals(policy.hashCode(), forced.withStrategy(null).hashCode());
    TransferPolicy low = policy.withOtherMappedThreshold(0).withWindowsMappedThreshold(0);
    assertEquals(TransferStrategy.MAPPED, FastioTestHook.choose(low, "Linux", TargetKind.OTHER, 0));
    assertEquals(
        TransferStrategy.MAPPED, FastioTestHook.choose(low, "Windows 10", TargetKind.SOCKET, 0));
    assertNotEquals(policy, low);
    assertTrue(low.toString().contains("otherMappedThreshold=0"), low.toString());
    assertThrows(IllegalArgumentException.class, () -> policy.withOtherMappedThreshold(-1));
    assertThrows(IllegalArgumentException.class, () -> policy.withWindowsMappedThreshold(-1));
    assertThrows(IllegalArgumentException.class, () -> policy.withFileKernelThreshold(-1));
    assertTrue(
        policy.withFileKernelThreshold(7).toString().contains("fileKernelThreshold=7"),
        policy.toString());
    assertThrows(
        IllegalArgumentException.class,
        () -> FastioTestHook.choose(policy, "Linux", TargetKind.FILE, -1));
    assertThrows(
        NullPointerException.class, () -> FastioTestHook.choose(policy, null, TargetKind.FILE, 1));
    assertThrows(NullPointerException.class, () -> FastioTestHook.choose(policy, "Linux", null, 1));
  }

  @Test
  void theDefaultsFollowTheSystemPropertiesAndThisOs() {
    TransferPolicy defaults = TransferPolicy.defaults();
    assertEquals(TransferPolicy.fromProperties(System.getProperties()), defaults);
    String os = System.getProperty("os.name");
    for (TargetKind kind : TargetKind.values()) {
      for (long size : SIZES) {
        assertEquals(FastioTestHook.choose(defaults, os, kind, size), defaults.choose(kind, size));
      }
    }
  }

  @Test
  void targetKinds(@TempDir Path dir) throws IOException {
    try (FileChannel file =
            FileChannel.open(
                dir.resolve("f"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        SocketChannel socket = SocketChannel.open();
        DatagramChannel datagram = DatagramChannel.open()) {
      assertEquals(TargetKind.FILE, TargetKind.of(file));
      assertEquals(TargetKind.SOCKET, TargetKind.of(socket));
      assertEquals(TargetKind.SOCKET, TargetKind.of(datagram));
      Pipe pipe = Pipe.open();
      try {
        assertEquals(TargetKind.OTHER, TargetKind.of(pipe.sink()));
      } finally {
        pipe.sink().close();
        pipe.source().close();
      }
      assertEquals(
          TargetKind.OTHER, TargetKind.of(Channels.newChannel(new ByteArrayOutputStream())));
      assertThrows(NullPointerException.class, () -> TargetKind.of(null));
    }
  }
}
