package dev.fastio.internal.batch;

import dev.fastio.internal.platform.Md5Lanes;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * Hashes many inputs with MD5 through one {@link Md5Lanes} engine, on the calling thread: each lane
 * carries one input at a time, and a lane whose input ends takes the next input at once, from the
 * next block, so no lane idles while inputs remain (small inputs are packed back to back in a
 * lane).
 *
 * <p><b>Rounds.</b> The scheduler works in rounds of {@code engine.blocksPerLane()} blocks per
 * lane: it fills every lane's blocks from its inputs (in input order: the next input goes to the
 * first lane that needs one), appending MD5's padding (0x80, zeros, the bit length) where an input
 * ends, then has the engine compress the round in segments split where some lane ends an input or
 * starts one: after a segment, the lanes whose input ended there hand their digest to the {@link
 * Sink}; before the next, the lanes that start an input there are reset.
 *
 * <p><b>Sources.</b> An input's bytes come from a {@link Source}, opened when a lane takes the
 * input and closed as soon as its bytes end (or fail), before its digest is delivered. The
 * scheduler copies each source's buffers into the engine's blocks (little-endian ints, in bulk
 * where aligned), so sources may hand out heap, direct or mapped buffers of any size and alignment.
 *
 * <p><b>Errors.</b> An {@link IOException} from opening, reading or closing an input is that
 * input's result: the sink gets it, the lane moves on to the next input. Anything else (a runtime
 * exception from a source, the opener or the sink) stops the run: every open source is closed and
 * the exception propagates; inputs not yet delivered get no result.
 *
 * <p>Single-threaded: the sources, the opener and the sink are called on the calling thread only.
 */
// Public, though only this package runs it, for fastio-bench's Md5LanesBenchmark (JMH, compiled
// against the jar, where no test hook reaches); the tests drive it as the benchmark does.
public final class LaneScheduler {
  /** The bytes of one input, in order, as a sequence of buffers. */
  public interface Source extends Closeable {
    /**
     * The input's next bytes, from the buffer's position to its limit (possibly none), or null at
     * the end. The scheduler reads them (moving the position, never writing the contents) and drops
     * the buffer at the next call or at {@link #close()}.
     */
    ByteBuffer next() throws IOException;

    /** A source of the bytes of {@code buffer} from its position to its limit (not consumed). */
    static Source of(ByteBuffer buffer) {
      ByteBuffer view = buffer.duplicate();
      return new Source() {
        private boolean given;

        @Override
        public ByteBuffer next() {
          if (given) {
            return null;
          }
          given = true;
          return view;
        }

        @Override
        public void close() {}
      };
    }
  }

  /** Opens input {@code index}; called once per input, in the order the lanes take them. */
  public interface Opener {
    /**
     * The source of input {@code index}, or null where the opener hashed it without the lanes and
     * gave its result to the sink; an IOException is that input's result.
     */
    Source open(int index) throws IOException;
  }

  /** The inputs of a run: which one a free lane takes next, and how it is opened. */
  public interface Inputs extends Opener {
    /** What {@link #poll()} returns while inputs remain but none is ready yet. */
    int NONE_READY = -2;

    /**
     * The index of the next input to hash, without waiting: -1 when none is left, {@link
     * #NONE_READY} while none is ready yet (a free lane then waits for a later round).
     *
     * @return an index, -1 or {@link #NONE_READY}
     */
    int poll();

    /**
     * The index of the next input to hash, waiting until one is ready: called when every lane is
     * idle.
     *
     * @return an index, or -1 when none is left
     */
    int take();

    /**
     * True to end the run now: checked before each round; the open sources are closed and the
     * inputs in flight get no result.
     *
     * @return whether to stop
     */
    default boolean stopped() {
      return false;
    }
  }

  /** Receives each input's result as the input finishes (not in index order). */
  public interface Sink {
    /**
     * Input {@code index} is finished: exactly one of {@code digest} and {@code error} is non-null.
     */
    void done(int index, byte[] digest, IOException error);
  }

  private final Md5Lanes engine;
  private final Inputs inputs;
  private final Sink sink;
  private final int blocks;
  private final int slotBytes;
  private final int[] words;
  private final Lane[] lanes;

  /** Per block of the round: the lanes that start an input there (reset before the block). */
  private final long[] starts;

  /** Per block of the round: the lanes whose input's last block it is (digest after the block). */
  private final long[] ends;

  /** {@code lane * blocks + block}: the input whose last block that is. */
  private final int[] finished;

  /** True once the inputs said none is left. */
  private boolean exhausted;

  /** An input taken while every lane was idle, for the next lane to start; else -1. */
  private int taken = -1;

  private LaneScheduler(Md5Lanes engine, Inputs inputs, Sink sink) {
    this.engine = engine;
    this.inputs = inputs;
    this.sink = sink;
    this.blocks = engine.blocksPerLane();
    this.slotBytes = blocks * Md5Lanes.BLOCK_BYTES;
    this.words = engine.words();
    this.lanes = new Lane[engine.lanes()];
    for (int l = 0; l < lanes.length; l++) {
      lanes[l] = new Lane();
    }
    this.starts = new long[blocks];
    this.ends = new long[blocks];
    this.finished = new int[lanes.length * blocks];
  }

  /**
   * Hashes inputs {@code 0} to {@code count - 1}, opened by {@code opener}, and hands each result
   * to {@code sink}; returns when every input has its result. The engine is left in an unspecified
   * state.
   */
  public static void run(Md5Lanes engine, int count, Opener opener, Sink sink) {
    if (count < 0) {
      throw new IllegalArgumentException("count < 0: " + count);
    }
    run(
        engine,
        new Inputs() {
          private int next;

          @Override
          public int poll() {
            return next < count ? next++ : -1;
          }

          @Override
          public int take() {
            return poll();
          }

          @Override
          public Source open(int index) throws IOException {
            return opener.open(index);
          }
        },
        sink);
  }

  /**
   * Hashes the inputs {@code inputs} hands out until it has none left (or asks to stop), and hands
   * each result to {@code sink}. The engine is left in an unspecified state.
   */
  public static void run(Md5Lanes engine, Inputs inputs, Sink sink) {
    new LaneScheduler(engine, inputs, sink).run();
  }

  private void run() {
    try {
      for (int used; !inputs.stopped() && (used = fillRound()) > 0; ) {
        compressRound(used);
      }
    } catch (Throwable e) { // also a checked exception a callback threw undeclared
      closeAll(e);
      throw e;
    }
    closeAll(null);
  }

  /**
   * Fills every lane's blocks for one round; returns the number of blocks any lane uses, 0 once
   * every input is done. Where every lane is idle and inputs remain, waits for the next.
   */
  private int fillRound() {
    Arrays.fill(starts, 0);
    Arrays.fill(ends, 0);
    int used = fillLanes();
    while (used == 0 && !exhausted) {
      taken = inputs.take();
      if (taken < 0) {
        exhausted = true;
        break;
      }
      used = fillLanes();
    }
    return used;
  }

  private int fillLanes() {
    int used = 0;
    for (int l = 0; l < lanes.length; l++) {
      used = Math.max(used, fill(l));
    }
    return used;
  }

  private void compressRound(int used) {
    for (int from = 0; from < used; ) {
      resetLanes(starts[from]);
      int to = from + 1;
      while (to < used && ends[to - 1] == 0 && starts[to] == 0) {
        to++;
      }
      engine.compress(from, to);
      deliver(ends[to - 1], to - 1);
      from = to;
    }
  }

  private void resetLanes(long mask) {
    for (long m = mask; m != 0; m &= m - 1) {
      engine.reset(Long.numberOfTrailingZeros(m));
    }
  }

  private void deliver(long mask, int block) {
    for (long m = mask; m != 0; m &= m - 1) {
      int l = Long.numberOfTrailingZeros(m);
      byte[] digest = new byte[16];
      engine.digest(l, digest, 0);
      sink.done(finished[l * blocks + block], digest, null);
    }
  }

  /** Fills lane {@code l}'s blocks of this round; returns how many it uses. */
  private int fill(int l) {
    Lane lane = lanes[l];
    int pos = 0; // bytes of the lane's blocks filled
    while (pos < slotBytes) {
      if (lane.input < 0) {
        if (!start(l, pos)) {
          break;
        }
      } else if (lane.padding) {
        pos = pad(l, pos);
      } else {
        pos = copy(l, pos);
      }
    }
    return (pos + Md5Lanes.BLOCK_BYTES - 1) / Md5Lanes.BLOCK_BYTES;
  }

  /**
   * Gives lane {@code l} the next input, from {@code pos} (a block boundary); false if none is
   * left.
   */
  private boolean start(int l, int pos) {
    int index = nextInput();
    if (index < 0) {
      return false; // none left, or none ready: the lane waits for a later round
    }
    Source source;
    try {
      source = inputs.open(index);
    } catch (IOException e) {
      sink.done(index, null, e);
      return true; // the lane stays free: the next input
    }
    if (source == null) {
      return true; // hashed without the lanes: the lane stays free
    }
    lanes[l].begin(index, source);
    starts[pos / Md5Lanes.BLOCK_BYTES] |= 1L << l;
    return true;
  }

  /** The input a free lane takes: the one taken while waiting, or the next ready one, or < 0. */
  private int nextInput() {
    if (taken >= 0) {
      int index = taken;
      taken = -1;
      return index;
    }
    if (exhausted) {
      return -1;
    }
    int index = inputs.poll();
    if (index == -1) {
      exhausted = true;
    }
    return index;
  }

  /** Copies the lane's next bytes to {@code pos}; returns the new position. */
  private int copy(int l, int pos) {
    Lane lane = lanes[l];
    ByteBuffer chunk = lane.chunk;
    if (chunk == null || !chunk.hasRemaining()) {
      return nextChunk(l, pos);
    }
    if ((pos & 3) != 0 || chunk.remaining() < 4) {
      putByte(l, pos, chunk.get());
      lane.length++;
      return pos + 1;
    }
    int n = Math.min(chunk.remaining(), slotBytes - pos) >>> 2;
    int at = chunk.position();
    lane.view().get((at - lane.viewOrigin) >>> 2, words, wordAt(l, pos), n);
    chunk.position(at + 4 * n);
    lane.length += 4L * n;
    return pos + 4 * n;
  }

  /** Takes the lane's next buffer; at the end of its bytes, closes it and starts the padding. */
  private int nextChunk(int l, int pos) {
    Lane lane = lanes[l];
    try {
      ByteBuffer chunk = lane.source.next();
      if (chunk != null) {
        lane.chunk = chunk;
        lane.view = null;
        return pos;
      }
      Source source = lane.source;
      lane.source = null;
      source.close();
    } catch (IOException e) {
      return fail(l, pos, e);
    }
    putByte(l, pos, (byte) 0x80);
    lane.padding = true;
    return pos + 1;
  }

  /**
   * Writes padding from {@code pos} (after the 0x80 byte): zeros, then the bit length in the last 8
   * bytes of a block, one step a call; where the length is written, the input's last block is
   * marked.
   */
  private int pad(int l, int pos) {
    if ((pos & 3) != 0) {
      putByte(l, pos, (byte) 0);
      return pos + 1;
    }
    int w = wordAt(l, pos);
    int inBlock = (pos >>> 2) % Md5Lanes.BLOCK_INTS;
    if (inBlock > 14) {
      words[w] = 0; // no room for the length: it goes into the next block
      return pos + 4;
    }
    Lane lane = lanes[l];
    Arrays.fill(words, w, w + 14 - inBlock, 0);
    long bits = lane.length << 3;
    words[w + 14 - inBlock] = (int) bits;
    words[w + 15 - inBlock] = (int) (bits >>> 32);
    int end = pos + 4 * (Md5Lanes.BLOCK_INTS - inBlock);
    int block = end / Md5Lanes.BLOCK_BYTES - 1;
    ends[block] |= 1L << l;
    finished[l * blocks + block] = lane.input;
    lane.clear();
    return end;
  }

  /** Ends the lane's input with {@code error}; the next input starts at the next block. */
  private int fail(int l, int pos, IOException error) {
    Lane lane = lanes[l];
    int index = lane.input;
    lane.closeSource(error);
    lane.clear();
    sink.done(index, null, error);
    return (pos + Md5Lanes.BLOCK_BYTES - 1) & -Md5Lanes.BLOCK_BYTES;
  }

  private void putByte(int l, int pos, byte b) {
    int i = wordAt(l, pos);
    int shift = (pos & 3) << 3;
    words[i] = (words[i] & ~(0xff << shift)) | ((b & 0xff) << shift);
  }

  /** The index in the engine's words of the word holding byte {@code pos} of lane {@code l}. */
  private int wordAt(int l, int pos) {
    return engine.wordIndex(l, 0) + (pos >>> 2);
  }

  private void closeAll(Throwable failure) {
    for (Lane lane : lanes) {
      lane.closeSource(failure);
    }
  }

  /** One lane's input in flight. */
  private static final class Lane {
    /** The input's index; -1 while the lane is free. */
    int input = -1;

    /** Open until the input's bytes end. */
    Source source;

    ByteBuffer chunk;

    /**
     * A little-endian int view of {@link #chunk} from byte {@link #viewOrigin}; null until needed.
     */
    IntBuffer view;

    int viewOrigin;

    /** Bytes of the input so far. */
    long length;

    /** The input's bytes ended (0x80 written): zeros and the length remain. */
    boolean padding;

    void begin(int index, Source src) {
      input = index;
      source = src;
      chunk = null;
      view = null;
      length = 0;
      padding = false;
    }

    /** The chunk's int view, made anew where the chunk's position is not 4-aligned with it. */
    IntBuffer view() {
      int at = chunk.position();
      if (view == null || ((at - viewOrigin) & 3) != 0) {
        view = chunk.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        viewOrigin = at;
      }
      return view;
    }

    void clear() {
      input = -1;
      source = null;
      chunk = null;
      view = null;
      padding = false;
    }

    /**
     * Closes the source if open; a failure is added to {@code failure} as suppressed, or dropped
     * where there is none (a stopped run).
     */
    void closeSource(Throwable failure) {
      Source s = source;
      source = null;
      if (s != null) {
        try {
          s.close();
        } catch (IOException | RuntimeException e) {
          if (failure != null) {
            failure.addSuppressed(e);
          }
        }
      }
    }
  }
}
