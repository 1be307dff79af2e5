package tabulo.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.VertexKeys;
import tabulo.math.BinaryOps;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.math.Monoids;
import tabulo.math.Triples;
import tabulo.math.UnaryOps;
import tabulo.select.KeySpec;

class OpsBaselineTest {
  // A (4 x 4, keys "0".."3"):   B:
  //   . 1 . 2.5                   . 10 20 .
  //   3 . . .                     .  .  . .
  //   . . 4 .                     .  . 30 .
  //   . 5 . .                     40 .  7 .
  private static final CsrMatrix A = matrix(new double[][] {{0, 1, 1}, {0, 3, 2.5}, {1, 0, 3}, {2, 2, 4}, {3, 1, 5}});
  private static final CsrMatrix B = matrix(new double[][] {{0, 1, 10}, {0, 2, 20}, {2, 2, 30}, {3, 0, 40}, {3, 2, 7}});

  private static CsrMatrix matrix(double[][] entries) {
    Triples t = new Triples();
    for (double[] e : entries) {
      t.add((int) e[0], (int) e[1], e[2]);
    }
    return CsrMatrix.of(4, 4, t, Monoids.PLUS);
  }

  /** What the operation writes for the 4 x 4 example, keys one digit wide. */
  private static String written(Consumer<TsvCellWriter> op) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TsvCellWriter w = new TsvCellWriter(bytes, 1, 4)) {
      op.accept(w);
    }
    return bytes.toString(StandardCharsets.US_ASCII);
  }

  @Test
  void handWorkedExample() {
    assertEquals("0\t1\t11\n0\t2\t20\n0\t3\t2.5\n1\t0\t3\n2\t2\t34\n3\t0\t40\n3\t1\t5\n3\t2\t7\n",
        written(w -> StreamingOps.ewiseAdd(A, B, BinaryOps.PLUS, w)));
    assertEquals("0\t1\t10\n2\t2\t120\n", written(w -> StreamingOps.ewiseMult(A, B, BinaryOps.TIMES, w)));
    assertEquals("0\t1\t-1\n0\t3\t-2.5\n1\t0\t-3\n2\t2\t-4\n3\t1\t-5\n",
        written(w -> StreamingOps.apply(A, UnaryOps.AINV, w)));
    assertEquals("0\t1\t2\n0\t3\t5\n1\t0\t6\n2\t2\t8\n3\t1\t10\n",
        written(w -> StreamingOps.apply(A, BinaryOps.bindSecond(BinaryOps.TIMES, 2), w)));
    assertEquals("0\t1\t1\n0\t3\t2.5\n", written(w -> StreamingOps.select(A, StreamingOps.TRIU, w)));
    assertEquals("0\t3\t2.5\n1\t0\t3\n2\t2\t4\n3\t1\t5\n",
        written(w -> StreamingOps.select(A, (i, j, v) -> v > 1, w)));
    assertEquals("0\t\t3.5\n1\t\t3\n2\t\t4\n3\t\t5\n", written(w -> StreamingOps.reduceRows(A, Monoids.PLUS, w)));
    assertEquals("0\t\t3\n1\t\t6\n2\t\t4\n3\t\t2.5\n", written(w -> StreamingOps.reduceCols(A, Monoids.PLUS, w)));
    assertEquals("15.5\n", written(w -> StreamingOps.reduceScalar(A, Monoids.PLUS, w)));
    assertEquals("0\t1\t3\n1\t0\t1\n1\t3\t5\n2\t2\t4\n3\t0\t2.5\n",
        written(w -> StreamingOps.transpose(A, w)));
    assertEquals("1\t0\t3\n2\t2\t4\n", written(w -> StreamingOps.extractRows(A, 1, 3, w)));
  }

  @Test
  void emptyRowsAndColumnsHaveNoReducedEntry() {
    // B's row 1 and column 3 are empty
    assertEquals("0\t\t30\n2\t\t30\n3\t\t47\n", written(w -> StreamingOps.reduceRows(B, Monoids.PLUS, w)));
    assertEquals("0\t\t40\n1\t\t10\n2\t\t57\n", written(w -> StreamingOps.reduceCols(B, Monoids.PLUS, w)));
  }

  @Test
  void extractSpecNamesTheFirstEighthOfTheKeys() {
    assertEquals("00000,:,08191,", OpsBaseline.extractSpec(16));
    assertEquals("000,:,015,", OpsBaseline.extractSpec(7));
    assertEquals(",", OpsBaseline.extractSpec(2));
  }

  private static final int SCALE = 7;

  /** Every operation's file at a small SCALE equals a map-based oracle's text on the string keys. */
  @Test
  void graph500FilesMatchAMapOracle(@TempDir Path dir) throws IOException {
    CsrMatrix a = graph(1);
    CsrMatrix b = graph(2);
    Map<String, String> expected = oracle(keyed(a), keyed(b));
    List<OpsBaseline.Operation> ops = OpsBaseline.operations(a, b, VertexKeys.width(SCALE));
    assertEquals(expected.keySet(), names(ops));
    for (OpsBaseline.Operation op : ops) {
      Path file = dir.resolve("out.tsv");
      long lines = OpsBaseline.runOnce(op, file);
      String text = Files.readString(file, StandardCharsets.US_ASCII);
      assertEquals(expected.get(op.name()), text, op.name());
      assertEquals(text.lines().count(), lines, op.name());
    }
  }

  @Test
  void runReportsEveryOperationWithItsLineCount() {
    CsrMatrix a = graph(1);
    CsrMatrix b = graph(2);
    Map<String, String> expected = oracle(keyed(a), keyed(b));
    List<OpsBaseline.Result> results = OpsBaseline.run(SCALE, 1, new PrintStream(OutputStream.nullOutputStream()));
    assertEquals(expected.size(), results.size());
    for (OpsBaseline.Result r : results) {
      assertEquals(expected.get(r.operation()).lines().count(), r.entriesOut(), r.operation());
    }
  }

  private static CsrMatrix graph(long seed) {
    return EdgeCounts.of(new Graph500(Graph500.Options.ofScale(SCALE).withSeed(seed))).toMatrix();
  }

  private static java.util.Set<String> names(List<OpsBaseline.Operation> ops) {
    java.util.Set<String> s = new java.util.HashSet<>();
    ops.forEach(op -> s.add(op.name()));
    return s;
  }

  // ---- the oracle: string keys in TreeMaps (String order is byte order for ASCII digits) ----

  private static TreeMap<String, TreeMap<String, Double>> keyed(CsrMatrix m) {
    int width = VertexKeys.width(SCALE);
    TreeMap<String, TreeMap<String, Double>> out = new TreeMap<>();
    m.forEach((i, j, v) -> out.computeIfAbsent(key(i, width), k -> new TreeMap<>()).put(key(j, width), v));
    return out;
  }

  private static String key(int v, int width) {
    return new String(VertexKeys.key(v, width), StandardCharsets.US_ASCII);
  }

  private static Map<String, String> oracle(TreeMap<String, TreeMap<String, Double>> a,
      TreeMap<String, TreeMap<String, Double>> b) {
    Map<String, String> out = new LinkedHashMap<>();
    TreeMap<String, TreeMap<String, Double>> union = copy(a);
    b.forEach((r, row) -> row.forEach((c, v) -> union.computeIfAbsent(r, k -> new TreeMap<>()).merge(c, v, Double::sum)));
    out.put("ewise-add plus", text(union));
    TreeMap<String, TreeMap<String, Double>> both = new TreeMap<>();
    a.forEach((r, row) -> row.forEach((c, v) -> {
      Double w = b.getOrDefault(r, new TreeMap<>()).get(c);
      if (w != null) {
        both.computeIfAbsent(r, k -> new TreeMap<>()).put(c, v * w);
      }
    }));
    out.put("ewise-mult times", text(both));
    out.put("apply ainv", text(map(a, (r, c, v) -> -v)));
    out.put("apply times(x, 2)", text(map(a, (r, c, v) -> 2 * v)));
    out.put("select triu", text(filter(a, (r, c, v) -> r.compareTo(c) < 0)));
    out.put("select value gt 1", text(filter(a, (r, c, v) -> v > 1)));
    TreeMap<String, Double> rowSums = new TreeMap<>();
    TreeMap<String, Double> colSums = new TreeMap<>();
    double[] total = {0};
    a.forEach((r, row) -> row.forEach((c, v) -> {
      rowSums.merge(r, v, Double::sum);
      colSums.merge(c, v, Double::sum);
      total[0] += v;
    }));
    out.put("reduce rows plus", vectorText(rowSums));
    out.put("reduce cols plus", vectorText(colSums));
    out.put("reduce scalar plus", DecimalCodec.format(total[0]) + "\n");
    TreeMap<String, TreeMap<String, Double>> t = new TreeMap<>();
    a.forEach((r, row) -> row.forEach((c, v) -> t.computeIfAbsent(c, k -> new TreeMap<>()).put(r, v)));
    out.put("transpose", text(t));
    KeySpec rows = KeySpec.parse(OpsBaseline.extractSpec(SCALE));
    out.put("extract rows 1/8", text(filter(a, (r, c, v) -> rows.matches(r))));
    return out;
  }

  private interface CellFunction<T> {
    T at(String row, String col, double value);
  }

  private static TreeMap<String, TreeMap<String, Double>> copy(TreeMap<String, TreeMap<String, Double>> m) {
    return map(m, (r, c, v) -> v);
  }

  private static TreeMap<String, TreeMap<String, Double>> map(TreeMap<String, TreeMap<String, Double>> m,
      CellFunction<Double> f) {
    TreeMap<String, TreeMap<String, Double>> out = new TreeMap<>();
    m.forEach((r, row) -> row.forEach((c, v) -> out.computeIfAbsent(r, k -> new TreeMap<>()).put(c, f.at(r, c, v))));
    return out;
  }

  private static TreeMap<String, TreeMap<String, Double>> filter(TreeMap<String, TreeMap<String, Double>> m,
      CellFunction<Boolean> keep) {
    TreeMap<String, TreeMap<String, Double>> out = new TreeMap<>();
    m.forEach((r, row) -> row.forEach((c, v) -> {
      if (keep.at(r, c, v)) {
        out.computeIfAbsent(r, k -> new TreeMap<>()).put(c, v);
      }
    }));
    return out;
  }

  private static String text(TreeMap<String, TreeMap<String, Double>> m) {
    StringBuilder sb = new StringBuilder();
    m.forEach((r, row) -> row.forEach((c, v) ->
        sb.append(r).append('\t').append(c).append('\t').append(DecimalCodec.format(v)).append('\n')));
    return sb.toString();
  }

  private static String vectorText(TreeMap<String, Double> v) {
    StringBuilder sb = new StringBuilder();
    v.forEach((k, x) -> sb.append(k).append("\t\t").append(DecimalCodec.format(x)).append('\n'));
    return sb.toString();
  }
}
