package tabulo.python;

import java.util.function.Function;

import tabulo.d4m.Schema;
import tabulo.d4m.TableCells;
import tabulo.kernel.KernelCounters;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.ops.Matrix;
import tabulo.ops.Operation;
import tabulo.ops.Session;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmSettings;
import tabulo.ops.SchemaCorrelation;
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

  /**
   * C = op(A) (+.x) B with these options, on {@code workers} threads, row-by-row's batches up to {@code batch}
   * rows of B, {@code unit} entries of B per unit of the outer product (null: the host's default).
   */
  public Job mult(String a, String b, String c, MxmOptions options, int workers, int batch, Integer unit,
      OutputSpec out) {
    if (workers < 1) {
      throw new TabuloException("workers: expected at least 1, got " + workers);
    }
    if (batch < 1) {
      throw new TabuloException("batch: batch threshold must be at least 1 row of B, got " + batch);
    }
    if (unit != null && unit < 1) {
      throw new TabuloException("unit: expected at least 1, got " + unit);
    }
    return Job.start("mult", job -> {
      try (Session s = out.session(store, job).workers(workers)) {
        if (unit != null) {
          s.unitEntries(unit);
        }
        Mxm op = Mxm.of(s.matrix(a), s.matrix(b), options, MxmSettings.defaults().batchRows(batch));
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
}
