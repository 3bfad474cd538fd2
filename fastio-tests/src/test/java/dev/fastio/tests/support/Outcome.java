package dev.fastio.tests.support;

import java.nio.charset.CharacterCodingException;
import java.util.Arrays;
import java.util.Objects;

/**
 * What an operation did, in a form two implementations can be compared by: its value (arrays by
 * content), or the class and message of what it threw, with one of the two files' paths replaced by
 * a placeholder so that twin fixtures under different names compare equal. A coding exception keeps
 * its input length, which its message ({@code "Input length = N"}) carries.
 */
public final class Outcome {
  private final Object value;
  private final Class<? extends Throwable> thrown;
  private final String message;

  private Outcome(Object value, Class<? extends Throwable> thrown, String message) {
    this.value = value;
    this.thrown = thrown;
    this.message = message;
  }

  /** Runs {@code call}; in any message, {@code path} is replaced by {@code "<path>"}. */
  public static Outcome of(TestSupport.IoCall<?> call, Object path) {
    try {
      return new Outcome(call.call(), null, null);
    } catch (Throwable t) {
      String m = t.getMessage();
      if (m != null && path != null) {
        m = m.replace(String.valueOf(path), "<path>");
      }
      if (t instanceof CharacterCodingException) {
        m = t.getMessage(); // "Input length = N"
      }
      return new Outcome(null, t.getClass(), m);
    }
  }

  /** The class of what was thrown, or null. */
  public Class<? extends Throwable> thrown() {
    return thrown;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Outcome other)) {
      return false;
    }
    return thrown == other.thrown
        && Objects.equals(message, other.message)
        && Objects.deepEquals(value, other.value);
  }

  @Override
  public int hashCode() {
    return Objects.hash(thrown, message);
  }

  @Override
  public String toString() {
    if (thrown != null) {
      return thrown.getName() + ": " + message;
    }
    if (value instanceof byte[] b) {
      return "byte[" + b.length + "] " + Arrays.hashCode(b);
    }
    return String.valueOf(value);
  }
}
