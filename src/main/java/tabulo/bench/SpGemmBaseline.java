package tabulo.bench;

import java.io.PrintStream;
import java.util.Arrays;

import tabulo.gen.EdgeCounts;
import tabulo.gen.Graph500;
import tabulo.math.CsrMatrix;
import tabulo.math.Semiring;
import tabulo.math.Semirings;

/**
 * The COST baseline for table SpGEMM: C = A^T (+.x) B of two Graph500 graphs (Graphulo's experiment:
 * no permutation, duplicates merged, seeds 1 and 2) multiplied in memory by one thread with
 * {@link CsrMatrix#mxm}. Prints partial products per second, the figure Graphulo's Table I reports for
 * its table multiply.
 *
 * <pre>java -cp target/classes tabulo.bench.SpGemmBaseline [SCALE [REPEATS [SEMIRING]]]</pre>
 */
public final class SpGemmBaseline {
  private SpGemmBaseline() {}

  public static void main(String[] args) {
    int scale = args.length > 0 ? Integer.parseInt(args[0]) : 14;
    int repeats = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Semiring s = Semirings.named(args.length > 2 ? args[2] : "plus.times");
    run(scale, repeats, s, System.out);
  }

  static void run(int scale, int repeats, Semiring s, PrintStream out) {
    long t0 = System.nanoTime();
    CsrMatrix a = EdgeCounts.of(new Graph500(Graph500.Options.ofScale(scale).withSeed(1))).toMatrix();
    CsrMatrix b = EdgeCounts.of(new Graph500(Graph500.Options.ofScale(scale).withSeed(2))).toMatrix();
    CsrMatrix at = a.transpose();
    out.printf("SCALE %d: nnz(A) %,d, nnz(B) %,d, generated in %.2f s%n", scale, a.nnz(), b.nnz(),
        (System.nanoTime() - t0) / 1e9);

    double[] seconds = new double[repeats];
    CsrMatrix.Product c = null;
    at.mxm(b, s); // warm-up: compile the kernel before timing it
    for (int r = 0; r < repeats; r++) {
      long start = System.nanoTime();
      c = at.mxm(b, s);
      seconds[r] = (System.nanoTime() - start) / 1e9;
    }
    Arrays.sort(seconds);
    double median = seconds[repeats / 2];
    out.printf("C = A^T %s B: %,d partial products, nnz(C) %,d%n", s.name(), c.partialProducts(),
        c.matrix().nnz());
    out.printf("one thread: median %.3f s (best %.3f s) = %,.0f partial products/s (best %,.0f)%n", median,
        seconds[0], c.partialProducts() / median, c.partialProducts() / seconds[0]);
  }
}
