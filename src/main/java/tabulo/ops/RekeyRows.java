package tabulo.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

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
 * Each cell keeps its column (or, for A, gets its B row's prefix), label and value.
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

  private final RowStream.Input input;
  private final String planTable;
  private final Mode mode;
  private final int width;

  private RekeyRows(Session session, RowStream.Input input, String planTable, Mode mode, int width) {
    super(session);
    this.input = input;
    this.planTable = planTable;
    this.mode = mode;
    this.width = width;
  }

  /**
   * Copies {@code input} into {@code out} (an empty table the caller made, e.g. split at the part
   * boundaries), rekeyed by {@code mode} with plan table {@code planTable} whose prefixes are {@code width} long.
   */
  public static void run(Session session, RowStream.Input input, String planTable, Mode mode, int width, String out) {
    new RekeyRows(session, input, planTable, mode, width).compute(out, null);
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
    return new Plan(settings, planTable, mode, width);
  }

  /** The kernel's plan: the plan table (read once per kernel, in memory), the mode, the prefix width. */
  public static final class Plan extends StreamPlan {
    private final String planTable;
    private final Mode mode;
    private final int width;

    Plan(Settings settings, String planTable, Mode mode, int width) {
      super(settings);
      this.planTable = planTable;
      this.mode = mode;
      this.width = width;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of("plan", planTable, "mode", mode.name(), "width", Integer.toString(width));
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
          byte[] family = r.families[e];
          byte[] qualifier = r.qualifiers[e];
          if (mode == Mode.PREFIX_A) { // the B row this column needs, under its part's prefix
            byte[] p = plan.prefix(plan.partOfB(r.columnKey(e)));
            if (family.length == 0) {
              qualifier = StoredPlan.join(p, qualifier);
            } else {
              family = StoredPlan.join(p, family);
            }
          }
          out.put(0, key, family, qualifier, r.visibilities[e], codec().encode(r.values[e]));
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
      return new Plan(StreamPlan.Settings.decode(options), required(options, "plan"),
          Mode.valueOf(required(options, "mode")), Integer.parseInt(required(options, "width")));
    }
  }
}
