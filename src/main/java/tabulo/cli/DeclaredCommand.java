package tabulo.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Front;
import tabulo.kernel.KernelCounters;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

/**
 * The command a {@link Declaration} makes: its positionals and options read from the declaration (so
 * {@code --help} is the declaration's), the call run with progress and rounds on a terminal and Ctrl-C
 * stopping it, and its outcome printed.
 */
final class DeclaredCommand implements Runnable {
  private final Declaration declaration;
  private CommandSpec spec;

  private DeclaredCommand(Declaration declaration) {
    this.declaration = declaration;
  }

  static CommandLine commandLine(Declaration d) {
    DeclaredCommand command = new DeclaredCommand(d);
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
    command.spec = spec;
    spec.name(d.name());
    spec.usageMessage().description(d.description().toArray(new String[0]));
    int index = 0;
    for (Parameter p : d.parameters(Front.COMMAND_LINE)) {
      String[] help = p.helpWithDefault().split("\n"); // a paragraph a line
      if (p.positional()) {
        // one that may be left out is labelled as the usage writes it: [C]
        spec.addPositional(PositionalParamSpec.builder().index(Integer.toString(index++)).paramLabel(p.label())
            .hideParamSyntax(!p.required()).arity(p.required() ? "1" : "0..1").description(help).type(String.class)
            .required(p.required()).build());
      } else if (p.type() == Parameter.Type.FLAG) {
        spec.addOption(OptionSpec.builder(p.cliName()).description(help).type(boolean.class).arity("0").build());
      } else {
        OptionSpec.Builder option = OptionSpec.builder(p.cliName()).paramLabel(p.label()).description(help)
            .type(String.class).required(p.required());
        if (p.choices() != null) { // a word not among them is a usage error, as an enum's is
          option.converters(text -> {
            try {
              return p.choice(text);
            } catch (RuntimeException e) {
              throw new CommandLine.TypeConversionException(p.choicesWrong(text));
            }
          });
        }
        spec.addOption(option.build());
      }
    }
    return new CommandLine(spec);
  }

  /** The value of every parameter: as given, else its default (so too those the command line does not show). */
  private Map<Parameter, Object> values() {
    Map<Parameter, Object> values = new LinkedHashMap<>();
    int index = 0;
    for (Parameter p : declaration.allParameters()) {
      Object given = !p.shownBy(Front.COMMAND_LINE) ? null : p.positional()
          ? spec.positionalParameters().get(index++).getValue() : spec.findOption(p.cliName()).getValue();
      values.put(p, p.type() == Parameter.Type.FLAG ? Boolean.TRUE.equals(given) : p.parse((String) given));
    }
    return values;
  }

  @Override
  public void run() {
    Main main = (Main) spec.parent().userObject();
    Map<Parameter, Object> values = values();
    String misuse = Call.misuse(declaration, values);
    if (misuse != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), misuse);
    }
    String name = declaration.name();
    boolean terminal = System.console() != null;
    Progress progress = Progress.onTerminal(name + " " + declaration.counts(), 0);
    AtomicReference<KernelCounters> first = new AtomicReference<>(); // an operation's first run computes T
    AtomicReference<KernelCounters> last = new AtomicReference<>(); // the last writes C (masked, or C accum T)
    try (Store store = main.openStore()) {
      Call call;
      Outcome outcome;
      try {
        call = Call.open(declaration, Front.COMMAND_LINE, values, store, progress::update, CtrlC.guarding(), text -> {
          if (terminal) {
            main.err().printf("%s: %s%n", name, text);
            main.err().flush();
          }
        });
        try (Session s = call.session().onRunEnd(k -> {
          first.compareAndSet(null, k);
          last.set(k);
        })) {
          outcome = declaration.body().run(call);
        }
      } finally {
        progress.done();
      }
      report(main, call, outcome, first, last); // while the store is open: a report may read the result
    }
  }

  private void report(Main main, Call call, Outcome outcome, AtomicReference<KernelCounters> first,
      AtomicReference<KernelCounters> last) {
    String name = declaration.name();
    for (String note : outcome.notes()) {
      main.err().printf("%s: %s%n", name, note);
    }
    if (outcome.warning() != null) {
      main.err().printf("%s: warning: %s%n", name, outcome.warning());
    }
    String line = outcome.line();
    if (line != null) {
      main.out().println(line);
      return;
    }
    long cells = written(last);
    if (call.accumulates() && outcome.oneOperation()) {
      main.out().printf("%s: %,d cells accumulated into %s, which now holds %,d%n", name, written(first),
          outcome.table(), cells);
    } else if (call.accumulates()) {
      main.out().printf("%s: accumulated into %s, which now holds %,d cells%n", name, outcome.table(), cells);
    } else {
      main.out().printf("%s: %,d cells written to %s%n", name, cells, outcome.table());
    }
  }

  private static long written(AtomicReference<KernelCounters> run) {
    return run.get() == null ? 0 : run.get().entriesWritten.get();
  }
}
