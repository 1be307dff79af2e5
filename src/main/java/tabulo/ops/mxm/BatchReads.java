package tabulo.ops.mxm;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.kernel.KernelCounters;
import tabulo.math.ValueCodec;
import tabulo.storage.Store;

/**
 * What row-by-row's reads beside its driver ({@link BRowFetcher}'s B rows, {@link MaskedRows}' M rows)
 * share: the store, the multiply's plan, and the counters the entries they read go to.
 */
record BatchReads(Store store, MxmPlan plan, KernelCounters counters) {
  MxmOptions options() {
    return plan.options;
  }

  Authorizations auths() {
    return plan.auths;
  }

  ValueCodec codec() {
    return plan.run.codec();
  }

  /** Whether Y, B and C are families of one table ({@link SingleTableLayout}). */
  boolean singleTable() {
    return plan.reads.layout() == MxmSettings.Layout.SINGLE_TABLE;
  }
}
