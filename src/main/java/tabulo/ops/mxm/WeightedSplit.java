package tabulo.ops.mxm;

/**
 * Contiguous parts of a sequence of weighted items, of about equal total weight: row-by-row's batch rows
 * over its workers, weighed by their partial products. Cutting by row count left one worker with three
 * times the other's work under a strictly upper positional mask, as Jaccard's (a row's work depends on its neighbours'
 * degrees and on how many columns follow it), and each part is written in key order by one worker, so the
 * parts must stay contiguous.
 */
final class WeightedSplit {
  private WeightedSplit() {}

  /**
   * The bounds of {@code parts} contiguous ranges covering {@code weights}: part p is
   * {@code [bounds[p], bounds[p + 1])}; a part ends at the item whose middle passes its share of the
   * total. Parts may be empty (one heavy item outweighing several shares). Weights are not negative.
   */
  static int[] of(long[] weights, int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1, got " + parts);
    }
    long total = 0;
    for (long w : weights) {
      total += w;
    }
    int[] bounds = new int[parts + 1];
    bounds[parts] = weights.length;
    int i = 0;
    long before = 0; // weight of the items before i
    for (int p = 1; p < parts; p++) {
      double share = (double) total * p / parts;
      while (i < weights.length && before + weights[i] / 2.0 <= share) {
        before += weights[i++];
      }
      bounds[p] = i;
    }
    return bounds;
  }
}
