package tabulo.python;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

import tabulo.d4m.KeyOrder;
import tabulo.d4m.TableCells;
import tabulo.math.DecimalCodec;

import java.nio.charset.StandardCharsets;

/**
 * The cells a query read, shaped for Python in bulk: the distinct row keys, column keys and (for string
 * values) values, each sorted and sent once as a {@link KeyList}, and per cell an index into them. Values
 * are numbers when every value read is one ({@link DecimalCodec#isNumber}: D4M reads numbers back as
 * numbers, NaN and Infinity too), else strings.
 */
public final class QueryResult {
  private final String[] rows;
  private final int[] rowIndex;
  private final String[] cols;
  private final int[] colIndex;
  private final double[] numbers; // null: string values
  private final String[] strings;
  private final int[] stringIndex;

  private QueryResult(KeyIds rows, KeyIds cols, double[] numbers, KeyIds strings) {
    this.rows = rows.sortedKeys();
    this.rowIndex = rows.sortedIndex();
    this.cols = cols.sortedKeys();
    this.colIndex = cols.sortedIndex();
    this.numbers = numbers;
    this.strings = strings == null ? null : strings.sortedKeys();
    this.stringIndex = strings == null ? null : strings.sortedIndex();
  }

  /**
   * Reads every cell of the rows kept; with {@code swap}, each cell's row becomes its column and its
   * column its row.
   */
  static QueryResult read(TableCells cells, boolean swap, Predicate<String> keepRow) {
    KeyIds rows = new KeyIds();
    KeyIds cols = new KeyIds();
    KeyIds values = new KeyIds();
    byte[][] raw = new byte[1 << 10][];
    boolean allNumbers = true;
    int n = 0;
    while (cells.hasNext()) {
      TableCells.D4mCell c = cells.next();
      if (!keepRow.test(c.row())) {
        continue;
      }
      rows.add(swap ? c.col() : c.row());
      cols.add(swap ? c.row() : c.col());
      byte[] v = c.value();
      allNumbers &= v.length > 0 && DecimalCodec.isNumber(v, 0, v.length);
      if (n == raw.length) {
        raw = Arrays.copyOf(raw, 2 * n);
      }
      raw[n++] = v;
    }
    if (allNumbers) {
      double[] numbers = new double[n];
      for (int i = 0; i < n; i++) {
        numbers[i] = DecimalCodec.INSTANCE.decode(raw[i], 0, raw[i].length);
      }
      return new QueryResult(rows, cols, numbers, null);
    }
    for (int i = 0; i < n; i++) {
      values.add(new String(raw[i], StandardCharsets.UTF_8));
    }
    return new QueryResult(rows, cols, null, values);
  }

  public int size() {
    return rowIndex.length;
  }

  public int rowCount() {
    return rows.length;
  }

  /** The distinct row keys joined (see {@link KeyList}), or null when one holds a NUL: use {@link #rowsArray}. */
  public byte[] rowsJoined() {
    return KeyList.join(rows);
  }

  public String[] rowsArray() {
    return rows;
  }

  public int[] rowIndex() {
    return rowIndex;
  }

  public int colCount() {
    return cols.length;
  }

  public byte[] colsJoined() {
    return KeyList.join(cols);
  }

  public String[] colsArray() {
    return cols;
  }

  public int[] colIndex() {
    return colIndex;
  }

  /** The values when all are numbers, else null. */
  public double[] numbers() {
    return numbers;
  }

  public int stringCount() {
    return strings == null ? 0 : strings.length;
  }

  public byte[] stringsJoined() {
    return KeyList.join(strings);
  }

  public String[] stringsArray() {
    return strings;
  }

  public int[] stringIndex() {
    return stringIndex;
  }

  /** Ids for distinct keys in the order first seen, renumbered in key order at the end. */
  private static final class KeyIds {
    private final Map<String, Integer> ids = new HashMap<>();
    private String[] keys = new String[16];
    private int[] index = new int[1 << 10];
    private int count;
    private int[] sortedIndex;
    private String[] sortedKeys;

    private String last;
    private int lastId;

    void add(String key) {
      if (key.equals(last)) { // rows arrive sorted: most keys repeat the one before
        addId(lastId);
        return;
      }
      Integer id = ids.get(key);
      if (id == null) {
        id = ids.size();
        ids.put(key, id);
        if (id == keys.length) {
          keys = Arrays.copyOf(keys, 2 * id);
        }
        keys[id] = key;
      }
      last = key;
      lastId = id;
      addId(id);
    }

    private void addId(int id) {
      if (count == index.length) {
        index = Arrays.copyOf(index, 2 * count);
      }
      index[count++] = id;
    }

    String[] sortedKeys() {
      sort();
      return sortedKeys;
    }

    int[] sortedIndex() {
      sort();
      return sortedIndex;
    }

    private void sort() {
      if (sortedKeys != null) {
        return;
      }
      int distinct = ids.size();
      Integer[] order = new Integer[distinct];
      for (int i = 0; i < distinct; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> KeyOrder.compare(keys[a], keys[b]));
      int[] newId = new int[distinct];
      sortedKeys = new String[distinct];
      for (int i = 0; i < distinct; i++) {
        newId[order[i]] = i;
        sortedKeys[i] = keys[order[i]];
      }
      sortedIndex = new int[count];
      for (int i = 0; i < count; i++) {
        sortedIndex[i] = newId[index[i]];
      }
    }
  }
}
