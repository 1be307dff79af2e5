package tabulo.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.Semiring;
import tabulo.math.UnaryOp;
import tabulo.select.KeySpec;

/**
 * A D4M associative array: an immutable sparse matrix whose rows and columns are string keys, sorted
 * in UTF-8 byte order (Accumulo's), and whose values are all numbers (double) or all strings.
 *
 * <p>Conventions, as in D4M: a numeric array never stores 0 (zero is absence, so {@code A.minus(A)} is
 * empty); every row and column key has at least one entry (results are condensed). Operations that
 * need numbers ({@link #plus} of a number and a string array, {@link #minus}, {@link #times},
 * {@link #mxm}, {@link #sum}, the GraphBLAS-style {@link #ewiseAdd}, {@link #ewiseMult}, {@link #apply},
 * {@link #reduceRows}, {@link #reduceCols}) first turn a string array into its {@link #logical} (every
 * value 1). {@link #and} and {@link #or} keep the smaller value where both arrays have an entry
 * (numerically, or in UTF-8 order for two string arrays): D4M's {@code &} and {@code |}.
 *
 * <p>The GraphBLAS-style operations take the same operator values as the table kernels
 * ({@link BinaryOp}, {@link UnaryOp}, {@link Monoid} from {@code tabulo.math}).
 */
public final class Assoc {
  // The representation, compressed sparse rows over sorted keys; shared read-only with the package's
  // Assoc* classes (AssocAssembly, AssocSelect, AssocMerge, AssocAlgebra), never mutated after construction.
  final String[] rows;
  final String[] cols;
  final int[] rowStart;
  final int[] colIndex;
  final double[] numbers; // null for a string array
  final String[] texts; // null for a numeric array

  /** One entry; {@code string} is null in a numeric array. */
  public record Triple(String row, String col, double number, String string) {
    /** The value as text: the string, or the number in D4M's decimal form ({@code 7}, {@code 2.5}). */
    public String text() {
      return string != null ? string : DecimalCodec.format(number);
    }
  }

  /** Comparisons for {@link #where}. */
  public enum Compare {
    EQ, NE, LT, LE, GT, GE;

    boolean holds(int c) {
      return switch (this) {
        case EQ -> c == 0;
        case NE -> c != 0;
        case LT -> c < 0;
        case LE -> c <= 0;
        case GT -> c > 0;
        case GE -> c >= 0;
      };
    }
  }

  /** Takes the arrays as they are, unchecked and uncopied: for the package's assembly and algebra. */
  Assoc(String[] rows, String[] cols, int[] rowStart, int[] colIndex, double[] numbers, String[] texts) {
    this.rows = rows;
    this.cols = cols;
    this.rowStart = rowStart;
    this.colIndex = colIndex;
    this.numbers = numbers;
    this.texts = texts;
  }

  /** The empty (numeric) array. */
  public static Assoc empty() {
    return new Assoc(new String[0], new String[0], new int[1], new int[0], new double[0], null);
  }

  public static Builder builder() {
    return new Builder();
  }

  // ------------------------------------------------------------------ shape and access

  public int nnz() {
    return colIndex.length;
  }

  /** {rows, columns}: the number of distinct row and column keys. */
  public int[] size() {
    return new int[] {rows.length, cols.length};
  }

  public boolean isEmpty() {
    return nnz() == 0;
  }

  public boolean isString() {
    return texts != null;
  }

  public List<String> rowKeys() {
    return List.of(rows);
  }

  public List<String> colKeys() {
    return List.of(cols);
  }

  /** The number at (row, col), 0 when absent; a string array answers 1 for a present entry. */
  public double number(String row, String col) {
    int p = find(row, col);
    return p < 0 ? 0 : texts != null ? 1 : numbers[p];
  }

  /** The value at (row, col) as text, or null when absent. */
  public String text(String row, String col) {
    int p = find(row, col);
    return p < 0 ? null : texts != null ? texts[p] : DecimalCodec.format(numbers[p]);
  }

  private int find(String row, String col) {
    int i = Arrays.binarySearch(rows, row, KeyOrder.UTF8);
    int j = Arrays.binarySearch(cols, col, KeyOrder.UTF8);
    if (i < 0 || j < 0) {
      return -1;
    }
    int p = Arrays.binarySearch(colIndex, rowStart[i], rowStart[i + 1], j);
    return p < 0 ? -1 : p;
  }

  /** Every entry, row by row, columns increasing. */
  public List<Triple> cells() {
    List<Triple> out = new ArrayList<>(nnz());
    for (int i = 0; i < rows.length; i++) {
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        out.add(cell(i, p));
      }
    }
    return out;
  }

  private Triple cell(int i, int p) {
    return texts != null ? new Triple(rows[i], cols[colIndex[p]], 0, texts[p])
        : new Triple(rows[i], cols[colIndex[p]], numbers[p], null);
  }

  // ------------------------------------------------------------------ indexing

  /** A(rows, cols) in D4M syntax: the entries whose row matches {@code rowSpec} and column {@code colSpec}. */
  public Assoc get(KeySpec rowSpec, KeySpec colSpec) {
    return AssocSelect.byKeys(this, rowSpec, colSpec);
  }

  /** {@code get(KeySpec.parse(rowSpec), KeySpec.parse(colSpec))}, e.g. {@code A.get("a,:,c,", ":")}. */
  public Assoc get(String rowSpec, String colSpec) {
    return get(KeySpec.parse(rowSpec), KeySpec.parse(colSpec));
  }

  /**
   * A by position: rows and columns at these 0-based positions of {@link #rowKeys()} and
   * {@link #colKeys()} (null: all). Positions out of range are ignored.
   */
  public Assoc get(int[] rowPositions, int[] colPositions) {
    return AssocSelect.byPositions(this, rowPositions, colPositions);
  }

  /** The entries of a numeric array whose value compares to {@code x} as asked (D4M's {@code A > x}); values kept. */
  public Assoc where(Compare op, double x) {
    return AssocSelect.where(this, op, x);
  }

  /** The entries of a string array whose value compares to {@code x} in UTF-8 order; values kept. */
  public Assoc where(Compare op, String x) {
    return AssocSelect.where(this, op, x);
  }

  interface PositionConsumer {
    void accept(int row, int p);
  }

  /** Every stored entry's row index and position, row by row, columns increasing. */
  void forEachPosition(PositionConsumer c) {
    for (int i = 0; i < rows.length; i++) {
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        c.accept(i, p);
      }
    }
  }

  // ------------------------------------------------------------------ element-wise algebra

  /** A + B: the union; sums where both have an entry. Two string arrays: {@link #or}, as in D4M. */
  public Assoc plus(Assoc b) {
    if (isString() && b.isString()) {
      return or(b);
    }
    return ewiseAdd(b, BinaryOps.PLUS);
  }

  /**
   * A - B: the union; B's values negated. Not {@code ewiseAdd(b, MINUS)}, which, as GraphBLAS's eWiseAdd,
   * would keep B's value unnegated where A has none.
   */
  public Assoc minus(Assoc b) {
    return AssocMerge.minus(this, b);
  }

  /** A .* B: the intersection, values multiplied. */
  public Assoc times(Assoc b) {
    return ewiseMult(b, BinaryOps.TIMES);
  }

  /** A &amp; B: the intersection, keeping the smaller value (D4M's {@code and}). */
  public Assoc and(Assoc b) {
    return AssocMerge.min(this, b, false);
  }

  /** A | B: the union, keeping the smaller value where both have one (D4M's {@code or}). */
  public Assoc or(Assoc b) {
    return AssocMerge.min(this, b, true);
  }

  /**
   * GraphBLAS's eWiseAdd: the union of the entries; {@code op(a, b)} where both arrays have one, the
   * lone value as it is where only one has. A string array counts as its {@link #logical}; results equal
   * to 0 are not stored (so {@code ewiseAdd(b, EQ)} keeps only the equal pairs and the lone entries).
   */
  public Assoc ewiseAdd(Assoc b, BinaryOp op) {
    return AssocMerge.ewiseAdd(this, b, op);
  }

  /**
   * GraphBLAS's eWiseMult: the intersection of the entries, {@code op(a, b)} at each. A string array
   * counts as its {@link #logical}; results equal to 0 are not stored.
   */
  public Assoc ewiseMult(Assoc b, BinaryOp op) {
    return AssocMerge.ewiseMult(this, b, op);
  }

  /**
   * GraphBLAS's apply: {@code op} on every stored value (absent entries stay absent, whatever
   * {@code op(0)} is); results equal to 0 are not stored. A string array counts as its {@link #logical}.
   * With a scalar: {@code apply(BinaryOps.bindSecond(BinaryOps.TIMES, 2))}.
   */
  public Assoc apply(UnaryOp op) {
    return AssocAlgebra.apply(this, op);
  }

  /** This array with numeric values: itself, or its {@link #logical} for a string array. */
  Assoc numeric() {
    return isString() ? logical() : this;
  }

  /** Every value 1 (D4M's {@code logical} / {@code double(logical(A))}). */
  public Assoc logical() {
    double[] ones = new double[nnz()];
    Arrays.fill(ones, 1.0);
    return new Assoc(rows, cols, rowStart, colIndex, ones, null);
  }

  // ------------------------------------------------------------------ matrix algebra

  /** A^T: rows become columns. */
  public Assoc transpose() {
    return AssocAlgebra.transpose(this);
  }

  /**
   * C = A (+.x) B over the semiring, matching A's column keys with B's row keys. The keys are
   * dictionary-encoded and the product computed by {@link CsrMatrix#mxm}; entries equal to 0 are dropped.
   */
  public Assoc mxm(Assoc b, Semiring semiring) {
    return AssocAlgebra.mxm(this, b, semiring);
  }

  /**
   * Sums along a dimension, as D4M's {@code sum(A, dim)}: 1 adds up each column (one row, keyed ""),
   * 2 adds up each row (one column, keyed "").
   */
  public Assoc sum(int dim) {
    if (dim != 1 && dim != 2) {
      throw new IllegalArgumentException("dimension must be 1 or 2, got " + dim);
    }
    return dim == 2 ? reduceRows(Monoids.PLUS) : reduceCols(Monoids.PLUS);
  }

  /**
   * GraphBLAS's reduce to a column vector: each row's stored values folded with {@code m}, from its
   * identity, in column order; one column keyed "". Results equal to 0 are not stored.
   */
  public Assoc reduceRows(Monoid m) {
    return AssocAlgebra.reduceRows(this, m);
  }

  /**
   * Reduces each column: its stored values folded with {@code m}, from its identity, in row order; one
   * row keyed "". Results equal to 0 are not stored.
   */
  public Assoc reduceCols(Monoid m) {
    return AssocAlgebra.reduceCols(this, m);
  }

  // ------------------------------------------------------------------ D4M schema

  /** D4M's val2col: A(r, c) = v becomes A(r, c + sep + v) = 1 (the exploded form of the D4M 2.0 schema). */
  public Assoc val2col(String separator) {
    Builder b = builder();
    for (Triple c : cells()) {
      b.add(c.row(), c.col() + separator + c.text(), 1.0);
    }
    return b.build(Collision.SUM);
  }

  /**
   * D4M's col2type: column {@code c + sep + v} becomes column c with string value v (split at the first
   * separator); two values for one (row, c) keep the smaller. A column without the separator is an error.
   */
  public Assoc col2type(String separator) {
    Builder b = builder();
    for (Triple c : cells()) {
      int at = c.col().indexOf(separator);
      if (at < 0) {
        throw new IllegalArgumentException("column '" + c.col() + "' has no separator '" + separator + "'");
      }
      b.add(c.row(), c.col().substring(0, at), c.col().substring(at + separator.length()));
    }
    return b.build(Collision.MIN);
  }

  // ------------------------------------------------------------------ equality and printing

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Assoc a)) {
      return false;
    }
    return Arrays.equals(rows, a.rows) && Arrays.equals(cols, a.cols) && Arrays.equals(rowStart, a.rowStart)
        && Arrays.equals(colIndex, a.colIndex) && Arrays.equals(numbers, a.numbers) && Arrays.equals(texts, a.texts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(rows), Arrays.hashCode(cols), Arrays.hashCode(colIndex),
        Arrays.hashCode(numbers), Arrays.hashCode(texts));
  }

  /** A readable printout: a grid of rows by columns when it is small, else one line per entry. */
  @Override
  public String toString() {
    return AssocPrinter.print(this, 12, 200);
  }

  // ------------------------------------------------------------------ building

  /** Collects triples, then sorts them into an array, combining values for the same (row, column). */
  public static final class Builder {
    private final List<String> rowList = new ArrayList<>();
    private final List<String> colList = new ArrayList<>();
    private double[] nums = new double[16];
    private final List<String> strs = new ArrayList<>();
    private Boolean strings; // unknown until the first value

    public Builder add(String row, String col, double value) {
      kind(false);
      if (rowList.size() == nums.length) {
        nums = Arrays.copyOf(nums, nums.length * 2);
      }
      nums[rowList.size()] = value;
      rowList.add(Objects.requireNonNull(row, "row"));
      colList.add(Objects.requireNonNull(col, "col"));
      return this;
    }

    public Builder add(String row, String col, String value) {
      kind(true);
      strs.add(Objects.requireNonNull(value, "value"));
      rowList.add(Objects.requireNonNull(row, "row"));
      colList.add(Objects.requireNonNull(col, "col"));
      return this;
    }

    private void kind(boolean isString) {
      if (strings == null) {
        strings = isString;
      } else if (strings != isString) {
        throw new IllegalArgumentException("an associative array holds numbers or strings, not both");
      }
    }

    public int size() {
      return rowList.size();
    }

    /** Keeps the smaller value, numbers and strings alike (D4M.py's default, {@code Assoc(r, c, v)}). */
    public Assoc build() {
      return build(Collision.MIN);
    }

    public Assoc build(Collision collision) {
      return AssocAssembly.sorted(rowList, colList, nums, strs, strings != null && strings, collision);
    }
  }
}
