package tabulo.math;

/** The name of a built-in operator, monoid or semiring: what it is found by and printed as. */
abstract class NamedValue {
  private final String name;

  NamedValue(String name) {
    this.name = name;
  }

  public final String name() {
    return name;
  }

  @Override
  public final String toString() {
    return name;
  }
}
