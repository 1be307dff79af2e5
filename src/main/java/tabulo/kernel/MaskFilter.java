package tabulo.kernel;

import java.util.Arrays;

/**
 * C&lt;M&gt; inside a kernel: whether a cell of output row i may be written, given row i of the mask M.
 * A valued mask admits columns with a non-zero value, a structural one (read as all ones) every stored
 * column; the complement admits the rest. An admitted cell also carries the label of the mask cell that
 * admitted it, so C never shows a reader a key only M could tell them of.
 */
public final class MaskFilter {
  private static final byte[] NONE = new byte[0];
  private final boolean complement;
  private final Visibilities visibilities = new Visibilities();

  public MaskFilter(boolean complement) {
    this.complement = complement;
  }

  /** The visibility the cell must carry (its own and the mask's), or null when the mask excludes it. */
  public byte[] admit(MatrixRow mask, byte[] family, byte[] qualifier, byte[] visibility) {
    byte[] label = null; // the mask cell's label when one admits
    if (mask != null) {
      int at = find(mask, family, qualifier);
      for (int e = at; e >= 0 && e < mask.size && sameColumn(mask, e, family, qualifier); e++) {
        if (mask.values[e] != 0) {
          label = label == null || mask.visibilities[e].length == 0 ? mask.visibilities[e] : either(label,
              mask.visibilities[e]);
        }
      }
    }
    if (complement) {
      return label == null ? visibility : null;
    }
    if (label == null) {
      return null;
    }
    return label.length == 0 ? visibility : visibilities.and(visibility, label).getExpression();
  }

  /** Two labels either of which lets a reader see the mask's entry. */
  private static byte[] either(byte[] a, byte[] b) {
    if (a.length == 0) {
      return NONE;
    }
    return ("(" + new String(a, java.nio.charset.StandardCharsets.UTF_8) + ")|("
        + new String(b, java.nio.charset.StandardCharsets.UTF_8) + ")").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** The first entry of the column in the row (entries are in key order), or -1. */
  private static int find(MatrixRow r, byte[] family, byte[] qualifier) {
    int lo = 0;
    int hi = r.size - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = compare(r, mid, family, qualifier);
      if (c < 0) {
        lo = mid + 1;
      } else {
        if (c == 0) {
          found = mid;
        }
        hi = mid - 1;
      }
    }
    return found;
  }

  private static int compare(MatrixRow r, int e, byte[] family, byte[] qualifier) {
    int c = Arrays.compareUnsigned(r.families[e], family);
    return c != 0 ? c : Arrays.compareUnsigned(r.qualifiers[e], qualifier);
  }

  private static boolean sameColumn(MatrixRow r, int e, byte[] family, byte[] qualifier) {
    return compare(r, e, family, qualifier) == 0;
  }
}
