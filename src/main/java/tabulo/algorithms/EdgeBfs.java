package tabulo.algorithms;

import java.util.Iterator;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.d4m.IngestedPair;
import tabulo.d4m.Schema;
import tabulo.math.Monoids;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * Graphulo's EdgeBFS (D4M's EdgeBFS) on a D4M incidence table E (Tedge: row = record, column =
 * {@code name|value}, the vertices): vertices are E's column keys and a record links all of its vertices
 * (undirected hyperedges; Graphulo's start/end prefixes for directed records are not offered). One hop,
 * as in EdgeBFS: the frontier vertices whose degree (the number of records holding the vertex) lies in
 * [min, max] are expanded, r = E u (the records holding an expanded vertex), then next&lt;!struct(OUT)&gt; =
 * E^T r (the vertices of those records not reached yet); OUT(v, level) = the hop at which v is first
 * reached, sources 0, as {@link Bfs} ({@link LevelSearch}'s loop, so --hops, the degree filter and
 * --parents work alike: a parent is the smallest key of an expanded vertex one level up sharing a record
 * with v). Next to the data: when {@code T + "T"} (D4M's TedgeT) is known to be E's transpose (an
 * ingest made the pair and both still hold as many entries: {@link IngestedPair}), so
 * E u reads only TedgeT's rows at the frontier's keys, and E^T r only Tedge's rows at r's keys; without
 * it E u reads E whole each round (Graphulo's column select on Tedge). The degrees are read from
 * {@code T + "Deg"} (TedgeDeg, column {@code Degree}) when it exists, as Graphulo does (counts of every
 * ingested record, whatever a reader's labels), else counted from E the reader can read.
 */
public final class EdgeBfs {
  private EdgeBfs() {}

  /** The search on incidence table {@code tedge} into {@code out}; returns the levels reached. */
  public static int run(Matrix tedge, Target out, Bfs.Options o) {
    Session s = tedge.session();
    Store store = s.store();
    Output.checkNew(s, out, o.parents());
    if (o.undirected()) {
      throw new TabuloException("--undirected does not apply to --incidence: a record links its vertices both ways");
    }
    checkIncidence(s, tedge.table());
    String transpose = IngestedPair.of(store, tedge.table()).transpose(); // only with evidence, not by name
    String degrees = tedge.table() + "Deg";
    Matrix e = transpose != null ? tedge.withTranspose(transpose) : tedge;
    Matrix et = transpose != null ? s.matrix(transpose) : null;
    return LevelSearch.run(new LevelSearch.Search(tedge.table(),
        () -> (et != null ? ones(et).reduceRows(Monoids.ANY, Bfs.COLUMN) : ones(e).reduceCols(Monoids.ANY, Bfs.COLUMN))
            .temporary(),
        () -> (et != null ? ones(et.extract(o.from(), KeySpec.all()).temporary()).reduceRows(Monoids.ANY, Bfs.COLUMN)
            : ones(e.extract(KeySpec.all(), o.from()).temporary()).reduceCols(Monoids.ANY, Bfs.COLUMN)).temporary(),
        () -> store.exists(degrees) ? s.matrix(degrees).extract(KeySpec.all(), KeySpec.parse(Schema.DEGREE_COLUMN + ","))
            .temporary().reduceRows(Monoids.PLUS, Bfs.COLUMN).temporary() : Degrees.of(e, true, Bfs.COLUMN).temporary(),
        (frontier, step, notReached) -> {
          Matrix records = e.mxm(frontier, MxmOptions.defaults().semiring(step)).temporary();
          Matrix next = e.mxm(records, MxmOptions.defaults().transposeA(true).semiring(step))
              .into(Target.temporary().mask(notReached));
          Graph.drop(records);
          return next;
        }, false), out, o);
  }

  private static Matrix ones(Matrix m) {
    return m.apply(UnaryOps.ONE).temporary();
  }

  /**
   * Refuses what is surely not an incidence table: D4M's other tables of a schema (pass PREFIXTedge), or a
   * table whose first column key is not {@code name|value} (an adjacency table: run bfs without --incidence).
   * Reads one cell.
   */
  private static void checkIncidence(Session s, String table) {
    for (String other : new String[] {"TedgeT", "TedgeDeg", "TedgeTxt"}) {
      if (table.endsWith(other)) {
        throw new TabuloException("--incidence reads a D4M Tedge table, not its " + other + ": pass "
            + table.substring(0, table.length() - other.length()) + "Tedge");
      }
    }
    try (Scan scan = s.store().scan(table, ScanSpec.all().auths(s.auths()))) {
      Iterator<Entry<Key, Value>> first = scan.iterator();
      if (!first.hasNext()) {
        return;
      }
      Key k = first.next().getKey();
      String column = k.getColumnFamily().getLength() == 0 ? k.getColumnQualifier().toString()
          : k.getColumnFamily() + ":" + k.getColumnQualifier();
      if (!column.contains(Schema.SEPARATOR)) {
        throw new TabuloException("--incidence: " + table + " is not a D4M incidence table: its column '" + column
            + "' is not name" + Schema.SEPARATOR + "value (for an adjacency table, run bfs without --incidence)");
      }
    }
  }
}
