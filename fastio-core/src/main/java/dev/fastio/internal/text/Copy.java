package dev.fastio.internal.text;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a {@link DecodingReader} turns bytes into characters where the charset's decoder would only
 * copy or look them up: one constant per charset family, each taking the units the JDK's decoder
 * turns into one character each, the same value (or, for the copies with a {@link #table}, the
 * table's character), and stopping at the first it does not.
 */
enum Copy {
  /**
   * Bytes below 0x80, each the ASCII character of its value, in a multi-byte charset whose JDK
   * decoder decodes such a byte so wherever it starts a character and keeps no state between
   * characters (a character it has begun stays in the buffer until its bytes are there).
   */
  ASCII(1, false) {
    @Override
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      return pastLine(buf, pos, limit);
    }
  },

  /**
   * Bytes that are one character each, by the charset's {@link #table}, in a multi-byte charset
   * whose JDK decoder decodes such a byte so wherever it starts a character and keeps no state
   * between characters, and whose bytes below 0x80 are not all ASCII: x-IBM942, x-IBM943, x-IBM949,
   * x-IBM33722 (0x5C is YEN SIGN or WON SIGN, 0x7E OVERLINE). Their single bytes above 0x7F
   * (half-width katakana) are copied too.
   */
  TABLE(1, false) {
    @Override
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      return pastLine(buf, pos, limit);
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
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      for (int i = pos; i + 2 < limit; i++) {
        if (buf[i] == ESC && buf[i + 1] == '(' && buf[i + 2] == 'B') {
          return i + 3;
        }
      }
      return -1;
    }
  },

  /**
   * The bytes of a charset that shifts out to double bytes with SO and back in with SI, in its
   * single-byte state: ASCII other than ESC, SO and SI in ISO-2022-KR and the ISO-2022-CN charsets
   * (their decoders' {@code ISO2022_KR} and {@code ISO2022_CN}), the charset's {@link #table} other
   * than SO and SI in the EBCDIC double-byte charsets (x-IBM930, x-IBM1364, ...: the JDK's {@code
   * DoubleByte.Decoder_EBCDIC}). That state is the first, and the one after each SI the decoder
   * took as a shift: an SI inside a double-byte character or an escape is an error in the CN and
   * EBCDIC decoders, and in the KR one an error or a U+FFFD (as the second byte of a double byte,
   * or inside ESC N and ESC O), so a window of the decoder's that ends at an SI leaves it in the
   * single-byte state if it made no U+FFFD ({@link #leavesStateKnown}) and took no byte past it.
   */
  SHIFT_IN(1, true) {
    // The end of a designation at pos where the state is known (ISO-2022-KR and -CN text starts
    // with one, which leaves the state as it was), else of the first SI in buf[pos, limit), or -1.
    @Override
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      if (known && isDesignation(buf, pos, limit)) {
        return pos + 4;
      }
      for (int i = pos; i < limit; i++) {
        if (buf[i] == SI) {
          return i + 1;
        }
      }
      return -1;
    }

    @Override
    boolean leavesStateKnown(char[] chars, int from, int to) {
      for (int i = from; i < to; i++) {
        if (chars[i] == '\uFFFD') {
          return false;
        }
      }
      return true;
    }
  },

  /**
   * x-JISAutoDetect until its decoder has chosen among ISO-2022-JP, EUC-JP and Shift_JIS: bytes
   * below 0x80 other than ESC, SO and SI, which that decoder too copies before it chooses. It
   * chooses on the bytes it is given at its first other byte, to the end of the reader's buffer, so
   * the reader gives it the bytes the JDK's reader would (a buffer of {@link #DETECT_BUFFER} bytes
   * filled as that reader fills it); once it has chosen, the reader takes the chosen charset's
   * copy.
   */
  DETECT(1, true) {
    @Override
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      return -1; // the decoder takes every byte until it has chosen
    }
  },

  /**
   * x-ISCII91, whose decoder holds a character back and may stay one character late for the rest of
   * the input: read by fastio's {@link IsciiDecoder}, which gives the JDK decoder's characters and
   * shows the reader where ASCII bytes are the characters of their values; the reader makes lines
   * of those itself ({@link DecodingReader#readLine}) and leaves every other byte to that decoder.
   * Its {@link #table} is that decoder's.
   */
  HOLD(1, false) {
    // The end of the first LF or CR: the decoder makes a line with no ASCII byte to copy at its
    // end.
    @Override
    int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
      for (int i = pos; i < limit; i++) {
        if (buf[i] == '\n' || buf[i] == '\r') {
          return i + 1;
        }
      }
      return limit;
    }
  },

  /**
   * The charsets of two bytes a character and no single byte (JIS_X0212-1990, x-JIS0208, x-IBM300,
   * x-IBM834: the JDK's {@code DoubleByte.Decoder_DBCSONLY}), none of whose byte pairs is LF or CR:
   * a text in them is one line, which {@link DecodingReader#readLine} decodes into one array as it
   * reads the bytes left, where a reader's lines would be made in parts and joined. Nothing copied
   * (the reader never resumes the copy, the only one it does not take units with): the decoder
   * makes every character.
   */
  PAIRS(2, false),

  /**
   * UTF-16's byte pairs, in the stream's byte order: each the character of its value, except
   * surrogates (paired, or malformed) and, on some JDKs, U+FFFE and U+FEFF, left to the decoder.
   */
  UTF_16(2, false) {
    @Override
    int copy(
        byte[] buf,
        int pos,
        int limit,
        ByteOrder order,
        char[] table,
        char[] cbuf,
        int off,
        int len) {
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
      return ORDER_DETECTED.contains(cs.name()) ? 2 : 0;
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
    int copy(
        byte[] buf,
        int pos,
        int limit,
        ByteOrder order,
        char[] table,
        char[] cbuf,
        int off,
        int len) {
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

  /** The bytes of the JDK reader's buffer, which {@link #DETECT}'s decoder chooses on. */
  static final int DETECT_BUFFER = 8192;

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
   * The multi-byte charsets whose JDK decoders ({@code sun.nio.cs} classes) keep no state between
   * characters and decode a byte that is a character by itself wherever it starts a character
   * (Shift_JIS and windows-31j among them: their lines are split in the bytes, {@link
   * Lines#splitsAtNewlines}, but not their {@code newBufferedReader}'s text): EUC-JP and its
   * variants (the decoder can take an LF into an error of three bytes), GB18030 (digits inside its
   * four-byte characters), CESU-8, and the other Chinese, Japanese and Korean charsets of the JDK
   * that qualify (each checked against the JDK's reader over random text and bytes). Those whose
   * bytes below 0x80 are ASCII take the {@link #ASCII} copy, the others the {@link #TABLE} copy.
   * Not the ones whose decoders keep state (ISO-2022-*, x-ISCII91: {@link #HOLD}).
   */
  private static final Set<String> STATELESS_CHARSETS =
      Set.of(
          "EUC-JP",
          "x-euc-jp-linux",
          "x-eucJP-Open",
          "x-IBM29626C",
          "x-IBM33722",
          "GB18030",
          "GB2312",
          "x-mswin-936",
          "x-IBM1381",
          "x-IBM1383",
          "x-EUC-TW",
          "x-IBM964",
          "x-windows-950",
          "x-IBM950",
          "x-IBM948",
          "x-Big5-Solaris",
          "Big5-HKSCS",
          "x-Big5-HKSCS-2001",
          "x-MS950-HKSCS",
          "x-MS950-HKSCS-XP",
          "x-PCK",
          "x-IBM942",
          "x-IBM942C",
          "x-IBM943",
          "x-IBM943C",
          "x-SJIS_0213",
          "x-MS932_0213",
          "Shift_JIS",
          "windows-31j",
          "x-Johab",
          "x-IBM970",
          "x-IBM949",
          "x-IBM949C",
          "CESU-8");

  /** The decoders of the {@link #SHIFT_IN} charsets. */
  private static final Set<String> SHIFT_IN_DECODERS =
      Set.of(
          "sun.nio.cs.ext.ISO2022_KR$Decoder",
          "sun.nio.cs.ext.ISO2022_CN$Decoder",
          "sun.nio.cs.DoubleByte$Decoder_EBCDIC");

  private static final Set<String> UTF_32_CHARSETS =
      Set.of("UTF-32", "UTF-32BE", "UTF-32LE", "X-UTF-32BE-BOM", "X-UTF-32LE-BOM");

  /** The charsets whose decoders take their byte order from a mark at the start. */
  private static final Set<String> ORDER_DETECTED = Set.of("UTF-16", "UTF-32", "x-UTF-16LE-BOM");

  /** A byte the {@link #table} of a charset does not copy. */
  static final char NONE = '\uFFFF';

  private static final Map<Charset, Optional<Form>> OF = new ConcurrentHashMap<>();

  private final int width;
  private final boolean stateful;

  Copy(int width, boolean stateful) {
    this.width = width;
    this.stateful = stateful;
  }

  /** A charset's copy, and the table of its single bytes where the copy has one (else null). */
  private static final class Form {
    final Copy copy;
    final char[] table;

    Form(Copy copy, char[] table) {
      this.copy = copy;
      this.table = table;
    }
  }

  /** The copy for {@code cs}, or null if the JDK's reader reads it as fast. */
  static Copy of(Charset cs) {
    return form(cs).map(f -> f.copy).orElse(null);
  }

  /**
   * The character each byte is by itself in {@code cs} (in the copy's state), {@link #NONE} for a
   * byte the copy does not take, for the {@link #TABLE} copy and the EBCDIC ones of {@link
   * #SHIFT_IN}, the decoder's for {@link #HOLD}; null for the others, which copy ASCII as ASCII (or
   * take units wider than a byte). Shared: not to be written.
   */
  static char[] table(Charset cs) {
    return form(cs).map(f -> f.table).orElse(null);
  }

  private static Optional<Form> form(Charset cs) {
    return OF.computeIfAbsent(cs, Copy::choose);
  }

  private static Optional<Form> choose(Charset cs) {
    if (cs.equals(StandardCharsets.UTF_16)
        || cs.equals(StandardCharsets.UTF_16BE)
        || cs.equals(StandardCharsets.UTF_16LE)) {
      return Optional.of(new Form(UTF_16, null));
    }
    if (!cs.getClass().getName().startsWith("sun.nio.cs.")) {
      return Optional.empty();
    }
    String name = cs.name();
    if (name.equals("x-UTF-16LE-BOM")) {
      return Optional.of(new Form(UTF_16, null));
    }
    if (UTF_32_CHARSETS.contains(name)) {
      return Optional.of(new Form(UTF_32, null));
    }
    if (STATELESS_CHARSETS.contains(name)) {
      char[] table = singles(cs, false);
      return Optional.of(isAscii(table) ? new Form(ASCII, null) : new Form(TABLE, table));
    }
    String decoder = cs.newDecoder().getClass().getName();
    if (decoder.equals("sun.nio.cs.ext.JISAutoDetect$Decoder")) {
      return Optional.of(new Form(DETECT, null));
    }
    if (decoder.equals("sun.nio.cs.ext.ISO2022_JP$Decoder")) {
      return Optional.of(new Form(ISO_2022_JP, null));
    }
    if (decoder.equals("sun.nio.cs.DoubleByte$Decoder_DBCSONLY")) {
      return hasLineEnds(cs) ? Optional.empty() : Optional.of(new Form(PAIRS, null));
    }
    if (decoder.equals("sun.nio.cs.ext.ISCII91$Decoder")) {
      char[] table = IsciiDecoder.tableOf(cs);
      return isAscii(table) && IsciiDecoder.matchesTheJdk(cs, table)
          ? Optional.of(new Form(HOLD, table))
          : Optional.empty();
    }
    if (SHIFT_IN_DECODERS.contains(decoder)) {
      boolean ebcdic = decoder.endsWith("EBCDIC");
      return Optional.of(new Form(SHIFT_IN, ebcdic ? singles(cs, true) : null));
    }
    return Optional.empty();
  }

  /**
   * Each byte decoded alone by a new decoder of {@code cs} (in its first state): the character it
   * makes where it makes one by itself, else {@link #NONE} (a lead byte, an error, SO and SI if
   * {@code shifts}, or a byte that makes no character or two).
   */
  private static char[] singles(Charset cs, boolean shifts) {
    char[] table = new char[256];
    Arrays.fill(table, NONE);
    CharsetDecoder decoder = cs.newDecoder();
    for (int b = 0; b < 256; b++) {
      if (shifts && (b == SO || b == SI)) {
        continue;
      }
      ByteBuffer in = ByteBuffer.wrap(new byte[] {(byte) b});
      CharBuffer out = CharBuffer.allocate(4);
      CoderResult result = decoder.reset().decode(in, out, false);
      char c = out.position() == 1 ? out.get(0) : NONE;
      if (!result.isError() && in.position() == 1 && !Character.isSurrogate(c)) {
        table[b] = c;
      }
    }
    return table;
  }

  /** Whether any byte pair decodes to LF or CR in {@code cs} (errors replaced). */
  private static boolean hasLineEnds(Charset cs) {
    byte[] pairs = new byte[2 << 16];
    for (int i = 0; i < 1 << 16; i++) {
      pairs[2 * i] = (byte) (i >>> 8);
      pairs[2 * i + 1] = (byte) i;
    }
    CharBuffer chars = CharBuffer.allocate(1 << 17);
    cs.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE)
        .decode(ByteBuffer.wrap(pairs), chars, true);
    chars.flip();
    for (int i = 0; i < chars.length(); i++) {
      if (chars.charAt(i) == '\n' || chars.charAt(i) == '\r') {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code table} makes every byte below 0x80 the ASCII character of its value. */
  private static boolean isAscii(char[] table) {
    for (int b = 0; b < 0x80; b++) {
      if (table[b] != b) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether {@code buf[pos, limit)} starts with an ISO-2022-KR or -CN designation of a double-byte
   * set, ESC $ ) C, ESC $ ) A, ESC $ ) G, ESC $ * H or ESC $ + I, which the decoders take without
   * leaving the single-byte state.
   */
  private static boolean isDesignation(byte[] buf, int pos, int limit) {
    if (limit - pos < 4 || buf[pos] != ESC || buf[pos + 1] != '$') {
      return false;
    }
    byte kind = buf[pos + 2];
    byte set = buf[pos + 3];
    return kind == ')'
        ? set == 'C' || set == 'A' || set == 'G'
        : kind == '*' ? set == 'H' : kind == '+' && set == 'I';
  }

  /** The end of {@code buf[pos, limit)}, or {@link #PAST_LINE} bytes after its first LF. */
  private static int pastLine(byte[] buf, int pos, int limit) {
    for (int i = pos; i < limit; i++) {
      if (buf[i] == '\n') {
        return Math.min(limit, i + 1 + PAST_LINE);
      }
    }
    return limit;
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
  static int copyAscii(
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
   * limit} if there is none. For a copy of one byte a unit without a {@link #table} (ASCII, and
   * ISO-2022's, which stops at its shift bytes too), from a byte it may take.
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
   * first is one). This one, of one byte a unit: by {@code table} where the charset has one ({@link
   * #table}), else bytes below 0x80, and not ESC, SO or SI for the {@link #stateful} ISO-2022
   * copies, whose state those bytes change.
   */
  int copy(
      byte[] buf,
      int pos,
      int limit,
      ByteOrder order,
      char[] table,
      char[] cbuf,
      int off,
      int len) {
    if (table == null) {
      return copyAscii(buf, pos, limit, cbuf, off, len, stateful);
    }
    int n = Math.min(len, limit - pos);
    for (int i = 0; i < n; i++) {
      char c = table[buf[pos + i] & 0xFF];
      if (c == NONE) {
        return i;
      }
      cbuf[off + i] = c;
    }
    return n;
  }

  /**
   * Where the decoder's bytes end when it takes over at {@code pos} in {@code buf[pos, limit)}, so
   * that the copy takes over again soon after (the decoder takes fewer if it stops inside a
   * character, all if that leaves it nothing to do). For a {@link #stateful} copy: where the
   * decoder will be back in the state the copy needs once it has taken the bytes before, if its
   * characters there allow it ({@link #leavesStateKnown}), or -1 if that is not in {@code buf[pos,
   * limit)}; {@code known} if the decoder is in the copy's state at {@code pos}.
   */
  int decodeEnd(byte[] buf, int pos, int limit, boolean known) {
    return limit;
  }

  /**
   * Whether the decoder, having made {@code chars[from, to)} of the bytes of a {@link #stateful}
   * copy's window (up to a {@link #decodeEnd}), will still be in the copy's state at the window's
   * end: false where the characters show it may not.
   */
  boolean leavesStateKnown(char[] chars, int from, int to) {
    return true;
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
    if (ORDER_DETECTED.contains(name)) {
      return null;
    }
    return name.contains("LE") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
  }

  /** The byte order of {@code cs} where its first bytes are no byte order mark. */
  static ByteOrder defaultOrder(Charset cs) {
    return cs.name().equals("x-UTF-16LE-BOM") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
  }
}
