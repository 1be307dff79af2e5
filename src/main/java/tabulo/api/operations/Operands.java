package tabulo.api.operations;

import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;

/** The parameters the operations' declarations share: operand tables, the result C, selections, operators. */
final class Operands {
  static final Parameter A = Parameter.table("A", "The input table.");
  static final Parameter B = Parameter.table("B", "The second input table.");
  static final Parameter C = Parameter.table("C", "The table to write (must not exist unless --accum).");
  static final Parameter ROWS = Parameter.optional("rows", Type.SELECTION, "SPEC", ":",
      "Row keys to keep (D4M syntax).");
  static final Parameter COLS = Parameter.optional("cols", Type.SELECTION, "SPEC", ":",
      "Column keys to keep (D4M syntax).");
  static final String BINARY_OPS = "plus minus times div min max first second pair any eq ne gt ge lt le land lor "
      + "lxor, or a class name";

  private Operands() {}
}
