package tabulo.math;

/** Doubles read as booleans, GraphBLAS style: 0 is false, anything else (NaN included) is true. */
final class Booleans {
  private Booleans() {}

  static double or(double a, double b) {
    return a != 0 || b != 0 ? 1.0 : 0.0;
  }

  static double and(double a, double b) {
    return a != 0 && b != 0 ? 1.0 : 0.0;
  }

  static double xor(double a, double b) {
    return (a != 0) != (b != 0) ? 1.0 : 0.0;
  }

  static double not(double a) {
    return a == 0 ? 1.0 : 0.0;
  }

  static double of(boolean b) {
    return b ? 1.0 : 0.0;
  }
}
