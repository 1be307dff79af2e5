package tabulo.partition;

import java.util.List;

/**
 * Partitions C = A B for row-by-row multiplication: the {@link BipartiteModel}'s graph through the
 * {@link Partitioner}, with the {@link ContiguousSplit} as one starting point: when that split, refined, is
 * balanced, the plan's cut is at most its cut.
 */
public final class SpGemmPartitioner {
  /** The plan and whether it meets the imbalance on all three constraints. */
  public record Plan(Assignment assignment, boolean balanced) {}

  private SpGemmPartitioner() {}

  public static Plan plan(BipartiteModel m, Partitioner.Options o) {
    Assignment contiguous = ContiguousSplit.of(m, o.parts());
    int[] start = new int[m.rowsOfA() + m.rowsOfB()];
    System.arraycopy(contiguous.ofA(), 0, start, 0, m.rowsOfA());
    System.arraycopy(contiguous.ofB(), 0, start, m.rowsOfA(), m.rowsOfB());
    Partitioner.Result r = Partitioner.partition(m.graph(), o, List.of(start));
    return new Plan(m.assignment(o.parts(), r.part()), r.balanced());
  }
}
