package tabulo.partition;

import java.util.SplittableRandom;

/** Seeded random visiting orders: the only source of randomness, so a seed fixes the partition. */
final class Permutations {
  private Permutations() {}

  /** 0 .. n-1 shuffled (Fisher-Yates). */
  static int[] random(int n, SplittableRandom random) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
