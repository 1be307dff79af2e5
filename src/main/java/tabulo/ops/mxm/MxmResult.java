package tabulo.ops.mxm;

import tabulo.ops.mxm.MxmOptions.Algorithm;

/**
 * What a multiply did: the algorithm used and why ({@link AlgorithmChoice}), partial products computed, entries written, seconds taken,
 * how often a kernel resumed after its host tore it down between units, and the entries of the inputs read
 * (driver, the other factor, the mask), how A was read ({@code left}: from a stored A^T and why, or copied
 * transposed; null when read as stored), and the entries of the other factor (B for row-by-row, A for the
 * outer product) read from elsewhere: from {@code remoteScope} ("other tablet servers" when the kernels ran in
 * Accumulo's tablet servers, "other parts" in one process under a plan); -1 and null when not counted.
 */
public record MxmResult(Algorithm algorithm, String reason, long partialProducts, long entriesWritten, double seconds,
    long resumes, long entriesRead, String left, long remoteEntries, String remoteScope) {
  public double partialProductsPerSecond() {
    return partialProducts / Math.max(seconds, 1e-9);
  }
}
