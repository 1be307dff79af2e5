package tabulo.ops;

import tabulo.storage.TableSettings;

/**
 * A result not yet computed, e.g. {@code A.ewiseAdd(B, BinaryOps.MIN)}: it is computed where it is put,
 * {@link #into} a table, a {@link #temporary}, or through {@link Matrix#assign} with a mask and an
 * accumulator, so that a mask can act inside the kernels.
 */
public abstract class Operation {
  protected final Session session;

  protected Operation(Session session) {
    this.session = session;
  }

  /** The input whose tablets drive the kernels (and whose splits the result takes). */
  protected abstract Matrix driver();

  /** How the table the result is computed into is made (its splits, a combiner). */
  protected TableSettings resultSettings() {
    return TableSettings.defaults().splits(ResultSplits.of(session.store(), driver().table()));
  }

  /** Whether the result table sums what is written into it (its settings carry the combiner). */
  protected boolean outputCombines() {
    return false;
  }

  /**
   * Computes the result into {@code out}, an empty table made with {@link #resultSettings}. Applies
   * {@code mask} (may be null) inside the kernels and returns true when it can; returns false to have
   * the mask applied afterwards.
   */
  protected abstract boolean compute(String out, Mask mask);

  /** Computes the result into a new table {@code table}. */
  public Matrix into(String table) {
    return into(Target.table(table));
  }

  public Matrix into(Target target) {
    return StagedOutput.publish(this, target);
  }

  /** Computes the result into a temporary of the session. */
  public Matrix temporary() {
    return into(Target.temporary());
  }
}
