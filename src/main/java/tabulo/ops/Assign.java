package tabulo.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import tabulo.kernel.Columns;
import tabulo.kernel.KernelPlan;
import tabulo.kernel.MaskFilter;
import tabulo.kernel.MatrixRow;
import tabulo.kernel.RowStream;
import tabulo.kernel.StreamPlan;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.select.KeySpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * C(rows, cols) = A(rows, cols) into an existing C, or C(rows, cols) accum= A: inside the block (row key
 * in {@code rows}, column key in {@code cols}) C's cells become A's there (with an accumulator: C's and
 * A's joined by it, as {@link Ewise}); outside it C stays. With a mask, only the block's keys the mask
 * admits change. One pass over C and A (both drive) writes the new C into a temporary made like C, whose
 * difference from C is then loaded into C in one step ({@link InPlaceUpdate}): C is never missing nor half
 * written, and its cells the caller cannot read stay as they are.
 */
final class Assign {
  static final String KIND = "assign";

  private Assign() {}

  static Matrix run(Matrix c, Matrix a, KeySpec rows, KeySpec cols, Mask mask, BinaryOp accum) {
    Session session = c.session;
    var store = session.store();
    if (mask != null && !store.exists(mask.matrix().table())) {
      throw new TabuloException("no such mask table: " + mask.matrix().table());
    }
    StagedOutput.checkReadsAll(session, c.table, "assign");
    TableSettings like = StagedOutput.settingsOf(store, c.table);
    Workspace ws = session.workspace(c.table);
    String out = ws.create("assigned", like);
    List<RowStream.Input> in = new ArrayList<>(List.of(RowStream.Input.of(c.table),
        RowStream.Input.of(a.table).rows(rows).cols(cols)));
    if (mask != null) {
      RowStream.Input m = RowStream.Input.of(mask.matrix().table()).consulted();
      in.add(mask.structural() ? m.structure() : m);
    }
    // C's own iterators come along (a combiner would count a re-run unit twice: journal units then)
    boolean combines = !like.iterators().isEmpty();
    StreamPlan.Settings s = new StreamPlan.Settings(in, List.of(out), session.codec(), session.auths(),
        session.unitEntries(), session.workers(), combines, -1, false);
    Plan plan = new Plan(s, rows, cols, accum, mask != null && mask.complemented());
    session.run(plan);
    InPlaceUpdate.apply(session, out, c.table);
    return session.matrix(c.table);
  }

  /** The kernel's plan: input 0 is C, 1 is A's block, 2 (if any) the mask. */
  public static final class Plan extends StreamPlan {
    private final KeySpec rows;
    private final KeySpec cols;
    private final BinaryOp accum; // null: A replaces the block
    private final boolean complement;

    Plan(Settings settings, KeySpec rows, KeySpec cols, BinaryOp accum, boolean complement) {
      super(settings);
      this.rows = rows;
      this.cols = cols;
      this.accum = accum;
      this.complement = complement;
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    protected Map<String, String> opOptions() {
      return Map.of("rows", rows.toString(), "cols", cols.toString(), "accum", accum == null ? "" : accum.name(),
          "complement", Boolean.toString(complement));
    }

    @Override
    protected RowStream.RowOp newRowOp() {
      boolean masked = settings.inputs().size() > 2;
      MaskFilter filter = new MaskFilter(complement);
      MatrixRow block = new MatrixRow();
      return (row, in, out) -> {
        MatrixRow c = in[0];
        MatrixRow m = masked ? in[2] : null;
        boolean rowInBlock = rows.matches(row);
        block.clear(row);
        for (int e = 0; c != null && e < c.size; e++) {
          boolean inBlock = rowInBlock && cols.matches(Columns.key(c.families[e], c.qualifiers[e]));
          // outside the block, or inside where the mask keeps C as it is
          if (!inBlock || masked && filter.admit(m, c.families[e], c.qualifiers[e], EMPTY) == null) {
            out.put(0, row, c.families[e], c.qualifiers[e], c.visibilities[e], codec().encode(c.values[e]));
          } else if (accum != null) {
            block.add(c.families[e], c.qualifiers[e], c.values[e], c.visibilities[e]);
          }
        }
        RowStream.Output admitted = !masked ? out : (o, r, f, q, vis, value) -> {
          byte[] label = filter.admit(m, f, q, vis);
          if (label != null) {
            out.put(o, r, f, q, label, value);
          }
        };
        RowPairs.union(row, block.size == 0 ? null : block, in[1], admitted,
            (x, y) -> codec().encode(accum.apply(x, y)), x -> codec().encode(x));
      };
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
      String accum = options.get("accum");
      return new Plan(StreamPlan.Settings.decode(options), KeySpec.parse(options.get("rows")),
          KeySpec.parse(options.get("cols")), accum.isEmpty() ? null : BinaryOps.named(accum),
          Boolean.parseBoolean(options.get("complement")));
    }
  }
}
