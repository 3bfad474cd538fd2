package dev.fastio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** getopt_long's syntax; its messages are compared with coreutils in {@link CoreutilsFlagsTest}. */
class GetOptTest {
  private static final GetOpt PARSER =
      new GetOpt(
          List.of(
              new GetOpt.Option("check", 'c', false),
              new GetOpt.Option("status", '\0', false),
              new GetOpt.Option("strict", '\0', false),
              new GetOpt.Option("threads", 't', true)));

  private static String parse(boolean posix, String... args) throws GetOpt.UsageException {
    GetOpt.Parsed p = PARSER.parse(List.of(args), posix);
    StringBuilder b = new StringBuilder();
    for (GetOpt.Given g : p.options()) {
      b.append(g.option().longName())
          .append(g.argument() == null ? "" : "=" + g.argument())
          .append(' ');
    }
    return b.append(p.operands()).toString();
  }

  @Test
  void permutesClustersAbbreviatesAndStopsAtDoubleDash() throws Exception {
    assertEquals(
        "check threads=4 threads=5 threads=6 [a, -, b]",
        parse(false, "a", "-ct4", "-", "--thr", "5", "--threads=6", "b"));
    assertEquals("status [--strict, -c]", parse(false, "--stat", "--", "--strict", "-c"));
    assertEquals("check [a, -c]", parse(true, "-c", "a", "-c"), "POSIXLY_CORRECT");
    assertEquals("threads=-c []", parse(false, "-t", "-c"));
  }

  @Test
  void errorsAreWordedAsGetopt() {
    assertEquals(
        "invalid option -- 'x'",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "-cx")).getMessage());
    assertEquals(
        "option requires an argument -- 't'",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "-t")).getMessage());
    assertEquals(
        "option '--threads' requires an argument",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "--th")).getMessage());
    assertEquals(
        "option '--check' doesn't allow an argument",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "--ch=1")).getMessage());
    assertEquals(
        "option '--st' is ambiguous; possibilities: '--status' '--strict'",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "--st")).getMessage());
    assertEquals(
        "unrecognized option '--nope=1'",
        assertThrows(GetOpt.UsageException.class, () -> parse(false, "--nope=1")).getMessage());
  }
}
