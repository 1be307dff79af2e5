package tabulo.math;

import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.core.io.NumberOutput;

/**
 * A double's shortest round-trip text, and a decimal's double, through jackson-core's Schubfach writer and
 * its bundled FastDoubleParser when jackson-core is on the classpath (Tabulo's own classpath always has it;
 * a tablet server with an older or no jackson may not). Java 17's {@link Double#toString} and
 * {@link Double#parseDouble} are several times slower on the 17-digit values iterative algorithms produce
 * (ranks, shares), and decimal text was a large part of PageRank's CPU. Parsing is correctly rounded either
 * way, so the double read is the same;
 * the writer's digits are the shortest that read back, in Double.toString's format (Java 17's own writer
 * sometimes gives one more digit), so either text decodes to the same double.
 */
final class DoubleText {
  private static final boolean FAST = probe();

  private DoubleText() {}

  /** Double.toString's format ("1.5", "1.0E-5"), shortest digits. */
  static String shortest(double d) {
    return FAST ? NumberOutput.toString(d, true) : Double.toString(d);
  }

  /** The double nearest {@code s}, a decimal in Java's syntax. */
  static double parse(String s) {
    return FAST ? NumberInput.parseDouble(s, true) : Double.parseDouble(s);
  }

  private static boolean probe() {
    try {
      return NumberInput.parseDouble(NumberOutput.toString(0.1, true), true) == 0.1;
    } catch (LinkageError | RuntimeException e) { // no jackson-core, or one older than 2.14
      return false;
    }
  }
}
