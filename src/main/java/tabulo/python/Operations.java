package tabulo.python;

import java.util.function.Function;

import tabulo.d4m.Schema;
import tabulo.d4m.TableCells;
import tabulo.kernel.KernelCounters;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;
import tabulo.ops.Select;
import tabulo.ops.Session;
import tabulo.ops.mxm.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.SchemaCorrelation;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The table operations from Python not yet declared in {@link tabulo.api.Declarations}, with the command
 * line's names and options (apply, select, reduce, assign, mult), each run as a {@link Job} in a session of its
 * own that is closed (its temporaries deleted) whether the operation ends, fails or is cancelled.
 * Results are tables; each job's result is the number of cells the operation wrote (reduce to a
 * scalar: the value; mult: its {@link tabulo.ops.mxm.MxmResult}).
 */
public final class Operations {
  private final Store store;

  public Operations(Bridge bridge) {
    this.store = bridge.store();
  }

  /** C = f(A); with a scalar, op(A, x) (or op(x, A) when {@code bindFirst}). */
  public Job apply(String a, String c, String op, Double scalar, boolean bindFirst, OutputSpec out) {
    if (scalar == null) {
      UnaryOp f = unary(op);
      return write("apply", c, out, s -> s.matrix(a).apply(f));
    }
    if (!isBinary(op) && isUnary(op)) {
      throw new TabuloException("op: " + op + " is a unary operator: it takes no scalar");
    }
    BinaryOp f = OutputSpec.binaryOp("op", op);
    double x = storable(out, scalar);
    return write("apply", c, out, s -> bindFirst ? s.matrix(a).applyBindFirst(f, x) : s.matrix(a).applyBindSecond(f, x));
  }

  public Job select(String a, String c, String op, Double scalar, String rows, String cols, OutputSpec out) {
    Select t;
    try {
      t = Select.named(op == null ? "all" : op, scalar == null ? null : storable(out, scalar));
    } catch (IllegalArgumentException e) {
      throw new TabuloException("op: " + e.getMessage());
    }
    Select selected = t.rows(Bridge.spec("rows", rows)).cols(Bridge.spec("cols", cols));
    return write("select", c, out, s -> s.matrix(a).select(selected));
  }

  /** Each row's (dim "rows") or column's ("cols") fold into the vector C; with C null, the fold of every cell. */
  public Job reduce(String a, String c, String dim, String monoid, String column, OutputSpec out) {
    Monoid m;
    try {
      m = Monoids.named(monoid);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("monoid: " + e.getMessage());
    }
    if (c == null) {
      if (dim != null || column != null || out.hasMaskOrAccum()) {
        throw new TabuloException("reduce to a scalar (no table C) takes no dim, column, mask or accum");
      }
      return Job.start("reduce", job -> {
        try (Session s = out.session(store, job)) {
          return s.matrix(a).reduce(m);
        }
      });
    }
    if (!"rows".equals(dim) && !"cols".equals(dim)) {
      throw new TabuloException("dim: expected 'rows' or 'cols' to write a vector, got " + (dim == null ? "none" : "'" + dim + "'"));
    }
    String name = column != null ? column : m.name();
    return write("reduce", c, out, s -> dim.equals("rows") ? s.matrix(a).reduceRows(m, name)
        : s.matrix(a).reduceCols(m, name));
  }

  /** C(rows, cols) = A into the existing table C (with accum: C(rows, cols) accum= A), through the mask. */
  public Job assign(String c, String a, String rows, String cols, OutputSpec out) {
    KeySpec r = Bridge.spec("rows", rows);
    KeySpec k = Bridge.spec("cols", cols);
    return Job.start("assign", job -> {
      try (Session s = out.session(store, job)) {
        Matrix mc = s.matrix(c);
        mc.assign(s.matrix(a), r, k, out.mask(s), out.accumulator());
        return 0L;
      }
    });
  }

  /**
   * C = op(A) (+.x) B with these options, on {@code workers} threads, {@code unit} entries of B per unit of
   * the outer product (null: the host's default).
   */
  public Job mult(String a, String b, String c, MxmOptions options, int workers, Integer unit, OutputSpec out) {
    if (workers < 1) {
      throw new TabuloException("workers: expected at least 1, got " + workers);
    }
    if (unit != null && unit < 1) {
      throw new TabuloException("unit: expected at least 1, got " + unit);
    }
    return Job.start("mult", job -> {
      try (Session s = out.session(store, job).workers(workers)) {
        if (unit != null) {
          s.unitEntries(unit);
        }
        Mxm op = Mxm.of(s.matrix(a), s.matrix(b), options);
        op.into(out.target(s, c));
        return op.result();
      }
    });
  }

  /**
   * D4M's sqIn of two column types of the schema {@code prefix} ({@link SchemaCorrelation}), as {@code tabulo
   * query --correlate}: computed next to the data into a temporary of the job's session, read back whole
   * (the result is its {@link QueryResult}) and deleted with the session. Reads Tedge with {@code out}'s auths.
   */
  public Job correlate(String prefix, String first, String second, OutputSpec out) {
    if (prefix.isEmpty()) {
      throw new TabuloException("prefix must not be empty");
    }
    KeySpec a = Bridge.spec("correlate", first);
    KeySpec b = Bridge.spec("correlate", second);
    return Job.start("query", job -> {
      try (Session s = out.session(store, job)) {
        Matrix c = SchemaCorrelation.plan(s, new Schema(prefix), a, b).temporary();
        try (TableCells cells = TableCells.open(store, c.table(), KeySpec.all(), KeySpec.all())) {
          return QueryResult.read(cells, false, row -> true);
        }
      }
    });
  }

  /** Computes {@code operation} into table {@code c} through the output options; the result is the cells written. */
  private Job write(String name, String c, OutputSpec out, Function<Session, Operation> operation) {
    return Job.start(name, job -> {
      KernelCounters[] first = new KernelCounters[1]; // the first run computes T
      try (Session s = out.session(store, job).onRunEnd(k -> first[0] = first[0] == null ? k : first[0])) {
        operation.apply(s).into(out.target(s, c));
      } catch (IllegalArgumentException e) {
        throw new TabuloException(name + ": " + e.getMessage() + "; " + c + " was not written");
      }
      return first[0] == null ? 0L : first[0].entriesWritten.get();
    });
  }

  /** A scalar the codec can store, else an error naming it. */
  private static double storable(OutputSpec out, double x) {
    try {
      out.codec().encode(x);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("scalar: " + x + " cannot be stored by the " + out.codec().name() + " codec");
    }
    return x;
  }

  private static UnaryOp unary(String name) {
    try {
      return UnaryOps.named(name);
    } catch (IllegalArgumentException e) {
      if (isBinary(name)) {
        throw new TabuloException("op: " + name + " is a binary operator: give scalar=X to bind to it");
      }
      throw new TabuloException("op: " + e.getMessage());
    }
  }

  private static boolean isBinary(String name) {
    try {
      BinaryOps.named(name);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean isUnary(String name) {
    try {
      UnaryOps.named(name);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
