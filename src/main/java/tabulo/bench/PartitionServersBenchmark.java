package tabulo.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map.Entry;
import java.util.function.Supplier;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.gen.MatrixTable;
import tabulo.gen.VertexKeys;
import tabulo.kernel.RowStream;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.ops.RekeyRows;
import tabulo.ops.Session;
import tabulo.ops.Mxm;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.ops.mxm.MxmSettings;
import tabulo.partition.Assignment;
import tabulo.partition.BipartiteModel;
import tabulo.partition.PartCosts;
import tabulo.partition.Partitioner;
import tabulo.partition.PlanTable;
import tabulo.partition.SpGemmPartitioner;
import tabulo.partition.StoredModel;
import tabulo.partition.StoredPlan;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;

/**
 * The measured half of {@code bench partition}: C = A B (two permuted Graph500 graphs, an AMG A P, a mesh A A) on a
 * store whose kernels run in N servers, by RRp (A and B split alike into N equal row ranges), gRRp (the plan's placed copies of A
 * and B, made once, then multiplied, and again once the copies are compacted; and {@code mult --plan} end to end,
 * copies included) and the outer product,
 * each with its time and the entries of the other factor its kernels read from other servers; every C checked
 * equal to RRp's. The model's count of remote B entries is printed beside the measured one (equal when every
 * part's A and B tablets share a server).
 */
public final class PartitionServersBenchmark {
  /** Where the benchmark runs: a store whose kernels run in {@code servers} servers. */
  public interface Servers {
    Store store();

    int servers();

    /** Returns once no tablet is moving. */
    void settle();
  }

  /** One measured multiply of {@code product} (its Graph500 SCALE in {@code scale}, 0 for other products). */
  public record Run(int servers, String product, int scale, String name, double seconds, long remote,
      long modelRemote, long partialProducts, long work, long maxPartWork, long maxPartRemote) {}

  /** A product C = A B to measure: writes A and B split alike into N equal row ranges, and gives those splits. */
  public interface Product {
    String name();

    /** Its Graph500 SCALE; 0 when it is not a Graph500 product. */
    int scale();

    void write(Store store, String a, String b, int ranges);

    /** The split points {@link #write} gives A and B for {@code ranges} ranges. */
    List<byte[]> splits(int ranges);
  }

  /** Two permuted Graph500 graphs of one SCALE, seeds 1 and 2. */
  public static Product graph500(int scale) {
    return new Product() {
      @Override
      public String name() {
        return "graph500 permuted A*B SCALE " + scale;
      }

      @Override
      public int scale() {
        return scale;
      }

      @Override
      public void write(Store store, String a, String b, int ranges) {
        Graph500Table.writeInVertexRanges(store, a, Graph500.Options.ofScale(scale).withSeed(1).withPermute(true),
            ranges);
        Graph500Table.writeInVertexRanges(store, b, Graph500.Options.ofScale(scale).withSeed(2).withPermute(true),
            ranges);
      }

      @Override
      public List<byte[]> splits(int ranges) {
        return vertexSplits(scale, ranges);
      }
    };
  }

  /** Generated matrices (rows of B = columns of A), keys of one width, split at equal ranges of A's rows. */
  public static Product matrices(String name, CsrMatrix am, CsrMatrix bm) {
    if (am.cols() != bm.rows()) {
      throw new IllegalArgumentException(name + ": A has " + am.cols() + " columns, B " + bm.rows() + " rows");
    }
    int width = Math.max(MatrixTable.width(am), MatrixTable.width(bm));
    return new Product() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public int scale() {
        return 0;
      }

      @Override
      public void write(Store store, String a, String b, int ranges) {
        MatrixTable.write(store, a, am, width, splits(ranges));
        MatrixTable.write(store, b, bm, width, splits(ranges));
      }

      @Override
      public List<byte[]> splits(int ranges) {
        return MatrixTable.rangeSplits(am.rows(), width, ranges);
      }
    };
  }

  /** Each multiply runs this many times; the fastest counts (the first run of a fresh cluster compiles code). */
  private static final int RUNS = 2;

  private PartitionServersBenchmark() {}

  public static List<Run> measure(Servers where, Product product, double eps, long seed, PrintStream log) {
    Store store = where.store();
    int n = where.servers();
    String a = "pbA";
    String b = "pbB";
    product.write(store, a, b, n);
    where.settle();
    BipartiteModel m = StoredModel.read(store, a, b);
    List<Run> out = new ArrayList<>();

    Assignment contiguous = PartCosts.bySplits(m, product.splits(n));
    MxmResult rrp = fastest(store, a, b, "pbC_rrp", () -> MxmOptions.defaults().algorithm(Algorithm.ROWWISE));
    out.add(run(n, product, "RRp (vertex ranges)", rrp, PartCosts.of(m, contiguous), log));

    long t0 = System.nanoTime();
    SpGemmPartitioner.Plan plan = SpGemmPartitioner.plan(m, new Partitioner.Options(n, eps, seed));
    log.printf(Locale.ROOT, "%d servers: partitioned in %.2f s%n", n, (System.nanoTime() - t0) / 1e9);
    PlanTable.write(store, "pbP", m, plan.assignment());
    StoredPlan sp = StoredPlan.read(store, "pbP");
    Session session = Session.open(store);
    for (String[] t : new String[][] {{a, "pbPA"}, {b, "pbPB"}}) {
      store.create(t[1], TableSettings.defaults().splits(sp.boundaries()));
      RekeyRows.run(session, RowStream.Input.of(t[0]), new RekeyRows.Rekey("pbP",
          t[0].equals(a) ? RekeyRows.Mode.PREFIX_A : RekeyRows.Mode.PREFIX_B, sp.width(), null), t[1]);
    }
    where.settle();
    PartCosts.Part[] planned = PartCosts.of(m, plan.assignment());
    MxmResult placed = fastest(store, "pbPA", "pbPB", "pbC_placed",
        () -> MxmOptions.defaults().algorithm(Algorithm.ROWWISE));
    out.add(run(n, product, "gRRp (placed copies)", placed, planned, log));
    // the copies were written in sorted chunks, several files per tablet, where A and B have one bulk-loaded file
    // each: the same multiply once the copies are compacted, at rest as A and B are
    log.printf(Locale.ROOT, "%d servers, %s: files A %d, B %d, placed A %d, placed B %d (tablets %d)%n", n,
        product.name(), store.info(a).files(), store.info(b).files(), store.info("pbPA").files(),
        store.info("pbPB").files(), store.info(a).tablets());
    store.compact("pbPA");
    store.compact("pbPB");
    where.settle();
    MxmResult compacted = fastest(store, "pbPA", "pbPB", "pbC_placed",
        () -> MxmOptions.defaults().algorithm(Algorithm.ROWWISE));
    out.add(run(n, product, "gRRp (placed, compacted)", compacted, planned, log));
    MxmResult endToEnd = fastest(store, a, b, "pbC_grrp",
        () -> MxmOptions.defaults().algorithm(Algorithm.ROWWISE), MxmSettings.defaults().plan("pbP"));
    out.add(run(n, product, "gRRp (mult --plan)", endToEnd, planned, log));
    MxmResult outer = fastest(store, a, b, "pbC_outer", () -> MxmOptions.defaults().algorithm(Algorithm.OUTER));
    out.add(run(n, product, "outer product (A^T copied)", outer, null, log));

    sameMatrix(store, "pbC_rrp", "pbC_grrp");
    sameMatrix(store, "pbC_rrp", "pbC_outer");
    for (String t : List.of(a, b, "pbP", "pbPA", "pbPB", "pbC_rrp", "pbC_placed", "pbC_grrp", "pbC_outer")) {
      store.delete(t);
    }
    return out;
  }

  /** The fastest of {@link #RUNS} runs into {@code c} (the last run's C is kept). */
  private static MxmResult fastest(Store store, String a, String b, String c, Supplier<MxmOptions> o) {
    return fastest(store, a, b, c, o, MxmSettings.defaults());
  }

  /** The same, run as {@code settings} say. */
  private static MxmResult fastest(Store store, String a, String b, String c, Supplier<MxmOptions> o,
      MxmSettings settings) {
    MxmResult best = null;
    for (int i = 0; i < RUNS; i++) {
      if (store.exists(c)) {
        store.delete(c);
      }
      MxmResult r = Mxm.multiply(store, a, b, c, o.get(), settings);
      if (best == null || r.seconds() < best.seconds()) {
        best = r;
      }
    }
    return best;
  }

  /** The split points of {@link Graph500Table#writeInVertexRanges}: the last vertex of each range but the last. */
  static List<byte[]> vertexSplits(int scale, int ranges) {
    List<byte[]> out = new ArrayList<>();
    for (long v : lastVertices(1L << scale, ranges)) {
      out.add(VertexKeys.key(v, VertexKeys.width(scale)));
    }
    return out;
  }

  /** Of n vertices in {@code ranges} equal ranges (v in range floor(v ranges / n)), each range's last but the last's. */
  static long[] lastVertices(long n, int ranges) {
    long[] out = new long[ranges - 1];
    for (int t = 1; t < ranges; t++) {
      out[t - 1] = (n * t + ranges - 1) / ranges - 1;
    }
    return out;
  }

  private static Run run(int n, Product product, String name, MxmResult r, PartCosts.Part[] parts, PrintStream log) {
    long modelRemote = -1;
    long work = 0;
    long maxWork = 0;
    long maxRemote = 0;
    if (parts != null) {
      modelRemote = 0;
      for (PartCosts.Part p : parts) {
        modelRemote += p.remoteB();
        work += work(p);
        maxWork = Math.max(maxWork, work(p));
        maxRemote = Math.max(maxRemote, p.remoteB());
      }
    }
    log.printf(Locale.ROOT, "%d servers, %s: %s %.2f s, remote %,d%n", n, product.name(), name, r.seconds(),
        r.remoteEntries());
    return new Run(n, product.name(), product.scale(), name, r.seconds(), r.remoteEntries(), modelRemote,
        r.partialProducts(), work, maxWork, maxRemote);
  }

  /** Entries a part touches other than remote ones: A read, B read locally, partial products, C written. */
  static long work(PartCosts.Part p) {
    return p.aEntries() + p.localB() + p.partialProducts() + p.cEntries();
  }

  /** The two tables hold the same cells with the same values (decimal), as their user reads them. */
  private static void sameMatrix(Store store, String x, String y) {
    try (Scan sx = store.scan(x, ScanSpec.all()); Scan sy = store.scan(y, ScanSpec.all())) {
      Iterator<Entry<Key, Value>> ix = sx.iterator();
      Iterator<Entry<Key, Value>> iy = sy.iterator();
      long cells = 0;
      while (ix.hasNext() && iy.hasNext()) {
        Entry<Key, Value> ex = ix.next();
        Entry<Key, Value> ey = iy.next();
        if (!ex.getKey().equals(ey.getKey(), org.apache.accumulo.core.data.PartialKey.ROW_COLFAM_COLQUAL)
            || DecimalCodec.INSTANCE.decode(ex.getValue().get()) != DecimalCodec.INSTANCE.decode(ey.getValue().get())) {
          throw new IllegalStateException(x + " and " + y + " differ at cell " + cells + ": " + ex + " / " + ey);
        }
        cells++;
      }
      if (ix.hasNext() || iy.hasNext()) {
        throw new IllegalStateException(x + " and " + y + " differ in size after " + cells + " cells");
      }
    }
  }
}
