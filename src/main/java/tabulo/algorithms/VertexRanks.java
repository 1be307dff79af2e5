package tabulo.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.ColumnVisibility;

import tabulo.ops.Matrix;
import tabulo.ops.ResultSplits;
import tabulo.ops.Session;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Vertex keys as numbers, for algorithms whose values are vertex keys (component labels, BFS parents):
 * semirings compute on doubles, so the vertices are numbered 1..|V| in key order and a min over ranks is
 * a min over keys. One scan of the vertex vector writes the ranks table next to the data; the client
 * holds the |V| keys (never the edges) to turn ranks back into keys at the end.
 */
final class VertexRanks {
  private final List<String> keys;
  private final Matrix ranks;

  private VertexRanks(List<String> keys, Matrix ranks) {
    this.keys = keys;
    this.ranks = ranks;
  }

  /**
   * Ranks the vertices of {@code vertices} (a vector, one column) into a temporary of the run writing
   * {@code out}, as a vector in {@code column} with the vertices' labels and splits like {@code near}'s.
   */
  static VertexRanks of(Matrix vertices, String column, String out, String near) {
    Session s = vertices.session();
    List<String> keys = new ArrayList<>();
    String ranks = s.workspace(out).create("ranks", TableSettings.defaults().splits(ResultSplits.of(s.store(), near)));
    try (TableWriter w = s.store().writer(ranks);
        Scan scan = s.store().scan(vertices.table(), ScanSpec.all().auths(s.auths()))) {
      for (Entry<Key, Value> e : scan) {
        String v = e.getKey().getRow().toString();
        if (keys.isEmpty() || !keys.get(keys.size() - 1).equals(v)) {
          keys.add(v); // a vertex held in parts under several labels comes once per part, in key order
        }
        Mutation m = new Mutation(v);
        m.put("", column, labelOf(e.getKey()), new Value(s.codec().encode(keys.size())));
        w.addMutation(m);
      }
    }
    return new VertexRanks(keys, s.matrix(ranks));
  }

  /** The ranks vector: vertex -> its rank. */
  Matrix ranks() {
    return ranks;
  }

  int size() {
    return keys.size();
  }

  /**
   * Writes into table {@code into}, for each cell (v, c) = rank of {@code ranked}, the cell (v, column) =
   * the key of that rank, with the cell's labels.
   */
  void writeKeys(Matrix ranked, String column, String into) {
    Session s = ranked.session();
    try (TableWriter w = s.store().writer(into);
        Scan scan = s.store().scan(ranked.table(), ScanSpec.all().auths(s.auths()))) {
      for (Entry<Key, Value> e : scan) {
        int rank = (int) s.codec().decode(e.getValue().get());
        Mutation m = new Mutation(e.getKey().getRow());
        m.put("", column, labelOf(e.getKey()), new Value(keys.get(rank - 1)));
        w.addMutation(m);
      }
    }
  }

  private static ColumnVisibility labelOf(Key k) {
    return new ColumnVisibility(k.getColumnVisibilityData().toArray());
  }
}
