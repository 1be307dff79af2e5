package tabulo.partition;

/**
 * What an assignment costs: the model's cut (Eq. 2), the exact communication volume of row-by-row
 * multiplication with a given batch ({@link CommunicationVolume}), the entries of A, B and C per part, and
 * per matrix the imbalance max_k W(V_k) / W_avg - 1.
 */
public record PlanStats(long cut, long volume, long[][] loads, double[] imbalance) {
  public static PlanStats of(BipartiteModel m, Assignment p, int batchRows) {
    long[][] loads = m.loads(p);
    return new PlanStats(m.cut(p), CommunicationVolume.of(m, p, batchRows), loads, Balance.imbalance(loads));
  }
}
