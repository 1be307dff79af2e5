package tabulo.algorithms;

import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.select.KeySpec;
import tabulo.storage.TabuloException;

/**
 * Where an algorithm that builds its result in a table of its own puts it: OUT is a {@link Target}. A
 * plain new table (no mask, no accumulator) gets the finished table renamed to it, with no copy; a mask or
 * an accumulator takes the operations' way ({@code into(target)}), so they apply as to any operation.
 */
final class Output {
  private Output() {}

  /**
   * Refuses, before any work, an OUT that exists when nothing accumulates into it, and a temporary (such an
   * algorithm hands back no matrix, so its result would be lost). With {@code keys} the result holds vertex
   * keys as values (components, parents): operations read only numbers, so it must go to a plain table.
   */
  static void checkNew(Session s, Target out, boolean keys) {
    if (out.table() == null) {
      throw new IllegalArgumentException("the result needs a table name, not a temporary");
    }
    if (keys && !plain(out)) {
      throw new IllegalArgumentException("the result holds vertex keys, not numbers: a mask or an accumulator "
          + "cannot apply to it (write a new table and combine from there)");
    }
    if (out.accum() == null && s.store().exists(out.table())) {
      throw new TabuloException("table exists: " + out.table());
    }
  }

  /** Whether OUT is a new table written as it is: no mask, no accumulator. */
  static boolean plain(Target out) {
    return out.mask() == null && out.accum() == null;
  }

  /** Publishes the finished table {@code result} (made by this session, now complete) to {@code out}. */
  static void publish(Session s, String result, Target out) {
    if (plain(out)) {
      s.store().rename(result, out.table());
    } else {
      s.matrix(result).extract(KeySpec.all(), KeySpec.all()).into(out);
    }
  }
}
