package tabulo.gen;

/**
 * A seeded bijection of {@code [0, 2^scale)}: the Graph500 reference's random relabelling of vertices,
 * so that the high-degree vertices are not all near 0. Like the reference's scramble it is a hash, not
 * a stored permutation, so it needs no memory and relabels any edge on its own.
 *
 * <p>Each round multiplies by an odd constant, xors in the high half, and adds a constant, all modulo
 * 2^scale; each step is invertible, so the whole is a permutation.
 */
final class VertexPermutation {
  private static final int ROUNDS = 3;

  private final long mask;
  private final int shift;
  private final long[] multipliers = new long[ROUNDS];
  private final long[] addends = new long[ROUNDS];

  VertexPermutation(int scale, long key) {
    this.mask = (1L << scale) - 1; // scale <= 62
    this.shift = Math.max(1, (scale + 1) / 2);
    for (int r = 0; r < ROUNDS; r++) {
      multipliers[r] = SplitMix.word(key, 2 * r) | 1;
      addends[r] = SplitMix.word(key, 2 * r + 1);
    }
  }

  long apply(long v) {
    long x = v;
    for (int r = 0; r < ROUNDS; r++) {
      x = (x * multipliers[r]) & mask;
      x ^= x >>> shift;
      x = (x + addends[r]) & mask;
    }
    return x;
  }
}
