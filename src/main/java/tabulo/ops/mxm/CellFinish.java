package tabulo.ops.mxm;

/**
 * The last step of a row-by-row cell of C, on both the plain and the labelled path: the value written
 * (the product's, or with the Jaccard finish its index) and whether the fused keep writes it.
 */
final class CellFinish {
  private final MxmOptions options;

  CellFinish(MxmOptions options) {
    this.options = options;
  }

  /** The value written for C(batch row i, column j): the product's, or with the Jaccard finish its index. */
  double value(BatchDegrees degrees, int i, int j, double value, byte[] rowKey, BRows bRows) {
    return degrees == null ? value : degrees.finish(i, j, value, rowKey, bRows.keys[j], options.jaccardDegrees);
  }

  /** Whether the fused keep ({@link MxmOptions#keep}) writes a cell of this value (always without one). */
  boolean kept(double value) {
    return options.keepOp == null || options.keepOp.apply(value, options.keepScalar) != 0;
  }
}
