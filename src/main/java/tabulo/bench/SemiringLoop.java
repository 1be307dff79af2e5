package tabulo.bench;

import java.io.PrintStream;
import java.util.SplittableRandom;

import tabulo.math.Semiring;
import tabulo.math.Semirings;

/**
 * What a semiring costs per partial product: 100M multiply-adds scattered into an accumulator (the
 * inner step of Gustavson's algorithm) through the {@link Semiring} interface, beside the same loop
 * with {@code a * b + c} written inline.
 *
 * <p>Built-ins are measured in turn through one call site, so the first is seen alone (the JIT inlines
 * it) and the later ones after the site has met several classes (a virtual call each): both figures
 * are printed, since a kernel meets one semiring per query but many in a long-running server.
 *
 * <pre>java -cp target/classes tabulo.bench.SemiringLoop</pre>
 */
public final class SemiringLoop {
  private static final int LENGTH = 1 << 16; // 512 KB per array: in cache, so the arithmetic shows
  private static final int PASSES = 100_000_000 / LENGTH;

  private SemiringLoop() {}

  public static void main(String[] args) {
    run(System.out);
  }

  static void run(PrintStream out) {
    SplittableRandom rnd = new SplittableRandom(1);
    double[] x = new double[LENGTH];
    int[] column = new int[LENGTH];
    for (int i = 0; i < LENGTH; i++) {
      x[i] = rnd.nextInt(1, 10);
      column[i] = rnd.nextInt(4096);
    }
    double[] acc = new double[4096];
    long ops = (long) PASSES * LENGTH;

    for (int warm = 0; warm < 3; warm++) {
      inline(x, column, acc);
    }
    long t = System.nanoTime();
    double check = inline(x, column, acc);
    out.printf("inline a*b+c:            %.2f ns per multiply-add (%s)%n", (System.nanoTime() - t) / (double) ops,
        check);

    Semiring[] order = Semirings.builtIns().toArray(new Semiring[0]);
    for (int round = 0; round < 2; round++) {
      for (Semiring s : order) {
        for (int warm = 0; warm < (round == 0 ? 3 : 1); warm++) {
          viaSemiring(s, x, column, acc);
        }
        t = System.nanoTime();
        check = viaSemiring(s, x, column, acc);
        out.printf("%-12s %-11s %.2f ns per multiply-add (%s)%n", s.name(),
            round == 0 && s == order[0] ? "(alone)" : "(site shared)", (System.nanoTime() - t) / (double) ops, check);
      }
      if (round == 0) {
        out.println("-- again, every semiring having passed through the call site:");
      }
    }
  }

  private static double inline(double[] x, int[] column, double[] acc) {
    java.util.Arrays.fill(acc, 0);
    for (int pass = 0; pass < PASSES; pass++) {
      double a = pass & 7;
      for (int i = 0; i < x.length; i++) {
        int j = column[i];
        acc[j] = acc[j] + a * x[i];
      }
    }
    return acc[0];
  }

  private static double viaSemiring(Semiring s, double[] x, int[] column, double[] acc) {
    java.util.Arrays.fill(acc, s.zero());
    for (int pass = 0; pass < PASSES; pass++) {
      double a = pass & 7;
      for (int i = 0; i < x.length; i++) {
        int j = column[i];
        acc[j] = s.add(acc[j], s.multiply(a, x[i]));
      }
    }
    return acc[0];
  }
}
