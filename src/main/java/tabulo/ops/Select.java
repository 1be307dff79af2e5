package tabulo.ops;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import tabulo.kernel.Columns;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.DecimalCodec;
import tabulo.select.KeySpec;

/**
 * Which entries {@link Matrix#select} keeps (GraphBLAS's select, with D4M's row and column selection):
 * a test on each entry's keys or value, within some rows and columns. Keys compare as unsigned bytes,
 * the row key against the column key (the qualifier when the family is empty, else family:qualifier), as
 * GraphBLAS compares indices: {@link #TRIL} keeps column &lt;= row, {@link #TRIU} column &gt;= row,
 * {@link #LOWER} column &lt; row, {@link #UPPER} column &gt; row, {@link #DIAG} column == row,
 * {@link #OFFDIAG} column != row. {@code gt(x)} and its kin keep entries
 * whose value compares so against {@code x}. {@link #rows}/{@link #cols} restrict any of them to
 * keys a D4M spec selects (only those are read): {@code Select.ALL.rows(KeySpec.parse("a,:,b,"))}.
 */
public final class Select {
  /** The test on one entry: its row key, its column key, its value. */
  private interface Test {
    boolean keeps(byte[] row, byte[] column, double value);
  }

  /** Every entry (restrict it with {@link #rows} and {@link #cols}). */
  public static final Select ALL = new Select("all", null, (row, column, value) -> true, KeySpec.all(), KeySpec.all());
  /** Lower triangle and diagonal: column key &lt;= row key (GraphBLAS TRIL, k = 0). */
  public static final Select TRIL = keys("tril", c -> c <= 0);
  /** Upper triangle and diagonal: column key &gt;= row key (GraphBLAS TRIU, k = 0). */
  public static final Select TRIU = keys("triu", c -> c >= 0);
  /** Strictly lower triangle: column key &lt; row key (GraphBLAS TRIL, k = -1). */
  public static final Select LOWER = keys("lower", c -> c < 0);
  /** Strictly upper triangle: column key &gt; row key (GraphBLAS TRIU, k = 1). */
  public static final Select UPPER = keys("upper", c -> c > 0);
  /** The diagonal: column key == row key. */
  public static final Select DIAG = keys("diag", c -> c == 0);
  /** Off the diagonal: column key != row key. */
  public static final Select OFFDIAG = keys("offdiag", c -> c != 0);

  private static final Map<String, Select> BY_KEYS = Map.of("all", ALL, "tril", TRIL, "triu", TRIU, "lower", LOWER,
      "upper", UPPER, "diag", DIAG, "offdiag", OFFDIAG);
  private static final List<BinaryOp> COMPARISONS = List.of(BinaryOps.EQ, BinaryOps.NE, BinaryOps.GT, BinaryOps.GE,
      BinaryOps.LT, BinaryOps.LE);

  private final String name;
  private final Double scalar; // of a value test, else null
  private final Test test;
  private final KeySpec rows;
  private final KeySpec cols;

  private Select(String name, Double scalar, Test test, KeySpec rows, KeySpec cols) {
    this.name = name;
    this.scalar = scalar;
    this.test = test;
    this.rows = rows;
    this.cols = cols;
  }

  /** A test comparing the column key with the row key ({@code c} is their unsigned comparison). */
  private interface KeyOrder {
    boolean keeps(int c);
  }

  private static Select keys(String name, KeyOrder order) {
    return new Select(name, null, (row, column, value) -> order.keeps(Arrays.compareUnsigned(column, row)),
        KeySpec.all(), KeySpec.all());
  }

  /** Entries whose value {@code op(value, x)} is true (not zero): one of eq ne gt ge lt le. */
  private static Select value(BinaryOp op, double x) {
    return new Select(op.name(), x, (row, column, value) -> op.apply(value, x) != 0, KeySpec.all(), KeySpec.all());
  }

  public static Select eq(double x) {
    return value(BinaryOps.EQ, x);
  }

  public static Select ne(double x) {
    return value(BinaryOps.NE, x);
  }

  public static Select gt(double x) {
    return value(BinaryOps.GT, x);
  }

  public static Select ge(double x) {
    return value(BinaryOps.GE, x);
  }

  public static Select lt(double x) {
    return value(BinaryOps.LT, x);
  }

  public static Select le(double x) {
    return value(BinaryOps.LE, x);
  }

  /**
   * The selection of this name: {@code tril triu lower upper diag offdiag all} take no scalar, {@code eq ne gt ge lt
   * le} need one; else {@link IllegalArgumentException} saying what is wrong.
   */
  public static Select named(String name, Double scalar) {
    Select keys = BY_KEYS.get(name);
    if (keys != null) {
      if (scalar != null) {
        throw new IllegalArgumentException("select " + name + " compares keys and takes no scalar");
      }
      return keys;
    }
    for (BinaryOp op : COMPARISONS) {
      if (op.name().equals(name)) {
        if (scalar == null) {
          throw new IllegalArgumentException("select " + name + " compares each value with a scalar: give one");
        }
        return value(op, scalar);
      }
    }
    TreeSet<String> known = new TreeSet<>(BY_KEYS.keySet());
    COMPARISONS.forEach(op -> known.add(op.name()));
    throw new IllegalArgumentException("unknown select operator '" + name + "'; known: " + String.join(", ", known));
  }

  /** The same test, on the rows {@code spec} selects only. */
  public Select rows(KeySpec spec) {
    return new Select(name, scalar, test, spec, cols);
  }

  /** The same test, on the columns {@code spec} selects only. */
  public Select cols(KeySpec spec) {
    return new Select(name, scalar, test, rows, spec);
  }

  public KeySpec rows() {
    return rows;
  }

  public KeySpec cols() {
    return cols;
  }

  /** Whether the entry at {@code row}, column {@code family:qualifier}, holding {@code value} is kept. */
  boolean keeps(byte[] row, byte[] family, byte[] qualifier, double value) {
    // ALL reads no key
    return test == ALL.test || test.keeps(row, Columns.key(family, qualifier), value);
  }

  /** The test as kernel options (the rows and columns travel as the input's selection). */
  Map<String, String> encode() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("select", name);
    if (scalar != null) {
      m.put("scalar", Double.toString(scalar)); // exact: parseDouble reads back the same double
    }
    return m;
  }

  static Select decode(Map<String, String> m) {
    String s = m.get("scalar");
    return named(m.get("select"), s == null ? null : Double.parseDouble(s));
  }

  @Override
  public String toString() {
    String s = scalar == null ? name : name + " " + DecimalCodec.format(scalar);
    if (!rows.isAll()) {
      s += " rows " + rows;
    }
    return cols.isAll() ? s : s + " cols " + cols;
  }
}
