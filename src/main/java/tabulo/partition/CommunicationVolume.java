package tabulo.partition;

/**
 * The exact number of B entries the parts of an assignment fetch from other parts when C = A B is computed
 * row by row as {@code mult --algorithm rowwise --batch N} does, each part being one tablet:
 *
 * <ul>
 *   <li>a part reads its rows of A in key order and cuts them into batches: a batch takes rows while the
 *       number of distinct B rows it needs (the columns of its rows) is below N, so the row that reaches
 *       or passes N is the batch's last;
 *   <li>a batch fetches each B row it needs once; row j costs nnz(b_j) entries when its part is not the
 *       batch's part, and nothing when it is (a column of A without a row in B costs nothing);
 *   <li>the volume is the sum over parts and their batches.
 * </ul>
 *
 * With one batch per part (N at least the number of B rows) each part fetches each remote B row it needs
 * once: the connectivity volume, never more than the cut of the model, which counts row j once per row of
 * A that needs it.
 */
public final class CommunicationVolume {
  private CommunicationVolume() {}

  /** {@code batchRows} is {@code mult}'s --batch; 0 or less means one batch per part. */
  public static long of(BipartiteModel m, Assignment p, int batchRows) {
    int limit = batchRows <= 0 ? Integer.MAX_VALUE : batchRows;
    int[] inBatch = new int[m.rowsOfB()]; // the batch that last fetched row j, numbered from 1
    int batch = 0;
    long volume = 0;
    for (int k = 0; k < p.parts(); k++) { // one part after the other: a batch marks the B rows it holds
      batch++;
      int size = 0; // distinct B rows in the current batch
      for (int i = 0; i < m.rowsOfA(); i++) { // the part's rows in key order
        if (p.ofA()[i] != k) {
          continue;
        }
        if (size >= limit) {
          batch++;
          size = 0;
        }
        for (int q = m.aStart[i]; q < m.aStart[i + 1]; q++) {
          int j = m.aCol[q];
          if (inBatch[j] != batch) {
            inBatch[j] = batch;
            size++;
            if (p.ofB()[j] != k) {
              volume += m.nnzB[j];
            }
          }
        }
      }
    }
    return volume;
  }
}
