package dev.fastio.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command-line parser with the syntax and the messages of glibc's {@code getopt_long} (glibc
 * 2.36, as coreutils 9.1 uses it): short options clustered ({@code -cw}), a short option's argument
 * attached or next ({@code -a1}, {@code -a 1}), long options abbreviated to any unambiguous prefix
 * ({@code --stat}), {@code --name=value} or {@code --name value}, options and operands in any order
 * unless {@code POSIXLY_CORRECT} is set, {@code --} ending the options, {@code -} an operand.
 *
 * <p>The first error stops the parse with a {@link UsageException} whose message is getopt's,
 * without the program name: {@code invalid option -- 'q'}, {@code unrecognized option '--bogus'},
 * {@code option '--s' is ambiguous; possibilities: '--status' '--strict'}, {@code option '--tag'
 * doesn't allow an argument}, {@code option '--threads' requires an argument}, {@code option
 * requires an argument -- 'x'}.
 */
final class GetOpt {
  /** One option: a long name (never null), a short name or 0, and whether it takes an argument. */
  record Option(String longName, char shortName, boolean hasArgument) {}

  /** An option as given, in command-line order, with its argument or null. */
  record Given(Option option, String argument) {}

  /** The options in the order given (repeats included) and the operands in order. */
  record Parsed(List<Given> options, List<String> operands) {}

  /** A command-line error; the message is getopt's, without the program name. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  private final List<Option> options;

  /** A parser of {@code options}, listed in the order ambiguity messages name them. */
  GetOpt(List<Option> options) {
    this.options = List.copyOf(options);
  }

  /**
   * Parses {@code args}.
   *
   * @param stopAtOperand getopt's POSIX mode: the first operand ends the options
   * @throws UsageException at the first error
   */
  Parsed parse(List<String> args, boolean stopAtOperand) throws UsageException {
    List<Given> given = new ArrayList<>();
    List<String> operands = new ArrayList<>();
    boolean optionsEnded = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (optionsEnded || a.length() < 2 || a.charAt(0) != '-') {
        operands.add(a);
        optionsEnded |= stopAtOperand;
      } else if (a.equals("--")) {
        optionsEnded = true;
      } else if (a.startsWith("--")) {
        i = longOption(args, i, given);
      } else {
        i = shortOptions(args, i, given);
      }
    }
    return new Parsed(given, operands);
  }

  /** Parses the long option at {@code args[i]}; returns the index of the last argument it used. */
  private int longOption(List<String> args, int i, List<Given> given) throws UsageException {
    String body = args.get(i).substring(2);
    int eq = body.indexOf('=');
    String name = eq < 0 ? body : body.substring(0, eq);
    Option o = find(name, body);
    String argument = null;
    if (o.hasArgument()) {
      if (eq >= 0) {
        argument = body.substring(eq + 1);
      } else if (i + 1 < args.size()) {
        argument = args.get(++i);
      } else {
        throw new UsageException("option '--" + o.longName() + "' requires an argument");
      }
    } else if (eq >= 0) {
      throw new UsageException("option '--" + o.longName() + "' doesn't allow an argument");
    }
    given.add(new Given(o, argument));
    return i;
  }

  /** The option named {@code name} exactly, else the one it abbreviates. */
  private Option find(String name, String asGiven) throws UsageException {
    List<Option> matches = new ArrayList<>();
    for (Option o : options) {
      if (o.longName().equals(name)) {
        return o;
      }
      if (o.longName().startsWith(name)) {
        matches.add(o);
      }
    }
    if (matches.isEmpty()) {
      throw new UsageException("unrecognized option '--" + asGiven + "'");
    }
    if (matches.size() > 1) {
      StringBuilder b =
          new StringBuilder("option '--" + asGiven + "' is ambiguous; possibilities:");
      for (Option o : matches) {
        b.append(" '--").append(o.longName()).append('\'');
      }
      throw new UsageException(b.toString());
    }
    return matches.get(0);
  }

  /** Parses the cluster of short options at {@code args[i]}; returns the last index it used. */
  private int shortOptions(List<String> args, int i, List<Given> given) throws UsageException {
    String a = args.get(i);
    for (int j = 1; j < a.length(); j++) {
      char c = a.charAt(j);
      Option o = findShort(c);
      if (o == null) {
        throw new UsageException("invalid option -- '" + c + "'");
      }
      if (!o.hasArgument()) {
        given.add(new Given(o, null));
        continue;
      }
      if (j + 1 < a.length()) {
        given.add(new Given(o, a.substring(j + 1)));
      } else if (i + 1 < args.size()) {
        given.add(new Given(o, args.get(++i)));
      } else {
        throw new UsageException("option requires an argument -- '" + c + "'");
      }
      break;
    }
    return i;
  }

  private Option findShort(char c) {
    for (Option o : options) {
      if (o.shortName() == c) {
        return o;
      }
    }
    return null;
  }
}
