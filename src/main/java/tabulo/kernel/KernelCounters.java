package tabulo.kernel;

import java.util.concurrent.atomic.AtomicLong;

/** What a run's kernels have done so far, for progress reports and the result. */
public final class KernelCounters {
  /** The kernel's own measure of work: partial products for a multiply, cells computed for others. */
  public final AtomicLong work = new AtomicLong();
  /** Entries of the inputs read, against which "fraction done" is measured. */
  public final AtomicLong entriesRead = new AtomicLong();
  /** Entries written to the output (before a combiner folds any). */
  public final AtomicLong entriesWritten = new AtomicLong();
  /** Times a kernel resumed after its host tore it down between units (Accumulo re-seeks). */
  public final AtomicLong resumes = new AtomicLong();
  /** Planned row-by-row: entries of B rows a tablet (a part) fetched from other parts. */
  public final AtomicLong remoteEntries = new AtomicLong();
}
