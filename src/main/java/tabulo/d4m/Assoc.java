package tabulo.d4m;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.CsrMatrix;
import tabulo.math.DecimalCodec;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.math.Semiring;
import tabulo.math.Triples;
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
  private final String[] rows;
  private final String[] cols;
  private final int[] rowStart;
  private final int[] colIndex;
  private final double[] numbers; // null for a string array
  private final String[] texts; // null for a numeric array

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

  private Assoc(String[] rows, String[] cols, int[] rowStart, int[] colIndex, double[] numbers, String[] texts) {
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

  /**
   * Entries given in (row, column) order over the key spaces {@code rowKeys} and {@code colKeys}, kept
   * only for the keys that have an entry.
   */
  static Assoc condensed(String[] rowKeys, String[] colKeys, AssocEntries e) {
    boolean[] usedRow = new boolean[rowKeys.length];
    boolean[] usedCol = new boolean[colKeys.length];
    for (int p = 0; p < e.size; p++) {
      usedRow[e.rows[p]] = true;
      usedCol[e.cols[p]] = true;
    }
    int[] newRow = renumber(usedRow);
    int[] newCol = renumber(usedCol);
    String[] r = kept(rowKeys, usedRow);
    String[] c = kept(colKeys, usedCol);
    int[] start = new int[r.length + 1];
    int[] ci = new int[e.size];
    for (int p = 0; p < e.size; p++) {
      start[newRow[e.rows[p]] + 1]++;
      ci[p] = newCol[e.cols[p]];
    }
    for (int i = 0; i < r.length; i++) {
      start[i + 1] += start[i];
    }
    double[] nums = e.strings() ? null : Arrays.copyOf(e.numbers, e.size);
    String[] strs = e.strings() ? Arrays.copyOf(e.texts, e.size) : null;
    return new Assoc(r, c, start, ci, nums, strs);
  }

  private static int[] renumber(boolean[] used) {
    int[] at = new int[used.length];
    int n = 0;
    for (int i = 0; i < used.length; i++) {
      at[i] = used[i] ? n++ : -1;
    }
    return at;
  }

  private static String[] kept(String[] keys, boolean[] used) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      if (used[i]) {
        out.add(keys[i]);
      }
    }
    return out.toArray(new String[0]);
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
    boolean[] keepRow = new boolean[rows.length];
    boolean[] keepCol = new boolean[cols.length];
    for (int i = 0; i < rows.length; i++) {
      keepRow[i] = rowSpec.matches(rows[i]);
    }
    for (int j = 0; j < cols.length; j++) {
      keepCol[j] = colSpec.matches(cols[j]);
    }
    return masked(keepRow, keepCol);
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
    return masked(mask(rowPositions, rows.length), mask(colPositions, cols.length));
  }

  private static boolean[] mask(int[] positions, int n) {
    boolean[] m = new boolean[n];
    if (positions == null) {
      Arrays.fill(m, true);
    } else {
      for (int p : positions) {
        if (p >= 0 && p < n) {
          m[p] = true;
        }
      }
    }
    return m;
  }

  private Assoc masked(boolean[] keepRow, boolean[] keepCol) {
    AssocEntries e = new AssocEntries(isString());
    for (int i = 0; i < rows.length; i++) {
      if (keepRow[i]) {
        for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
          if (keepCol[colIndex[p]]) {
            copy(e, i, colIndex[p], p);
          }
        }
      }
    }
    return condensed(rows, cols, e);
  }

  private void copy(AssocEntries e, int row, int col, int p) {
    if (texts != null) {
      e.add(row, col, texts[p]);
    } else {
      e.add(row, col, numbers[p]);
    }
  }

  /** The entries of a numeric array whose value compares to {@code x} as asked (D4M's {@code A > x}); values kept. */
  public Assoc where(Compare op, double x) {
    if (isString()) {
      throw new IllegalArgumentException("a string array compared with a number");
    }
    AssocEntries e = new AssocEntries(false);
    forEachPosition((i, p) -> {
      if (op.holds(Double.compare(numbers[p], x))) {
        e.add(i, colIndex[p], numbers[p]);
      }
    });
    return condensed(rows, cols, e);
  }

  /** The entries of a string array whose value compares to {@code x} in UTF-8 order; values kept. */
  public Assoc where(Compare op, String x) {
    if (!isString()) {
      throw new IllegalArgumentException("a numeric array compared with a string");
    }
    AssocEntries e = new AssocEntries(true);
    forEachPosition((i, p) -> {
      if (op.holds(KeyOrder.compare(texts[p], x))) {
        e.add(i, colIndex[p], texts[p]);
      }
    });
    return condensed(rows, cols, e);
  }

  private interface PositionConsumer {
    void accept(int row, int p);
  }

  private void forEachPosition(PositionConsumer c) {
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
    Assoc x = numeric();
    Assoc y = b.numeric();
    return merge(x, y, true, (e, r, c, pa, pb) -> e.add(r, c, (pa < 0 ? 0 : x.numbers[pa]) - (pb < 0 ? 0 : y.numbers[pb])));
  }

  /** A .* B: the intersection, values multiplied. */
  public Assoc times(Assoc b) {
    return ewiseMult(b, BinaryOps.TIMES);
  }

  /** A &amp; B: the intersection, keeping the smaller value (D4M's {@code and}). */
  public Assoc and(Assoc b) {
    return minMerge(b, false);
  }

  /** A | B: the union, keeping the smaller value where both have one (D4M's {@code or}). */
  public Assoc or(Assoc b) {
    return minMerge(b, true);
  }

  private Assoc minMerge(Assoc b, boolean union) {
    if (isString() && b.isString()) {
      return merge(this, b, union, (e, r, c, pa, pb) -> e.add(r, c,
          pa < 0 ? b.texts[pb] : pb < 0 ? texts[pa] : Collision.MIN.combine(texts[pa], b.texts[pb])));
    }
    return union ? ewiseAdd(b, BinaryOps.MIN) : ewiseMult(b, BinaryOps.MIN);
  }

  /**
   * GraphBLAS's eWiseAdd: the union of the entries; {@code op(a, b)} where both arrays have one, the
   * lone value as it is where only one has. A string array counts as its {@link #logical}; results equal
   * to 0 are not stored (so {@code ewiseAdd(b, EQ)} keeps only the equal pairs and the lone entries).
   */
  public Assoc ewiseAdd(Assoc b, BinaryOp op) {
    Assoc x = numeric();
    Assoc y = b.numeric();
    return merge(x, y, true, (e, r, c, pa, pb) -> e.add(r, c,
        pa < 0 ? y.numbers[pb] : pb < 0 ? x.numbers[pa] : op.apply(x.numbers[pa], y.numbers[pb])));
  }

  /**
   * GraphBLAS's eWiseMult: the intersection of the entries, {@code op(a, b)} at each. A string array
   * counts as its {@link #logical}; results equal to 0 are not stored.
   */
  public Assoc ewiseMult(Assoc b, BinaryOp op) {
    Assoc x = numeric();
    Assoc y = b.numeric();
    return merge(x, y, false, (e, r, c, pa, pb) -> e.add(r, c, op.apply(x.numbers[pa], y.numbers[pb])));
  }

  /**
   * GraphBLAS's apply: {@code op} on every stored value (absent entries stay absent, whatever
   * {@code op(0)} is); results equal to 0 are not stored. A string array counts as its {@link #logical}.
   * With a scalar: {@code apply(BinaryOps.bindSecond(BinaryOps.TIMES, 2))}.
   */
  public Assoc apply(UnaryOp op) {
    Assoc x = numeric();
    AssocEntries e = new AssocEntries(false);
    x.forEachPosition((i, p) -> e.add(i, x.colIndex[p], op.apply(x.numbers[p])));
    return condensed(rows, cols, e);
  }

  /** Receives one position of the merged key space: {@code pa} or {@code pb} is -1 where that side is absent. */
  private interface MergeEmitter {
    void emit(AssocEntries out, int row, int col, int pa, int pb);
  }

  /** Walks the union (or intersection) of two arrays' entries in (row, column) order over the union of their keys. */
  private static Assoc merge(Assoc a, Assoc b, boolean union, MergeEmitter emit) {
    String[] rowKeys = KeyOrder.union(a.rows, b.rows);
    String[] colKeys = KeyOrder.union(a.cols, b.cols);
    int[] aRow = KeyOrder.positions(a.rows, rowKeys);
    int[] bRow = KeyOrder.positions(b.rows, rowKeys);
    int[] aCol = KeyOrder.positions(a.cols, colKeys);
    int[] bCol = KeyOrder.positions(b.cols, colKeys);
    AssocEntries out = new AssocEntries(a.isString() && b.isString());
    int ia = 0;
    int ib = 0;
    for (int r = 0; r < rowKeys.length; r++) {
      int pa = 0;
      int endA = 0;
      int pb = 0;
      int endB = 0;
      if (ia < aRow.length && aRow[ia] == r) {
        pa = a.rowStart[ia];
        endA = a.rowStart[++ia];
      }
      if (ib < bRow.length && bRow[ib] == r) {
        pb = b.rowStart[ib];
        endB = b.rowStart[++ib];
      }
      while (pa < endA || pb < endB) {
        int ca = pa < endA ? aCol[a.colIndex[pa]] : Integer.MAX_VALUE;
        int cb = pb < endB ? bCol[b.colIndex[pb]] : Integer.MAX_VALUE;
        if (ca == cb) {
          emit.emit(out, r, ca, pa++, pb++);
        } else if (ca < cb) {
          if (union) {
            emit.emit(out, r, ca, pa, -1);
          }
          pa++;
        } else {
          if (union) {
            emit.emit(out, r, cb, -1, pb);
          }
          pb++;
        }
      }
    }
    return condensed(rowKeys, colKeys, out);
  }

  /** This array with numeric values: itself, or its {@link #logical} for a string array. */
  private Assoc numeric() {
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
    int n = nnz();
    int[] start = new int[cols.length + 1];
    for (int p = 0; p < n; p++) {
      start[colIndex[p] + 1]++;
    }
    for (int j = 0; j < cols.length; j++) {
      start[j + 1] += start[j];
    }
    int[] next = Arrays.copyOf(start, cols.length);
    int[] ci = new int[n];
    double[] nums = numbers == null ? null : new double[n];
    String[] strs = texts == null ? null : new String[n];
    for (int i = 0; i < rows.length; i++) {
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        int at = next[colIndex[p]]++;
        ci[at] = i;
        if (nums != null) {
          nums[at] = numbers[p];
        } else {
          strs[at] = texts[p];
        }
      }
    }
    return new Assoc(cols, rows, start, ci, nums, strs);
  }

  /**
   * C = A (+.x) B over the semiring, matching A's column keys with B's row keys. The keys are
   * dictionary-encoded and the product computed by {@link CsrMatrix#mxm}; entries equal to 0 are dropped.
   */
  public Assoc mxm(Assoc b, Semiring semiring) {
    Assoc x = numeric();
    Assoc y = b.numeric();
    String[] inner = KeyOrder.union(x.cols, y.rows);
    int[] xCol = KeyOrder.positions(x.cols, inner);
    int[] yRow = KeyOrder.positions(y.rows, inner);
    Triples ta = new Triples(x.nnz());
    x.forEachPosition((i, p) -> ta.add(i, xCol[x.colIndex[p]], x.numbers[p]));
    Triples tb = new Triples(y.nnz());
    y.forEachPosition((i, p) -> tb.add(yRow[i], y.colIndex[p], y.numbers[p]));
    CsrMatrix ma = CsrMatrix.of(x.rows.length, inner.length, ta, Monoids.PLUS);
    CsrMatrix mb = CsrMatrix.of(inner.length, y.cols.length, tb, Monoids.PLUS);
    CsrMatrix c = ma.mxm(mb, semiring).matrix();
    AssocEntries out = new AssocEntries(false);
    c.forEach(out::add);
    return condensed(x.rows, y.cols, out);
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
    Assoc x = numeric();
    AssocEntries out = new AssocEntries(false);
    for (int i = 0; i < rows.length; i++) {
      double acc = m.identity();
      for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
        acc = m.add(acc, x.numbers[p]);
      }
      out.add(i, 0, acc);
    }
    return condensed(rows, new String[] {""}, out);
  }

  /**
   * Reduces each column: its stored values folded with {@code m}, from its identity, in row order; one
   * row keyed "". Results equal to 0 are not stored.
   */
  public Assoc reduceCols(Monoid m) {
    Assoc x = numeric();
    double[] acc = new double[cols.length];
    Arrays.fill(acc, m.identity());
    for (int p = 0; p < nnz(); p++) {
      acc[colIndex[p]] = m.add(acc[colIndex[p]], x.numbers[p]);
    }
    AssocEntries out = new AssocEntries(false);
    for (int j = 0; j < cols.length; j++) {
      out.add(0, j, acc[j]);
    }
    return condensed(new String[] {""}, cols, out);
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
      int n = rowList.size();
      if (n == 0) {
        return empty();
      }
      String[] rowKeys = KeyOrder.sortedUnique(rowList);
      String[] colKeys = KeyOrder.sortedUnique(colList);
      int[] ri = indexes(rowList, rowKeys);
      int[] ci = indexes(colList, colKeys);
      int[] order = sortByRowThenColumn(ri, ci, rowKeys.length, colKeys.length);
      AssocEntries out = new AssocEntries(strings);
      int q = 0;
      while (q < n) {
        int p = order[q];
        double num = strings ? 0 : nums[p];
        String str = strings ? strs.get(p) : null;
        int k = q + 1;
        while (k < n && ri[order[k]] == ri[p] && ci[order[k]] == ci[p]) {
          if (strings) {
            str = collision.combine(str, strs.get(order[k]));
          } else {
            num = collision.combine(num, nums[order[k]]);
          }
          k++;
        }
        if (strings) {
          out.add(ri[p], ci[p], str);
        } else {
          out.add(ri[p], ci[p], num);
        }
        q = k;
      }
      return condensed(rowKeys, colKeys, out);
    }

    private static int[] indexes(List<String> keys, String[] sorted) {
      Map<String, Integer> at = new HashMap<>(sorted.length * 2);
      for (int i = 0; i < sorted.length; i++) {
        at.put(sorted[i], i);
      }
      int[] out = new int[keys.size()];
      for (int p = 0; p < out.length; p++) {
        out[p] = at.get(keys.get(p));
      }
      return out;
    }

    /** Two stable counting sorts (by column, then by row): equal positions stay in the order given. */
    private static int[] sortByRowThenColumn(int[] ri, int[] ci, int nRows, int nCols) {
      int n = ri.length;
      int[] byCol = countingSort(identity(n), ci, nCols);
      return countingSort(byCol, ri, nRows);
    }

    private static int[] identity(int n) {
      int[] a = new int[n];
      for (int i = 0; i < n; i++) {
        a[i] = i;
      }
      return a;
    }

    private static int[] countingSort(int[] items, int[] key, int buckets) {
      int[] start = new int[buckets + 1];
      for (int p : items) {
        start[key[p] + 1]++;
      }
      for (int b = 0; b < buckets; b++) {
        start[b + 1] += start[b];
      }
      int[] out = new int[items.length];
      for (int p : items) {
        out[start[key[p]]++] = p;
      }
      return out;
    }
  }
}
