package tabulo.algorithms;

import java.util.HashSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;

import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.Monoids;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Select;
import tabulo.select.KeySpec;
import tabulo.storage.Scan;
import tabulo.storage.ScanSpec;

/**
 * The graph conventions every algorithm shares. An adjacency table G: row = source vertex, column =
 * target vertex, value = edge weight. Algorithms on undirected graphs use the structure of G ∪ G^T
 * without self-loops; directed ones use G as stored.
 */
public final class Graph {
  private Graph() {}

  /**
   * The undirected structure of G as a temporary of its session: G ∪ G^T without self-loops, every value
   * 1 (an edge is there when G holds it in either direction, whatever its weight).
   */
  public static Matrix undirected(Matrix g) {
    return withTranspose(g, BinaryOps.PAIR);
  }

  /**
   * G's off-diagonal cells as ones joined with their transpose as a temporary: {@code both} combines a pair
   * linked in both directions (PAIR: 1, the undirected structure; PLUS: 2, each direction counted).
   */
  public static Matrix withTranspose(Matrix g, BinaryOp both) {
    Session s = g.session();
    // three passes: G's off-diagonal cells as ones, their transpose, the union (where one side alone holds a
    // key, its 1 is kept)
    Matrix ones = g.apply(UnaryOps.ONE, Select.OFFDIAG).temporary();
    Matrix t = ones.transpose().temporary();
    Matrix joined = ones.ewiseAdd(t, both).temporary();
    s.release(t);
    s.release(ones);
    return joined;
  }

  /**
   * The strictly lower triangle of G's undirected graph as a temporary: lower(G) ∪ upper(G)^T, G's cells
   * below the diagonal and those above it turned over. Its structure is tril of {@link #undirected}'s (the
   * values are G's where only one direction holds an edge, 1 where both do): for plus.pair and structural
   * masks. Reads G twice and writes about its size twice, where tril(undirected(G)) wrote it eight times.
   */
  public static Matrix lower(Matrix g) {
    Session s = g.session();
    Matrix below = g.select(Select.LOWER).temporary();
    Matrix above = g.select(Select.UPPER).temporary();
    Matrix turned = above.transpose().temporary();
    s.release(above);
    Matrix l = below.ewiseAdd(turned, BinaryOps.PAIR).temporary();
    s.release(below);
    s.release(turned);
    return l;
  }

  /** G ∪ G^T with G's weights (the smaller where both directions hold one): for --undirected. */
  public static Matrix symmetric(Matrix g) {
    Matrix t = g.transpose().temporary();
    Matrix both = g.ewiseAdd(t, BinaryOps.MIN).temporary();
    g.session().release(t);
    return both;
  }

  /** The vertex set of G (every row key and every column key) as a vector of ones in {@code column}. */
  public static Matrix vertices(Matrix g, String column) {
    Matrix ones = g.apply(UnaryOps.ONE).temporary();
    Matrix rows = ones.reduceRows(Monoids.ANY, column).temporary();
    Matrix cols = ones.reduceCols(Monoids.ANY, column).temporary();
    return rows.ewiseAdd(cols, BinaryOps.PAIR).temporary();
  }

  /**
   * The vertices of G that {@code from} selects, as {@link #vertices} holds them, reading only what it must:
   * G's rows at those keys, and G's columns (a scan of all of G) only when some selected key is not a row
   * of G or {@code from} is more than a list of keys.
   */
  public static Matrix vertices(Matrix g, KeySpec from, String column) {
    Matrix rows = g.extract(from, KeySpec.all()).temporary().apply(UnaryOps.ONE).temporary()
        .reduceRows(Monoids.ANY, column).temporary();
    List<String> keys = from.exactKeys();
    if (keys != null && rowKeys(rows).containsAll(keys)) {
      return rows;
    }
    Matrix cols = g.extract(KeySpec.all(), from).temporary().apply(UnaryOps.ONE).temporary()
        .reduceCols(Monoids.ANY, column).temporary();
    return rows.ewiseAdd(cols, BinaryOps.PAIR).temporary();
  }

  /** The row keys of a small vector (a few selected vertices), read by this client. */
  private static Set<String> rowKeys(Matrix v) {
    Set<String> keys = new HashSet<>();
    try (Scan scan = v.session().store().scan(v.table(), ScanSpec.all().auths(v.session().auths()))) {
      for (Entry<Key, Value> e : scan) {
        keys.add(e.getKey().getRow().toString());
      }
    }
    return keys;
  }

  /** Drops a temporary an iteration no longer needs (the session would at its close), returns {@code next}. */
  public static Matrix replace(Matrix old, Matrix next) {
    drop(old);
    return next;
  }

  /**
   * Drops a temporary an iteration no longer needs (again: nothing); a matrix that is not a temporary of its
   * session, such as the graph itself, is never touched.
   */
  public static void drop(Matrix temporary) {
    temporary.session().releaseIfTemporary(temporary);
  }
}
