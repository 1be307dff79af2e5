package tabulo.api.operations;

import java.util.EnumSet;
import java.util.List;

import tabulo.api.Call;
import tabulo.api.Declaration;
import tabulo.api.Outcome;
import tabulo.api.Parameter;
import tabulo.api.Parameter.Type;
import tabulo.api.Shared.Group;
import tabulo.math.BinaryOp;
import tabulo.math.BinaryOps;
import tabulo.math.UnaryOps;
import tabulo.ops.Matrix;
import tabulo.storage.TabuloException;

/** {@code apply A C --op NAME [--scalar X [--bind first|second]]}: C = f(A) ({@link Matrix#apply}). */
public final class ApplyDeclaration {
  static final Parameter OP = Parameter.required("op", Type.TEXT, "NAME", "Unary: identity ainv minv abs one lnot "
      + "sqrt exp log; with --scalar, binary: " + Operands.BINARY_OPS + ".");
  static final Parameter SCALAR = Parameter.optional("scalar", Type.SCALAR, "X", null,
      "Bind X (a number the codec can store) to the binary operator --op.");
  static final Parameter BIND = Parameter.optional("bind", Type.TEXT, "first|second", "second",
      "With --scalar: op(X, a) (first) or op(a, X) (second).");

  public static final Declaration APPLY = new Declaration("apply", List.of(
      "Map every entry through an operator into a new table: C = f(A).",
      "C = f(A) (GraphBLAS apply): a unary operator, or a binary operator with a scalar bound to one side: --op "
          + "minus --scalar 1 is a - 1 (--bind second, the default), with --bind first it is 1 - a. Keys and labels "
          + "stay. C is published only when complete (with --accum, combined into C)."),
      List.of(Operands.A, Operands.C, OP, SCALAR, BIND), EnumSet.of(Group.OUTPUT, Group.READ), ApplyDeclaration::run)
      .rule(values -> {
        Object bind = values.get(BIND);
        if (bind != null && !bind.equals("first") && !bind.equals("second")) {
          return "--bind: expected first or second, got '" + bind + "'";
        }
        return "first".equals(bind) && values.get(SCALAR) == null ? "--bind needs --scalar" : null;
      });

  private ApplyDeclaration() {}

  private static Outcome run(Call c) {
    String op = c.text(OP);
    Matrix a;
    if (c.value(SCALAR) == null) {
      var f = unary(op);
      a = c.session().matrix(c.text(Operands.A));
      return c.write(a.apply(f), c.text(Operands.C));
    }
    BinaryOp f = binary(op);
    double x = c.scalar(SCALAR);
    a = c.session().matrix(c.text(Operands.A));
    return c.write("first".equals(c.text(BIND)) ? a.applyBindFirst(f, x) : a.applyBindSecond(f, x),
        c.text(Operands.C));
  }

  /** The unary operator {@code name}; a binary one is pointed at --scalar. */
  private static tabulo.math.UnaryOp unary(String name) {
    try {
      return UnaryOps.named(name);
    } catch (IllegalArgumentException e) {
      if (isA(() -> BinaryOps.named(name))) {
        throw new TabuloException("--op: " + name + " is a binary operator: give --scalar X to bind to it");
      }
      throw new TabuloException("--op: " + e.getMessage());
    }
  }

  /** The binary operator {@code name} (--scalar is given); a unary one is told to drop --scalar. */
  private static BinaryOp binary(String name) {
    if (!isA(() -> BinaryOps.named(name)) && isA(() -> UnaryOps.named(name))) {
      throw new TabuloException("--op: " + name + " is a unary operator: it takes no --scalar");
    }
    return Call.binaryOp("--op", name);
  }

  private static boolean isA(Runnable find) {
    try {
      find.run();
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
