package tabulo.ops;

import java.util.EnumSet;
import java.util.SortedSet;
import java.util.TreeSet;

import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;

import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.iterators.MonoidCombiner;
import tabulo.kernel.KernelCounters;
import tabulo.ops.mxm.AlgorithmChoice;
import tabulo.ops.mxm.MaskedParts;
import tabulo.ops.mxm.MxmOptions;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmPlan;
import tabulo.ops.mxm.MxmProgress;
import tabulo.ops.mxm.MxmResult;
import tabulo.ops.mxm.MxmSettings;
import tabulo.ops.mxm.StoredTranspose;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * C = op(A) (+.x) B on tables, next to the data, as an {@link Operation}: {@code A.mxm(B, s).into("C")},
 * or {@code C.assign(A.mxm(B, s), Mask.of(M).complement(), BinaryOps.PLUS)}. The product is computed into
 * a temporary and published whole by the framework's staged output, so a run that dies leaves C as it was.
 * The outer product natively multiplies a table whose rows are the shared dimension (A^T B, or A B with a
 * table known to hold A^T); row-by-row natively multiplies A B; the other forms first copy A transposed.
 * {@link AlgorithmChoice} says which runs. Row-by-row applies a mask in its accumulator; the outer
 * product's result is masked afterwards. What it computes is {@link MxmOptions}, how it runs
 * {@link MxmSettings} and the session; the kernels ({@code tabulo.ops.mxm}) get both as an {@link MxmPlan}.
 */
public final class Mxm extends Operation {
  /** Below the default versioning iterator (20), so it sees every partial product of a cell. */
  static final int COMBINER_PRIORITY = 10;
  /** Above versioning (20): folds, per reader, the newest sums of a cell's differently labelled parts. */
  static final int ACROSS_LABELS_PRIORITY = 30;
  private static final String ACROSS_LABELS = "pluslabels";
  /** B's entries per unit of the outer product for a multiply of tables on a session of its own (mult's --unit). */
  public static final int UNIT_ENTRIES = 50_000;

  private final Matrix a;
  private final Matrix b;
  private final MxmOptions options; // the caller's, with the algorithm the settings and fused options settle
  private final MxmSettings settings;
  private MxmPlan.Reads reads = MxmPlan.Reads.STORED; // how B is read (from its D4M transpose): set by planned()
  private Mask mask; // the target's, known once into() is called
  private AlgorithmChoice choice;
  private String transposeStaging; // C^T computed beside C, or null
  private MxmResult result;
  private String transposeWhy; // the evidence for A's stored transpose, or why none is known
  private String leftNote; // how A was read: its table, its stored transpose, or a copy

  private Mxm(Matrix a, Matrix b, MxmOptions options, MxmSettings settings) {
    super(a.session());
    this.a = a;
    this.b = b;
    this.options = options.copy();
    this.settings = settings;
    if (settings.plan() == null && settings.layout() != MxmSettings.Layout.TABLES) {
      throw new TabuloException("--layout single-table places the copies of a plan: it needs --plan");
    }
    if (settings.plan() != null && options.algorithm() == Algorithm.AUTO) {
      this.options.algorithm(Algorithm.ROWWISE); // a plan places rows for row-by-row
    }
    if (options.fusesIntoRows()) {
      if (options.algorithm() == Algorithm.OUTER || options.transposeA() || settings.plan() != null) {
        throw new TabuloException("the positional mask, the fused select and the epilogue are row-by-row's, "
            + "on A B without a plan: not with the outer product, A transposed or --plan");
      }
      this.options.algorithm(Algorithm.ROWWISE);
    }
  }

  /** C = op(A) (+.x) B with these options (semiring, transposing A, filters, algorithm, fused options). */
  public static Mxm of(Matrix a, Matrix b, MxmOptions options) {
    return of(a, b, options, MxmSettings.defaults());
  }

  /** The same, run as {@code settings} say (row-by-row's batch, a partition plan, progress). */
  public static Mxm of(Matrix a, Matrix b, MxmOptions options, MxmSettings settings) {
    if (a.session() != b.session()) {
      throw new IllegalArgumentException("A and B belong to different sessions");
    }
    return new Mxm(a, b, options, settings);
  }

  /** {@link #multiply(Session, String, String, String, MxmOptions, MxmSettings)} with the default settings. */
  public static MxmResult multiply(Store store, String a, String b, String c, MxmOptions o) {
    return multiply(store, a, b, c, o, MxmSettings.defaults());
  }

  /**
   * The same on a session of its own, with the session's defaults but {@link #UNIT_ENTRIES} entries of B per
   * unit of the outer product.
   */
  public static MxmResult multiply(Store store, String a, String b, String c, MxmOptions o, MxmSettings s) {
    try (Session session = Session.open(store).unitEntries(UNIT_ENTRIES)) {
      return multiply(session, a, b, c, o, s);
    }
  }

  /**
   * Multiplies tables {@code a} and {@code b} of {@code session} into {@code c}: a new table, or with
   * {@link MxmOptions#accum} the existing one, through {@link MxmOptions#mask} when given; planned as
   * {@link #planned} plans it; returns what it did.
   */
  public static MxmResult multiply(Session session, String a, String b, String c, MxmOptions o, MxmSettings s) {
    Store store = session.store();
    for (String t : new String[] {a, b}) {
      if (!store.exists(t)) {
        throw new TabuloException("no such table: " + t);
      }
    }
    TableNames.checkUserTable(c);
    if (o.accum() == null && store.exists(c)) {
      throw new TabuloException("table " + c + " already exists: delete it or choose another name for the product");
    }
    if (o.mask() != null && !store.exists(o.mask())) {
      throw new TabuloException("no such mask table: " + o.mask());
    }
    Mxm op = planned(session, a, b, o, s);
    Target target = Target.table(c);
    if (o.mask() != null) {
      Mask m = Mask.of(session.matrix(o.mask()));
      m = o.maskStructure() ? m.structure() : m;
      target = target.mask(o.maskComplement() ? m.complement() : m);
    }
    op.into(o.accum() == null ? target : target.accum(o.accum()));
    return op.result;
  }

  /**
   * C = op(A) (+.x) B on tables {@code a} and {@code b} of {@code session}, planned as {@link #multiply} plans
   * it: A's stored transpose (named, or the D4M pair ingest made) is read instead of a copy, and B's D4M
   * transpose when {@code o} filters B's columns. Put it {@link #into} a table or a temporary.
   */
  public static Mxm planned(Session session, String a, String b, MxmOptions o) {
    return planned(session, a, b, o, MxmSettings.defaults());
  }

  /** The same, run as {@code s} says (which stored A^T it reads, row-by-row's batch, a plan, progress). */
  public static Mxm planned(Session session, String a, String b, MxmOptions o, MxmSettings s) {
    Store store = session.store();
    StoredTranspose t = StoredTranspose.of(store, a, s);
    Matrix am = t.table() == null ? session.matrix(a) : session.matrix(a).withTranspose(t.table());
    Mxm op = of(am, session.matrix(b), o, s);
    op.transposeWhy = t.why();
    op.reads = StoredTranspose.forB(store, b, o.cols(), s);
    return op;
  }

  /** What the last computation did (null before one). */
  public MxmResult result() {
    return result;
  }

  @Override
  public Matrix into(Target target) {
    long start = System.nanoTime();
    String t = options.transposeOut();
    if (t != null) {
      TableNames.checkUserTable(t);
      if (session.store().exists(t)) {
        throw new TabuloException("table " + t + " already exists: delete it or choose another name for the product");
      }
      if (t.equals(target.table())) {
        throw new TabuloException("the product and its transpose cannot both be table " + t);
      }
      if (target.accum() != null || target.table() == null) {
        throw new TabuloException("--transpose-out makes a new table beside a new C: not with --accum");
      }
    }
    mask = target.mask();
    if (settings.plan() != null) {
      PlannedRows.check(options, mask != null);
    }
    choice = null;
    transposeStaging = null;
    if (t != null && mask != null && choice().algorithm() == Algorithm.OUTER) {
      throw new TabuloException("--transpose-out with --mask needs row-by-row (the outer product masks C afterwards)");
    }
    Matrix c = super.into(target);
    if (transposeStaging != null) {
      session.store().rename(transposeStaging, t);
    }
    result = new MxmResult(result.algorithm(), result.reason(), result.partialProducts(), result.entriesWritten(),
        (System.nanoTime() - start) / 1e9, result.resumes(), result.entriesRead(), leftNote,
        result.remoteEntries(), result.remoteScope());
    return c;
  }

  @Override
  protected Matrix driver() {
    return a;
  }

  private AlgorithmChoice choice() {
    if (choice == null && settings.plan() != null) {
      choice = new AlgorithmChoice(Algorithm.ROWWISE, "--plan: row-by-row on the plan's placement");
    }
    if (choice == null) {
      choice = AlgorithmChoice.of(session.store(), a.table(), b.table(), options, mask != null,
          a.transposeTable() != null);
    }
    return choice;
  }

  /** The table holding op(A) as the algorithm needs it, when one is stored (else A is copied transposed). */
  private String storedLeft(Algorithm algorithm) {
    // the outer product needs A's rows on the shared dimension (A^T B); row-by-row needs them as C's rows
    boolean needsTranspose = (algorithm == Algorithm.OUTER) != options.transposeA();
    return needsTranspose ? a.transposeTable() : a.table();
  }

  @Override
  protected TableSettings resultSettings() {
    Algorithm algorithm = choice().algorithm();
    String left = storedLeft(algorithm);
    SortedSet<String> splits = left == null ? new TreeSet<>() : ResultSplits.of(session.store(), left);
    // a masked outer product's parts are summed before the mask relabels them: C needs no combiner
    return settings(TableSettings.defaults().splits(splits), mask != null ? Algorithm.ROWWISE : algorithm);
  }

  /** C's iterators: the outer product's combiner, and the sum across labels per reader. */
  private TableSettings settings(TableSettings s, Algorithm algorithm) {
    String semiring = options.semiring().name();
    String codec = session.codec().name();
    if (algorithm == Algorithm.OUTER) {
      combiner(s);
    }
    // scan scope only: compactions keep each label's part, so every reader's sum stays exact
    s.iterator(AcrossLabelsCombiner.setting(ACROSS_LABELS_PRIORITY, ACROSS_LABELS, semiring, codec),
        EnumSet.of(IteratorScope.scan));
    return s;
  }

  /** The outer product's combiner: sums the partial products of a cell (per label) at every scope. */
  private TableSettings combiner(TableSettings s) {
    return s.iterator(MonoidCombiner.setting(COMBINER_PRIORITY, "plus", options.semiring().name(), session.codec().name()),
        EnumSet.allOf(IteratorScope.class));
  }

  @Override
  protected boolean compute(String out, Mask m) {
    Store store = session.store();
    Workspace workspace = session.workspace(out);
    Algorithm algorithm = choice().algorithm();
    MxmOptions o = options.copy();
    MxmPlan.Reads r = reads.lookupRows(choice().lookupRows());
    boolean inKernel = m != null && algorithm == Algorithm.ROWWISE;
    o.mask(inKernel ? m.matrix().table() : null, inKernel && m.structural(), inKernel && m.complemented());
    if (settings.plan() != null) {
      PlannedRows.check(options, m != null);
      return PlannedRows.multiply(session, a.table(), b.table(), out, options, settings,
          (left, right, product, po, placed) -> run(product, null, Algorithm.ROWWISE, po, placed, left, right));
    }
    String stored = storedLeft(algorithm);
    // A transposed: the transpose operation, next to the data like the product, reading only the cells of A
    // that the filters keep (row-by-row: A's columns are C's rows; the outer product: A's rows are C's rows)
    boolean rowwise = algorithm == Algorithm.ROWWISE;
    String left = stored != null ? stored
        : (rowwise ? a.transpose(o.inner(), o.rows()) : a.transpose(o.rows(), o.inner())).temporary().table();
    leftNote = leftNote(stored, !o.rows().isAll() || !o.inner().isAll());
    leftNote = (leftNote == null ? "A read as stored" : leftNote) + (rowwise && r.rightTransposed() != null
        ? String.format("; B's selected columns read from %s's rows (%,d entries) when a batch needs more B rows "
            + "than that costs in seeks", r.rightTransposed(), r.rightTransposedEntries()) : "");
    leftNote = leftNote.equals("A read as stored") ? null : leftNote;
    try {
      if (m == null || inKernel) {
        return run(out, m, algorithm, o, r, left, b.table());
      }
      // the outer product cannot mask cheaply: its parts, summed per label, then through the mask
      String parts = workspace.create("outer", combiner(TableSettings.defaults()));
      run(parts, null, algorithm, o, r, left, b.table());
      session.run(MaskedParts.plan(parts, out, m.matrix().table(), m.structural(), m.complemented(), o.semiring(),
          kernelRun()));
      store.discard(parts);
      return true;
    } finally {
      if (stored == null) {
        store.discard(left); // a session runs many operations: its temporaries' names come back
      }
    }
  }

  /** How A was read, for the output: its table, a stored A^T and the evidence, or a copy of A transposed. */
  private String leftNote(String stored, boolean filtered) {
    if (stored != null && stored.equals(a.table())) {
      return null; // nothing to say: A is read as it is stored
    }
    String why = transposeWhy == null ? "" : " (" + transposeWhy + ")";
    if (stored != null) {
      return "A^T read from " + stored + why;
    }
    return "A copied transposed" + (filtered ? ", only the cells the filters keep" : "")
        + (transposeWhy == null ? "" : "; no stored A^T used" + why);
  }

  /** The session's settings the kernels run with, and the batch size. */
  private MxmPlan.Run kernelRun() {
    return new MxmPlan.Run(session.codec(), session.auths(), session.workers(), session.unitEntries(),
        settings.batchRows());
  }

  private boolean run(String out, Mask m, Algorithm algorithm, MxmOptions o, MxmPlan.Reads r, String left,
      String right) {
    Store store = session.store();
    Workspace workspace = session.workspace(out);
    boolean maskInKernel = o.mask() != null;
    if (options.transposeOut() != null) {
      transposeStaging = workspace.create("staging_transpose", settings(TableSettings.defaults(), algorithm));
    }
    MxmPlan plan = new MxmPlan(algorithm, left, right, out, transposeStaging, o, kernelRun(), r);
    MxmProgress progress = settings.progress();
    double input = progress == MxmProgress.NONE ? Double.POSITIVE_INFINITY : inputEntries(store, left, algorithm);
    // through the session, so that its cancellation and run listeners see the product too
    KernelCounters counters = session.run(plan, c -> progress.update(c.work.get(),
        Math.min(1, c.entriesRead.get() / input)));
    String scope = session.host().remoteEntriesScope(r.partWidth() > 0);
    result = new MxmResult(algorithm, choice().reason(), counters.work.get(), counters.entriesWritten.get(), 0,
        counters.resumes.get(), counters.entriesRead.get(), leftNote,
        scope != null ? counters.remoteEntries.get() : -1, scope);
    return m == null || maskInKernel;
  }

  /**
   * What the kernels read once, against which "fraction done" is measured; unknown (infinite) when the
   * host will not say (Accumulo lets only administrators read file figures).
   */
  private double inputEntries(Store store, String left, Algorithm algorithm) {
    try {
      return Math.max(1, store.info(left).entries() + (algorithm == Algorithm.OUTER ? store.info(b.table()).entries() : 0));
    } catch (TabuloException e) {
      return Double.POSITIVE_INFINITY;
    }
  }
}
