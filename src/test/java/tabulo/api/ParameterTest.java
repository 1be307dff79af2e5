package tabulo.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import tabulo.api.Parameter.Type;
import tabulo.storage.TabuloException;

/** How a declared parameter reads the command line's text and Python's values, and names itself in each. */
class ParameterTest {
  private static final Parameter K = Parameter.required("k", Type.INTEGER, "K", "K.").atLeast(3);
  private static final Parameter FROM = Parameter.required("from", Type.SELECTION, "SPEC", "Sources.");
  private static final Parameter TOL = Parameter.optional("max-tolerance", Type.REAL, "T", 1e-9, "Tolerance.");

  @Test
  void namesFollowEachFrontEnd() {
    assertEquals("--from", FROM.cliName());
    assertEquals("from_", FROM.pythonName()); // a Python keyword
    assertEquals("max_tolerance", TOL.pythonName());
    assertEquals("G", Parameter.table("G", "graph").cliName());
    assertEquals("g", Parameter.table("G", "graph").pythonName());
  }

  @Test
  void textAndPythonValuesReadAsTheirType() {
    assertEquals(4, K.parse("4"));
    assertEquals(4, K.convert(4L));
    assertEquals(0.5, TOL.parse("0.5"));
    assertEquals(2.0, TOL.convert(2L));
    assertEquals(1e-9, TOL.parse(null)); // the default
    assertEquals("1", FROM.convert(1L)); // a key given as a number
  }

  @Test
  void badValuesNameTheParameterAsTheCommandLineWritesIt() {
    assertEquals("--k must be at least 3, got 2", assertThrows(TabuloException.class, () -> K.parse("2")).getMessage());
    assertEquals("--k must be at least 3, got 2", assertThrows(TabuloException.class, () -> K.convert(2L)).getMessage());
    assertEquals("--k: 'x' is not an integer", assertThrows(TabuloException.class, () -> K.parse("x")).getMessage());
    assertEquals("--k: expected an integer, got 2.5",
        assertThrows(TabuloException.class, () -> K.convert(2.5)).getMessage());
    assertEquals("--max-tolerance: 'a' is not a number",
        assertThrows(TabuloException.class, () -> TOL.parse("a")).getMessage());
  }

  @Test
  void helpShowsTheDefaultAsAPersonWritesIt() {
    assertEquals("Tolerance (default 1e-9).", TOL.helpWithDefault());
    assertEquals("Damping (default 0.85).", Parameter.optional("d", Type.REAL, "D", 0.85, "Damping").helpWithDefault());
    assertEquals("K.", K.helpWithDefault()); // no default
  }
}
