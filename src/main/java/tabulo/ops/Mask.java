package tabulo.ops;

/**
 * C&lt;M&gt; as in GraphBLAS: where a result may be written. By default the keys where M holds a value
 * that is not zero; {@link #structure} every key M holds; {@link #complement} the other keys.
 */
public record Mask(Matrix matrix, boolean structural, boolean complemented) {
  public static Mask of(Matrix m) {
    return new Mask(m, false, false);
  }

  /** Keys M holds, whatever their values (which need not be numbers). */
  public Mask structure() {
    return new Mask(matrix, true, complemented);
  }

  /** The keys the mask excludes instead. */
  public Mask complement() {
    return new Mask(matrix, structural, !complemented);
  }

  @Override
  public String toString() {
    return (complemented ? "!" : "") + (structural ? "struct(" : "") + matrix.table() + (structural ? ")" : "");
  }
}
