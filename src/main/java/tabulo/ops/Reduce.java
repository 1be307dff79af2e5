package tabulo.ops;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.iterators.MonoidCombiner;
import tabulo.kernel.Columns;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.MaskFilter;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.kernel.Visibilities;
import tabulo.math.Monoid;
import tabulo.math.Monoids;
import tabulo.storage.TableSettings;

/**
 * A vector (a one-column table) folding A with a monoid: per row ({@link Dim#ROWS}, keyed by row key),
 * per column ({@link Dim#COLS}, keyed by column key), or all of A into one cell ({@link Dim#ALL}, what
 * {@link Matrix#reduce} folds to a scalar).
 *
 * <p>Labels: a sum over cells some reader may not read would tell them what those cells hold. So the
 * kernel writes one part per distinct label (the fold of the cells carrying it) and the result table
 * folds, at scan time, exactly the parts the reader may read ({@link AcrossLabelsCombiner}); compactions
 * keep the parts apart. Reducing rows writes each row's parts once (row-aligned: a mask acts in the
 * kernel); reducing columns writes each unit's partial folds, which a {@link MonoidCombiner} on the result
 * folds (so hosts journal units, and a mask is applied afterwards).
 */
public final class Reduce extends StreamOperation {
  static final String KIND = "reduce";
  /** Below the default versioning iterator (20), so it sees every unit's part of a cell. */
  private static final int COMBINER_PRIORITY = 10;
  /** Above versioning: folds, per reader, the parts of a cell it may read. */
  private static final int ACROSS_LABELS_PRIORITY = 30;

  /** What is folded into one cell: each row, each column, or everything. */
  public enum Dim { ROWS, COLS, ALL }

  private final Matrix a;
  private final Monoid monoid;
  private final Dim dim;
  private final String column;

  Reduce(Matrix a, Monoid monoid, Dim dim, String column) {
    super(a.session);
    this.a = a;
    this.monoid = monoid;
    this.dim = dim;
    this.column = column;
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(RowStream.Input.of(a.table));
  }

  @Override
  protected boolean rowAligned() {
    return dim == Dim.ROWS;
  }

  @Override
  protected boolean outputCombines() {
    return dim != Dim.ROWS;
  }

  @Override
  protected TableSettings resultSettings() {
    String codec = session.codec().name();
    TableSettings s = dim == Dim.ROWS ? super.resultSettings() : TableSettings.defaults();
    if (dim != Dim.ROWS) {
      s.iterator(MonoidCombiner.monoidSetting(COMBINER_PRIORITY, "reduceparts", monoid.name(), codec),
          EnumSet.allOf(IteratorScope.class));
    }
    // scan scope only: compactions keep each label's part, so every reader's fold stays exact
    return s.iterator(AcrossLabelsCombiner.monoidSetting(ACROSS_LABELS_PRIORITY, "reducelabels", monoid.name(),
        codec), EnumSet.of(IteratorScope.scan));
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, monoid, dim, column);
  }

  /** The kernel's plan: one input; output 0 gets the parts. */
  public static final class Plan extends StreamPlan {
    private final Monoid monoid;
    private final Dim dim;
    private final byte[] column;

    Plan(Settings settings, Monoid monoid, Dim dim, String column) {
      super(settings);
      this.monoid = monoid;
      this.dim = dim;
      this.column = column.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of("monoid", monoid.name(), "dim", dim.name(), "column", new String(column, StandardCharsets.UTF_8));
    }

    /** A row's folds go out with the row (one per label); columns' folds come in any order. */
    @Override
    protected boolean emitsInRowOrder() {
      return dim == Dim.ROWS;
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      return new Parts();
    }

    /** Folds per (output row, label); rows flush per row, columns and all per unit. */
    private final class Parts implements RowStream.RowOp {
      private final PartFolds parts = new PartFolds(monoid);
      private byte[] lastKey;
      private byte[] lastLabel;
      private int lastPart = -1;
      private final Visibilities visibilities = new Visibilities();
      private final MaskFilter mask = settings.mask() < 0 ? null : new MaskFilter(settings.maskComplement());

      @Override
      public void row(byte[] row, MatrixRow[] rows, RowStream.Output out) {
        MatrixRow r = rows[0];
        if (r == null) {
          return;
        }
        if (dim == Dim.ROWS && !r.labelled && mask == null) {
          double acc = monoid.identity(); // one part: the row's cells have no label
          for (int e = 0; e < r.size; e++) {
            acc = monoid.add(acc, r.values[e]);
          }
          out.put(0, row, EMPTY, column, EMPTY, codec().encode(acc));
          return;
        }
        for (int e = 0; e < r.size; e++) {
          byte[] key = switch (dim) {
            case ROWS -> row;
            case COLS -> Columns.key(r.families[e], r.qualifiers[e]);
            case ALL -> column;
          };
          byte[] label = flat(r.visibilities[e]);
          if (mask != null) {
            // parts are told apart by label: label them as the mask will (conjoined with its cell's label)
            // before grouping, or two parts whose labels conjoin to one would be one key and one would be lost
            label = mask.admit(rows[settings.mask()], EMPTY, column, label);
            if (label == null) {
              continue;
            }
          }
          parts.add(part(key, label), r.values[e]);
        }
        if (dim == Dim.ROWS) {
          unitEnd(out);
        }
      }

      @Override
      public void unitEnd(RowStream.Output out) {
        for (int p = 0; p < parts.size(); p++) {
          out.put(0, parts.key(p), EMPTY, column, parts.label(p), codec().encode(parts.fold(p)));
        }
        parts.clear();
        lastPart = -1;
      }

      /**
       * The number of one part. The previous part is remembered by array identity: a scalar reduce, and
       * a row's unlabelled cells, fold into one part entry after entry without hashing.
       */
      private int part(byte[] key, byte[] label) {
        if (lastPart < 0 || key != lastKey || label != lastLabel) {
          lastPart = parts.part(key, label);
          lastKey = key;
          lastLabel = label;
        }
        return lastPart;
      }

      /** Equivalent labels (a&b, b&a) make one part. */
      private byte[] flat(byte[] label) {
        return label.length == 0 ? label : visibilities.and(label, EMPTY).getExpression();
      }
    }
  }

  private static final byte[] EMPTY = new byte[0];

  /** Decodes the plan in tablet servers. */
  public static final class Kind implements KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public Plan decode(Map<String, String> options) {
      return new Plan(StreamPlan.Settings.decode(options), Monoids.named(options.get("monoid")),
          Dim.valueOf(options.get("dim")), options.get("column"));
    }
  }
}
