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

import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

import static tabulo.kernel.KernelPlans.required;

/**
 * One multiply as its kernels need it: the algorithm, the tables it reads and writes, the semiring, codec,
 * filters and tuning, the mask row-by-row applies in its accumulator, and the authorizations it reads with
 * (kind {@code mxm}).
 */
public final class MxmPlan implements KernelPlan {
  static final String KIND = "mxm";

  final Algorithm algorithm; // OUTER or ROWWISE
  final String left; // OUTER: X with X^T B = C; ROWWISE: Y with Y B = C
  final String right; // B
  final String out; // C (a staging table)
  final String outTransposed; // C^T (a staging table) or null
  final MxmOptions options;
  final Authorizations auths;

  MxmPlan(Algorithm algorithm, String left, String right, String out, String outTransposed, MxmOptions options,
      Authorizations auths) {
    if (algorithm == Algorithm.AUTO) {
      throw new IllegalArgumentException("a plan names its algorithm");
    }
    this.algorithm = algorithm;
    this.left = left;
    this.right = right;
    this.out = out;
    this.outTransposed = outTransposed;
    this.options = options;
    this.auths = auths;
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
    if (options.bTranspose != null) {
      in.add(options.bTranspose);
    }
    if (options.jaccardDegrees != null) {
      in.add(options.jaccardDegrees);
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
    return algorithm == Algorithm.ROWWISE && options.layout == MxmOptions.Layout.SINGLE_TABLE
        ? List.of(SingleTableLayout.A) : List.of();
  }

  @Override
  public int workers() {
    return options.workers;
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
    m.put("codec", options.codec.name());
    m.put("rows", options.rows.toString());
    m.put("cols", options.cols.toString());
    m.put("inner", options.inner.toString());
    m.put("workers", Integer.toString(options.workers));
    m.put("batchRows", Integer.toString(options.batchRows));
    m.put("unitEntries", Integer.toString(options.unitEntries));
    m.put("auths", auths.serialize());
    if (options.mask != null) {
      m.put("mask", options.mask);
      m.put("maskStructure", Boolean.toString(options.maskStructure));
      m.put("maskComplement", Boolean.toString(options.maskComplement));
    }
    m.put("lookupRows", Boolean.toString(options.lookupRows));
    if (options.bTranspose != null) {
      m.put("rightTransposed", options.bTranspose);
      m.put("rightTransposedEntries", Long.toString(options.bTransposeEntries));
    }
    m.put("partWidth", Integer.toString(options.partWidth));
    m.put("layout", options.layout.name());
    m.put("strictlyUpper", Boolean.toString(options.strictlyUpper));
    if (options.jaccardDegrees != null) {
      m.put("jaccardDegrees", options.jaccardDegrees);
    }
    if (options.keepOp != null) {
      m.put("keepOp", options.keepOp.name());
      m.put("keepScalar", Double.toString(options.keepScalar));
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
          .codec(ValueCodec.named(required(m, "codec")))
          .rows(KeySpec.parse(required(m, "rows")))
          .cols(KeySpec.parse(required(m, "cols")))
          .inner(KeySpec.parse(required(m, "inner")))
          .workers(Integer.parseInt(required(m, "workers")))
          .batchRows(Integer.parseInt(required(m, "batchRows")))
          .unitEntries(Integer.parseInt(required(m, "unitEntries")));
      if (m.containsKey("mask")) {
        o.mask(m.get("mask"), Boolean.parseBoolean(required(m, "maskStructure")),
            Boolean.parseBoolean(required(m, "maskComplement")));
      }
      o.lookupRows = Boolean.parseBoolean(m.get("lookupRows"));
      if (m.containsKey("rightTransposed")) {
        o.bTranspose = m.get("rightTransposed");
        o.bTransposeEntries = Long.parseLong(required(m, "rightTransposedEntries"));
      }
      o.partWidth = m.containsKey("partWidth") ? Integer.parseInt(m.get("partWidth")) : 0;
      o.layout = m.containsKey("layout") ? MxmOptions.Layout.valueOf(m.get("layout")) : MxmOptions.Layout.TABLES;
      o.strictlyUpper = Boolean.parseBoolean(m.get("strictlyUpper"));
      o.jaccardDegrees = m.get("jaccardDegrees");
      if (m.containsKey("keepOp")) {
        o.keep(tabulo.math.BinaryOps.named(m.get("keepOp")), Double.parseDouble(required(m, "keepScalar")));
      }
      Authorizations auths = new Authorizations(required(m, "auths").getBytes(StandardCharsets.UTF_8));
      return new MxmPlan(Algorithm.valueOf(required(m, "algorithm")), required(m, "left"), required(m, "right"),
          required(m, "out"), m.get("outTransposed"), o, auths);
    }
  }
}
