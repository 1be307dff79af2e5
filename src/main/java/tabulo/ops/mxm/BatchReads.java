package tabulo.ops.mxm;

import org.apache.accumulo.core.security.Authorizations;

import tabulo.kernel.KernelCounters;
import tabulo.storage.Store;

/**
 * What row-by-row's reads beside its driver ({@link BRowFetcher}'s B rows, {@link MaskedRows}' M rows)
 * share: the store, the multiply's options and authorizations, whether Y, B and C are families of one
 * table ({@link SingleTableLayout}), and the counters the entries they read go to.
 */
record BatchReads(Store store, MxmOptions options, Authorizations auths, boolean singleTable,
    KernelCounters counters) {
}
