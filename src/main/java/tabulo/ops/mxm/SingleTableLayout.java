package tabulo.ops.mxm;

import java.util.Set;

import tabulo.partition.StoredPlan;
import tabulo.storage.TableSettings;

/**
 * The single-table layout of a planned multiply (paper 001, section 3.5): one table M, split at the plan's
 * part boundaries, holds A's placed rows under family {@value #A}, B's under {@value #B} and the product
 * under {@value #C}, each family its own locality group. Row i of A and row i of C are one row of M, so
 * they share a tablet and C is written where it is computed; the groups keep a scan of one family from
 * reading the others'. Each cell's own column is nested in M's qualifier ({@code Columns.nest}).
 */
public final class SingleTableLayout {
  public static final String A = "A";
  public static final String B = "B";
  public static final String C = "C";

  private SingleTableLayout() {}

  /** M's settings: the plan's part boundaries, a locality group per matrix. */
  public static TableSettings settings(StoredPlan plan) {
    return TableSettings.defaults().splits(plan.boundaries()).localityGroup("a", Set.of(A))
        .localityGroup("b", Set.of(B)).localityGroup("c", Set.of(C));
  }
}
