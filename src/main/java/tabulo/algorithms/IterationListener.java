package tabulo.algorithms;

/**
 * Hears an iterative algorithm's rounds: the round number (from 1) and how much the round changed (the
 * entries it changed, or PageRank's sum |r' - r|). Each such algorithm's {@code Options} carries one.
 */
@FunctionalInterface
public interface IterationListener {
  IterationListener NONE = (iteration, change) -> {};

  void iteration(int iteration, double change);

  /**
   * A round from an algorithm that also tells how much is left after it ({@link KTruss}: the edges of the
   * truss so far, each direction counted); a listener that shows it overrides this, the others hear only
   * the change.
   */
  default void iteration(int iteration, double change, long left) {
    iteration(iteration, change);
  }
}
