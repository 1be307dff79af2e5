package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Front;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared;
import tabulo.api.Shared.Group;
import tabulo.math.Semirings;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmResult;
import tabulo.ops.mxm.MxmSettings;
import tabulo.storage.TabuloException;

/**
 * {@code mult A B C}: C = A (+.x) B over a semiring ({@link Mxm#multiply}), the math in {@link MxmOptions},
 * how it runs in {@link MxmSettings} and the session (workers, units). The partition plan, its layout and the
 * stored transposes are the command line's; Python's {@code unit} defaults to the host's.
 */
public final class MultDeclaration {
  static final Parameter TRANSPOSE_A = Parameter.flag("transpose-a", "Multiply A^T instead of A.");
  static final Parameter ALGORITHM = Parameter.optional("algorithm", Type.TEXT, "outer|rowwise|auto", "auto",
      "Algorithm (default AUTO: the outer product for --transpose-a when B has at most 1/256 of A's entries, as "
          + "row-by-row would first copy all of A transposed, while the outer product looks up only A's rows at B's "
          + "keys (a frontier vector); row-by-row otherwise, and with --mask unless B is that small, as it applies "
          + "the mask in its accumulator). The algorithm run and why are printed on standard error.")
      .oneOf("outer", "rowwise", "auto").defaultInHelp();
  static final Parameter SEMIRING = Parameter.optional("semiring", Type.TEXT, "NAME", "plus.times", "plus.times "
      + "(default), min.plus, max.plus, max.min, min.max, or.and, plus.min, plus.pair, plus.first, plus.second, "
      + "min.second, or a class name.").defaultInHelp();
  static final Parameter ROWS = Parameter.optional("rows", Type.SELECTION, "SPEC", ":",
      "Rows of C to compute (D4M syntax).").defaultInHelp();
  static final Parameter COLS = Parameter.optional("cols", Type.SELECTION, "SPEC", ":",
      "Columns of C to compute (D4M syntax).").defaultInHelp();
  static final Parameter INNER = Parameter.optional("inner", Type.SELECTION, "SPEC", ":",
      "Keys of the shared dimension to sum over.").defaultInHelp();
  static final Parameter TRANSPOSE_OUT = Parameter.optional("transpose-out", Type.TABLE, "CT", null,
      "Also write C^T to table CT.");
  static final Parameter WORKERS = Parameter.optional("workers", Type.INTEGER, "N", 2, "Worker threads.");
  static final Parameter BATCH = Parameter.optional("batch", Type.INTEGER, "N", MxmSettings.defaults().batchRows(),
      "Row-by-row: rows of B fetched per batch.");
  static final Parameter UNIT = Parameter.optional("unit", Type.INTEGER, "N", Mxm.UNIT_ENTRIES,
      "Outer product: entries of B per unit of work.").defaultIn(Front.PYTHON, null); // Python: the host's
  static final Parameter A_TRANSPOSE = Parameter.optional("a-transpose", Type.TABLE, "TABLE", null, "A table holding "
      + "A^T (a --transpose-out result, a D4M TedgeT), read instead of copying A transposed when the algorithm needs "
      + "A^T (row-by-row with --transpose-a, the outer product without it). Refused when it holds a different "
      + "number of entries than A.\n"
      + "Without it, A's D4M transpose is used when ingest made the pair: A is PREFIXTedge, PREFIXTedgeDeg holds "
      + "the ingest's record, and PREFIXTedgeT holds as many entries as A. Which table was read, and why, is "
      + "printed on standard error.").only(Front.COMMAND_LINE);
  static final Parameter NO_D4M_TRANSPOSE = Parameter.flag("no-d4m-transpose", "Do not look for A's D4M transpose "
      + "(copy A transposed when the algorithm needs A^T, unless --a-transpose names a table).")
      .only(Front.COMMAND_LINE);
  static final Parameter PLAN = Parameter.optional("plan", Type.TABLE, "PLAN", null, "Row-by-row with the rows of "
      + "A, B and C placed by PLAN (made by 'partition'): each part is one tablet of part-prefixed copies of A and B "
      + "that drives its own run; C gets its own keys back. Same C as without a plan; keys PLAN does not name are "
      + "in part 0. Prints the B entries the parts read from other parts (kernels in this process) or from other "
      + "tablet servers (kernels in Accumulo's tablet servers, which count them with or without a plan). Not with "
      + "--transpose-a, --mask, --transpose-out or --algorithm outer.").only(Front.COMMAND_LINE);
  static final Parameter LAYOUT = Parameter.optional("layout", Type.TEXT, "tables|single-table", "tables",
      "With --plan, where the placed copies live (default tables): 'tables' (A's, B's and the product's, split "
          + "alike) or 'single-table' (paper 001's table M: A, B and C as column families A, B, C of one table with "
          + "a locality group each, so a row of C is written in the tablet that holds the same row of A, and a scan "
          + "of one family reads none of the others' data). Same C either way.")
      .defaultInHelp().only(Front.COMMAND_LINE);

  public static final Declaration MULT = new Declaration("mult", List.of(
      "Multiply two tables over a semiring into a new table: C = A (+.x) B.",
      "C = A (+.x) B (or A^T (+.x) B) computed next to the data into a new table C (or, with --accum, combined into "
          + "the existing C; with --mask M, C<M>: only keys M admits).",
      "The product is published only when complete: an interrupted run leaves no C (or C as it was), and a rerun "
          + "starts over. A vector is a one-column table: 'mult A v u --transpose-a' (u = A^T v, a frontier step) "
          + "reads only A's rows at v's keys when v is small. Outer product (Graphulo's TableMult) writes every "
          + "partial product and sums them with a combiner on C; row-by-row writes each entry of C once. A partial "
          + "product is labelled with the conjunction of its factors' visibilities; each reader of C gets one cell "
          + "per row and column, the sum of the parts it may read (labelled with their conjunction)."),
      List.of(Operands.A, Operands.B, Operands.C, TRANSPOSE_A, SEMIRING, ALGORITHM, ROWS, COLS, INNER, TRANSPOSE_OUT,
          WORKERS, BATCH, UNIT, A_TRANSPOSE, NO_D4M_TRANSPOSE, PLAN, LAYOUT),
      EnumSet.of(Group.OUTPUT, Group.READ), MultDeclaration::run)
      .rule(values -> {
        Object layout = values.get(LAYOUT);
        if (!"tables".equals(layout) && !"single-table".equals(layout)) {
          return "--layout: 'tables' or 'single-table', not '" + layout + "'";
        }
        return values.get(PLAN) == null && layout.equals("single-table") ? "--layout single-table needs --plan" : null;
      }).counting("partial products");

  private MultDeclaration() {}

  private static Outcome run(Call c) {
    MxmOptions o = MxmOptions.defaults().transposeA(c.flag(TRANSPOSE_A))
        .algorithm(Algorithm.valueOf(c.text(ALGORITHM).toUpperCase(Locale.ROOT)))
        .rows(c.selection(ROWS)).cols(c.selection(COLS)).inner(c.selection(INNER)).transposeOut(c.text(TRANSPOSE_OUT));
    o.semiring(c.named(SEMIRING, Semirings::named));
    String mask = (String) c.value(Shared.MASK);
    if (mask != null) {
      o.mask(mask, c.flag(Shared.STRUCTURE), c.flag(Shared.COMPLEMENT));
    }
    if (c.accumulates()) {
      o.accum(Call.binaryOp(Shared.ACCUM.cliName(), c.text(Shared.ACCUM)));
    }
    int workers = c.integer(WORKERS);
    if (workers < 1) {
      throw new TabuloException("--workers: workers must be at least 1, got " + workers);
    }
    int batch = c.integer(BATCH);
    String plan = c.text(PLAN);
    MxmSettings settings = MxmSettings.defaults().aTranspose(c.text(A_TRANSPOSE))
        .findTranspose(!c.flag(NO_D4M_TRANSPOSE)).plan(plan).layout(c.text(LAYOUT).equals("single-table")
            ? MxmSettings.Layout.SINGLE_TABLE : MxmSettings.Layout.TABLES).progress(c::progress);
    try {
      settings.batchRows(batch);
    } catch (IllegalArgumentException e) {
      throw new TabuloException(BATCH.cliName() + ": " + e.getMessage());
    }
    Integer unit = c.integer(UNIT);
    if (unit != null && unit < 1) {
      throw new TabuloException("--unit: a unit needs at least 1 entry, got " + unit);
    }
    Session s = c.session().workers(workers);
    if (unit != null) {
      s.unitEntries(unit);
    }
    String out = c.text(Operands.C);
    MxmResult r = Mxm.multiply(s, c.text(Operands.A), c.text(Operands.B), out, o, settings);
    String algorithm = r.algorithm().name().toLowerCase(Locale.ROOT);
    boolean allAuths = c.value(Shared.AUTHS) == null;
    // counting C may scan it: only when the command line prints its line
    return Outcome.table(out, () -> String.format("%s: %,d partial products%s, %.2f s, %,.0f partial products/s",
        algorithm, r.partialProducts(), ProductCount.of(s.store(), out, r, o.accumulates(), allAuths ? null
            : s.auths()).describe(out), r.seconds(), r.partialProductsPerSecond()))
        .note("algorithm " + algorithm + " (" + r.reason() + ")").note(r.left()).note(remoteEntries(r, plan, batch))
        .with("algorithm", algorithm).with("reason", r.reason()).with("partial_products", r.partialProducts())
        .with("entries", r.entriesWritten()).with("seconds", r.seconds());
  }

  /** The note on communication: entries of the other factor read from other parts or tablet servers, or null. */
  private static String remoteEntries(MxmResult r, String plan, int batch) {
    if (r.remoteScope() == null) {
      return plan == null ? null : "plan " + plan + ", B entries read from other parts: not counted by this host";
    }
    String factor = r.algorithm() == Algorithm.OUTER ? "A" : "B";
    String where = r.remoteScope().equals("other parts") ? "other parts" : "tablets on " + r.remoteScope();
    return String.format("%s%s entries read from %s: %,d%s", plan == null ? "" : "plan " + plan + ", ", factor, where,
        r.remoteEntries(), plan == null ? "" : String.format(" (batch %,d; compare 'partition --batch %d')", batch,
            batch));
  }
}
