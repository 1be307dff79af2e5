package tabulo.ops.mxm;

import tabulo.kernel.TabletKernel;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.KernelPlan;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.BinaryOps;
import tabulo.math.EpilogueOps;
import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmSettings.Layout;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

import static tabulo.kernel.KernelPlans.required;

/**
 * One multiply as its kernels need it (kind {@code mxm}): the algorithm, the tables it reads and writes, what
 * it computes ({@link MxmOptions}: the semiring, filters, the mask row-by-row applies in its accumulator, the
 * positional mask, fused select and epilogue), the session's settings it runs with ({@link Run}), and what the
 * planner settled about reading the inputs ({@link Reads}).
 */
public final class MxmPlan implements KernelPlan {
  static final String KIND = "mxm";

  /**
   * The session's settings the kernels run with (value encoding, authorizations, worker threads, the outer
   * product's entries of B per unit) and row-by-row's batch ({@link MxmSettings#batchRows}).
   */
  public record Run(ValueCodec codec, Authorizations auths, int workers, int unitEntries, int batchRows) {}

  /**
   * How the kernels read their inputs, as the planner settled it: whether the outer product looks up A's rows
   * by B's keys ({@link AlgorithmChoice#lookupRows}); B's D4M transpose row-by-row may fetch B's selected
   * columns from, and its selected entries ({@link StoredTranspose#forB}); a planned multiply's part prefix
   * width on the placed copies' rows, and their layout.
   */
  public record Reads(boolean lookupRows, String rightTransposed, long rightTransposedEntries, int partWidth,
      Layout layout) {
    /** Inputs read as they are stored. */
    public static final Reads STORED = new Reads(false, null, 0, 0, Layout.TABLES);

    public Reads lookupRows(boolean l) {
      return new Reads(l, rightTransposed, rightTransposedEntries, partWidth, layout);
    }

    /** B's selected columns may be read from table {@code t} (B's D4M transpose) holding {@code entries} of them. */
    public Reads rightTransposed(String t, long entries) {
      return new Reads(lookupRows, t, entries, partWidth, layout);
    }

    /** The placed copies of a planned multiply: rows prefixed by a part {@code width} long, in {@code l}. */
    public Reads placed(int width, Layout l) {
      return new Reads(lookupRows, rightTransposed, rightTransposedEntries, width, l);
    }
  }

  final Algorithm algorithm; // OUTER or ROWWISE
  final String left; // OUTER: X with X^T B = C; ROWWISE: Y with Y B = C
  final String right; // B
  final String out; // C (a staging table)
  final String outTransposed; // C^T (a staging table) or null
  final MxmOptions options;
  final Run run;
  final Reads reads;
  final Authorizations auths;

  public MxmPlan(Algorithm algorithm, String left, String right, String out, String outTransposed, MxmOptions options,
      Run run, Reads reads) {
    if (algorithm == Algorithm.AUTO) {
      throw new IllegalArgumentException("a plan names its algorithm");
    }
    this.algorithm = algorithm;
    this.left = left;
    this.right = right;
    this.out = out;
    this.outTransposed = outTransposed;
    this.options = options;
    this.run = run;
    this.reads = reads;
    this.auths = run.auths();
  }

  @Override
  public String kind() {
    return KIND;
  }

  public Algorithm algorithm() {
    return algorithm;
  }

  @Override
  public Authorizations auths() {
    return auths;
  }

  @Override
  public List<String> inputs() {
    List<String> in = new java.util.ArrayList<>(List.of(left, right));
    if (options.mask != null) {
      in.add(options.mask);
    }
    if (reads.rightTransposed() != null) {
      in.add(reads.rightTransposed());
    }
    if (options.epilogueVector != null) {
      in.add(options.epilogueVector);
    }
    return in;
  }

  @Override
  public List<String> outputs() {
    return outTransposed == null ? List.of(out) : List.of(out, outTransposed);
  }

  /** The outer product sums partial products in C's combiner; row-by-row writes each cell of C once. */
  @Override
  public boolean outputCombines() {
    return algorithm == Algorithm.OUTER;
  }

  /** B for the outer product, A for row-by-row. */
  @Override
  public String driverTable() {
    return algorithm == Algorithm.OUTER ? right : left;
  }

  @Override
  public KeySpec driverColumns() {
    return algorithm == Algorithm.OUTER ? options.cols : options.inner;
  }

  /** Row-by-row in the single-table layout reads A's family of M, and no group but A's. */
  @Override
  public List<String> driverFamilies() {
    return algorithm == Algorithm.ROWWISE && reads.layout() == Layout.SINGLE_TABLE
        ? List.of(SingleTableLayout.A) : List.of();
  }

  @Override
  public int workers() {
    return run.workers();
  }

  /** Row-by-row spreads each tablet's batches over the workers itself. */
  @Override
  public boolean tabletsInParallel() {
    return algorithm == Algorithm.OUTER;
  }

  @Override
  public TabletKernel kernel(Store store, ExecutorService pool, KernelCounters counters) {
    return algorithm == Algorithm.OUTER ? new OuterProduct(store, this, counters)
        : new RowByRow(store, this, pool, counters);
  }

  @Override
  public Map<String, String> toOptions() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("algorithm", algorithm.name());
    m.put("left", left);
    m.put("right", right);
    m.put("out", out);
    if (outTransposed != null) {
      m.put("outTransposed", outTransposed);
    }
    m.put("semiring", options.semiring.name());
    m.put("codec", run.codec().name());
    m.put("rows", options.rows.toString());
    m.put("cols", options.cols.toString());
    m.put("inner", options.inner.toString());
    m.put("workers", Integer.toString(run.workers()));
    m.put("batchRows", Integer.toString(run.batchRows()));
    m.put("unitEntries", Integer.toString(run.unitEntries()));
    m.put("auths", auths.serialize());
    if (options.mask != null) {
      m.put("mask", options.mask);
      m.put("maskStructure", Boolean.toString(options.maskStructure));
      m.put("maskComplement", Boolean.toString(options.maskComplement));
    }
    m.put("lookupRows", Boolean.toString(reads.lookupRows()));
    if (reads.rightTransposed() != null) {
      m.put("rightTransposed", reads.rightTransposed());
      m.put("rightTransposedEntries", Long.toString(reads.rightTransposedEntries()));
    }
    m.put("partWidth", Integer.toString(reads.partWidth()));
    m.put("layout", reads.layout().name());
    if (options.positional != null) {
      m.put("positional", options.positional.label());
    }
    if (options.selectOp != null) {
      m.put("selectOp", options.selectOp.name());
      m.put("selectScalar", Double.toString(options.selectScalar)); // exact: parseDouble reads back the same double
    }
    if (options.epilogue != null) {
      m.put("epilogue", options.epilogue.name());
      m.put("epilogueVector", options.epilogueVector);
    }
    return m;
  }

  /** Decodes multiply plans in tablet servers. */
  public static final class Kind implements KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public MxmPlan decode(Map<String, String> m) {
      MxmOptions o = MxmOptions.defaults()
          .semiring(Semirings.named(required(m, "semiring")))
          .rows(KeySpec.parse(required(m, "rows")))
          .cols(KeySpec.parse(required(m, "cols")))
          .inner(KeySpec.parse(required(m, "inner")));
      if (m.containsKey("mask")) {
        o.mask(m.get("mask"), Boolean.parseBoolean(required(m, "maskStructure")),
            Boolean.parseBoolean(required(m, "maskComplement")));
      }
      if (m.containsKey("positional")) {
        o.positional(PositionalMask.named(m.get("positional")));
      }
      if (m.containsKey("selectOp")) {
        o.select(BinaryOps.named(m.get("selectOp")), Double.parseDouble(required(m, "selectScalar")));
      }
      if (m.containsKey("epilogue")) {
        o.epilogue(EpilogueOps.named(m.get("epilogue")), required(m, "epilogueVector"));
      }
      Authorizations auths = new Authorizations(required(m, "auths").getBytes(StandardCharsets.UTF_8));
      Run run = new Run(ValueCodec.named(required(m, "codec")), auths, Integer.parseInt(required(m, "workers")),
          Integer.parseInt(required(m, "unitEntries")), Integer.parseInt(required(m, "batchRows")));
      String rightTransposed = m.get("rightTransposed");
      Reads reads = new Reads(Boolean.parseBoolean(m.get("lookupRows")), rightTransposed,
          rightTransposed == null ? 0 : Long.parseLong(required(m, "rightTransposedEntries")),
          Integer.parseInt(required(m, "partWidth")), Layout.valueOf(required(m, "layout")));
      return new MxmPlan(Algorithm.valueOf(required(m, "algorithm")), required(m, "left"), required(m, "right"),
          required(m, "out"), m.get("outTransposed"), o, run, reads);
    }
  }
}
