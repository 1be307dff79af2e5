package tabulo.ops;

import tabulo.math.BinaryOp;

/**
 * Where an operation's result T goes: a new table (C = T), an existing one combined with it
 * (C = C accum T), or a temporary of the session; optionally through a mask (C&lt;M&gt;). With a mask
 * and an accumulator, C's entries outside the mask stay as they are.
 */
public record Target(String table, Mask mask, BinaryOp accum) {
  /** A new table: it must not exist. */
  public static Target table(String name) {
    return new Target(name, null, null);
  }

  /** A temporary of the session, deleted when it closes. */
  public static Target temporary() {
    return new Target(null, null, null);
  }

  public Target mask(Mask m) {
    return new Target(table, m, accum);
  }

  /** Combine into the existing table: C = C accum T where both have a key, else the one value. */
  public Target accum(BinaryOp op) {
    if (table == null && op != null) {
      throw new IllegalArgumentException("a temporary has nothing to accumulate into");
    }
    return new Target(table, mask, op);
  }
}
