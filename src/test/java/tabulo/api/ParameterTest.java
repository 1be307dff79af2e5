package tabulo.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tabulo.api.Parameter.Front;
import tabulo.api.Parameter.Type;
import tabulo.storage.TabuloException;

/** How a declared parameter reads the command line's text and Python's values, and names itself in each. */
class ParameterTest {
  private static final Parameter K = Parameter.required("k", Type.INTEGER, "K", "K.").atLeast(3);
  private static final Parameter FROM = Parameter.required("from", Type.SELECTION, "SPEC", "Sources.");
  private static final Parameter TOL = Parameter.optional("max-tolerance", Type.REAL, "T", 1e-9, "Tolerance.");
  private static final Parameter DIM = Parameter.optional("dim", Type.TEXT, "rows|cols", null, "Dim.")
      .oneOf("rows", "cols");

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

  @Test
  void oneOfTakesItsWordsInAnyCaseAndNamesThemWhenGivenAnother() {
    assertEquals("rows", DIM.parse("ROWS"));
    assertEquals("cols", DIM.convert("cols"));
    assertNull(DIM.parse(null)); // not given: no default
    assertEquals("--dim: expected 'rows' or 'cols', got 'diag'",
        assertThrows(TabuloException.class, () -> DIM.parse("diag")).getMessage());
    Parameter three = Parameter.optional("algorithm", Type.TEXT, "A", "auto", "A.").oneOf("outer", "rowwise", "auto");
    assertEquals("--algorithm: expected 'outer', 'rowwise' or 'auto', got 'x'",
        assertThrows(TabuloException.class, () -> three.convert("x")).getMessage());
  }

  @Test
  void aFrontEndMayLackAParameterOrHaveADefaultOfItsOwn() {
    Parameter plan = Parameter.optional("plan", Type.TABLE, "PLAN", null, "Plan.").only(Front.COMMAND_LINE);
    assertTrue(plan.shownBy(Front.COMMAND_LINE));
    assertFalse(plan.shownBy(Front.PYTHON));
    Parameter unit = Parameter.optional("unit", Type.INTEGER, "N", 50_000, "Unit.").defaultIn(Front.PYTHON, null);
    assertTrue(unit.shownBy(Front.COMMAND_LINE) && unit.shownBy(Front.PYTHON));
    assertEquals(50_000, unit.parse(null)); // the command line's default
    assertNull(unit.convert(null)); // Python's: none
    assertEquals("Unit (default 50000).", unit.helpWithDefault());
    assertEquals("Unit.", unit.helpWithDefault(Front.PYTHON));
  }

  @Test
  void anOptionalTableIsWrittenAsTheUsageWritesIt() {
    Parameter c = Parameter.optionalTable("C", "The vector.");
    assertEquals("[C]", c.cliName());
    assertEquals("c", c.pythonName());
    assertTrue(c.positional());
    assertFalse(c.required());
  }

  @Test
  void helpThatSaysItsDefaultIsShownAsWritten() {
    Parameter monoid = Parameter.optional("monoid", Type.TEXT, "NAME", "plus", "plus (default), times.");
    assertEquals("plus (default), times (default plus).", monoid.helpWithDefault());
    assertEquals("plus (default), times.", monoid.defaultInHelp().helpWithDefault());
    assertEquals("plus", monoid.defaultInHelp().parse(null));
  }
}
