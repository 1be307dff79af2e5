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
}
