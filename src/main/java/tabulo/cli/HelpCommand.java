package tabulo.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code help [COMMAND [SUBCOMMAND...]]}: the help of the command the names lead to. picocli's own help
 * command follows one name only, so {@code help bench store} showed the help of {@code bench}.
 */
@Command(name = "help", helpCommand = true,
    description = "Show the help of a command, or of one of its subcommands ('help bench store').")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
  @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "A command, then any of its subcommands.")
  List<String> names = new ArrayList<>();

  private CommandLine self;
  private CommandLine.Help.ColorScheme colors;
  private PrintWriter out;

  @Override
  public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter outWriter,
      PrintWriter errWriter) {
    self = helpCommandLine;
    colors = colorScheme;
    out = outWriter;
  }

  @Override
  public void run() {
    CommandLine shown = self.getParent();
    for (String name : names) {
      CommandLine sub = shown.getSubcommands().get(name);
      if (sub == null) {
        throw Main.unknownCommand(shown, name);
      }
      shown = sub;
    }
    shown.usage(out, colors);
  }
}
