package tabulo.kernel;

/** How a matrix column maps to a table column: the qualifier of the empty family, else family:qualifier. */
public final class Columns {
  private Columns() {}

  public static byte[] key(byte[] family, byte[] qualifier) {
    if (family.length == 0) {
      return qualifier;
    }
    byte[] k = new byte[family.length + 1 + qualifier.length];
    System.arraycopy(family, 0, k, 0, family.length);
    k[family.length] = ':';
    System.arraycopy(qualifier, 0, k, family.length + 1, qualifier.length);
    return k;
  }

  /**
   * A column (family, qualifier) as one qualifier, for tables that hold several matrices under their own
   * families (the single-table layout): the family with each 0 byte written 0 0xff, then 0 0, then the
   * qualifier. Columns keep their order, and {@link #unnest} gives them back.
   */
  public static byte[] nest(byte[] family, byte[] qualifier) {
    int zeros = 0;
    for (byte b : family) {
      zeros += b == 0 ? 1 : 0;
    }
    byte[] out = new byte[family.length + zeros + 2 + qualifier.length];
    int p = 0;
    for (byte b : family) {
      out[p++] = b;
      if (b == 0) {
        out[p++] = (byte) 0xff;
      }
    }
    out[p++] = 0;
    out[p++] = 0;
    System.arraycopy(qualifier, 0, out, p, qualifier.length);
    return out;
  }

  /** {family, qualifier} of a {@link #nest}ed column; an error for bytes no nest made. */
  public static byte[][] unnest(byte[] nested) {
    java.io.ByteArrayOutputStream family = new java.io.ByteArrayOutputStream();
    for (int p = 0; p + 1 < nested.length; p++) {
      if (nested[p] != 0) {
        family.write(nested[p]);
      } else if (nested[p + 1] == (byte) 0xff) {
        family.write(0);
        p++;
      } else if (nested[p + 1] == 0) {
        return new byte[][] {family.toByteArray(), java.util.Arrays.copyOfRange(nested, p + 2, nested.length)};
      } else {
        break;
      }
    }
    throw new IllegalArgumentException("not a nested column: " + new String(nested,
        java.nio.charset.StandardCharsets.UTF_8));
  }
}
