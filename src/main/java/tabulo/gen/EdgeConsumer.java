package tabulo.gen;

/** Receives an edge (u, v) as two primitive longs. */
@FunctionalInterface
public interface EdgeConsumer {
  void accept(long u, long v);
}
