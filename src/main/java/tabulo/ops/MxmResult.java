package tabulo.ops;

import tabulo.ops.MxmOptions.Algorithm;

/** What a multiply did: the algorithm used, partial products computed, entries written, and seconds taken. */
public record MxmResult(Algorithm algorithm, long partialProducts, long entriesWritten, double seconds) {
  public double partialProductsPerSecond() {
    return partialProducts / Math.max(seconds, 1e-9);
  }
}
