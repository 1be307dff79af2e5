package tabulo.ops.mxm;

/**
 * The last step of a row-by-row cell of C, on both the plain and the labelled path: the value written
 * (the product's, or through the epilogue) and whether the fused select writes it.
 */
final class CellFinish {
  private final MxmOptions options;

  CellFinish(MxmOptions options) {
    this.options = options;
  }

  /** The value written for C(batch row i, column j): the product's, or through the epilogue ({@code x}: its vector). */
  double value(BatchVector x, int i, int j, double value, byte[] rowKey, BRows bRows) {
    return x == null ? value : x.finish(options.epilogue, i, j, value, rowKey, bRows.keys[j], options.epilogueVector);
  }

  /** Whether the fused select ({@link MxmOptions#select}) writes a cell of this value (always without one). */
  boolean kept(double value) {
    return options.selectOp == null || options.selectOp.apply(value, options.selectScalar) != 0;
  }
}
