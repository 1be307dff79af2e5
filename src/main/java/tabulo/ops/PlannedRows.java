package tabulo.ops;

import tabulo.kernel.RowStream;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmPlan;
import tabulo.ops.mxm.MxmSettings;
import tabulo.ops.mxm.SingleTableLayout;
import tabulo.partition.StoredPlan;
import tabulo.select.KeySpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * Row-by-row C = A B placed by a partition plan ({@code mult --plan}, gRRp's placement): A and B are copied
 * into workspace temporaries whose row keys carry their part's prefix and whose split points are the part
 * boundaries, so each part is one key range (one tablet) that drives its own row-by-row run; A's columns
 * carry the prefix of the B row they need, so the kernel fetches B rows by prefixed key, unchanged. The
 * product, computed with prefixed rows, is copied into C with the prefix stripped: users see A, B and C with
 * their own keys. Exact because one map (the plan's B column; part 0 for keys it does not name) prefixes
 * both A's columns and B's rows, and stripping is one-to-one (A's rows have one part each). Copies keep each
 * cell's label and are made with the reader's authorizations, like the multiply itself. In the single-table
 * layout the three copies are the families of one table ({@link SingleTableLayout}).
 */
final class PlannedRows {
  /** Runs the row-by-row kernel on the placed copies. */
  interface Kernel {
    void run(String left, String right, String product, MxmOptions options, MxmPlan.Reads reads);
  }

  private PlannedRows() {}

  /** What --plan does not combine with yet: an error naming the option. */
  static void check(MxmOptions o, boolean masked) {
    String not = o.transposeA() ? "--transpose-a" : o.transposeOut() != null ? "--transpose-out"
        : masked || o.mask() != null ? "--mask" : o.algorithm() == Algorithm.OUTER ? "--algorithm outer" : null;
    if (not != null) {
      throw new TabuloException("--plan places rows for the row-by-row multiply of A B: not with " + not);
    }
  }

  static boolean multiply(Session session, String a, String b, String out, MxmOptions options, MxmSettings settings,
      Kernel kernel) {
    Store store = session.store();
    StoredPlan plan = StoredPlan.read(store, settings.plan());
    Workspace ws = session.workspace(out);
    boolean single = settings.layout() == MxmSettings.Layout.SINGLE_TABLE;
    String placedA = single ? ws.create("plan_m", SingleTableLayout.settings(plan)) : ws.create("plan_a", placed(plan));
    String placedB = single ? placedA : ws.create("plan_b", placed(plan));
    String product = single ? placedA : ws.create("plan_c", placed(plan)); // no iterators: each label's cell is copied as it is
    try {
      int w = plan.width();
      String p = settings.plan();
      // the filters act on the copies, in the users' keys
      RekeyRows.run(session, RowStream.Input.of(a).rows(options.rows()).cols(options.inner()),
          new RekeyRows.Rekey(p, RekeyRows.Mode.PREFIX_A, w, single ? SingleTableLayout.A : null), placedA);
      RekeyRows.run(session, RowStream.Input.of(b).rows(options.inner()).cols(options.cols()),
          new RekeyRows.Rekey(p, RekeyRows.Mode.PREFIX_B, w, single ? SingleTableLayout.B : null), placedB);
      MxmOptions o = options.copy().rows(KeySpec.all()).cols(KeySpec.all()).inner(KeySpec.all());
      kernel.run(placedA, placedB, product, o, MxmPlan.Reads.STORED.placed(w, settings.layout()));
      RekeyRows.run(session, RowStream.Input.of(product),
          new RekeyRows.Rekey(p, RekeyRows.Mode.STRIP, w, single ? SingleTableLayout.C : null), out);
      return true;
    } finally {
      for (String t : new java.util.TreeSet<>(java.util.List.of(placedA, placedB, product))) {
        store.discard(t);
      }
    }
  }

  private static TableSettings placed(StoredPlan plan) {
    return TableSettings.defaults().splits(plan.boundaries());
  }
}
