package dev.fastio.internal.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a {@link DecodingReader} turns bytes into characters where the charset's decoder would only
 * copy them: one constant per charset family, each taking the units the JDK's decoder turns into
 * the character of the same value, and stopping at the first it does not.
 */
enum Copy {
  /**
   * Bytes below 0x80, each the ASCII character of its value, in a multi-byte charset whose JDK
   * decoder decodes such a byte so wherever it starts a character and keeps no state between
   * characters (a character it has begun stays in the buffer until its bytes are there).
   */
  ASCII(1, false) {
    @Override
    int decodeEnd(byte[] buf, int pos, int limit) {
      for (int i = pos; i < limit; i++) {
        if (buf[i] == '\n') {
          return Math.min(limit, i + 1 + PAST_LINE);
        }
      }
      return limit;
    }
  },

  /**
   * Bytes below 0x80 other than ESC, SO and SI, each the ASCII character of its value, in the
   * ISO-2022-JP charsets (the JDK's {@code ISO2022_JP} decoder: ISO-2022-JP, ISO-2022-JP-2 and the
   * Windows forms), whose decoder keeps a state: ASCII at the start, and again right after it took
   * an ESC ( B, whatever came before (any other byte sequence that could hold those three bytes is
   * an error there). So the copy runs from the start and from the end of each ESC ( B the decoder
   * took, and the decoder takes everything else.
   */
  ISO_2022_JP(1, true) {
    // The end of the first ESC ( B in buf[pos, limit), or -1 if there is none.
    @Override
    int decodeEnd(byte[] buf, int pos, int limit) {
      for (int i = pos; i + 2 < limit; i++) {
        if (buf[i] == ESC && buf[i + 1] == '(' && buf[i + 2] == 'B') {
          return i + 3;
        }
      }
      return -1;
    }
  },

  /**
   * UTF-16's byte pairs, in the stream's byte order: each the character of its value, except
   * surrogates (paired, or malformed) and, on some JDKs, U+FFFE and U+FEFF, left to the decoder.
   */
  UTF_16(2, false) {
    @Override
    int copy(byte[] buf, int pos, int limit, ByteOrder order, char[] cbuf, int off, int len) {
      int n = Math.min(len, (limit - pos) >>> 1);
      ByteBuffer.wrap(buf, pos, n << 1).order(order).asCharBuffer().get(cbuf, off, n);
      for (int i = off, end = off + n; i < end; i++) {
        char c = cbuf[i];
        if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFEFF') {
          return i - off;
        }
      }
      return n;
    }

    @Override
    int head(Charset cs) {
      return cs.equals(StandardCharsets.UTF_16) ? 2 : 0;
    }
  },

  /**
   * UTF-32's quads, in the stream's byte order: each value below 0x10000 the character of that
   * value (surrogates too: the JDK's decoder passes them), anything else left to the decoder (a
   * supplementary character, or an error). The first quad always goes to the decoder, which drops a
   * byte order mark there in every UTF-32 charset.
   */
  UTF_32(4, false) {
    @Override
    int copy(byte[] buf, int pos, int limit, ByteOrder order, char[] cbuf, int off, int len) {
      VarHandle ints = order == ByteOrder.BIG_ENDIAN ? INTS_BE : INTS_LE;
      int n = Math.min(len, (limit - pos) >>> 2);
      for (int i = 0; i < n; i++) {
        int cp = (int) ints.get(buf, pos + (i << 2));
        if (cp >>> 16 != 0) {
          return i;
        }
        cbuf[off + i] = (char) cp;
      }
      return n;
    }

    @Override
    int head(Charset cs) {
      return 4;
    }
  };

  /** Bytes after a line feed the decoder is given with the ASCII copy (more than a character). */
  static final int PAST_LINE = 8;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long BELOW_CR = ONES * ('\r' + 1);
  private static final long BELOW_SI = ONES * (0x0F + 1);
  private static final long ESCS = ONES * 0x1B;

  private static final byte ESC = 0x1B;
  private static final byte SO = 0x0E;
  private static final byte SI = 0x0F;

  private static final VarHandle INTS_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INTS_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * The ASCII-compatible multi-byte charsets whose JDK decoders ({@code sun.nio.cs} classes) keep
   * no state between characters and decode a byte below 0x80 that starts a character as ASCII, and
   * that are not split in the bytes ({@link Lines#splitsAtNewlines}): EUC-JP and its variants (the
   * decoder can take an LF into an error of three bytes), GB18030 (digits inside its four-byte
   * characters), and the other Chinese, Japanese and Korean charsets of the JDK that qualify (each
   * checked against the JDK's reader over random text and bytes). Not the ones whose decoders keep
   * state (ISO-2022-*, x-ISCII91, x-SJIS_0213, which can make two characters of one code).
   */
  private static final Set<String> ASCII_CHARSETS =
      Set.of(
          "EUC-JP",
          "x-euc-jp-linux",
          "x-eucJP-Open",
          "x-IBM29626C",
          "GB18030",
          "GB2312",
          "x-mswin-936",
          "x-IBM1381",
          "x-IBM1383",
          "x-EUC-TW",
          "x-IBM964",
          "x-windows-950",
          "x-IBM950",
          "Big5-HKSCS",
          "x-MS950-HKSCS",
          "x-MS950-HKSCS-XP",
          "x-PCK",
          "x-IBM942C",
          "x-IBM943C",
          "x-Johab",
          "x-IBM970",
          "x-IBM949C");

  private static final Set<String> UTF_32_CHARSETS =
      Set.of("UTF-32", "UTF-32BE", "UTF-32LE", "X-UTF-32BE-BOM", "X-UTF-32LE-BOM");

  private static final Map<Charset, Optional<Copy>> OF = new ConcurrentHashMap<>();

  private final int width;
  private final boolean stateful;

  Copy(int width, boolean stateful) {
    this.width = width;
    this.stateful = stateful;
  }

  /** The copy for {@code cs}, or null if the JDK's reader reads it as fast. */
  static Copy of(Charset cs) {
    return OF.computeIfAbsent(cs, Copy::choose).orElse(null);
  }

  private static Optional<Copy> choose(Charset cs) {
    if (cs.equals(StandardCharsets.UTF_16)
        || cs.equals(StandardCharsets.UTF_16BE)
        || cs.equals(StandardCharsets.UTF_16LE)) {
      return Optional.of(UTF_16);
    }
    if (!cs.getClass().getName().startsWith("sun.nio.cs.")) {
      return Optional.empty();
    }
    if (UTF_32_CHARSETS.contains(cs.name())) {
      return Optional.of(UTF_32);
    }
    if (ASCII_CHARSETS.contains(cs.name()) && Lines.decodesAsciiAsAscii(cs)) {
      return Optional.of(ASCII);
    }
    if (cs.canEncode()
        && cs.newDecoder().getClass().getName().equals("sun.nio.cs.ext.ISO2022_JP$Decoder")) {
      return Optional.of(ISO_2022_JP);
    }
    return Optional.empty();
  }

  /**
   * The first byte of {@code buf[pos, limit)} of 0x80 or more, LF or CR (or ESC, SO or SI if {@code
   * shifts}); {@code limit} if there is none.
   */
  private static int asciiLineEnd(byte[] buf, int pos, int limit, boolean shifts) {
    int i = pos;
    long below = shifts ? BELOW_SI : BELOW_CR;
    for (int end = limit - Long.BYTES; i <= end; i += Long.BYTES) {
      long word = (long) LONGS.get(buf, i);
      long flags = word | ((word - below) & ~word); // a high byte, or one below CR (or SI)
      if (shifts) {
        long esc = word ^ ESCS;
        flags |= (esc - ONES) & ~esc;
      }
      if ((flags & HIGHS) != 0) {
        break; // a candidate in these eight bytes (no false negative): find it exactly
      }
    }
    for (; i < limit; i++) {
      byte b = buf[i];
      if (b < 0 || b == '\n' || b == '\r' || (shifts && (b == ESC || b == SO || b == SI))) {
        return i;
      }
    }
    return limit;
  }

  /**
   * Copies bytes below 0x80 (not ESC, SO or SI if {@code shifts}) from {@code buf[pos, limit)} as
   * characters into {@code cbuf[off, off + len)}, up to the first other byte; returns how many.
   */
  private static int copyAscii(
      byte[] buf, int pos, int limit, char[] cbuf, int off, int len, boolean shifts) {
    int n = Math.min(len, limit - pos);
    for (int i = 0; i < n; i++) {
      byte b = buf[pos + i];
      if (b < 0 || (shifts && (b == ESC || b == SO || b == SI))) {
        return i;
      }
      cbuf[off + i] = (char) b;
    }
    return n;
  }

  /**
   * The first byte of {@code buf[pos, limit)} the copy does not take, or that is LF or CR; {@code
   * limit} if there is none. For a copy of one byte a unit (ASCII, and ISO-2022's, which stops at
   * its shift bytes too), from a byte it may take.
   */
  final int lineEnd(byte[] buf, int pos, int limit) {
    return asciiLineEnd(buf, pos, limit, stateful);
  }

  /** The bytes of one unit. */
  final int width() {
    return width;
  }

  /**
   * Copies the characters of whole units of {@code buf[pos, limit)} in {@code order} into {@code
   * cbuf[off, off + len)} up to the first unit it does not take, and returns how many (0 if the
   * first is one). This one, of one byte a unit: bytes below 0x80, and not ESC, SO or SI for the
   * {@link #stateful} ISO-2022 copy, whose state those bytes change.
   */
  int copy(byte[] buf, int pos, int limit, ByteOrder order, char[] cbuf, int off, int len) {
    return copyAscii(buf, pos, limit, cbuf, off, len, stateful);
  }

  /**
   * Where the decoder's bytes end when it takes over at {@code pos} in {@code buf[pos, limit)}, so
   * that the copy takes over again soon after (the decoder takes fewer if it stops inside a
   * character, all if that leaves it nothing to do). For a {@link #stateful} copy: where the
   * decoder is back in the state the copy needs once it has taken the bytes before, or -1 if that
   * is not in {@code buf[pos, limit)}.
   */
  int decodeEnd(byte[] buf, int pos, int limit) {
    return limit;
  }

  /**
   * Whether the decoder keeps a state that decides what the copy may take: then the copy takes
   * bytes only from the start and from each {@link #decodeEnd} the decoder reached.
   */
  final boolean stateful() {
    return stateful;
  }

  /** How many bytes at the start of a stream in {@code cs} go through the decoder first. */
  int head(Charset cs) {
    return 0;
  }

  /** The byte order of {@code cs}'s units; null where the stream's first bytes decide it. */
  final ByteOrder order(Charset cs) {
    String name = cs.name();
    if (width == 1) {
      return ByteOrder.BIG_ENDIAN; // unused: one byte a unit
    }
    if (name.equals("UTF-16") || name.equals("UTF-32")) {
      return null;
    }
    return name.contains("LE") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
  }
}
