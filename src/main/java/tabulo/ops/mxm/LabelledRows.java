package tabulo.ops.mxm;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.kernel.Columns;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.Visibilities;
import tabulo.math.Semiring;
import tabulo.math.ValueCodec;

/**
 * Row-by-row's general path, for a row of C some of whose parts carry visibility labels (of Y's row, its B
 * rows, its mask row or the epilogue's vector): one accumulator per (column, visibility of the product and
 * its mask cell), written through the unit's writer instead of a sorted file.
 */
final class LabelledRows {
  private static final byte[] EMPTY = new byte[0];

  private final MxmOptions options;
  private final ValueCodec codec;
  private final String ctTable; // null: no transpose
  private final KernelCounters counters;
  private final CellFinish finish;

  LabelledRows(MxmPlan plan, KernelCounters counters, CellFinish finish) {
    this.options = plan.options;
    this.codec = plan.run.codec();
    this.ctTable = plan.outTransposed;
    this.counters = counters;
    this.finish = finish;
  }

  /** Whether the row of C takes this path: some part of it carries a label. */
  static boolean needed(MatrixRow row, int[] refs, BRows bRows, MatrixRow maskRow, BatchVector x) {
    return row.labelled || bRows.anyLabelled(refs) || (maskRow != null && maskRow.labelled)
        || (x != null && x.labelled);
  }

  /**
   * Computes and writes batch row {@code i}'s row of C (column numbers in [{@code first}, {@code end}), the
   * positional mask's); the partial products computed. With an epilogue or a fused select, one cell per
   * column whose label is the conjunction of all its parts' (and of the vector's two values', {@code x}):
   * a finished value is no sum a reader's scan could fold from parts.
   */
  long multiply(MatrixRow row, int i, int[] refs, BRows bRows, BatchVector x, int first, int end, Visibilities vis,
      UnitWriters writers, RowMask mask) {
    Semiring s = options.semiring;
    Map<ColumnVisibility, Map<Integer, double[]>> sums = new HashMap<>();
    long pp = 0;
    for (int e = 0; e < row.size; e++) {
      int[] cols = bRows.cols[refs[e]];
      if (cols == null) {
        continue;
      }
      double[] vals = bRows.vals[refs[e]];
      byte[][] bVis = bRows.vis[refs[e]];
      int stop = BRows.endBefore(cols, end, bRows.columns);
      for (int p = BRows.firstAtOrAfter(cols, first); p < stop; p++) {
        byte[] maskLabel = mask.admits(cols[p]) ? mask.label(bRows, cols[p]) : null;
        if (maskLabel == null) {
          continue;
        }
        pp++;
        ColumnVisibility v = vis.and(row.visibilities[e], bVis == null ? EMPTY : bVis[p]);
        if (maskLabel.length > 0) {
          v = vis.and(v.getExpression(), maskLabel);
        }
        double prod = s.multiply(row.values[e], vals[p]);
        double[] cell = sums.computeIfAbsent(v, k -> new HashMap<>()).get(cols[p]);
        if (cell == null) {
          sums.get(v).put(cols[p], new double[] {prod});
        } else {
          cell[0] = s.add(cell[0], prod);
        }
      }
    }
    if (options.foldsLabels()) {
      sums = foldedCells(sums, row, i, bRows, x, s, vis);
    }
    if (!sums.isEmpty()) {
      RowMutations m = new RowMutations(row.row, writers.out());
      sums.forEach((v, cells) -> cells.forEach((j, cell) -> {
        m.put(bRows.families[j], bRows.qualifiers[j], v, codec.encode(cell[0]));
        if (ctTable != null) {
          Mutation mt = new Mutation(Columns.key(bRows.families[j], bRows.qualifiers[j]));
          mt.put(EMPTY, row.row, v, codec.encode(cell[0]));
          writers.transposed().addMutation(mt);
        }
      }));
      counters.entriesWritten.addAndGet(m.finish());
    }
    return pp;
  }

  /**
   * A labelled row's parts folded into one cell per column, as a reader who reads them all would fold them:
   * the semiring's sum of the parts, labelled with the conjunction of their labels; then finished by the
   * epilogue (its label joined by x(i)'s and x(j)'s) and filtered by the fused select.
   */
  private Map<ColumnVisibility, Map<Integer, double[]>> foldedCells(Map<ColumnVisibility, Map<Integer, double[]>> sums,
      MatrixRow row, int i, BRows bRows, BatchVector x, Semiring s, Visibilities vis) {
    Map<Integer, double[]> total = new TreeMap<>();
    Map<Integer, byte[]> label = new HashMap<>();
    sums.forEach((v, cells) -> cells.forEach((j, cell) -> {
      double[] t = total.get(j);
      if (t == null) {
        total.put(j, new double[] {cell[0]});
        label.put(j, x == null ? v.getExpression() : vis.and(v.getExpression(), x.rowLabel[i]).getExpression());
      } else {
        t[0] = s.add(t[0], cell[0]);
        label.put(j, vis.and(label.get(j), v.getExpression()).getExpression());
      }
    }));
    Map<ColumnVisibility, Map<Integer, double[]>> out = new HashMap<>();
    total.forEach((j, t) -> {
      double value = finish.value(x, i, j, t[0], row.row, bRows);
      if (finish.kept(value)) {
        ColumnVisibility v = x == null ? vis.and(label.get(j), EMPTY) : vis.and(label.get(j), x.columnLabel[j]);
        out.computeIfAbsent(v, k -> new HashMap<>()).put(j, new double[] {value});
      }
    });
    return out;
  }
}
