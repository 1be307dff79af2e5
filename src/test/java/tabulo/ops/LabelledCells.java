package tabulo.ops;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.apache.accumulo.core.security.VisibilityEvaluator;
import org.apache.accumulo.core.security.VisibilityParseException;

import tabulo.storage.ScanSpec;
import tabulo.storage.Store;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * Test matrices whose cells carry visibility labels (a key may hold several cells, one per label), the
 * brute-force element-wise oracles over them, and what a reader with some authorizations sees: per key,
 * the sorted values of the cells it may read. Comparing views per reader needs no label normal form.
 */
public final class LabelledCells {
  /** Row and column keys: not numbers, unicode, a colon. */
  public static final String[] KEYS = {"alice", "bob", "carol", "dave", "eve", "ñandú", "日本", "z:1", "k07", "x"};
  private static final tabulo.math.ValueCodec CODEC = tabulo.math.ValueCodec.named("decimal");
  public static final String[] LABELS = {"", "", "", "red", "blue", "red&blue", "red|blue"};
  /** Readers: every label, each one alone, none. */
  public static final List<Authorizations> READERS = List.of(new Authorizations("red", "blue"),
      new Authorizations("red"), new Authorizations("blue"), new Authorizations());

  /** One stored cell. */
  public record Cell(String row, String col, String label, double value) {}

  private LabelledCells() {}

  /** Writes random cells (about one key in {@code sparsity}, each with a random label) and returns them. */
  public static List<Cell> random(Store store, Random rnd, String table, List<String> splits, int sparsity) {
    store.create(table, TableSettings.defaults().splits(splits));
    List<Cell> cells = new ArrayList<>();
    try (TableWriter w = store.writer(table)) {
      for (String r : KEYS) {
        for (String c : KEYS) {
          if (rnd.nextInt(sparsity) != 0) {
            continue;
          }
          int n = 1; // one cell per key: two pairs of labelled cells may conjoin to one label (one cell)
          List<String> used = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            String label = LABELS[rnd.nextInt(LABELS.length)];
            if (used.contains(label)) {
              continue;
            }
            used.add(label);
            double v = rnd.nextInt(7) - 2; // zeros and negatives too
            Mutation m = new Mutation(r);
            m.put("", c, new ColumnVisibility(label), new Value(CODEC.encode(v)));
            w.addMutation(m);
            cells.add(new Cell(r, c, label, v));
          }
        }
      }
    }
    return cells;
  }

  /** What a reader with {@code auths} sees of {@code cells}: per "row col" key, its values sorted. */
  public static Map<String, List<Double>> view(List<Cell> cells, Authorizations auths) {
    Map<String, List<Double>> m = new TreeMap<>();
    VisibilityEvaluator ev = new VisibilityEvaluator(auths);
    for (Cell c : cells) {
      if (canRead(ev, c.label())) {
        m.computeIfAbsent(c.row() + " " + c.col(), k -> new ArrayList<>()).add(c.value());
      }
    }
    m.values().forEach(Collections::sort);
    return m;
  }

  /** The same view of a table, scanned with {@code auths}. */
  public static Map<String, List<Double>> view(Store store, String table, Authorizations auths) {
    Map<String, List<Double>> m = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all().auths(auths))) {
      Key k = e.getKey();
      String col = k.getColumnFamily().getLength() == 0 ? k.getColumnQualifier().toString()
          : k.getColumnFamily() + ":" + k.getColumnQualifier();
      m.computeIfAbsent(k.getRow() + " " + col, x -> new ArrayList<>())
          .add(CODEC.decode(e.getValue().get(), 0, e.getValue().getSize()));
    }
    m.values().forEach(Collections::sort);
    return m;
  }

  private static boolean canRead(VisibilityEvaluator ev, String label) {
    try {
      return ev.evaluate(new ColumnVisibility(label));
    } catch (VisibilityParseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The conjunction of two labels (a cell from both), spelled simply: the test reads views, not labels. */
  public static String and(String a, String b) {
    if (a.isEmpty()) {
      return b;
    }
    return b.isEmpty() ? a : "(" + a + ")&(" + b + ")";
  }

  /**
   * Element-wise join by brute force: for each key, every pair of A and B cells gives {@code both}; a key
   * only one side holds gives {@code onlyA}/{@code onlyB} per cell (null: nothing).
   */
  public static List<Cell> join(List<Cell> a, List<Cell> b, BiFunction<Double, Double, Double> both,
      Function<Double, Double> onlyA, Function<Double, Double> onlyB) {
    List<Cell> out = new ArrayList<>();
    Set<String> inB = keys(b);
    Set<String> inA = keys(a);
    for (Cell x : a) {
      String k = x.row() + " " + x.col();
      if (inB.contains(k)) {
        for (Cell y : b) {
          if (y.row().equals(x.row()) && y.col().equals(x.col())) {
            out.add(new Cell(x.row(), x.col(), and(x.label(), y.label()), both.apply(x.value(), y.value())));
          }
        }
      } else if (onlyA != null) {
        out.add(new Cell(x.row(), x.col(), x.label(), onlyA.apply(x.value())));
      }
    }
    if (onlyB != null) {
      for (Cell y : b) {
        if (!inA.contains(y.row() + " " + y.col())) {
          out.add(new Cell(y.row(), y.col(), y.label(), onlyB.apply(y.value())));
        }
      }
    }
    return out;
  }

  public static Set<String> keys(List<Cell> cells) {
    Set<String> s = new java.util.HashSet<>();
    cells.forEach(c -> s.add(c.row() + " " + c.col()));
    return s;
  }

  /**
   * C&lt;M&gt; by brute force: keeps a cell where a cell of M at its key (non-zero unless {@code structure})
   * exists, adding M's label; with {@code complement}, where none does.
   */
  public static List<Cell> mask(List<Cell> c, List<Cell> m, boolean structure, boolean complement) {
    List<Cell> out = new ArrayList<>();
    for (Cell x : c) {
      List<Cell> admitting = m.stream().filter(y -> y.row().equals(x.row()) && y.col().equals(x.col())
          && (structure || y.value() != 0)).toList();
      if (complement) {
        if (admitting.isEmpty()) {
          out.add(x);
        }
      } else if (!admitting.isEmpty()) {
        String either = admitting.stream().anyMatch(y -> y.label().isEmpty()) ? ""
            : String.join("|", admitting.stream().map(y -> "(" + y.label() + ")").toList());
        out.add(new Cell(x.row(), x.col(), and(x.label(), either), x.value()));
      }
    }
    return out;
  }
}
