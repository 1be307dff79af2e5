package tabulo.cli;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import tabulo.kernel.KernelCounters;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.DecimalCodec;
import tabulo.math.ValueFormatException;
import tabulo.math.ValueCodec;
import tabulo.ops.Mask;
import tabulo.ops.Operation;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * The options of every command that writes a result C (a picocli mixin): the mask and accumulator of
 * C&lt;M&gt; accum= T, the authorizations and codec the inputs are read with, and where kernels run. It
 * opens the session, computes the operation into C and prints one line saying what it wrote.
 */
final class OutputOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = "--mask", paramLabel = "M", description = "Write the result only where table M holds a value "
      + "that is not zero; cells outside the mask are not written (with --accum the output table's stay as they "
      + "were).")
  String mask;

  @Option(names = "--structure", description = "With --mask: where M holds any entry, whatever its value.")
  boolean structure;

  @Option(names = "--complement", description = "With --mask: write only where the mask does not admit.")
  boolean complement;

  @Option(names = "--accum", paramLabel = "OP", description = "Combine the result into the existing output table: "
      + "OP of its value and the result's where both hold a key, else the one value (plus, min, max, second, ... "
      + "or a class name).")
  String accum;

  @Option(names = "--auths", paramLabel = "a,b", description = "Read the inputs with these authorizations "
      + "(default: all of the user's).")
  String auths;

  @Option(names = "--codec", paramLabel = "decimal|long|double", description = "Value encoding of the inputs and "
      + "of the output table (default decimal).")
  String codec = "decimal";

  @Option(names = "--kernels", paramLabel = "server|client", description = "With --accumulo: run the kernels "
      + "inside the tablet servers (default; needs tabulo-server.jar there, see the README) or in this process.")
  MxmOptions.Kernels kernels = MxmOptions.Kernels.SERVER;

  /** The binary operator {@code name}, or an error naming {@code option}. */
  static BinaryOp binaryOp(String option, String name) {
    try {
      return BinaryOps.named(name);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": " + e.getMessage());
    }
  }

  /** The value codec named by --codec. */
  ValueCodec codec() {
    try {
      return ValueCodec.named(codec);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--codec: " + e.getMessage());
    }
  }

  /**
   * A scalar option's number: written as text (a decimal number, as put reads it), and one the codec can
   * store; else an error naming the option.
   */
  double scalar(String option, String text) {
    double x;
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try {
      x = DecimalCodec.INSTANCE.decode(bytes);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": '" + text + "' is not a number" + (e instanceof ValueFormatException v
          && DecimalCodec.isDecimal(bytes, 0, bytes.length) ? " (" + v.expected() + ")" : ""));
    }
    try {
      codec().encode(x);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": '" + text + "' cannot be stored by the " + codec + " codec");
    }
    return x;
  }

  /** A session on {@code store} with these options; {@code progress} hears the cells computed. */
  Session session(Store store, Progress progress) {
    if (mask == null && (structure || complement)) {
      throw new CommandLine.ParameterException(command.commandLine(),
          (structure ? "--structure" : "--complement") + " needs --mask");
    }
    Session s = CtrlC.guard(Session.open(store).codec(codec()).nextToData(kernels == MxmOptions.Kernels.SERVER)
        .progress(progress::update));
    if (auths != null) {
      s.auths(SetAuthsCommand.parse(auths, "--auths"));
    }
    return s;
  }

  /** The accumulator given with --accum, or null. */
  BinaryOp accumulator() {
    return accum == null ? null : binaryOp("--accum", accum);
  }

  /** The mask given with --mask (and --structure, --complement), or null. */
  Mask mask(Session s) {
    if (mask == null) {
      return null;
    }
    if (!s.store().exists(mask)) {
      throw new TabuloException("no such mask table: " + mask + " (--mask)");
    }
    Mask m = Mask.of(s.matrix(mask));
    m = structure ? m.structure() : m;
    return complement ? m.complement() : m;
  }

  /**
   * Opens a session on {@code store} with these options, computes {@code operation} into {@code c} and
   * prints what C now holds: {@code NAME: N cells written to C}, or {@code NAME: T cells accumulated into C,
   * which now holds N} (a mask applied after the kernel, or an accumulator, makes C differ from T).
   */
  void write(Main main, Store store, String c, Function<Session, Operation> operation) {
    String name = command.name();
    BinaryOp accumOp = accumulator();
    Progress progress = Progress.onTerminal(name + " cells", 0);
    AtomicReference<KernelCounters> computed = new AtomicReference<>(); // the first run computes T
    AtomicReference<KernelCounters> last = new AtomicReference<>(); // the last writes C (masked, or C accum T)
    try (Session s = session(store, progress).onRunEnd(k -> {
      computed.compareAndSet(null, k);
      last.set(k);
    })) {
      Operation op = operation.apply(s);
      op.into(Target.table(c).accum(accumOp).mask(mask(s)));
    } catch (IllegalArgumentException e) {
      // a result the codec cannot store (LongCodec and 1.5): C was not published
      throw new TabuloException(name + ": " + e.getMessage() + " (--codec " + codec + "); " + c + " was not written");
    } finally {
      progress.done();
    }
    long computedCells = computed.get() == null ? 0 : computed.get().entriesWritten.get();
    long cells = last.get() == null ? 0 : last.get().entriesWritten.get();
    if (accum == null) {
      main.out().printf("%s: %,d cells written to %s%n", name, cells, c);
    } else {
      main.out().printf("%s: %,d cells accumulated into %s, which now holds %,d%n", name, computedCells, c, cells);
    }
  }

  /**
   * Opens a session on {@code store} with these options and runs {@code algorithm}, which writes its
   * result into C (through {@link #target}); prints {@code NAME: N cells written to C} (or {@code accumulated
   * into C, which now holds N cells}), N counted by the last kernel run (the one writing C).
   */
  void compute(Main main, Store store, String c, java.util.function.Consumer<Session> algorithm) {
    String name = command.name();
    Progress progress = Progress.onTerminal(name + " cells", 0);
    AtomicReference<KernelCounters> last = new AtomicReference<>();
    try (Session s = session(store, progress).onRunEnd(last::set)) {
      algorithm.accept(s);
    } finally {
      progress.done();
    }
    long cells = last.get() == null ? 0 : last.get().entriesWritten.get();
    if (accum == null) {
      main.out().printf("%s: %,d cells written to %s%n", name, cells, c);
    } else {
      main.out().printf("%s: accumulated into %s, which now holds %,d cells%n", name, c, cells);
    }
  }

  /** How the result was written, for a command's one line: " (mask ..., accum ...)" or "". */
  String how() {
    String m = mask == null ? "" : "mask " + (complement ? "!" : "") + (structure ? "struct(" + mask + ")" : mask);
    String a = accum == null ? "" : "accum " + accum;
    String both = m.isEmpty() || a.isEmpty() ? m + a : m + ", " + a;
    return both.isEmpty() ? "" : " (" + both + ")";
  }

  /** Where the result goes: table {@code c}, through the mask, accumulated when asked. */
  Target target(Session s, String c) {
    return Target.table(c).mask(mask(s)).accum(accumulator());
  }
}
