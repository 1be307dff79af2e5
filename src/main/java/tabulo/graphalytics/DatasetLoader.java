package tabulo.graphalytics;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

import tabulo.algorithms.resident.Resident;
import tabulo.ops.Session;
import tabulo.ops.Workspace;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TabuloException;
import tabulo.util.Progress;

/**
 * Loads a dataset's .v and .e files into a {@link LoadedGraph}'s tables, all or nothing: both files are
 * streamed into staged tables of a session's workspace (sorted runs of bounded size: memory grows with
 * the vertex count, which every edge is checked against, never with the edge file), then put in place of
 * the old tables by one recorded replace ({@link Workspace#replace}), the stamp last: a bad line, a
 * failure or Ctrl-C drops the staged tables and leaves what was there before, and a kill leaves the old
 * tables or the new ones whole (once the next load or run has finished the replace the kill cut short).
 * An undirected edge is stored in both directions.
 */
public final class DatasetLoader {
  private static final byte[] ONE = {'1'};
  private static final byte[] VERTEX = LoadedGraph.VERTEX_COLUMN.getBytes(StandardCharsets.UTF_8);

  private DatasetLoader() {}

  /**
   * Loads {@code d} into {@code g}'s tables, replacing a graph loaded there before; returns its stamp.
   * {@code cancelled} is asked between the files and before publishing.
   */
  public static LoadedGraph.Stamp load(Store store, Dataset d, LoadedGraph g, BooleanSupplier cancelled) {
    try (Session s = Session.open(store).cancelled(cancelled)) {
      Workspace ws = s.workspace(g.edges()); // opened first: a killed load's replace is finished now
      if (store.exists(g.edges()) && g.stamp(store) == null) {
        throw new TabuloException("table " + g.edges() + " exists and holds no loaded dataset: load with another "
            + "--as, or delete it first");
      }
      return load(s, ws, d, g);
    }
  }

  private static LoadedGraph.Stamp load(Session s, Workspace ws, Dataset d, LoadedGraph g) {
    Store store = s.store();
    boolean directed = d.directed();
    String fingerprint = d.fingerprint(); // before reading: a file changed meanwhile is loaded again next time
    String weight = d.keys().getProperty("graph." + d.name() + ".sssp.weight-property", "").trim();
    List<String> properties = d.edgeProperties();
    int weightField = weight.isEmpty() ? -1 : properties.indexOf(weight);
    if (!weight.isEmpty() && weightField < 0) {
      throw new TabuloException(d.properties() + ": the weight property '" + weight + "' is not among graph."
          + d.name() + ".edge-properties.names (" + String.join(",", properties) + ")");
    }
    Progress progress = Progress.onTerminal("load " + d.name(), 0);
    try {
      String vertices = ws.create("vertices", TableSettings.defaults());
      String edges = ws.create("edges", TableSettings.defaults());
      String stamp = ws.create("dataset", TableSettings.defaults());
      long[] ids = loadVertices(store, d, vertices, progress);
      s.checkCancelled();
      Edges e = loadEdges(store, d, edges, ids, directed, 2 + properties.size(), weightField, progress);
      Resident.keepImage(s, edges, weightField >= 0); // G's arrays for the runs, kept beside G (part of the load)
      LoadedGraph.Stamp result = new LoadedGraph.Stamp(fingerprint, ids.length, e.count, directed, weight,
          e.negative);
      LoadedGraph.writeStamp(store, stamp, result);
      s.checkCancelled();
      // the old stamp goes aside first and the new one comes last: a graph is taken as loaded only whole
      ws.replace(List.of(new Workspace.Replace(edges, g.edges()), new Workspace.Replace(vertices, g.vertices()),
          new Workspace.Replace(stamp, g.stamp())));
      return result;
    } finally {
      progress.done();
    }
  }

  /** Streams the .v file into {@code table}; returns the ids, sorted, each once. */
  private static long[] loadVertices(Store store, Dataset d, String table, Progress progress) {
    long[] ids = new long[1024];
    int n = 0;
    KeyText key = new KeyText();
    try (TextLines lines = new TextLines(d.vertexFile(), progress);
        StagedCells cells = new StagedCells(store, table)) {
      LineFields f = lines.fields();
      while (lines.nextLine()) {
        if (f.count() == 0) {
          continue;
        }
        if (f.count() != 1) {
          throw lines.error("expected one vertex id, found " + f.count() + " fields");
        }
        long id = lines.id(0);
        if (n == ids.length) {
          ids = Arrays.copyOf(ids, n * 2);
        }
        ids[n++] = id;
        key.of(id, f, 0);
        cells.add(key.bytes, key.from, key.to, VERTEX, 0, VERTEX.length, ONE, 0, ONE.length);
      }
      cells.finish();
    }
    Arrays.sort(ids, 0, n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || ids[i] != ids[i - 1]) {
        ids[distinct++] = ids[i];
      }
    }
    return Arrays.copyOf(ids, distinct);
  }

  /** The edge lines read, and the first negative weight's place ("" if none). */
  private record Edges(long count, String negative) {}

  private static Edges loadEdges(Store store, Dataset d, String table, long[] ids, boolean directed, int fields,
      int weightField, Progress progress) {
    VertexSet vertices = new VertexSet(ids);
    long count = 0;
    String negative = "";
    KeyText source = new KeyText();
    KeyText target = new KeyText();
    try (TextLines lines = new TextLines(d.edgeFile(), progress);
        StagedCells cells = new StagedCells(store, table)) {
      LineFields f = lines.fields();
      while (lines.nextLine()) {
        if (f.count() == 0) {
          continue;
        }
        if (f.count() != fields) {
          throw lines.error("expected " + fields + " fields (source, target" + (fields > 2 ? " and the edge "
              + "properties of " + d.properties().getFileName() : "") + "), found " + f.count());
        }
        long u = lines.id(0);
        long v = lines.id(1);
        if (!vertices.contains(u)) {
          throw lines.error("vertex " + u + " is not in " + d.vertexFile());
        }
        if (!vertices.contains(v)) {
          throw lines.error("vertex " + v + " is not in " + d.vertexFile());
        }
        byte[] value = ONE;
        int valueFrom = 0;
        int valueTo = ONE.length;
        if (weightField >= 0) {
          int w = 2 + weightField;
          value = f.bytes();
          valueFrom = f.start(w);
          valueTo = f.end(w);
          if (!NumberText.nonNegativeDecimal(value, valueFrom, valueTo)) {
            String text = f.text(w);
            double x;
            try {
              x = Double.parseDouble(text);
            } catch (NumberFormatException e) {
              throw lines.error("weight '" + text + "' is not a number");
            }
            if (x < 0 && negative.isEmpty()) {
              negative = lines.place() + ": negative weight " + text;
            }
          }
        }
        source.of(u, f, 0);
        target.of(v, f, 1);
        cells.add(source.bytes, source.from, source.to, target.bytes, target.from, target.to, value, valueFrom,
            valueTo);
        if (!directed && u != v) {
          cells.add(target.bytes, target.from, target.to, source.bytes, source.from, source.to, value,
              valueFrom, valueTo);
        }
        count++;
      }
      cells.finish();
    }
    return new Edges(count, negative);
  }

  /** A vertex's key as a slice: the field it was read from when that is its decimal text, else made. */
  private static final class KeyText {
    byte[] bytes;
    int from;
    int to;

    void of(long id, LineFields f, int field) {
      if (NumberText.canonical(f.bytes(), f.start(field), f.end(field))) {
        bytes = f.bytes();
        from = f.start(field);
        to = f.end(field);
      } else {
        bytes = key(id);
        from = 0;
        to = bytes.length;
      }
    }
  }

  /** A vertex's key: its id in decimal. */
  static byte[] key(long id) {
    return Long.toString(id).getBytes(StandardCharsets.UTF_8);
  }
}
