package tabulo.ops;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import tabulo.kernel.Columns;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.kernel.TabletKernel;
import tabulo.partition.StoredPlan;
import tabulo.storage.Store;

import static tabulo.kernel.KernelPlans.required;

/**
 * A copy of a table whose row keys carry a part prefix from a partition plan, or lose it again: how
 * {@code mult --plan} places each part's rows in one key range (one tablet) and gives C back its keys.
 * Each cell keeps its column (or, for A, gets its B row's prefix), label and value. With a family (the
 * single-table layout) the copy goes under that family, each cell's column {@link Columns#nest}ed in its
 * qualifier, and stripping reads only that family and unnests the columns.
 */
public final class RekeyRows extends StreamOperation {
  static final String KIND = "rekey";

  /** What a copy does to the keys. */
  public enum Mode {
    /** Row i of A to prefix(part of A's row i) i, column j to prefix(part of B's row j) j. */
    PREFIX_A,
    /** Row j of B to prefix(part of B's row j) j. */
    PREFIX_B,
    /** Row p i back to i (the prefix's width is the plan's). */
    STRIP
  }

  /**
   * How keys change: {@code mode} with plan table {@code planTable} whose prefixes are {@code width} long;
   * {@code family}: the single-table layout's family of the copy (or of what is stripped), null for none.
   */
  public record Rekey(String planTable, Mode mode, int width, String family) {}

  private final RowStream.Input input;
  private final Rekey rekey;

  private RekeyRows(Session session, RowStream.Input input, Rekey rekey) {
    super(session);
    this.input = rekey.mode() == Mode.STRIP && rekey.family() != null ? input.family(rekey.family()) : input;
    this.rekey = rekey;
  }

  /**
   * Copies {@code input} into {@code out} (a table the caller made, e.g. split at the part boundaries),
   * rekeyed as {@code rekey} says.
   */
  public static void run(Session session, RowStream.Input input, Rekey rekey, String out) {
    new RekeyRows(session, input, rekey).compute(out, null);
  }

  @Override
  protected Matrix driver() {
    return new Matrix(session, input.table(), null);
  }

  @Override
  protected List<RowStream.Input> inputs() {
    return List.of(input);
  }

  @Override
  protected StreamPlan plan(StreamPlan.Settings settings) {
    return new Plan(settings, rekey);
  }

  /** The kernel's plan: the plan table (read once per kernel, in memory), the mode, the prefix width, the family. */
  public static final class Plan extends StreamPlan {
    private final String planTable;
    private final Mode mode;
    private final int width;
    private final byte[] family; // null: no single-table layout

    Plan(Settings settings, Rekey rekey) {
      super(settings);
      this.planTable = rekey.planTable();
      this.mode = rekey.mode();
      this.width = rekey.width();
      this.family = rekey.family() == null ? null : rekey.family().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      Map<String, String> m = new java.util.LinkedHashMap<>();
      m.put("plan", planTable);
      m.put("mode", mode.name());
      m.put("width", Integer.toString(width));
      if (family != null) {
        m.put("family", new String(family, StandardCharsets.UTF_8));
      }
      return m;
    }

    /** The plan table is read too (the host checks the user may read it). */
    @Override
    public List<String> inputs() {
      List<String> in = new ArrayList<>(super.inputs());
      if (mode != Mode.STRIP) {
        in.add(planTable);
      }
      return in;
    }

    @Override
    public TabletKernel kernel(Store store, ExecutorService pool, KernelCounters counters) {
      StoredPlan plan = mode == Mode.STRIP ? null : StoredPlan.read(store, planTable);
      if (plan != null && plan.width() != width) {
        throw new IllegalStateException("plan table " + planTable + " changed during the multiply");
      }
      return new RowStream(store, this, () -> rowOp(plan), counters);
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      throw new UnsupportedOperationException("made with the plan table in kernel()");
    }

    private RowStream.RowOp rowOp(StoredPlan plan) {
      return (row, rows, out) -> {
        var r = rows[0];
        if (r == null) {
          return;
        }
        byte[] key = switch (mode) {
          case PREFIX_A -> StoredPlan.join(plan.prefix(plan.partOfA(row)), row);
          case PREFIX_B -> StoredPlan.join(plan.prefix(plan.partOfB(row)), row);
          case STRIP -> Arrays.copyOfRange(row, width, row.length);
        };
        for (int e = 0; e < r.size; e++) {
          byte[] f = r.families[e];
          byte[] q = r.qualifiers[e];
          if (mode == Mode.PREFIX_A) { // the B row this column needs, under its part's prefix
            byte[] p = plan.prefix(plan.partOfB(r.columnKey(e)));
            if (f.length == 0) {
              q = StoredPlan.join(p, q);
            } else {
              f = StoredPlan.join(p, f);
            }
          }
          if (family != null && mode == Mode.STRIP) {
            byte[][] column = Columns.unnest(q);
            f = column[0];
            q = column[1];
          } else if (family != null) {
            q = Columns.nest(f, q);
            f = family;
          }
          out.put(0, key, f, q, r.visibilities[e], codec().encode(r.values[e]));
        }
      };
    }
  }

  /** Decodes the plan in tablet servers. */
  public static final class Kind implements KernelPlan.Kind {
    @Override
    public String name() {
      return KIND;
    }

    @Override
    public Plan decode(Map<String, String> options) {
      return new Plan(StreamPlan.Settings.decode(options), new Rekey(required(options, "plan"),
          Mode.valueOf(required(options, "mode")), Integer.parseInt(required(options, "width")),
          options.get("family")));
    }
  }
}
