package tabulo.ops.mxm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorUtil.IteratorScope;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.core.security.ColumnVisibility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tabulo.embedded.EmbeddedStore;
import tabulo.math.DecimalCodec;
import tabulo.math.Semiring;
import tabulo.math.Semirings;
import tabulo.ops.Mxm;
import tabulo.ops.Session;
import tabulo.ops.mxm.MxmOptions.Algorithm;
import tabulo.ops.mxm.MxmSettings;
import tabulo.storage.ScanSpec;
import tabulo.storage.TableSettings;
import tabulo.storage.TableWriter;

/**
 * A product computed by a user who reads everything, read by users with different authorizations: each
 * gets one cell per row and column, the semiring's sum of exactly the partial products A(i,k)*B(k,j)
 * whose two factors it may read (the brute-force oracle below), whatever the spelling of equivalent
 * labels; what a user copies out of C reads back the same for it and shows no one else a part they
 * could not read.
 */
class MxmVisibilityTest {
  /** Equivalent spellings on purpose: {@code red} and {@code (red)}, {@code red&blue} and {@code (blue)&(red)}. */
  private static final String[] LABELS = {"", "red", "(red)", "blue", "red&blue", "(blue)&(red)", "blue&red",
      "red|blue", "(blue|red)"};
  private static final Map<String, Set<String>> USERS = Map.of("nobody", Set.of(), "ruby", Set.of("red"),
      "navy", Set.of("blue"), "both", Set.of("red", "blue"));
  private static final String[] SPLITS = {"r3"};

  @TempDir
  Path dir;

  /** A stored cell of A or B. */
  record Cell(String row, String col, double value, String label) {}

  /** A partial product of C(i,j): its value and the labels of its two factors. */
  record Part(double value, String labelA, String labelB) {}

  /** Who may read a label, by hand. */
  static boolean visible(String label, Set<String> auths) {
    return switch (label) {
      case "" -> true;
      case "red", "(red)" -> auths.contains("red");
      case "blue" -> auths.contains("blue");
      case "red&blue", "(blue)&(red)", "blue&red" -> auths.contains("red") && auths.contains("blue");
      case "red|blue", "(blue|red)" -> auths.contains("red") || auths.contains("blue");
      default -> throw new IllegalArgumentException(label);
    };
  }

  @Test
  void eachUserReadsOneCellPerRowAndColumnTheSumOfThePartsItMayRead() {
    Path db = dir.resolve("db");
    Random rnd = new Random(5);
    List<Cell> a;
    List<Cell> b;
    Semiring[] semirings = {Semirings.PLUS_TIMES, Semirings.MIN_PLUS};
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      USERS.forEach((u, auths) -> root.setAuthorizations(u, new Authorizations(auths.toArray(new String[0]))));
      a = write(root, "A", rnd);
      b = write(root, "B", rnd);
      for (Semiring s : semirings) {
        for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
          for (boolean t : new boolean[] {true, false}) {
            try (Session session = Session.open(root).unitEntries(5)) {
              Mxm.multiply(session, "A", "B", product(s, alg, t),
                  MxmOptions.defaults().algorithm(alg).transposeA(t).semiring(s), MxmSettings.defaults());
            }
          }
        }
      }
    }
    int seenCells = 0;
    for (Semiring s : semirings) {
      for (boolean t : new boolean[] {true, false}) {
        Map<String, List<Part>> parts = parts(a, b, t, s);
        for (Map.Entry<String, Set<String>> user : USERS.entrySet()) {
          Map<String, Map.Entry<Double, String>> expected = expected(parts, user.getValue(), s);
          try (EmbeddedStore store = EmbeddedStore.open(db, user.getKey())) {
            for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
              String what = "user " + user.getKey() + ", " + product(s, alg, t);
              Map<String, Map.Entry<Double, String>> seen = read(store, product(s, alg, t), what);
              assertEquals(expected, seen, what);
              seenCells += seen.size();
            }
          }
        }
      }
    }
    assertTrue(seenCells > 100, "the test reads real products: " + seenCells);
  }

  /** Stored parts carry flattened labels, so equivalent labels are one part (one cell) of C. */
  @Test
  void partialProductsCarryFlattenedLabels() {
    try (EmbeddedStore root = EmbeddedStore.open(dir.resolve("db"), EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      Random rnd = new Random(7);
      write(root, "A", rnd);
      write(root, "B", rnd);
      int labelled = 0;
      for (Algorithm alg : new Algorithm[] {Algorithm.OUTER, Algorithm.ROWWISE}) {
        String c = "C_" + alg;
        Mxm.multiply(root, "A", "B", c, MxmOptions.defaults().algorithm(alg).transposeA(true));
        root.removeIterator(c, "pluslabels", EnumSet.of(IteratorScope.scan)); // the parts, as stored
        for (Entry<Key, Value> e : root.scanAll(c, ScanSpec.all())) {
          byte[] label = e.getKey().getColumnVisibilityData().toArray();
          if (label.length > 0) {
            labelled++;
            assertArrayEquals(new ColumnVisibility(label).flatten(), label, e.getKey().toString());
          }
        }
      }
      assertTrue(labelled > 20, "labelled parts: " + labelled);
    }
  }

  /** A user's copy of what it read of C (scan --vis | put) reads back the same, and leaks nothing. */
  @Test
  void aCopyOfWhatAUserReadReadsBackTheSameAndLeaksNothing() {
    Path db = dir.resolve("db");
    List<Cell> a;
    List<Cell> b;
    try (EmbeddedStore root = EmbeddedStore.open(db, EmbeddedStore.ROOT)) {
      root.setAuthorizations(EmbeddedStore.ROOT, new Authorizations("red", "blue"));
      USERS.forEach((u, auths) -> root.setAuthorizations(u, new Authorizations(auths.toArray(new String[0]))));
      Random rnd = new Random(11);
      a = write(root, "A", rnd);
      b = write(root, "B", rnd);
      Mxm.multiply(root, "A", "B", "C", MxmOptions.defaults().algorithm(Algorithm.OUTER).transposeA(true));
    }
    Map<String, List<Part>> parts = parts(a, b, true, Semirings.PLUS_TIMES);
    for (Map.Entry<String, Set<String>> user : USERS.entrySet()) {
      String copy = "D_" + user.getKey();
      Map<String, Map.Entry<Double, String>> read;
      try (EmbeddedStore store = EmbeddedStore.open(db, user.getKey())) {
        read = read(store, "C", user.getKey());
        store.create(copy, TableSettings.defaults());
        try (TableWriter w = store.writer(copy)) {
          read.forEach((cell, vl) -> {
            String[] rc = cell.split(" ", 2);
            Mutation m = new Mutation(rc[0]);
            m.put("", rc[1], new ColumnVisibility(vl.getValue()), DecimalCodec.format(vl.getKey()));
            w.addMutation(m);
          });
        }
        assertEquals(read, read(store, copy, user.getKey()), "copy of user " + user.getKey());
      }
      for (Map.Entry<String, Set<String>> other : USERS.entrySet()) {
        try (EmbeddedStore store = EmbeddedStore.open(db, other.getKey())) {
          for (String cell : read(store, copy, other.getKey()).keySet()) {
            for (Part p : parts.get(cell)) {
              boolean summed = visible(p.labelA(), user.getValue()) && visible(p.labelB(), user.getValue());
              boolean readable = visible(p.labelA(), other.getValue()) && visible(p.labelB(), other.getValue());
              assertTrue(!summed || readable, other.getKey() + " reads " + user.getKey() + "'s copy of " + cell
                  + ", which sums a part it may not read");
            }
          }
        }
      }
    }
  }

  private static String product(Semiring s, Algorithm alg, boolean transposeA) {
    return "C_" + s.name().replace('.', '_') + "_" + alg + (transposeA ? "_T" : "");
  }

  /** Every partial product of op(A) B, by "row column" of C: a triple loop over the stored cells. */
  static Map<String, List<Part>> parts(List<Cell> a, List<Cell> b, boolean transposeA, Semiring s) {
    Map<String, List<Part>> parts = new TreeMap<>();
    for (Cell x : a) {
      String i = transposeA ? x.col() : x.row();
      String k = transposeA ? x.row() : x.col();
      for (Cell y : b) {
        if (y.row().equals(k)) {
          parts.computeIfAbsent(i + " " + y.col(), c -> new ArrayList<>())
              .add(new Part(s.multiply(x.value(), y.value()), x.label(), y.label()));
        }
      }
    }
    return parts;
  }

  /**
   * What a user reads of C: per cell, the semiring's sum of the parts whose two factors it may read,
   * labelled with the flattened conjunction of those factors' labels; cells without such a part are absent.
   */
  static Map<String, Map.Entry<Double, String>> expected(Map<String, List<Part>> parts, Set<String> auths, Semiring s) {
    Map<String, Map.Entry<Double, String>> out = new TreeMap<>();
    parts.forEach((cell, ps) -> {
      Double sum = null;
      TreeSet<String> labels = new TreeSet<>();
      for (Part p : ps) {
        if (visible(p.labelA(), auths) && visible(p.labelB(), auths)) {
          sum = sum == null ? p.value() : s.add(sum, p.value());
          for (String l : new String[] {p.labelA(), p.labelB()}) {
            if (!l.isEmpty()) {
              labels.add("(" + l + ")");
            }
          }
        }
      }
      if (sum != null) {
        String label = labels.isEmpty() ? "" : new String(new ColumnVisibility(String.join("&", labels)).flatten());
        out.put(cell, Map.entry(sum + 0.0, label));
      }
    });
    return out;
  }

  /** A table as a user reads it, by "row column"; fails on a second cell for one row and column. */
  private static Map<String, Map.Entry<Double, String>> read(EmbeddedStore store, String table, String what) {
    Map<String, Map.Entry<Double, String>> seen = new TreeMap<>();
    for (Entry<Key, Value> e : store.scanAll(table, ScanSpec.all())) {
      String cell = e.getKey().getRow() + " " + e.getKey().getColumnQualifier();
      Map.Entry<Double, String> previous = seen.put(cell, Map.entry(
          DecimalCodec.INSTANCE.decode(e.getValue().get()) + 0.0, e.getKey().getColumnVisibility().toString()));
      assertNull(previous, what + ": a second cell for " + cell);
    }
    return seen;
  }

  private static List<Cell> write(EmbeddedStore store, String table, Random rnd) {
    store.create(table, TableSettings.defaults().splits(List.of(SPLITS)));
    List<Cell> cells = new ArrayList<>();
    try (TableWriter w = store.writer(table)) {
      for (int r = 0; r < 6; r++) {
        Mutation mu = new Mutation("r" + r);
        for (int c = 0; c < 6; c++) {
          if (rnd.nextInt(3) != 0) {
            double v = 1 + rnd.nextInt(5);
            String label = LABELS[rnd.nextInt(LABELS.length)];
            mu.put("", "r" + c, new ColumnVisibility(label), DecimalCodec.format(v));
            cells.add(new Cell("r" + r, "r" + c, v, label));
          }
        }
        if (mu.size() > 0) {
          w.addMutation(mu);
        }
      }
    }
    return cells;
  }
}
