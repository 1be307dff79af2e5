package tabulo.ingest;

import java.util.Arrays;

/**
 * One parsed line of Tabulo's TSV cell format (see {@link TsvCodec}). {@code visibility} is null when the
 * line has no visibility field (an empty field gives an empty array), so callers can tell "absent" from
 * "explicitly public".
 */
public record TsvCell(byte[] row, byte[] family, byte[] qualifier, byte[] value, byte[] visibility) {
  public boolean hasVisibility() {
    return visibility != null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TsvCell c && Arrays.equals(row, c.row) && Arrays.equals(family, c.family)
        && Arrays.equals(qualifier, c.qualifier) && Arrays.equals(value, c.value)
        && Arrays.equals(visibility, c.visibility);
  }

  @Override
  public int hashCode() {
    int h = Arrays.hashCode(row);
    h = 31 * h + Arrays.hashCode(family);
    h = 31 * h + Arrays.hashCode(qualifier);
    h = 31 * h + Arrays.hashCode(value);
    return 31 * h + Arrays.hashCode(visibility);
  }

  @Override
  public String toString() {
    String line = TsvCodec.escape(row) + "\t" + TsvCodec.formatColumn(family, qualifier) + "\t"
        + TsvCodec.escape(value);
    return "TsvCell[" + (visibility == null ? line : line + "\t" + TsvCodec.escape(visibility)) + "]";
  }
}
