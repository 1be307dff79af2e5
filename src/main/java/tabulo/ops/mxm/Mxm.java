package tabulo.ops.mxm;

import tabulo.kernel.KernelHost;
import tabulo.kernel.Ticker;
import tabulo.kernel.KernelCounters;
import tabulo.kernel.LocalKernels;
import tabulo.kernel.Scans;
import tabulo.ops.Session;
import tabulo.ops.Workspace;

import java.util.EnumSet;

import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;

import tabulo.iterators.AcrossLabelsCombiner;
import tabulo.iterators.MonoidCombiner;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmOptions.Kernels;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;

/**
 * C = op(A) (+.x) B on tables, next to the data. The product is built in staging tables (temporaries of
 * the run's {@link Workspace}) and published by renaming them once complete, so a run that dies leaves C
 * absent (never partly counted) and the next run clears what it left. The outer product natively
 * multiplies a table whose rows are the shared dimension (A^T B); row-by-row natively multiplies A B; the
 * other forms first copy A transposed. {@link AlgorithmChoice} says which runs.
 */
public final class Mxm {
  /** Below the default versioning iterator (20), so it sees every partial product of a cell. */
  static final int COMBINER_PRIORITY = 10;
  /** Above versioning (20): folds, per reader, the newest sums of a cell's differently labelled parts. */
  static final int ACROSS_LABELS_PRIORITY = 30;

  private Mxm() {}

  public static MxmResult multiply(Store store, String a, String b, String c, MxmOptions o) {
    long start = System.nanoTime();
    for (String t : new String[] {a, b}) {
      if (!store.exists(t)) {
        throw new TabuloException("no such table: " + t);
      }
    }
    for (String t : o.transposeOut == null ? new String[] {c} : new String[] {c, o.transposeOut}) {
      TableNames.checkUserTable(t);
      if (store.exists(t)) {
        throw new TabuloException("table " + t + " already exists: delete it or choose another name for the product");
      }
    }
    if (c.equals(o.transposeOut)) {
      throw new TabuloException("the product and its transpose cannot both be table " + c);
    }
    Authorizations auths = o.auths != null ? o.auths : store.authorizations(store.user());
    AlgorithmChoice choice = AlgorithmChoice.of(store, a, b, o);
    Algorithm algorithm = choice.algorithm();
    // the outer product needs A's rows on the shared dimension (A^T B); row-by-row needs them as C's rows
    boolean needsTranspose = (algorithm == Algorithm.OUTER) != o.transposeA;
    // the session holds the transposed copy (a temporary of its own) until the product is published
    try (Workspace workspace = Workspace.open(store, c);
        Session session = Session.open(store).auths(auths).codec(o.codec).nextToData(o.kernels == Kernels.SERVER)
            .workers(o.workers)) {
      String left = a;
      if (needsTranspose) {
        left = session.matrix(a).transpose().temporary().table();
      }
      TableSettings cSettings = TableSettings.defaults().splits(store.splits(left));
      TableSettings tSettings = TableSettings.defaults();
      for (TableSettings s : new TableSettings[] {cSettings, tSettings}) {
        if (algorithm == Algorithm.OUTER) {
          s.iterator(MonoidCombiner.setting(COMBINER_PRIORITY, "plus", o.semiring.name(), o.codec.name()),
              EnumSet.allOf(IteratorScope.class));
        }
        // scan scope only: compactions keep each label's part, so every reader's sum stays exact
        s.iterator(AcrossLabelsCombiner.setting(ACROSS_LABELS_PRIORITY, "pluslabels", o.semiring.name(),
            o.codec.name()), EnumSet.of(IteratorScope.scan));
      }
      String staging = workspace.create("staging", cSettings);
      String stagingT = o.transposeOut == null ? null : workspace.create("staging_transpose", tSettings);
      MxmPlan plan = new MxmPlan(algorithm, left, b, staging, stagingT, o, auths);
      if (plan.journalTable() != null) {
        workspace.adopt(plan.journalTable()); // a host that journals units creates it
      }
      KernelHost host = LocalKernels.of(store, o.kernels == Kernels.SERVER);
      KernelCounters counters = new KernelCounters();
      double input = o.progress == MxmProgress.NONE ? Double.POSITIVE_INFINITY : inputEntries(store, left, b, algorithm);
      try (Ticker ticker = new Ticker(() -> o.progress.update(counters.work.get(),
          Math.min(1, counters.entriesRead.get() / input)))) {
        host.run(plan, Scans.tablets(store, algorithm == Algorithm.OUTER ? b : left), counters);
      }
      store.rename(staging, c);
      if (stagingT != null) {
        store.rename(stagingT, o.transposeOut);
      }
      return new MxmResult(algorithm, choice.reason(), counters.work.get(), counters.entriesWritten.get(),
          (System.nanoTime() - start) / 1e9, counters.resumes.get());
    }
  }

  /**
   * What the kernels read once, against which "fraction done" is measured; unknown (infinite) when the
   * host will not say (Accumulo lets only administrators read file figures).
   */
  private static double inputEntries(Store store, String left, String b, Algorithm algorithm) {
    try {
      return Math.max(1, store.info(left).entries() + (algorithm == Algorithm.OUTER ? store.info(b).entries() : 0));
    } catch (TabuloException e) {
      return Double.POSITIVE_INFINITY;
    }
  }
}
