package tabulo.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.ParseResult;
import tabulo.storage.TableNames;

/**
 * A command that ran out of disk space, said once and in the user's terms: the command and its tables as
 * typed, not the temporary table or file that happened to be written when the space ran out.
 */
final class DiskFull {
  static final String REASON = "No space left on device";

  private DiskFull() {}

  /** Whether the failure, or any cause of it, is a full disk. */
  static boolean is(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains(REASON)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code described}, the failure's own message, already says it well: the reason once, and no
   * internal table (a put's "put into table t failed, nothing was written: No space left on device").
   */
  static boolean saidWell(String described) {
    return described.indexOf(REASON) >= 0 && described.indexOf(REASON) == described.lastIndexOf(REASON)
        && !described.contains(TableNames.RESERVED_PREFIX);
  }

  /** The message for {@code words}, the command as typed (its name and positional arguments). */
  static String message(List<String> words) {
    return String.join(" ", words) + ": stopped, the disk is full (" + REASON + "); free space and run it "
        + "again (the README's Guarantees say what a stopped command leaves)";
  }

  /** The command's name and positional arguments, as typed. */
  static List<String> words(ParseResult top) {
    ParseResult leaf = top;
    StringBuilder name = new StringBuilder();
    while (leaf.subcommand() != null) {
      leaf = leaf.subcommand();
      name.append(name.length() == 0 ? "" : " ").append(leaf.commandSpec().name());
    }
    List<String> words = new ArrayList<>(List.of(name.toString()));
    leaf.matchedPositionals().forEach(p -> words.addAll(p.originalStringValues()));
    return words;
  }
}
