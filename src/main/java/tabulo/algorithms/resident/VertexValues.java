package tabulo.algorithms.resident;

import tabulo.math.ValueCodec;
import tabulo.ops.Session;

/**
 * An algorithm's result over a graph held in memory: one value or none per vertex, vertex v being the
 * graph's v-th key in key order. A value is a number (a level, a rank, a distance, a coefficient) or
 * another vertex's key (a component's root, a label). The in-memory algorithms compute one; {@link #publish}
 * writes it as the table OUT(v, column), and a caller that needs no table (LDBC's output file) reads it here.
 */
public final class VertexValues {
  private final ResidentGraph g;
  private final double[] numbers; // null: the values are keys
  private final int[] keyOf; // with keys: v's value is the key of vertex keyOf[v]
  private final boolean[] has; // null: every vertex has a value

  private VertexValues(ResidentGraph g, double[] numbers, int[] keyOf, boolean[] has) {
    this.g = g;
    this.numbers = numbers;
    this.keyOf = keyOf;
    this.has = has;
  }

  /** {@code x[v]} for each vertex v of {@code g} where {@code has[v]} (null: everywhere). */
  static VertexValues numbers(ResidentGraph g, double[] x, boolean[] has) {
    return new VertexValues(g, x, null, has);
  }

  /** The key of vertex {@code keyOf[v]} for each vertex v of {@code g} where {@code has[v]} (null: everywhere). */
  static VertexValues keys(ResidentGraph g, int[] keyOf, boolean[] has) {
    return new VertexValues(g, null, keyOf, has);
  }

  /** The number of vertices. */
  public int vertices() {
    return g.vertices();
  }

  /** Vertex {@code v}'s key (the keys ascend with v, in the tables' order). */
  public byte[] key(int v) {
    return g.key(v);
  }

  /** The vertex whose key is {@code key}, or -1. */
  public int find(byte[] key) {
    return g.find(key);
  }

  /** Whether vertex {@code v} has a value (else the table has no cell for it). */
  public boolean has(int v) {
    return has == null || has[v];
  }

  /** Whether the values are numbers ({@link #number}) rather than keys ({@link #keyVertex}). */
  public boolean numeric() {
    return numbers != null;
  }

  /** Vertex {@code v}'s value, a number. */
  public double number(int v) {
    return numbers[v];
  }

  /** The vertex whose key is vertex {@code v}'s value. */
  public int keyVertex(int v) {
    return keyOf[v];
  }

  /** Vertex {@code v}'s value as a cell holds it: a number by {@code codec}, a key as it is. */
  public byte[] encoded(ValueCodec codec, int v) {
    return numbers != null ? codec.encode(numbers[v]) : g.key(keyOf[v]);
  }

  /** Publishes the new table OUT(v, {@code column}) of the vertices with a value, as {@link ResidentGraph#publish}. */
  void publish(Session s, String out, String role, String near, String column) {
    ValueCodec codec = s.codec();
    g.publishVector(s, out, role, near, column, v -> has(v) ? encoded(codec, v) : null);
  }
}
