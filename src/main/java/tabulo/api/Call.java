package tabulo.api;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.algorithms.IterationListener;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.DecimalCodec;
import tabulo.math.ValueCodec;
import tabulo.math.ValueFormatException;
import tabulo.ops.Mask;
import tabulo.ops.Operation;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * One call of a {@link Declaration} from a front end: the values of its parameters (read by that front end),
 * the session the shared parameters describe, and where its progress and rounds are told. Messages name
 * parameters as the command line does ({@code --from}); Python translates them to its own names.
 */
public final class Call {
  /** Hears how far a call has come: work done so far, and the fraction of it done (NaN: not known). */
  public interface Progress {
    void update(long done, double fraction);
  }

  private final Declaration declaration;
  private final Parameter.Front front;
  private final Map<Parameter, Object> values;
  private final Session session;
  private final Progress progress;
  private final Consumer<String> rounds;
  private final BooleanSupplier cancelled;

  private Call(Declaration declaration, Parameter.Front front, Map<Parameter, Object> values, Session session,
      Progress progress, Consumer<String> rounds, BooleanSupplier cancelled) {
    this.declaration = declaration;
    this.front = front;
    this.values = values;
    this.session = session;
    this.progress = progress;
    this.rounds = rounds;
    this.cancelled = cancelled;
  }

  /**
   * A call of {@code d} from {@code front} on {@code store} with these values (every parameter of {@code d}
   * present, defaults filled in, those {@code front} does not show too): a session reading as the shared
   * parameters say, telling {@code progress} the cells computed, stopped once {@code cancelled} says so;
   * {@code rounds} hears each round's line.
   */
  public static Call open(Declaration d, Parameter.Front front, Map<Parameter, Object> values, Store store,
      Progress progress, BooleanSupplier cancelled, Consumer<String> rounds) {
    String misuse = misuse(d, values);
    if (misuse != null) {
      throw new TabuloException(misuse);
    }
    Session s = Session.open(store).progress(done -> progress.update(done, Double.NaN)).cancelled(cancelled);
    if (d.takes(Shared.Group.READ)) {
      String codec = (String) values.get(Shared.CODEC);
      if (codec != null) {
        s.codec(codec(codec));
      }
      String kernels = (String) values.get(Shared.KERNELS);
      if (kernels != null) {
        String k = kernels.toLowerCase(Locale.ROOT);
        if (!k.equals("server") && !k.equals("client")) {
          throw new TabuloException("--kernels: expected server or client, got '" + kernels + "'");
        }
        s.nextToData(k.equals("server"));
      }
      String auths = (String) values.get(Shared.AUTHS);
      if (auths != null) {
        s.auths(authorizations(auths, "--auths"));
      }
    }
    if (d.takes(Shared.Group.IN_TABLES)) {
      s.inMemory(!Boolean.TRUE.equals(values.get(Shared.IN_TABLES_FLAG)));
    }
    return new Call(d, front, values, s, progress, rounds, cancelled);
  }

  /**
   * What is wrong with how the parameters were combined (the command line reports it as a usage error), or
   * null.
   */
  public static String misuse(Declaration d, Map<Parameter, Object> values) {
    if (d.takes(Shared.Group.OUTPUT) && values.get(Shared.MASK) == null) {
      for (Parameter p : new Parameter[] {Shared.STRUCTURE, Shared.COMPLEMENT}) {
        if (Boolean.TRUE.equals(values.get(p))) {
          return p.cliName() + " needs --mask";
        }
      }
    }
    return d.rule().misuse(values);
  }

  /** Authorizations written {@code a,b}; a blank one is an error naming {@code what}. */
  public static Authorizations authorizations(String list, String what) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      if (s.isEmpty()) {
        continue;
      }
      if (s.isBlank()) {
        // Accumulo accepts any non-blank authorization (expressions quote unusual ones: "a b")
        throw new TabuloException("invalid authorization '" + s + "' in " + what + ": it is blank");
      }
      out.add(s);
    }
    return new Authorizations(out.toArray(new String[0]));
  }

  public Declaration declaration() {
    return declaration;
  }

  public Session session() {
    return session;
  }

  /**
   * Whether the caller's front end shows {@code p}: where it does not, {@code p} has its default, and a body
   * whose front ends differ (reduce without C: the command line asks for --scalar, Python returns the fold)
   * asks this.
   */
  public boolean shows(Parameter p) {
    return p.shownBy(front);
  }

  /** The value of {@code p} (its default when not given; null when it has none). */
  public Object value(Parameter p) {
    if (!values.containsKey(p)) {
      throw new IllegalArgumentException(declaration.name() + " has no parameter " + p.name());
    }
    return values.get(p);
  }

  public String text(Parameter p) {
    return (String) value(p);
  }

  public Integer integer(Parameter p) {
    return (Integer) value(p);
  }

  public Double real(Parameter p) {
    return (Double) value(p);
  }

  public boolean flag(Parameter p) {
    return Boolean.TRUE.equals(value(p));
  }

  /** Table {@code name} through the mask, accumulated as asked (a plain new table without {@link Shared.Group#OUTPUT}). */
  public Target target(String name) {
    Target t = Target.table(name);
    if (!declaration.takes(Shared.Group.OUTPUT)) {
      return t;
    }
    String accum = (String) values.get(Shared.ACCUM);
    if (accum != null) {
      t = t.accum(binaryOp("--accum", accum));
    }
    return t.mask(mask(session, (String) values.get(Shared.MASK), flag(Shared.STRUCTURE), flag(Shared.COMPLEMENT)));
  }

  /** The value codec {@code name}, or an error naming --codec. */
  public static ValueCodec codec(String name) {
    try {
      return ValueCodec.named(name);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("--codec: " + e.getMessage());
    }
  }

  /** The mask {@code table} (null: none), by its structure and complemented as asked; an error naming --mask. */
  public static Mask mask(Session s, String table, boolean structure, boolean complement) {
    if (table == null) {
      return null;
    }
    if (!s.store().exists(table)) {
      throw new TabuloException("no such mask table: " + table + " (--mask)");
    }
    Mask m = Mask.of(s.matrix(table));
    m = structure ? m.structure() : m;
    return complement ? m.complement() : m;
  }

  /**
   * Computes {@code op} into table {@code name} through the mask and accumulator; a value the codec cannot
   * store stops it with the table unwritten.
   */
  public Outcome write(Operation op, String name) {
    try {
      op.into(target(name));
    } catch (IllegalArgumentException e) {
      throw new TabuloException(declaration.name() + ": " + e.getMessage() + " (--codec " + session.codec().name()
          + "); " + name + " was not written");
    }
    return Outcome.operation(name);
  }

  /**
   * The number {@code p} gives (null when not given): the command line's text read as a decimal, as put reads
   * values; either way one the session's codec can store. Otherwise an error naming {@code p}.
   */
  public Double scalar(Parameter p) {
    Object v = value(p);
    if (v == null) {
      return null;
    }
    String text = v.toString();
    double x;
    if (v instanceof Double d) {
      x = d;
    } else {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      try {
        x = DecimalCodec.INSTANCE.decode(bytes);
      } catch (IllegalArgumentException e) {
        throw new TabuloException(p.cliName() + ": '" + text + "' is not a number" + (e instanceof ValueFormatException f
            && DecimalCodec.isDecimal(bytes, 0, bytes.length) ? " (" + f.expected() + ")" : ""));
      }
    }
    try {
      session.codec().encode(x);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(p.cliName() + ": '" + text + "' cannot be stored by the " + session.codec().name()
          + " codec");
    }
    return x;
  }

  /** The D4M selection {@code p} names ({@code ':'} when not given), or an error naming it. */
  public KeySpec selection(Parameter p) {
    String text = text(p);
    try {
      return text == null ? KeySpec.all() : KeySpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(p.cliName() + ": " + e.getMessage());
    }
  }

  /** How the result was written, for a one-line report: " (mask ..., accum ...)" or "". */
  public String how() {
    return declaration.takes(Shared.Group.OUTPUT) ? how((String) values.get(Shared.MASK), flag(Shared.STRUCTURE),
        flag(Shared.COMPLEMENT), (String) values.get(Shared.ACCUM)) : "";
  }

  /** " (mask ..., accum ...)" for these output options, or "" when there are none. */
  public static String how(String mask, boolean structure, boolean complement, String accum) {
    String m = mask == null ? "" : "mask " + (complement ? "!" : "") + (structure ? "struct(" + mask + ")" : mask);
    String a = accum == null ? "" : "accum " + accum;
    String both = m.isEmpty() || a.isEmpty() ? m + a : m + ", " + a;
    return both.isEmpty() ? "" : " (" + both + ")";
  }

  /** Whether the result is combined into an existing table (--accum). */
  public boolean accumulates() {
    return declaration.takes(Shared.Group.OUTPUT) && values.get(Shared.ACCUM) != null;
  }

  /**
   * Text parameter {@code p}'s value looked up by name ({@code Semirings::named}, {@code Monoids::named}), or
   * an error naming the parameter.
   */
  public <T> T named(Parameter p, Function<String, T> lookup) {
    try {
      return lookup.apply(text(p));
    } catch (IllegalArgumentException e) {
      throw new TabuloException(p.cliName() + ": " + e.getMessage());
    }
  }

  /** The binary operator {@code name}, or an error naming {@code option}. */
  public static BinaryOp binaryOp(String option, String name) {
    try {
      return BinaryOps.named(name);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(option + ": " + e.getMessage());
    }
  }

  /** Tells the caller how far work that reports its own progress has come (a multiply's partial products). */
  public void progress(long done, double fraction) {
    progress.update(done, fraction);
  }

  /** Tells the caller one round's line ("round 3, 12 labels changed"). */
  public void round(String text) {
    rounds.accept(text);
  }

  /** A listener telling each round: "round N, C WHAT". */
  public IterationListener rounds(String what) {
    return (iteration, change) -> round(String.format("round %d, %,d %s", iteration, Math.round(change), what));
  }

  /** Whether the caller asked to stop (Ctrl-C). */
  public BooleanSupplier cancelled() {
    return cancelled;
  }
}
