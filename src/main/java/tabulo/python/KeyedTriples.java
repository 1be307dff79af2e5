package tabulo.python;

import tabulo.math.DecimalCodec;

/**
 * Triples sent from Python to be written, in bulk: the distinct row keys, column keys and string values
 * each once, and per triple an index into them (or a number). Keys arrive as {@link KeyList}s.
 */
public final class KeyedTriples {
  private byte[][] rowKeys = new byte[0][];
  private int[] rowIndex = new int[0];
  private byte[][] colKeys = new byte[0][];
  private int[] colIndex = new int[0];
  private double[] numbers;
  private byte[][] valueKeys;
  private int[] valueIndex;

  public KeyedTriples rowsJoined(byte[] joined, int count, int[] index) {
    return rows(KeyList.split(joined, count), index);
  }

  public KeyedTriples rowsArray(String[] keys, int[] index) {
    return rows(KeyList.utf8(keys), index);
  }

  public KeyedTriples colsJoined(byte[] joined, int count, int[] index) {
    return cols(KeyList.split(joined, count), index);
  }

  public KeyedTriples colsArray(String[] keys, int[] index) {
    return cols(KeyList.utf8(keys), index);
  }

  /** Numeric values, one per triple, stored as decimal text. */
  public KeyedTriples numbers(double[] values) {
    this.numbers = values;
    this.valueKeys = null;
    return this;
  }

  public KeyedTriples stringsJoined(byte[] joined, int count, int[] index) {
    return strings(KeyList.split(joined, count), index);
  }

  public KeyedTriples stringsArray(String[] values, int[] index) {
    return strings(KeyList.utf8(values), index);
  }

  private KeyedTriples rows(byte[][] keys, int[] index) {
    this.rowKeys = keys;
    this.rowIndex = index;
    return this;
  }

  private KeyedTriples cols(byte[][] keys, int[] index) {
    this.colKeys = keys;
    this.colIndex = index;
    return this;
  }

  private KeyedTriples strings(byte[][] values, int[] index) {
    this.valueKeys = values;
    this.valueIndex = index;
    this.numbers = null;
    return this;
  }

  /** The number of triples; checks that every part has one entry per triple and every index is in range. */
  public int size() {
    int n = rowIndex.length;
    int values = numbers != null ? numbers.length : valueIndex != null ? valueIndex.length : -1;
    if (values < 0) {
      throw new IllegalArgumentException("triples without values");
    }
    if (colIndex.length != n || values != n) {
      throw new IllegalArgumentException("rows, cols and vals must have one entry per triple, got " + n + ", "
          + colIndex.length + " and " + values);
    }
    checkRange("row", rowIndex, rowKeys.length);
    checkRange("col", colIndex, colKeys.length);
    if (valueIndex != null) {
      checkRange("val", valueIndex, valueKeys.length);
    }
    return n;
  }

  private static void checkRange(String what, int[] index, int keys) {
    for (int i : index) {
      if (i < 0 || i >= keys) {
        throw new IllegalArgumentException(what + " index " + i + " out of range 0.." + (keys - 1));
      }
    }
  }

  byte[] row(int i) {
    return rowKeys[rowIndex[i]];
  }

  byte[] col(int i) {
    return colKeys[colIndex[i]];
  }

  byte[] value(int i) {
    return numbers != null ? DecimalCodec.INSTANCE.encode(numbers[i]) : valueKeys[valueIndex[i]];
  }
}
