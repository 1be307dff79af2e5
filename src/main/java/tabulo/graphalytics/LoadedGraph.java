package tabulo.graphalytics;

import java.util.HashMap;
import java.util.Map;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableNames;
import tabulo.storage.TableWriter;

/**
 * A dataset loaded into three tables: G (row = source, column = target, value = weight, or 1 unweighted;
 * an undirected edge stored both ways), G_vertices (every vertex of the .v file, with or without edges:
 * row = id, column {@value #VERTEX_COLUMN}) and G_dataset (what was loaded: the files' fingerprint and the
 * counts), which is published last so that a graph without it is never taken for a loaded one. Vertex keys
 * are the ids in decimal, as the files write them without leading zeros: the algorithms compare integer
 * keys as integers where order matters.
 */
public record LoadedGraph(String edges, String vertices, String stamp) {
  public static final String VERTEX_COLUMN = "vertex";

  /** What G_dataset records. {@code negativeWeight}: the first negative weight's place, or "". */
  public record Stamp(String fingerprint, long vertexCount, long edgeCount, boolean directed, String weight,
      String negativeWeight) {}

  /** The tables of graph {@code g}. */
  public static LoadedGraph named(String g) {
    TableNames.checkUserTable(g);
    return new LoadedGraph(g, g + "_vertices", g + "_dataset");
  }

  /** The default name for a dataset: its name with every character not allowed in a table name as '_'. */
  public static LoadedGraph of(Dataset d) {
    String n = d.name().replaceAll("\\W", "_");
    return named(n.startsWith("_") ? "g" + n : n);
  }

  /** The stamp of a completely loaded graph, or null. */
  public Stamp stamp(Store store) {
    if (!store.exists(stamp) || !store.exists(edges) || !store.exists(vertices)) {
      return null;
    }
    Map<String, String> f = new HashMap<>();
    for (Entry<Key, Value> e : store.scanAll(stamp, ScanSpec.all())) {
      f.put(e.getKey().getColumnQualifier().toString(), e.getValue().toString());
    }
    if (!f.containsKey("fingerprint")) {
      return null;
    }
    return new Stamp(f.get("fingerprint"), Long.parseLong(f.get("vertices")), Long.parseLong(f.get("edges")),
        Boolean.parseBoolean(f.get("directed")), f.getOrDefault("weight", ""), f.getOrDefault("negative", ""));
  }

  /** Writes {@code s} into the (new, empty) table {@code table}. */
  static void writeStamp(Store store, String table, Stamp s) {
    try (TableWriter w = store.writer(table)) {
      Mutation m = new Mutation("dataset");
      m.put("", "fingerprint", s.fingerprint());
      m.put("", "vertices", Long.toString(s.vertexCount()));
      m.put("", "edges", Long.toString(s.edgeCount()));
      m.put("", "directed", Boolean.toString(s.directed()));
      m.put("", "weight", s.weight());
      m.put("", "negative", s.negativeWeight());
      w.addMutation(m);
    }
  }
}
