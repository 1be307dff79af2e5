package tabulo.gen;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;


import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableSettings;
import tabulo.storage.SortedLoader;

/**
 * Writes a Graph500 graph as an adjacency table: row = source vertex, column (qualifier, empty family) =
 * target vertex, both as {@link VertexKeys} (zero-padded decimal), value = how many times the edge was
 * generated. Split points divide the edges evenly among the requested tablets; the edges, generated in
 * key order, are bulk-loaded straight into the tablets' sorted files.
 */
public final class Graph500Table {
  private Graph500Table() {}

  /** Generates, splits and writes the graph; returns its distinct edges (the table's entries). */
  public static EdgeCounts write(Store store, String table, Graph500.Options options, int tablets) {
    EdgeCounts edges = EdgeCounts.of(new Graph500(options));
    return write(store, table, options, edges, splits(edges, VertexKeys.width(options.scale()), tablets));
  }

  /**
   * The same split into {@code ranges} ranges of equally many vertex ids (vertex v in range floor(v ranges / n)),
   * as RRp splits A and B alike: graphs of one SCALE get the same split points.
   */
  public static EdgeCounts writeInVertexRanges(Store store, String table, Graph500.Options options, int ranges) {
    int width = VertexKeys.width(options.scale());
    long n = 1L << options.scale();
    List<String> splits = new ArrayList<>();
    for (int t = 1; t < ranges; t++) {
      long last = (n * t + ranges - 1) / ranges - 1; // the largest v with floor(v ranges / n) = t - 1
      splits.add(new String(VertexKeys.key(last, width), StandardCharsets.US_ASCII)); // a tablet ends at its split
    }
    return write(store, table, options, EdgeCounts.of(new Graph500(options)), splits);
  }

  private static EdgeCounts write(Store store, String table, Graph500.Options options, EdgeCounts edges,
      List<String> splits) {
    TableNames.checkUserTable(table);
    int width = VertexKeys.width(options.scale());
    store.create(table, TableSettings.defaults().splits(splits));
    long ts = System.currentTimeMillis();
    // edges come sorted by (u, v) and zero-padded keys sort like the numbers: one bulk load, no sorting
    try (SortedLoader loader = store.bulkLoad(table)) {
      byte[] row = null;
      long u = -1;
      for (int i = 0; i < edges.size(); i++) {
        if (edges.u(i) != u) {
          u = edges.u(i);
          row = VertexKeys.key(u, width);
        }
        loader.append(row, EMPTY, VertexKeys.key(edges.v(i), width), EMPTY, ts,
            Integer.toString(edges.count(i)).getBytes(StandardCharsets.US_ASCII));
      }
    }
    return edges;
  }

  /** Rows at which to split so that each of {@code tablets} tablets holds about as many edges. */
  static List<String> splits(EdgeCounts edges, int width, int tablets) {
    List<String> out = new ArrayList<>();
    for (int t = 1; t < tablets && edges.size() > 0; t++) {
      long u = edges.u((int) ((long) edges.size() * t / tablets));
      String key = new String(VertexKeys.key(u, width), StandardCharsets.US_ASCII);
      if (out.isEmpty() || !out.get(out.size() - 1).equals(key)) {
        out.add(key);
      }
    }
    return out;
  }

  private static final byte[] EMPTY = new byte[0];
}
