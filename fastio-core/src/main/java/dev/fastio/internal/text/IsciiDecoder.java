package dev.fastio.internal.text;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;

/**
 * x-ISCII91's decoder, giving the characters and errors of the JDK's ({@code
 * sun.nio.cs.ext.ISCII91$Decoder}) for the same calls, with its state open to {@link
 * DecodingReader}, which makes lines of ASCII bytes itself wherever that state lets it.
 *
 * <p>What the JDK's decoder does, and so this one: each byte is a character of its table; a vowel
 * sign or other character that a nukta (U+093C) can change is held back until the next byte, and
 * once one has been held every byte after it gives the character before it (the decoder stays one
 * character late: a flush would give the last one, and a reader, which does not flush, drops it). A
 * nukta after a held character gives their combination and ends the lateness. When not late, halant
 * halant gives halant ZWNJ and halant nukta halant ZWJ, ATR and EXT give U+FFFD and make the byte
 * after them U+FFFD, and a byte of no character is unmappable (of length 1). When late, each of
 * those gives the character before it: a byte of no character gives U+FFFF after it, and ATR or
 * EXT, their U+FFFD after them in place of the byte that follows, which ends the lateness. {@link
 * #reset} clears nothing of this, as the JDK's does not.
 *
 * <p>Heap buffers only (the reader's). Not thread-safe, as any decoder.
 */
final class IsciiDecoder extends CharsetDecoder {
  private static final char NUKTA = '\u093C';
  private static final char HALANT = '\u094D';
  private static final char ZWNJ = '\u200C';
  private static final char ZWJ = '\u200D';
  private static final char INVALID = '\uFFFF';
  private static final char REPLACEMENT = '\uFFFD';

  /** The characters held back, each at the index of the one a nukta after it makes. */
  private static final String HELD = "\u0901\u0907\u0908\u090B\u093F\u0940\u0943\u0964";

  private static final String WITH_NUKTA = "\u0950\u090C\u0961\u0960\u0962\u0963\u0944\u093D";

  private final char[] table;
  private char context = INVALID; // the last byte's character
  private boolean late; // context is held back: the next byte gives it
  private boolean taken; // late, and the reader has already taken context, which is not to be given

  /** A decoder of {@code cs} whose byte {@code b} is the character {@code table[b]}. */
  IsciiDecoder(Charset cs, char[] table) {
    super(cs, 1.0f, 1.0f);
    this.table = table;
  }

  /**
   * The table of the JDK's decoder of {@code cs}: each byte decoded alone by a new decoder and
   * flushed, {@code U+FFFF} for a byte it reports unmappable.
   */
  static char[] tableOf(Charset cs) {
    char[] table = new char[256];
    Arrays.fill(table, INVALID);
    for (int b = 0; b < 256; b++) {
      CharsetDecoder jdk = cs.newDecoder();
      CharBuffer out = CharBuffer.allocate(4);
      CoderResult result = jdk.decode(ByteBuffer.wrap(new byte[] {(byte) b}), out, true);
      if (!result.isError()) {
        jdk.flush(out);
        if (out.position() == 1) {
          table[b] = out.get(0);
        }
      }
    }
    return table;
  }

  /**
   * Whether this decoder of {@code table} gives what the JDK's decoder of {@code cs} gives for the
   * bytes of every kind in every order (three bytes, each ASCII, one of the held characters, nukta,
   * halant, ATR or a byte of no character), and for every byte after a held character and before a
   * nukta, so that a JDK whose decoder differs is read by its own.
   */
  static boolean matchesTheJdk(Charset cs, char[] table) {
    byte[] kinds = kinds(table);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (byte a : kinds) {
      for (byte b : kinds) {
        for (byte c : kinds) {
          bytes.write(a);
          bytes.write(b);
          bytes.write(c);
        }
      }
    }
    byte nukta = kinds[HELD.length() + 1];
    byte atr = kinds[HELD.length() + 3];
    for (int b = 0; b < 256; b++) {
      bytes.write(kinds[1]); // a held character: late
      bytes.write(b);
      bytes.write(atr); // ATR and the byte after it: not late
      bytes.write('a');
      bytes.write(b);
      bytes.write(nukta);
    }
    byte[] all = bytes.toByteArray();
    return decoded(cs.newDecoder(), all).equals(decoded(new IsciiDecoder(cs, table), all));
  }

  /**
   * A byte of each kind {@code table} has: ASCII, each held character, nukta, halant, ATR, none (a
   * byte of value 0 for a kind it lacks).
   */
  private static byte[] kinds(char[] table) {
    String wanted = "a" + HELD + NUKTA + HALANT + REPLACEMENT + INVALID;
    byte[] kinds = new byte[wanted.length()];
    for (int k = 0; k < kinds.length; k++) {
      for (int b = 255; b >= 0; b--) {
        if (table[b] == wanted.charAt(k)) {
          kinds[k] = (byte) b;
        }
      }
    }
    return kinds;
  }

  /** What {@code decoder} gives for {@code bytes}, its errors replaced, unflushed. */
  private static String decoded(CharsetDecoder decoder, byte[] bytes) {
    CharBuffer out = CharBuffer.allocate(bytes.length * 2);
    decoder
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE)
        .replaceWith("?")
        .decode(ByteBuffer.wrap(bytes), out, true);
    return out.flip().toString();
  }

  /**
   * Whether the reader may take ASCII bytes as the characters of their values from here: the
   * decoder gives them so, and owes no character (or the reader has taken it).
   */
  boolean copiesAscii() {
    return late ? taken : context != REPLACEMENT;
  }

  /**
   * The character the decoder holds back and will give with the next byte, whatever it is, taken by
   * the reader now (the decoder will not give it); -1 if it holds none, or holds a character that a
   * nukta next would change, or the U+FFFD of ATR or EXT (which takes the next byte's place). Only
   * where a byte follows: at the end the JDK's reader drops it.
   */
  int takeHeld() {
    if (!late || taken || context == REPLACEMENT || HELD.indexOf(context) >= 0) {
      return -1;
    }
    taken = true;
    return context;
  }

  /** The reader took ASCII bytes ending in {@code last} as their characters, that one too. */
  void took(byte last) {
    context = (char) last;
    taken = late;
  }

  /**
   * The reader took ASCII bytes before {@code last}, and the decoder ({@link #late}) holds {@code
   * last}, which it gives with the next byte.
   */
  void holds(byte last) {
    context = (char) last;
    taken = false;
  }

  /** Whether the decoder is one character late (the reader then holds an ASCII run's last byte). */
  boolean late() {
    return late;
  }

  @Override
  protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
    if (!in.hasArray() || !out.hasArray()) {
      throw new UnsupportedOperationException("heap buffers only");
    }
    byte[] sa = in.array();
    int sp = in.arrayOffset() + in.position();
    int sl = in.arrayOffset() + in.limit();
    char[] da = out.array();
    int dp = out.arrayOffset() + out.position();
    int dl = out.arrayOffset() + out.limit();
    try {
      while (sp < sl) {
        char x = table[sa[sp] & 0xFF];
        if (context == REPLACEMENT) { // the byte after ATR or EXT
          if (dp == dl) {
            return CoderResult.OVERFLOW;
          }
          da[dp++] = REPLACEMENT;
          context = INVALID;
          late = false;
          taken = false;
        } else if (late) {
          int held = x == NUKTA ? HELD.indexOf(context) : -1;
          if (dp == dl && (held >= 0 || !taken)) {
            return CoderResult.OVERFLOW;
          }
          if (held >= 0) {
            da[dp++] = WITH_NUKTA.charAt(held);
            late = false;
          } else if (!taken) {
            da[dp++] = context;
          }
          taken = false;
          context = x;
        } else if (HELD.indexOf(x) >= 0) {
          context = x;
          late = true;
        } else {
          if (x == INVALID) {
            return CoderResult.unmappableForLength(1);
          }
          if (dp == dl) {
            return CoderResult.OVERFLOW;
          }
          da[dp++] =
              x == NUKTA && context == HALANT ? ZWJ : x == HALANT && context == HALANT ? ZWNJ : x;
          context = x;
        }
        sp++;
      }
      return CoderResult.UNDERFLOW;
    } finally {
      in.position(sp - in.arrayOffset());
      out.position(dp - out.arrayOffset());
    }
  }

  @Override
  protected CoderResult implFlush(CharBuffer out) {
    if (late && !taken) {
      if (!out.hasRemaining()) {
        return CoderResult.OVERFLOW;
      }
      out.put(context);
    }
    context = INVALID;
    late = false;
    taken = false;
    return CoderResult.UNDERFLOW;
  }
}
