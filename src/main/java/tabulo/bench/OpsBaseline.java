package tabulo.bench;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.gen.VertexKeys;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.CsrMatrix;
import tabulo.math.Monoids;
import tabulo.math.UnaryOp;
import tabulo.math.UnaryOps;

/**
 * The COST baseline for the table operations of {@code bench ops}: the streaming GraphBLAS operations on
 * two Graph500 graphs A (seed 1) and B (seed 2) of one SCALE, as {@link SpGemmBaseline} builds them, done
 * by one thread in memory over CSR arrays ({@link StreamingOps}). Each operation does the whole work a
 * table operation's result implies: it formats every output entry as the line {@code scan} would print
 * for the result table ({@link TsvCellWriter}) and writes it to a temp file, flushed and closed inside
 * the timing. Reported: the best of {@code repeats} runs after one untimed warm-up.
 *
 * <p>What each result file holds (choices the table side should match): matrices as
 * {@code row<TAB>col<TAB>value}; a reduce to a vector (rows or columns) as a column vector,
 * {@code key<TAB><TAB>value} (the row or column key, an empty column), one line per non-empty row or
 * column (GraphBLAS: an empty one has no entry); the scalar as its value alone. Select triu keeps row key
 * below column key strictly (the diagonal is dropped). The extract takes the rows of the first eighth of
 * the vertices, the D4M row range {@link #extractSpec}.
 *
 * <pre>java -cp target/classes tabulo.bench.OpsBaseline [SCALE [REPEATS]]</pre>
 */
public final class OpsBaseline {
  private OpsBaseline() {}

  /**
   * One operation's figures. {@code entriesIn} is what it reads: nnz(A) + nnz(B) for the element-wise
   * operations, the selected rows' entries for the extract, else nnz(A). {@code entriesOut} is the lines
   * written. {@code seconds} is the best run.
   */
  public record Result(String operation, long entriesIn, long entriesOut, double seconds) {}

  public static void main(String[] args) {
    int scale = args.length > 0 ? Integer.parseInt(args[0]) : 14;
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    run(scale, repeats, System.out);
  }

  /** Generates A and B, times every operation and prints a line for each; returns the figures. */
  public static List<Result> run(int scale, int repeats, PrintStream out) {
    if (repeats < 1) {
      throw new IllegalArgumentException("repeats must be at least 1: " + repeats);
    }
    long t0 = System.nanoTime();
    CsrMatrix a = EdgeCounts.of(new Graph500(Graph500.Options.ofScale(scale).withSeed(1))).toMatrix();
    CsrMatrix b = EdgeCounts.of(new Graph500(Graph500.Options.ofScale(scale).withSeed(2))).toMatrix();
    out.printf("SCALE %d: nnz(A) %,d, nnz(B) %,d, generated in %.2f s; extract rows %s%n", scale, a.nnz(),
        b.nnz(), (System.nanoTime() - t0) / 1e9, extractSpec(scale));
    List<Result> results = new ArrayList<>();
    for (Operation op : operations(a, b, VertexKeys.width(scale))) {
      Result r = time(op, repeats);
      results.add(r);
      out.printf("%-22s in %,12d  out %,12d  best %8.3f s  %,13.0f entries in/s  %,13.0f out/s%n",
          r.operation(), r.entriesIn(), r.entriesOut(), r.seconds(), r.entriesIn() / r.seconds(),
          r.entriesOut() / r.seconds());
    }
    return results;
  }

  /** One timed operation: a name, what it reads, and the work writing its result. */
  record Operation(String name, long entriesIn, int width, int vertices, Consumer<TsvCellWriter> body) {}

  /** The operations, each with the operator objects the table version names. */
  static List<Operation> operations(CsrMatrix a, CsrMatrix b, int width) {
    BinaryOp plus = BinaryOps.named("plus");
    BinaryOp times = BinaryOps.named("times");
    BinaryOp gt = BinaryOps.named("gt");
    UnaryOp ainv = UnaryOps.named("ainv");
    UnaryOp twice = BinaryOps.bindSecond(times, 2);
    int n = a.rows();
    int extractEnd = extractEnd(n);
    long nnz = a.nnz();
    List<Operation> ops = new ArrayList<>();
    ops.add(new Operation("ewise-add plus", nnz + b.nnz(), width, n, w -> StreamingOps.ewiseAdd(a, b, plus, w)));
    ops.add(new Operation("ewise-mult times", nnz + b.nnz(), width, n,
        w -> StreamingOps.ewiseMult(a, b, times, w)));
    ops.add(new Operation("apply ainv", nnz, width, n, w -> StreamingOps.apply(a, ainv, w)));
    ops.add(new Operation("apply " + twice.name(), nnz, width, n, w -> StreamingOps.apply(a, twice, w)));
    ops.add(new Operation("select triu", nnz, width, n, w -> StreamingOps.select(a, StreamingOps.TRIU, w)));
    ops.add(new Operation("select value gt 1", nnz, width, n,
        w -> StreamingOps.select(a, (i, j, v) -> gt.apply(v, 1) != 0, w)));
    ops.add(new Operation("reduce rows plus", nnz, width, n,
        w -> StreamingOps.reduceRows(a, Monoids.named("plus"), w)));
    ops.add(new Operation("reduce cols plus", nnz, width, n,
        w -> StreamingOps.reduceCols(a, Monoids.named("plus"), w)));
    ops.add(new Operation("reduce scalar plus", nnz, width, n,
        w -> StreamingOps.reduceScalar(a, Monoids.named("plus"), w)));
    ops.add(new Operation("transpose", nnz, width, n, w -> StreamingOps.transpose(a, w)));
    ops.add(new Operation("extract rows 1/8", a.rowStart(extractEnd), width, n,
        w -> StreamingOps.extractRows(a, 0, extractEnd, w)));
    return ops;
  }

  /** The extract takes rows 0 .. n/8 - 1: the first eighth of the vertices, so of the key range. */
  static int extractEnd(int vertices) {
    return vertices / 8;
  }

  /**
   * The extract's rows in D4M syntax, for the table side to select the same rows: the inclusive range
   * from the first key to the last in the first eighth, e.g. {@code 00000,:,08191,} at SCALE 16.
   */
  public static String extractSpec(int scale) {
    int width = VertexKeys.width(scale);
    int end = extractEnd(1 << scale);
    if (end == 0) {
      return ","; // the empty list: below SCALE 3 the first eighth holds no vertex
    }
    return ascii(VertexKeys.key(0, width)) + ",:," + ascii(VertexKeys.key(end - 1, width)) + ",";
  }

  private static String ascii(byte[] b) {
    return new String(b, StandardCharsets.US_ASCII);
  }

  /**
   * One warm-up, then the best of {@code repeats}. Each run opens the operation's temp file afresh
   * (truncating it), writes, flushes and closes it inside the timing; the file is deleted at the end.
   */
  static Result time(Operation op, int repeats) {
    Path file = null;
    try {
      file = Files.createTempFile("tabulo-ops-baseline-", ".tsv");
      runOnce(op, file); // warm-up: compile the kernel before timing it
      double best = Double.POSITIVE_INFINITY;
      long lines = 0;
      for (int r = 0; r < repeats; r++) {
        System.gc(); // the previous run's garbage is not this run's cost
        long start = System.nanoTime();
        lines = runOnce(op, file);
        best = Math.min(best, (System.nanoTime() - start) / 1e9);
      }
      return new Result(op.name(), op.entriesIn(), lines, best);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      deleteQuietly(file);
    }
  }

  /** Runs the operation into {@code file}, replacing its contents, and closes it; returns the lines written. */
  static long runOnce(Operation op, Path file) throws IOException {
    TsvCellWriter w = new TsvCellWriter(new FileOutputStream(file.toFile()), op.width(), op.vertices());
    try (w) {
      op.body().accept(w);
    }
    return w.lines();
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // a leftover temp file is not worth failing the benchmark
      }
    }
  }
}
