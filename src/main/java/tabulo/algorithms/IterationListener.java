package tabulo.algorithms;

/** Hears an iterative algorithm's rounds: the round number and how many entries it changed. */
@FunctionalInterface
public interface IterationListener {
  IterationListener NONE = (iteration, change) -> {};

  void iteration(int iteration, long change);
}
