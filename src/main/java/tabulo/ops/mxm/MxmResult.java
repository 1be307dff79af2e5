package tabulo.ops.mxm;

import tabulo.ops.mxm.MxmOptions.Algorithm;

/**
 * What a multiply did: the algorithm used and why ({@link AlgorithmChoice}), partial products computed, entries written, seconds taken,
 * how often a kernel resumed after its host tore it down between units, and the entries of the inputs read
 * (driver, the other factor, the mask), how A was read ({@code left}: from a stored A^T and why, or copied
 * transposed; null when read as stored), and with a plan the entries of B rows read from other parts (-1: not
 * known, the tablet servers do not report it).
 */
public record MxmResult(Algorithm algorithm, String reason, long partialProducts, long entriesWritten, double seconds,
    long resumes, long entriesRead, String left, long remoteEntries) {
  public double partialProductsPerSecond() {
    return partialProducts / Math.max(seconds, 1e-9);
  }
}
