package tabulo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tabulo.cli.CliRunner.ok;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** What {@code help} says: each command's own text, its parameters described. */
class CliHelpTest {
  /** The commands whose output table is OUT, not C. */
  private static final List<String> WRITING_OUT = List.of("clustering", "jaccard", "ktruss");

  /** The commands that write a new table C (or, with --accum, into an existing one); reduce's C is optional. */
  private static final List<String> WRITING_C = List.of("apply", "ewise-add", "ewise-mult", "extract", "mult",
      "select", "transpose");

  /**
   * The description of option or parameter {@code name} in a usage message, its lines joined; "" when it
   * has none. Its first line starts with two to six spaces, the lines continuing it with more.
   */
  static String described(String usage, String name) {
    StringBuilder sb = null;
    for (String line : CliRunner.lines(usage)) {
      if (sb == null) {
        String t = line.stripLeading();
        int indent = line.length() - t.length();
        if (indent >= 2 && indent <= 6 && (t.equals(name) || t.startsWith(name + " "))) {
          sb = new StringBuilder(t.substring(name.length()).strip());
        }
      } else if (line.startsWith("       ")) {
        sb.append(' ').append(line.strip());
      } else {
        break;
      }
    }
    if (sb == null) {
      throw new AssertionError("no " + name + " in\n" + usage);
    }
    return sb.toString().strip();
  }

  @Test
  void assignHelpDescribesItsTablesAndNoRuleItDoesNotFollow() {
    String assign = ok(CliRunner.raw("help", "assign"));
    assertFalse(assign.contains("must not exist"), assign); // assign writes into an existing C
    assertTrue(described(assign, "C").contains("existing"), assign);
    assertFalse(described(assign, "A").isEmpty(), assign);
    assertFalse(described(assign, "--accum=OP").isEmpty(), assign);
  }

  /** The options the writing commands share name no table C, which some of them do not have. */
  @Test
  void sharedOutputOptionsFitEveryWritingCommand() {
    for (String command : WRITING_OUT) {
      String help = ok(CliRunner.raw("help", command));
      for (String option : List.of("--accum=OP", "--mask=M", "--complement", "--codec=decimal|long|double")) {
        String text = described(help, option);
        assertFalse(text.matches(".*\\bC\\b.*"), command + " has no table C: " + option + " " + text);
      }
      assertTrue(described(help, "OUT").contains("must not exist unless --accum"), help);
    }
    for (String command : WRITING_C) {
      String help = ok(CliRunner.raw("help", command));
      assertFalse(described(help, "--accum=OP").contains("must not exist"), help);
      assertTrue(described(help, "C").contains("must not exist unless --accum"), help);
    }
    assertTrue(described(ok(CliRunner.raw("help", "reduce")), "[C]").contains("must not exist unless --accum"));
  }

  /** help follows a path of subcommands to the last: its help is that command's own --help. */
  @Test
  void helpFollowsSubcommands() {
    for (List<String> path : List.<List<String>>of(List.of("bench", "store"), List.of("mini-accumulo", "start"),
        List.of("bench"), List.of("scan"), List.of())) {
      List<String> help = new ArrayList<>(List.of("help"));
      help.addAll(path);
      List<String> own = new ArrayList<>(path);
      own.add("--help");
      String shown = ok(CliRunner.raw(help.toArray(String[]::new)));
      assertEquals(ok(CliRunner.raw(own.toArray(String[]::new))), shown, String.join(" ", help));
      assertTrue(shown.startsWith(("Usage: tabulo " + String.join(" ", path)).strip() + " "), shown);
    }
    CliRunner.assertErrorStartsWith(CliRunner.raw("help", "bench", "stor"), 2,
        "unknown command 'bench stor'; did you mean store");
    CliRunner.assertUsage(CliRunner.raw("help", "scan", "T"), "unknown command 'scan T'", "scan ");
  }

  @Test
  void describedReadsAnOptionsLines() {
    String usage = "Usage: x\nA is the input.\n      A\n      C                  The table\n"
        + "                           to write.\n  -h, --help             Help.\n";
    assertEquals("", described(usage, "A"));
    assertEquals("The table to write.", described(usage, "C"));
  }
}
