package dev.fastio.internal.stream;

/**
 * The length the JDK gives to the first malformed UTF-8 sequence of a byte array when {@code
 * Files.readString} refuses it ({@code MalformedInputException.getInputLength()}): the rules of the
 * JDK's own UTF-8 loop in {@code String}, which differ from the UTF-8 decoder's in places.
 *
 * <ul>
 *   <li>a lead byte of two (0xc2-0xdf) not followed by a continuation byte, or at the end: 1;
 *   <li>a lead byte of three (0xe0-0xef) followed by two bytes that are not a sequence (a byte that
 *       does not continue it, an overlong form after 0xe0) or that encode a surrogate: 3; followed
 *       by one byte only: 2 if that byte cannot continue it, else 1; at the end: 1;
 *   <li>a lead byte of four (0xf0-0xf7) followed by three bytes that are not continuation bytes or
 *       that encode a value outside 0x10000-0x10ffff: 4; followed by fewer: 1;
 *   <li>any other byte above 0x7f that does not continue a sequence (0x80-0xc1, 0xf8-0xff): 1.
 * </ul>
 */
final class Utf8 {
  private Utf8() {}

  /** The length of the first malformed sequence of {@code b}, or 0 if it is all well-formed. */
  static int firstMalformedLength(byte[] b) {
    int i = 0;
    while (i < b.length) {
      int lead = b[i] & 0xff;
      int left = b.length - i - 1; // bytes after the lead byte
      if (lead < 0x80) {
        i++;
        continue;
      }
      int length;
      if (lead >= 0xc2 && lead <= 0xdf) {
        length = left >= 1 && continues(b[i + 1]) ? 0 : 1;
        i += 2;
      } else if (lead >= 0xe0 && lead <= 0xef) {
        length = three(b, i, left);
        i += 3;
      } else if (lead >= 0xf0 && lead <= 0xf7) {
        length = left >= 3 ? four(b, i) : 1;
        i += 4;
      } else {
        length = 1;
      }
      if (length > 0) {
        return length;
      }
    }
    return 0;
  }

  private static int three(byte[] b, int i, int left) {
    int lead = b[i] & 0xff;
    if (left >= 2) {
      int b2 = b[i + 1] & 0xff;
      int b3 = b[i + 2] & 0xff;
      if (overlong3(lead, b2) || !continues(b2) || !continues(b3)) {
        return 3;
      }
      int c = ((lead & 0x0f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      return Character.isSurrogate((char) c) ? 3 : 0;
    }
    if (left == 1) {
      int b2 = b[i + 1] & 0xff;
      return overlong3(lead, b2) || !continues(b2) ? 2 : 1;
    }
    return 1;
  }

  private static int four(byte[] b, int i) {
    if (!continues(b[i + 1]) || !continues(b[i + 2]) || !continues(b[i + 3])) {
      return 4;
    }
    int c =
        ((b[i] & 0x07) << 18)
            | ((b[i + 1] & 0x3f) << 12)
            | ((b[i + 2] & 0x3f) << 6)
            | (b[i + 3] & 0x3f);
    return c >= 0x10000 && c <= 0x10ffff ? 0 : 4;
  }

  /** 0xe0 followed by 0x80-0x9f: a value below 0x800 in three bytes. */
  private static boolean overlong3(int lead, int b2) {
    return lead == 0xe0 && (b2 & 0xe0) == 0x80;
  }

  private static boolean continues(int b) {
    return (b & 0xc0) == 0x80;
  }
}
