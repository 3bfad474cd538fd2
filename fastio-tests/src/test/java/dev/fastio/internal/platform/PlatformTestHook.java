package dev.fastio.internal.platform;

import java.net.URL;
import java.nio.ByteBuffer;

/**
 * Test hook: the one way tests reach what {@code dev.fastio.internal.platform} holds. It lives in
 * the test sources, in the library's package (the tests run on the class path), so nothing in the
 * shipped jar exists for tests alone.
 */
public final class PlatformTestHook {
  /** The largest window a mapping maps at a time. */
  public static final int MAX_WINDOW = MappedRegion.MAX_WINDOW;

  /** The page size buffers are aligned to. */
  public static final int PAGE = AlignedBuffers.PAGE;

  /** The most positions one step of a search engine adds ({@link ByteSearch#STEP}). */
  public static final int SEARCH_STEP = ByteSearch.STEP;

  private PlatformTestHook() {}

  /** The name of the platform code this JVM runs ({@code jdk22-arena}, {@code jdk17-gc}, ...). */
  public static String platformName() {
    return PlatformProvider.get().name();
  }

  /** Where the platform classes were loaded from: the packaged jar in every test run. */
  public static URL platformLocation() {
    return MappedRegion.class.getProtectionDomain().getCodeSource().getLocation();
  }

  /**
   * A page-aligned buffer of native memory as this JVM's platform code allocates it; close frees
   * it.
   */
  public static NativeBuffer allocate(int capacity) {
    return PlatformProvider.get().allocate(capacity);
  }

  /**
   * A page-aligned direct buffer of exactly {@code capacity} bytes, freed by the garbage collector.
   */
  public static ByteBuffer allocateAligned(int capacity) {
    return AlignedBuffers.allocate(capacity);
  }

  /**
   * A new search engine of this JVM for the calling thread ({@link ByteSearch#get()}: vector where
   * it runs, else SWAR).
   */
  public static Search newSearch() {
    return new Search(ByteSearch.get());
  }

  /** The SWAR engine ({@link ByteSearch#swar()}), which {@code fastio.scan.vector=false} forces. */
  public static Search swarSearch() {
    return new Search(ByteSearch.swar());
  }

  /** An engine that looks at one byte at a time: the broken form of the other two. */
  public static Search bytewiseSearch() {
    return new Search(BytewiseSearch.INSTANCE);
  }

  /** A {@link ByteSearch} as tests see it: its name, its count and its find. */
  public static final class Search {
    private final ByteSearch search;

    private Search(ByteSearch search) {
      this.search = search;
    }

    /** {@link ByteSearch#name()}. */
    public String name() {
      return search.name();
    }

    /** {@link ByteSearch#count}. */
    public long count(ByteBuffer buf, int from, int to, byte a, byte b, boolean pairs) {
      return search.count(buf, from, to, a, b, pairs);
    }

    /** {@link ByteSearch#find}. */
    public int find(ByteBuffer buf, int from, int to, byte a, byte b, int[] out) {
      return search.find(buf, from, to, a, b, out);
    }

    /** The engine itself, for the hooks of the packages that search with one (not for tests). */
    public ByteSearch engine() {
      return search;
    }
  }

  /** The vector MD5 engine's name where it runs, else why it does not. */
  public static String md5VectorStatus() {
    return Md5Lanes.vectorStatus();
  }
}
