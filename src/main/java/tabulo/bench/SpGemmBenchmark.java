package tabulo.bench;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.Graph500Table;
import tabulo.gen.VertexKeys;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.math.Monoids;
import tabulo.math.Semirings;
import tabulo.math.Triples;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.ops.mxm.MxmSettings;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Graphulo's experiment, C = A^T (+.x) B of two Graph500 graphs (seeds 1 and 2), on tables: the outer
 * product, row-by-row, the client-side way (D4M's: scan both tables into memory, multiply there, write C
 * back) and the COST baseline (one thread multiplying CSR arrays in memory, then writing C to a plain
 * binary file), all in one run so their rates can be compared.
 */
public final class SpGemmBenchmark {
  /** One SCALE's measurements; seconds of each way, and whether every way produced the same C. */
  public record Row(int scale, long partialProducts, long nnzC, double outer, double rowwise, double client,
      double cost, long verified) {}

  private SpGemmBenchmark() {}

  public static Row run(Store store, int scale, int tablets, int workers, PrintStream log) {
    Graph500.Options a = Graph500.Options.ofScale(scale).withSeed(1);
    Graph500.Options b = Graph500.Options.ofScale(scale).withSeed(2);
    String ta = "A" + scale;
    String tb = "B" + scale;
    for (String t : new String[] {ta, tb, "Couter" + scale, "Crow" + scale, "Cclient" + scale}) {
      if (store.exists(t)) {
        store.delete(t);
      }
    }
    EdgeCounts ea = Graph500Table.write(store, ta, a, tablets);
    EdgeCounts eb = Graph500Table.write(store, tb, b, tablets);
    store.flush(ta);
    store.flush(tb);
    log.printf("SCALE %d: nnz(A) %,d, nnz(B) %,d%n", scale, ea.size(), eb.size());

    MxmResult outer = multiply(store, ta, tb, "Couter" + scale, Algorithm.OUTER, workers);
    log.printf("  outer    %8.2f s%n", outer.seconds());
    MxmResult row = multiply(store, ta, tb, "Crow" + scale, Algorithm.ROWWISE, workers);
    log.printf("  rowwise  %8.2f s%n", row.seconds());
    long t0 = System.nanoTime();
    long clientNnz = clientSide(store, ta, tb, "Cclient" + scale);
    double client = (System.nanoTime() - t0) / 1e9;
    log.printf("  client   %8.2f s%n", client);

    long t1 = System.nanoTime();
    CsrMatrix at = ea.toMatrix().transpose();
    CsrMatrix.Product cost = at.mxm(eb.toMatrix(), Semirings.PLUS_TIMES);
    writePlain(cost.matrix(), store);
    double costSeconds = (System.nanoTime() - t1) / 1e9;
    log.printf("  COST     %8.2f s%n", costSeconds);

    long nnz = cost.matrix().nnz();
    check(row.partialProducts() == cost.partialProducts() && outer.partialProducts() == cost.partialProducts(),
        "partial products differ: outer " + outer.partialProducts() + ", rowwise " + row.partialProducts()
            + ", in memory " + cost.partialProducts());
    check(row.entriesWritten() == nnz && clientNnz == nnz, "nnz(C) differs: rowwise " + row.entriesWritten()
        + ", client " + clientNnz + ", in memory " + nnz);
    long verified = verifySample(store, cost.matrix(), "Couter" + scale, scale, 500)
        + verifySample(store, cost.matrix(), "Crow" + scale, scale, 500);
    for (String t : new String[] {"Couter" + scale, "Crow" + scale, "Cclient" + scale}) {
      store.delete(t);
    }
    return new Row(scale, cost.partialProducts(), nnz, outer.seconds(), row.seconds(), client, costSeconds,
        verified);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalStateException(message);
    }
  }

  /** D4M's way: both tables into memory, multiply there, write C back. Returns nnz(C). */
  static long clientSide(Store store, String a, String b, String c) {
    Map<String, Integer> ids = new HashMap<>();
    List<String> names = new ArrayList<>();
    Triples ta = readTriples(store, a, ids, names);
    Triples tb = readTriples(store, b, ids, names);
    int n = names.size();
    CsrMatrix ma = CsrMatrix.of(n, n, ta, Monoids.PLUS);
    CsrMatrix mb = CsrMatrix.of(n, n, tb, Monoids.PLUS);
    CsrMatrix prod = ma.transpose().mxm(mb, Semirings.PLUS_TIMES).matrix();
    store.create(c, TableSettings.defaults());
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = names.get(i).getBytes(StandardCharsets.UTF_8);
    }
    try (TableWriter w = store.writer(c)) {
      for (int i = 0; i < prod.rows(); i++) {
        if (prod.rowLength(i) == 0) {
          continue;
        }
        Mutation m = new Mutation(keys[i]);
        for (int p = prod.rowStart(i); p < prod.rowStart(i) + prod.rowLength(i); p++) {
          m.put(NO_FAMILY, keys[prod.col(p)], DecimalCodec.INSTANCE.encode(prod.value(p)));
        }
        w.addMutation(m);
      }
    }
    return prod.nnz();
  }

  private static Triples readTriples(Store store, String table, Map<String, Integer> ids, List<String> names) {
    Triples t = new Triples();
    try (Scan s = store.scan(table, ScanSpec.all())) {
      for (Entry<Key, Value> e : s) {
        int r = id(e.getKey().getRow().toString(), ids, names);
        int col = id(e.getKey().getColumnQualifier().toString(), ids, names);
        t.add(r, col, DecimalCodec.INSTANCE.decode(e.getValue().get()));
      }
    }
    return t;
  }

  private static int id(String key, Map<String, Integer> ids, List<String> names) {
    return ids.computeIfAbsent(key, k -> {
      names.add(k);
      return names.size() - 1;
    });
  }

  /** The COST baseline's output: C as (row, col, value) records in a plain file, fsynced. */
  private static void writePlain(CsrMatrix c, Store store) {
    try {
      Path file = Files.createTempFile("tabulo-cost", ".bin");
      try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 20))) {
        for (int i = 0; i < c.rows(); i++) {
          for (int p = c.rowStart(i); p < c.rowStart(i) + c.rowLength(i); p++) {
            out.writeInt(i);
            out.writeInt(c.col(p));
            out.writeDouble(c.value(p));
          }
        }
      }
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.delete(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Looks up random entries of the in-memory product in the table; returns how many were checked. */
  static long verifySample(Store store, CsrMatrix expected, String table, int scale, int samples) {
    Random rnd = new Random(scale);
    int width = VertexKeys.width(scale);
    List<Range> ranges = new ArrayList<>();
    Map<String, Double> want = new HashMap<>();
    for (int s = 0; s < samples && expected.nnz() > 0; s++) {
      int i;
      do {
        i = rnd.nextInt(expected.rows());
      } while (expected.rowLength(i) == 0);
      int p = expected.rowStart(i) + rnd.nextInt(expected.rowLength(i));
      String row = new String(VertexKeys.key(i, width), StandardCharsets.US_ASCII);
      String col = new String(VertexKeys.key(expected.col(p), width), StandardCharsets.US_ASCII);
      want.put(row + "\t" + col, expected.value(p));
      ranges.add(Range.exact(row, "", col));
    }
    Map<String, Double> got = new HashMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().ranges(ranges))) {
      got.put(e.getKey().getRow() + "\t" + e.getKey().getColumnQualifier(),
          DecimalCodec.INSTANCE.decode(e.getValue().get()));
    }
    check(want.equals(got), "table " + table + " differs from the in-memory product on sampled entries");
    return want.size();
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf("%-5s %15s %13s | %21s | %21s | %21s | %21s | %8s %8s%n", "SCALE", "partial prod.", "nnz(C)",
        "outer s (pp/s)", "rowwise s (pp/s)", "client s (pp/s)", "COST s (pp/s)", "row/out", "row/COST");
    for (Row r : rows) {
      out.printf("%-5d %,15d %,13d | %s | %s | %s | %s | %7.2fx %7.2fx%n", r.scale(), r.partialProducts(), r.nnzC(),
          cell(r.outer(), r.partialProducts()), cell(r.rowwise(), r.partialProducts()),
          cell(r.client(), r.partialProducts()), cell(r.cost(), r.partialProducts()), r.outer() / r.rowwise(),
          r.rowwise() / r.cost());
    }
    out.println("row/out: how many times faster row-by-row is than the outer product; row/COST: how many times");
    out.println("slower row-by-row (C persisted in a table) is than one thread multiplying CSR arrays and writing a file.");
  }

  /** Seconds and partial products per second, as both spgemm tables print them. */
  static String cell(double seconds, long pp) {
    return String.format("%7.2f (%,11.0f)", seconds, pp / seconds);
  }

  private static final byte[] NO_FAMILY = new byte[0];

  /** C = A^T B by {@code algorithm} on {@code workers} threads, on a session of its own as {@code mult} runs it. */
  static MxmResult multiply(Store store, String a, String b, String c, Algorithm algorithm, int workers) {
    try (Session s = Session.open(store).workers(workers).unitEntries(Mxm.UNIT_ENTRIES)) {
      return Mxm.multiply(s, a, b, c, MxmOptions.defaults().algorithm(algorithm).transposeA(true),
          MxmSettings.defaults());
    }
  }
}
