package tabulo.ops.mxm;

/** Hears how far a multiply has come: partial products so far, and the fraction of its input read. */
public interface MxmProgress {
  MxmProgress NONE = (partialProducts, fractionDone) -> {};

  void update(long partialProducts, double fractionDone);
}
