package tabulo.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import tabulo.accumulo.AccumuloProps;
import tabulo.api.Declaration;
import tabulo.api.Declarations;
import tabulo.accumulo.AccumuloStore;
import tabulo.embedded.EmbeddedStore;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/** The {@code tabulo} command line: global options, the commands, and the one-line error policy. */
@Command(name = "tabulo", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "tabulo 0.1",
    description = "Sparse linear algebra on sorted key-value tables (embedded engine by default, or Apache Accumulo 2.1).",
    footer = {"", "DIR defaults to $TABULO_DB, else ./tabulo-data; NAME to $TABULO_USER, else root.",
        "tables, scan, query (not --correlate), degree, info, export, verify open the database read-only, beside "
            + "a writer; every other command opens it for writing, one at a time.",
        "With --accumulo PROPS every command runs on Accumulo as PROPS's auth.principal (try it with "
            + "'tabulo mini-accumulo start DIR'; move tables with export and import).",
        "TSV format of put and scan: row<TAB>column<TAB>value[<TAB>visibility]; column is qualifier or "
            + "family:qualifier; escapes inside fields: \\\\ \\t \\n \\r \\: (literal colon) \\xHH (a byte).",
        "SPEC (D4M): 'a,b,c,' a list (last char separates), 'a,:,c,' an inclusive range, ':' all, "
            + "'pre*,' a prefix; these combine, e.g. 'a,c,:,f,x*,'."})
public final class Main implements Runnable {
  /** The commands, in the order {@code --help} lists them: command classes, and declared calls. */
  private static final List<Object> COMMANDS = java.util.stream.Stream.of(List.of(TablesCommand.class, CreateCommand.class,
        DeleteCommand.class, RenameCommand.class,
        InfoCommand.class, PutCommand.class, ScanCommand.class, SetAuthsCommand.class, FlushCommand.class,
        CompactCommand.class, VerifyCommand.class, RepairCommand.class, ExportCommand.class, ImportCommand.class,
        GenCommand.class), Declarations.OPERATIONS, List.of(IngestCommand.class, QueryCommand.class,
        DegreeCommand.class), Declarations.ALGORITHMS, List.of(
        PartitionCommand.class, GraphalyticsCommand.class, MiniAccumuloCommand.class, DemoCommand.class, BenchCommand.class,
        HelpCommand.class)).<Object>flatMap(List::stream).toList();

  @Option(names = "--db", paramLabel = "DIR", scope = ScopeType.INHERIT,
      description = "Database directory (default: $TABULO_DB or ./tabulo-data); a new database is made in a new "
          + "folder inside an existing one or in an empty folder, never in a folder holding other files.")
  Path db;

  @Option(names = "--user", paramLabel = "NAME", scope = ScopeType.INHERIT,
      description = "Act as this user (default: $TABULO_USER or root; with --accumulo, the principal "
          + "of PROPS, and --user must equal it).")
  String user;

  @Option(names = "--accumulo", paramLabel = "PROPS", scope = ScopeType.INHERIT,
      description = "Run on Apache Accumulo 2.1 instead of the embedded engine: PROPS is a standard "
          + "accumulo-client.properties file (instance.name, instance.zookeepers, auth.principal, auth.token); "
          + "'tabulo mini-accumulo start DIR' writes one as DIR/accumulo-client.properties.")
  Path accumulo;

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  /** The process's standard output as a plain byte stream, when running as the command line. */
  private static OutputStream rawStdout;

  Path database() {
    if (db != null) {
      return db;
    }
    String env = System.getenv("TABULO_DB");
    return env != null && !env.isEmpty() ? Paths.get(env) : Paths.get("tabulo-data");
  }

  String userName() {
    if (user != null) {
      return user;
    }
    String env = System.getenv("TABULO_USER");
    return env != null && !env.isEmpty() ? env : EmbeddedStore.ROOT;
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * Standard output for bytes, after what was printed to {@link #out()}: the process's own stdout when
   * run from {@link #main} (no character encoder in the way), else a stream into {@link #out()} that
   * must be given whole UTF-8 sequences per write.
   */
  OutputStream outBytes() {
    PrintWriter out = out();
    out.flush();
    if (rawStdout != null) {
      return rawStdout;
    }
    return new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        out.write(new String(b, off, len, StandardCharsets.UTF_8));
      }

      @Override
      public void flush() {
        out.flush();
      }
    };
  }

  PrintWriter err() {
    return spec.commandLine().getErr();
  }

  Store openStore() {
    if (accumulo != null) {
      return openAccumulo(accumulo, user);
    }
    return EmbeddedStore.open(database(), userName());
  }

  /**
   * The store for a command that only reads: embedded, it opens read-only beside a writing process (see
   * {@link EmbeddedStore#openReadOnly}); on Accumulo, as any command.
   */
  Store openStoreReadOnly() {
    if (accumulo != null) {
      return openAccumulo(accumulo, user);
    }
    return EmbeddedStore.openReadOnly(database(), userName());
  }

  /**
   * Read-only beside a writer when the database exists; otherwise opened for writing, which creates it
   * (so {@code tables} on a new directory starts an empty database, as it always did).
   */
  Store openStoreReadOnlyIfExists() {
    if (accumulo == null && !EmbeddedStore.exists(database())) {
      return openStore();
    }
    return openStoreReadOnly();
  }

  /** The Accumulo client properties file given with --accumulo, or null (embedded). */
  Path accumuloProperties() {
    return accumulo;
  }

  /**
   * A store on Accumulo from a client properties file. The user is the file's {@code auth.principal};
   * an explicit {@code --user} must name the same user. The token is never part of a message: it is
   * registered as a secret that {@link #run} removes from anything it prints.
   */
  static Store openAccumulo(Path props, String explicitUser) {
    return AccumuloStore.openAs(props, explicitUser, "--user");
  }

  public static void main(String[] args) {
    rawStdout = new FileOutputStream(FileDescriptor.out);
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    CtrlC.install();
    int code;
    try {
      code = run(args, out, err);
      out.flush();
    } finally {
      CtrlC.commandEnded();
    }
    System.exit(code);
  }

  /**
   * The command line with the command that {@code args} name, or every command when they name none that
   * exists (help, a typo, none at all): picocli reads a command's options by reflection when it is added,
   * and doing so for all of them cost every run a noticeable part of its start-up before it began its work.
   */
  static CommandLine commandLine(String[] args) {
    CommandLine cl = new CommandLine(new Main());
    String wanted = commandName(args);
    Object chosen = null;
    for (Object c : COMMANDS) {
      if (nameOf(c).equals(wanted)) {
        chosen = c;
      }
    }
    if (chosen != null && chosen != HelpCommand.class) {
      add(cl, chosen);
    } else {
      COMMANDS.forEach(c -> add(cl, c));
    }
    return cl;
  }

  private static String nameOf(Object command) {
    return command instanceof Declaration d ? d.name() : ((Class<?>) command).getAnnotation(Command.class).name();
  }

  private static void add(CommandLine cl, Object command) {
    if (command instanceof Declaration d) {
      cl.addSubcommand(d.name(), DeclaredCommand.commandLine(d));
    } else {
      cl.addSubcommand(command);
    }
  }

  /** The first argument that is not one of the global options or their values: the command's name. */
  private static String commandName(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--db") || a.equals("--user") || a.equals("--accumulo")) {
        i++; // its value
      } else if (!a.startsWith("-")) {
        return a;
      }
    }
    return null;
  }

  /** Runs one command line; returns the exit code (0 ok, 1 error, 2 usage). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = commandLine(args);
    cl.setOut(out);
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setErr(err);
    cl.setParameterExceptionHandler((ex, a) -> usageError(ex, err));
    cl.setExecutionExceptionHandler((ex, c, parseResult) -> {
      String message = describe(ex);
      if (DiskFull.is(ex) && !DiskFull.saidWell(message)) {
        message = DiskFull.message(DiskFull.words(parseResult));
      }
      err.println("tabulo: " + AccumuloProps.redact(oneLine(message)));
      if (System.getenv("TABULO_DEBUG") != null) {
        java.io.StringWriter trace = new java.io.StringWriter();
        ex.printStackTrace(new PrintWriter(trace));
        err.print(AccumuloProps.redact(trace.toString()));
      }
      err.flush();
      return 1;
    });
    String wanted = commandName(args);
    if (wanted != null && !cl.getSubcommands().containsKey(wanted)) {
      // before picocli parses: it would take a known command's name further on for the command
      return usageError(unknownCommand(cl, wanted), err);
    }
    int code = cl.execute(args);
    out.flush();
    return code;
  }

  /** Prints a usage error as one line pointing at the help of the command it concerns; returns exit code 2. */
  private static int usageError(CommandLine.ParameterException ex, PrintWriter err) {
    CommandLine c = ex.getCommandLine();
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.isUnknownOption()
        && !c.getSubcommands().isEmpty()) { // 'bench stor': no subcommand of that name
      ex = unknownCommand(c, u.getUnmatched().get(0));
    }
    err.println("tabulo: " + AccumuloProps.redact(oneLine(ex.getMessage())) + " (see 'tabulo " + commandPath(c)
        + "--help')");
    err.flush();
    return 2;
  }

  /** The error for a name that is no subcommand of {@code parent}, with the names it may be a typo of. */
  static CommandLine.ParameterException unknownCommand(CommandLine parent, String name) {
    List<String> close = closeNames(parent.getSubcommands().keySet(), name);
    return new CommandLine.ParameterException(parent, "unknown command '" + commandPath(parent) + name + "'"
        + (close.isEmpty() ? "" : "; did you mean " + String.join(", ", close) + "?"));
  }

  /**
   * The names {@code name} may be a typo of, closest first: one edit away (two for a name of five letters or
   * more), a swap of neighbours counting as one, or starting with it. picocli's suggestions rank any name
   * sharing two letters in a row ('sacn' got jaccard and mini-accumulo, not scan).
   */
  static List<String> closeNames(Collection<String> names, String name) {
    int allowed = name.length() < 5 ? 1 : 2;
    return names.stream()
        .filter(n -> editDistance(name, n) <= allowed || (name.length() >= 3 && n.startsWith(name)))
        .sorted(Comparator.comparingInt(n -> editDistance(name, n))).toList();
  }

  /** Insertions, deletions, substitutions and swaps of neighbours that turn {@code a} into {@code b}. */
  static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
          continue;
        }
        int substitution = d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        d[i][j] = Math.min(substitution, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  private static String commandPath(CommandLine c) {
    StringBuilder sb = new StringBuilder();
    for (CommandLine p = c; p != null && p.getParent() != null; p = p.getParent()) {
      sb.insert(0, p.getCommandName() + " ");
    }
    return sb.toString();
  }

  /** Errors are one line: line breaks inside a message (from a name given as an argument) are shown escaped. */
  private static String oneLine(String message) {
    return String.valueOf(message).replace("\r", "\\r").replace("\n", "\\n");
  }

  private static String describe(Exception ex) {
    if (ex instanceof TabuloException) {
      return ex.getMessage();
    }
    if (ex instanceof UncheckedIOException u) {
      return u.getMessage() + ": " + TabuloException.reason(u.getCause());
    }
    return "internal error: " + ex + " (set TABULO_DEBUG=1 for the stack trace)";
  }
}
