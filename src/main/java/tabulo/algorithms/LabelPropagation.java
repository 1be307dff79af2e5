package tabulo.algorithms;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map.Entry;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;

import tabulo.algorithms.resident.Resident;
import tabulo.algorithms.resident.ResidentGraph;
import tabulo.algorithms.resident.ResidentLabelPropagation;
import tabulo.algorithms.resident.VertexValues;
import tabulo.math.BinaryOps;
import tabulo.math.Semirings;
import tabulo.ops.Matrix;
import tabulo.ops.ResultSplits;
import tabulo.ops.Session;
import tabulo.ops.Target;
import tabulo.ops.mxm.MxmOptions;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;
import tabulo.storage.TabuloException;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Community detection by synchronous label propagation, as LDBC Graphalytics defines CDLP: every vertex starts
 * with its own key as label; each round it takes the label most frequent among its neighbours' labels of the
 * round before, ties to the smallest label; a vertex without neighbours keeps its label. Undirected, the
 * neighbours are G ∪ G^T, each once; {@code directed}, in- and out-neighbours both count, so a neighbour
 * linked both ways counts twice. Self-loops are ignored.
 * Labels compare as LDBC's integer ids do where keys are integers, and as the table sorts them otherwise:
 * integer keys (an optional minus and up to 18 digits) compare as integers and come before every other key;
 * other keys, and integers of equal value (7, 007), compare as unsigned bytes.
 *
 * <p>In tables: the vertices are ranked 1..n in label order; P(u, l) = n+1 where u holds label l, w(l) =
 * n+1-rank(l). A round is C = A (plus.times) P, so C(v, l) = (n+1) · (neighbours of v labelled l), then
 * win = C (max.plus) w: the largest count wins, and among equal counts the smallest label's larger w, and
 * count and rank are read back exactly from win = count (n+1) + w. The client holds the n keys and turns
 * each round's win into the next P (n cells read and written a round, never the edges). Once a round changes
 * no label the later ones cannot either, so they are skipped.
 *
 * <p>Where G can be held in memory ({@link Resident}), {@link ResidentLabelPropagation} runs the same rounds
 * over its arrays instead.
 */
public final class LabelPropagation {
  public static final String COLUMN = "label";
  /** Every integer up to 2^53 is a double exactly: win must stay below it. */
  private static final double EXACT_INTEGERS = 0x1p53;

  /** The rounds to run; {@code directed} counts in- and out-neighbours; {@code listener} hears each round. */
  public record Options(int iterations, boolean directed, IterationListener listener) {
    public static Options defaults() {
      return new Options(10, false, IterationListener.NONE);
    }

    public Options iterations(int n) {
      return new Options(n, directed, listener);
    }

    public Options directed(boolean d) {
      return new Options(iterations, d, listener);
    }

    /** Hears each round's number (from 1) and the labels it changed. */
    public Options listener(IterationListener l) {
      return new Options(iterations, directed, l);
    }
  }

  private LabelPropagation() {}

  /**
   * The labels of G's vertices (vertex keys) over G held in memory ({@link Resident}), without a table:
   * null where G is not held, and then {@link #run} computes in tables.
   */
  public static VertexValues labels(Matrix g, Options o) {
    checkIterations(o);
    ResidentGraph held = Resident.graphFor(g);
    return held == null ? null : ResidentLabelPropagation.labels(held, g, o).labels();
  }

  private static void checkIterations(Options o) {
    if (o.iterations() < 0) {
      throw new TabuloException("--iterations must be 0 or more, not " + o.iterations());
    }
  }

  /** The labels of G's vertices into {@code out}: OUT(v, label) = a vertex key; returns the rounds run. */
  public static int run(Matrix g, Target out, Options o) {
    checkIterations(o);
    Session s = g.session();
    Output.checkNew(s, out, true);
    ResidentGraph held = Output.plain(out) ? Resident.graphFor(g) : null;
    if (held != null) {
      return ResidentLabelPropagation.run(held, g, out.table(), o);
    }
    Labels labels = Labels.of(Graph.vertices(g, COLUMN));
    Matrix neighbours = neighbours(g, o.directed());
    checkExact(labels.size(), neighbours);
    TableSettings near = TableSettings.defaults().splits(ResultSplits.of(s.store(), g.table()));
    Matrix weights = s.matrix(labels.writeWeights(s.workspace(out.table()).create("cdlp_weights", near)));
    Matrix assigned = s.matrix(labels.writeAssignment(s.workspace(out.table()).create("cdlp_labels", near)));
    // A is symmetric, so A^T P is A P: the outer product joins A's rows with P's in one pass
    MxmOptions count = MxmOptions.defaults().transposeA(true).semiring(Semirings.PLUS_TIMES)
        .algorithm(MxmOptions.Algorithm.OUTER);
    MxmOptions pick = MxmOptions.defaults().semiring(Semirings.MAX_PLUS);
    int round = 0;
    while (round < o.iterations()) {
      round++;
      Matrix counts = neighbours.mxm(assigned, count).temporary();
      Matrix winners = counts.mxm(weights, pick).temporary();
      Graph.drop(counts);
      long changed = labels.take(winners);
      Graph.drop(winners);
      o.listener().iteration(round, changed);
      if (changed == 0) {
        break;
      }
      Graph.drop(assigned);
      assigned = s.matrix(labels.writeAssignment(s.workspace(out.table()).create("cdlp_labels", near)));
    }
    String named = s.workspace(out.table()).create("cdlp", near);
    labels.writeResult(named);
    Output.publish(s, named, out);
    return round;
  }

  /** A(v, u) = how often u counts as v's neighbour: 1, or 2 when directed and linked both ways. */
  private static Matrix neighbours(Matrix g, boolean directed) {
    return Graph.withTranspose(g, directed ? BinaryOps.PLUS : BinaryOps.PAIR);
  }

  /** Refuses a graph so large that count (n+1) + w might not be a double exactly. */
  private static void checkExact(int n, Matrix neighbours) {
    double most = 2.0 * n; // a count is at most twice the vertices (directed, every neighbour both ways)
    if ((most + 1) * (n + 1) >= EXACT_INTEGERS) {
      most = neighbours.nvals();
    }
    if ((most + 1) * (n + 1) >= EXACT_INTEGERS) {
      throw new TabuloException("cdlp: " + n + " vertices and " + (long) most + " edges are too many to rank "
          + "labels exactly in doubles");
    }
  }

  /**
   * The rank (1..n) of each of {@code keys}, given in table order, in the order labels compare: integer keys
   * as integers and before the others, the rest (and equal integers) in table order.
   */
  public static int[] ranksInLabelOrder(List<String> keys) {
    int n = keys.size();
    Long[] integer = new Long[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      integer[i] = integerOrNull(keys.get(i));
      order[i] = i;
    }
    // the keys are in table order already, so the index breaks ties in byte order
    Arrays.sort(order, Comparator.<Integer, Long>comparing(i -> integer[i], Comparator.nullsLast(Comparator
        .naturalOrder())).thenComparing(Comparator.naturalOrder()));
    int[] rank = new int[n];
    for (int r = 0; r < n; r++) {
      rank[order[r]] = r + 1;
    }
    return rank;
  }

  /** The integer a key spells (an optional minus and 1 to 18 digits), or null. */
  private static Long integerOrNull(String key) {
    int digits = key.startsWith("-") ? key.length() - 1 : key.length();
    if (digits < 1 || digits > 18) {
      return null;
    }
    for (int i = key.length() - digits; i < key.length(); i++) {
      if (key.charAt(i) < '0' || key.charAt(i) > '9') {
        return null;
      }
    }
    return Long.parseLong(key);
  }

  /** The client's side: the vertex keys in table order, each one's label as a rank in label order. */
  private static final class Labels {
    private final Session session;
    private final List<String> vertices; // in table order, as every scan returns them
    private final String[] byRank; // byRank[r - 1] is the key of rank r in label order
    private final int[] label; // the rank of each vertex's label
    private final int[] rank; // each vertex's own rank

    private Labels(Session session, List<String> vertices) {
      this.session = session;
      this.vertices = vertices;
      rank = ranksInLabelOrder(vertices);
      byRank = new String[rank.length];
      for (int i = 0; i < rank.length; i++) {
        byRank[rank[i] - 1] = vertices.get(i);
      }
      label = rank.clone();
    }

    /** The vertex keys of the vector {@code vertices}; a labelled cell is refused. */
    static Labels of(Matrix vertices) {
      Session s = vertices.session();
      List<String> keys = new ArrayList<>();
      try (Scan scan = s.store().scan(vertices.table(), ScanSpec.all().auths(s.auths()))) {
        for (Entry<Key, Value> e : scan) {
          if (e.getKey().getColumnVisibilityData().length() > 0) {
            // a round's counts would come in parts per label, and a mode cannot be taken over parts
            throw new TabuloException("cdlp: G holds labelled cells (visibility " + e.getKey()
                .getColumnVisibilityData() + "); label propagation needs an unlabelled graph");
          }
          keys.add(e.getKey().getRow().toString());
        }
      }
      Graph.drop(vertices);
      return new Labels(s, keys);
    }

    int size() {
      return vertices.size();
    }

    /** w(l) = n+1-rank(l), from n down to 1 (never 0: zeros are not stored). */
    String writeWeights(String table) {
      int n = size();
      try (TableWriter w = session.store().writer(table)) {
        for (int i = 0; i < n; i++) {
          w.addMutation(cell(vertices.get(i), COLUMN, session.codec().encode(n + 1 - rank[i])));
        }
      }
      return table;
    }

    /** P(v, label of v) = n+1. */
    String writeAssignment(String table) {
      byte[] value = session.codec().encode(size() + 1);
      try (TableWriter w = session.store().writer(table)) {
        for (int i = 0; i < size(); i++) {
          w.addMutation(cell(vertices.get(i), byRank[label[i] - 1], value));
        }
      }
      return table;
    }

    /** Takes each vertex's winning label from win = count (n+1) + w; returns how many labels changed. */
    long take(Matrix winners) {
      long n1 = size() + 1L;
      long changed = 0;
      int i = 0;
      try (Scan scan = session.store().scan(winners.table(), ScanSpec.all().auths(session.auths()))) {
        for (Entry<Key, Value> e : scan) {
          String v = e.getKey().getRow().toString();
          while (!vertices.get(i).equals(v)) {
            i++; // a vertex without neighbours has no winner: it keeps its label
          }
          long win = Math.round(session.codec().decode(e.getValue().get()));
          int next = (int) (n1 - win % n1);
          if (next != label[i]) {
            label[i] = next;
            changed++;
          }
        }
      }
      return changed;
    }

    /** OUT(v, label) = the key of v's label. */
    void writeResult(String table) {
      try (TableWriter w = session.store().writer(table)) {
        for (int i = 0; i < size(); i++) {
          w.addMutation(cell(vertices.get(i), COLUMN, byRank[label[i] - 1].getBytes(StandardCharsets.UTF_8)));
        }
      }
    }

    private static Mutation cell(String row, String column, byte[] value) {
      Mutation m = new Mutation(row);
      m.put("", column, new Value(value));
      return m;
    }
  }
}
