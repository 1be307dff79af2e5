package tabulo.algorithms;

import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.ops.Select;

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
    Matrix t = g.transpose().temporary();
    Matrix both = g.ewiseAdd(t, BinaryOps.PAIR).temporary();
    return both.select(Select.OFFDIAG).temporary().apply(UnaryOps.ONE).temporary();
  }

  /** G ∪ G^T with G's weights (the smaller where both directions hold one): for --undirected. */
  public static Matrix symmetric(Matrix g) {
    Matrix t = g.transpose().temporary();
    return g.ewiseAdd(t, BinaryOps.MIN).temporary();
  }
}
