package tabulo.ops;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.math.Semirings;
import tabulo.math.ValueCodec;
import tabulo.ops.MxmOptions.Algorithm;
import tabulo.select.KeySpec;
import tabulo.storage.Store;

/**
 * One multiply as its kernels need it: the algorithm, the tables it reads and writes, the semiring, codec,
 * filters and tuning, and the authorizations it reads with. It travels to tablet servers as iterator
 * options ({@link #toOptions}, {@link #fromOptions}), so it holds names and settings, never credentials.
 */
public final class MxmPlan {
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

  public Algorithm algorithm() {
    return algorithm;
  }

  public Authorizations auths() {
    return auths;
  }

  /** The tables the kernels read. */
  public String[] inputs() {
    return new String[] {left, right};
  }

  /** The tables the kernels write. */
  public String[] outputs() {
    return outTransposed == null ? new String[] {out} : new String[] {out, outTransposed};
  }

  /** Whether the output sums partial products in a combiner, so a unit written twice would count twice. */
  public boolean outputCombines() {
    return algorithm == Algorithm.OUTER;
  }

  /**
   * Where a host that re-runs units records which ones it began, when a unit written twice would count
   * twice ({@link #outputCombines}); null otherwise. A temporary of the run, like the output.
   */
  public String journalTable() {
    return outputCombines() ? out + "_journal" : null;
  }

  /** The table whose tablets the kernel walks: B for the outer product, A for row-by-row. */
  public String driverTable() {
    return algorithm == Algorithm.OUTER ? right : left;
  }

  /** The scan iterators that select the driver's columns (none when it reads them all). */
  public java.util.List<org.apache.accumulo.core.client.IteratorSetting> driverIterators() {
    return Scans.columnFilters(algorithm == Algorithm.OUTER ? options.cols : options.inner);
  }

  public int workers() {
    return options.workers;
  }

  /**
   * The kernel for this plan, reading other tables and writing its output through {@code store};
   * {@code pool} runs row-by-row's multiply workers.
   */
  public TabletKernel kernel(Store store, ExecutorService pool, KernelCounters counters) {
    return algorithm == Algorithm.OUTER
        ? new OuterProduct(store, left, right, options, auths, out, outTransposed, counters)
        : new RowByRow(store, left, right, options, auths, out, outTransposed, pool, counters);
  }

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
    return m;
  }

  public static MxmPlan fromOptions(Map<String, String> m) {
    MxmOptions o = MxmOptions.defaults()
        .semiring(Semirings.named(required(m, "semiring")))
        .codec(ValueCodec.named(required(m, "codec")))
        .rows(KeySpec.parse(required(m, "rows")))
        .cols(KeySpec.parse(required(m, "cols")))
        .inner(KeySpec.parse(required(m, "inner")))
        .workers(Integer.parseInt(required(m, "workers")))
        .batchRows(Integer.parseInt(required(m, "batchRows")))
        .unitEntries(Integer.parseInt(required(m, "unitEntries")));
    Authorizations auths = new Authorizations(required(m, "auths").getBytes(StandardCharsets.UTF_8));
    return new MxmPlan(Algorithm.valueOf(required(m, "algorithm")), required(m, "left"), required(m, "right"),
        required(m, "out"), m.get("outTransposed"), o, auths);
  }

  private static String required(Map<String, String> m, String key) {
    String v = m.get(key);
    if (v == null) {
      throw new IllegalArgumentException("multiply kernel option '" + key + "' is missing");
    }
    return v;
  }
}
