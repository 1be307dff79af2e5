package tabulo.ops;

import java.util.concurrent.atomic.AtomicLong;

/** What a multiply's kernels have done so far, for progress reports and the result. */
public final class KernelCounters {
  public final AtomicLong partialProducts = new AtomicLong();
  /** Entries of the inputs read, against which "fraction done" is measured. */
  public final AtomicLong entriesRead = new AtomicLong();
  /** Entries written to the product (before a combiner folds any). */
  public final AtomicLong entriesWritten = new AtomicLong();
  /** Times a kernel resumed after its host tore it down between units (Accumulo re-seeks). */
  public final AtomicLong resumes = new AtomicLong();
}
