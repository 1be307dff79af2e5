"""Tables that read like python-graphblas: ``C = A.T.mxm(B, "plus.times").new("C")``,
``C(mask=M.S, accum="plus") << A.ewise_add(B, "min")``.

An operation on tables (``A.mxm(B)``, ``A.ewise_add(B)``, ``A.apply("abs")``, ``A.T``, ...) is an
:class:`Expression`: nothing runs until it is given a table to fill, by ``expr.new(NAME)`` or
``C(...) << expr``. Then it runs as the DbServer method of the same operation does (``db.mult``,
``db.ewise_add``, ...): next to the data, as a job on the host; no entries come into Python.

Unlike python-graphblas, results are tables: they persist in the database under a name. ``expr.new()``
without a name, and an expression used as a table (``expr.to_assoc()``, ``expr[rows, cols]``,
``expr.nnz()``, ``expr.name``, ``expr.info``), make a table with a generated name (the operation's name,
an underscore and 12 hex digits, e.g. ``mxm_3f9a0c27d1e4``). An expression used as an operand of
another (``A.mxm(B.T)``, ``A.ewise_add(B.apply("abs"))``) is run into a temporary table that is deleted
once the outer operation has run.
"""
from __future__ import annotations

import uuid
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

from . import _jvm

if TYPE_CHECKING:
    from .assoc import Assoc
    from .db import DbServer, DbTable
    from .info import Info

    Operand = Union["DbTable", "Expression"]


def generated_name(operation: str) -> str:
    """A fresh table name for the result of `operation`: ``{operation}_{12 hex digits}``.

    Parameters
    ----------
    operation : str
        The operation's name (``mxm``, ``pagerank``, ...): it starts the name, so a listing tells what
        made the table.

    Returns
    -------
    str
        A valid table name on both hosts, unique in practice (random, 48 bits).
    """
    return f"{operation.replace('-', '_')}_{uuid.uuid4().hex[:12]}"


def _known(kind: str, name: Any, parameter: str) -> str:
    """`name` checked now against Tabulo's operators (a typo fails where it is written, not at .new())."""
    if not isinstance(name, str):
        raise TypeError(f"{parameter}: expected the name of a {kind} (e.g. 'plus'), got {name!r}")
    _jvm.call(_jvm.java(f"tabulo.math.{kind}").named, name, parameter=parameter)
    return name


class Mask:
    """C<M>: where a result may be written. Made by ``M.S`` (where M holds an entry), ``M.V`` (where M
    holds a non-zero value), and complemented by ``~`` (where M does not admit).

    Parameters
    ----------
    table : DbTable
        The mask's table.
    structure : bool
        True for M.S (any entry admits), False for M.V (a non-zero value admits).
    complement : bool, default False
        True for ~M.S and ~M.V: write where M does not admit.
    """

    def __init__(self, table: DbTable, structure: bool, complement: bool = False) -> None:
        self.table = table
        self.structure = structure
        self.complement = complement

    def __invert__(self) -> Mask:
        return Mask(self.table, self.structure, not self.complement)

    def options(self) -> dict[str, Any]:
        """The output options of the DbServer methods that say this mask."""
        return {"mask": self.table.name, "structure": self.structure, "complement": self.complement}

    def __repr__(self) -> str:
        return f"{'~' if self.complement else ''}{self.table.name}.{'S' if self.structure else 'V'}"


def mask_options(mask: Any, parameter: str = "mask") -> dict[str, Any]:
    """The DbServer output options for `mask` (None, or a Mask: M.S, M.V, ~M.S, ~M.V)."""
    if mask is None:
        return {}
    if isinstance(mask, Mask):
        return mask.options()
    if isinstance(mask, (MatrixMethods, str)):
        raise TypeError(f"{parameter}: give M.S (where M holds an entry) or M.V (where M holds a non-zero value), "
                        f"as python-graphblas, not {mask!r}")
    raise TypeError(f"{parameter}: expected a mask (M.S, M.V, ~M.S or ~M.V), got {mask!r}")


class MatrixMethods:
    """The python-graphblas operations of a table or an expression; each returns an Expression (or, for
    reduce_scalar, a number). Mixed into DbTable and Expression."""

    db: DbServer

    @property
    def T(self) -> Expression:
        """The transpose, as an expression: ``A.T.mxm(B)`` multiplies by A's transpose without
        writing it (db.mult's transpose_a); elsewhere it is transposed into a table first."""
        return Transposed(self)

    @property
    def S(self) -> Mask:
        """This table as a structural mask: C<M.S> writes where M holds an entry."""
        return Mask(_as_table(self), structure=True)

    @property
    def V(self) -> Mask:
        """This table as a valued mask: C<M.V> writes where M holds a non-zero value."""
        return Mask(_as_table(self), structure=False)

    def mxm(self, other: Operand, semiring: str = "plus.times") -> Expression:
        """Matrix product over a semiring: C = A (semiring) B, as db.mult.

        Parameters
        ----------
        other : DbTable or Expression
            B: its rows meet A's columns.
        semiring : str, default "plus.times"
            The semiring, "add.multiply" (plus.times, min.plus, max.times, ...).

        Returns
        -------
        Expression
            The product, to run by ``.new(NAME)`` or ``C(...) << expr``; the table's .info holds the
            algorithm run and its counts.
        """
        _known("Semirings", semiring, "semiring")
        left, transpose_a = (self.source, True) if isinstance(self, Transposed) else (self, False)

        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return self.db.mult(resolve(left), resolve(other, "other"), out, transpose_a=transpose_a,
                                semiring=semiring, **output)
        return Expression(self.db, "mxm", f"{_text(self)}.mxm({_text(other)}, {semiring!r})", run, other)

    def ewise_add(self, other: Operand, op: str = "plus") -> Expression:
        """Element-wise union: op where both hold an entry, the one entry where one does, as db.ewise_add.

        Parameters
        ----------
        other : DbTable or Expression
            The other operand.
        op : str, default "plus"
            The binary operator (plus, min, max, times, minus, first, second, ...).

        Returns
        -------
        Expression
        """
        return self._binary("ewise_add", other, op)

    def ewise_mult(self, other: Operand, op: str = "times") -> Expression:
        """Element-wise intersection: op where both hold an entry, as db.ewise_mult.

        Parameters
        ----------
        other : DbTable or Expression
            The other operand.
        op : str, default "times"
            The binary operator (times, plus, min, max, minus, first, second, ...).

        Returns
        -------
        Expression
        """
        return self._binary("ewise_mult", other, op)

    def _binary(self, operation: str, other: Operand, op: str) -> Expression:
        _known("BinaryOps", op, "op")

        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return getattr(self.db, operation)(resolve(self), resolve(other, "other"), out, op=op, **output)
        return Expression(self.db, operation, f"{_text(self)}.{operation}({_text(other)}, {op!r})", run, other)

    def apply(self, op: str, scalar: Optional[float] = None, *, bind: str = "second") -> Expression:
        """Every entry through an operator: a unary one (``A.apply("abs")``), or a binary one with a scalar
        bound to one side (``A.apply("minus", 1)`` is a - 1; with bind="first", 1 - a), as db.apply.

        Parameters
        ----------
        op : str
            Unary: identity ainv minv abs one lnot sqrt exp log; with a scalar, a binary operator.
        scalar : float, optional
            The number bound to the binary operator `op`.
        bind : {"second", "first"}, default "second"
            op(a, scalar) (second) or op(scalar, a) (first).

        Returns
        -------
        Expression
        """
        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return self.db.apply(resolve(self), out, op, scalar=scalar, bind=bind, **output)
        args = repr(op) + ("" if scalar is None else f", {scalar!r}") + ("" if bind == "second" else f", bind={bind!r}")
        return Expression(self.db, "apply", f"{_text(self)}.apply({args})", run)

    def select(self, op: Optional[str] = None, scalar: Optional[float] = None, *, rows: Any = None,
               cols: Any = None) -> Expression:
        """The entries that pass a test, as db.select: ``A.select("triu")``, ``A.select("gt", 0)``,
        ``A.select(rows="a,:,c,")``.

        Parameters
        ----------
        op : str, optional
            tril triu lower upper diag offdiag (row key against column key, as GraphBLAS compares
            indices), or eq ne gt ge lt le with `scalar` (the value against it).
        scalar : float, optional
            The number eq ne gt ge lt le compare values with.
        rows, cols : str or list, optional
            D4M selections restricting the rows and columns kept.

        Returns
        -------
        Expression
        """
        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return self.db.select(resolve(self), out, op=op, scalar=scalar, rows=rows, cols=cols, **output)
        args = ", ".join(repr(x) for x in (op, scalar) if x is not None)
        return Expression(self.db, "select", f"{_text(self)}.select({args})", run)

    def reduce_rowwise(self, monoid: str = "plus") -> Expression:
        """Each row folded by the monoid, as db.reduce(dim="rows"): a vector table (row key, monoid's name).

        Parameters
        ----------
        monoid : str, default "plus"
            plus, times, min, max, ...

        Returns
        -------
        Expression
        """
        return self._reduce("rows", monoid)

    def reduce_columnwise(self, monoid: str = "plus") -> Expression:
        """Each column folded by the monoid, as db.reduce(dim="cols"): a vector table (column key, monoid's
        name).

        Parameters
        ----------
        monoid : str, default "plus"
            plus, times, min, max, ...

        Returns
        -------
        Expression
        """
        return self._reduce("cols", monoid)

    def _reduce(self, dim: str, monoid: str) -> Expression:
        _known("Monoids", monoid, "monoid")

        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return self.db.reduce(resolve(self), out, dim=dim, monoid=monoid, **output)
        operation = "reduce_rowwise" if dim == "rows" else "reduce_columnwise"
        return Expression(self.db, operation, f"{_text(self)}.{operation}({monoid!r})", run)

    def reduce_scalar(self, monoid: str = "plus") -> float:
        """Every entry folded by the monoid: a number (computed now, next to the data), as db.reduce(A).

        Parameters
        ----------
        monoid : str, default "plus"
            plus, times, min, max, ...

        Returns
        -------
        float
        """
        _known("Monoids", monoid, "monoid")
        with ExitStack() as stack:
            return self.db.reduce(_operand_name(self.db, self, stack, "self"), monoid=monoid)


class TableTarget(MatrixMethods):
    """Mixed into DbTable: a table as the target of an expression, ``C << expr`` and
    ``C(mask=M.S, accum="plus") << expr``."""

    name: str

    def __call__(self, mask: Optional[Mask] = None, accum: Optional[str] = None) -> Assignment:
        """C(mask, accum): where and how ``<<`` writes into this table.

        Parameters
        ----------
        mask : Mask, optional
            M.S, M.V, ~M.S or ~M.V: write only where it admits.
        accum : str, optional
            A binary operator combining the result into C's entries (C = C accum T).

        Returns
        -------
        Assignment
            ``<< expr`` on it runs expr into this table.
        """
        return Assignment(self, mask, accum)

    def __lshift__(self, expression: Union[Expression, DbTable]) -> DbTable:
        """``C << expr``: C becomes the result (its entries replaced)."""
        return Assignment(self, None, None) << expression


class Assignment:
    """``C(mask, accum)``, waiting for ``<< expr``.

    GraphBLAS' C<M> accum= T, with Tabulo's tables: with accum the result is combined into C (C = C accum T
    where the mask admits); without, C's entries where the mask admits become T's (all of them without a
    mask: C = T), and C's entries elsewhere stay. A C that does not exist yet is made.

    Parameters
    ----------
    table : DbTable
        C.
    mask : Mask, optional
        Where C may change.
    accum : str, optional
        The binary operator combining T into C.
    """

    def __init__(self, table: DbTable, mask: Optional[Mask], accum: Optional[str]) -> None:
        if getattr(table, "_transpose", None) is not None:
            raise TypeError(f"{table!r} is a table with its transpose: << writes one table; give db.table(name)")
        self.table = table
        self.output = mask_options(mask)
        self.accum = None if accum is None else _known("BinaryOps", accum, "accum")

    def __lshift__(self, expression: Union[Expression, DbTable]) -> DbTable:
        c = self.table
        if isinstance(expression, TableTarget):
            expression = expression.apply("identity")  # C << A: a copy
        if not isinstance(expression, Expression):
            raise TypeError(f"<< takes an expression (A.mxm(B), A.T, ...) or a table, got {expression!r}")
        db = c.db
        _same_database(db, expression.db, "<<")
        exists = db.exists(c.name)
        if self.accum is not None and exists:
            result = expression._run(c.name, {**self.output, "accum": self.accum})
        elif not exists or c.nnz() == 0:
            if exists:
                db.delete_table(c.name)  # an empty C (db["C"] makes one): the result becomes C
            result = expression._run(c.name, self.output)
        else:
            result = self._replace(expression)
        c.info = result.info
        return c

    def _replace(self, expression: Expression) -> DbTable:
        """C<M> = T into a C that holds entries: T (and, with a mask, C's entries the mask does not admit)
        built beside C, then put in its place; C may be an operand of T."""
        c, db = self.table, self.table.db
        with ExitStack() as stack:
            def temporary(operation: str) -> str:
                name = generated_name(operation)
                stack.callback(lambda: db.delete_table(name) if db.exists(name) else None)
                return name
            result = expression._run(temporary(expression.operation), self.output)
            if self.output:
                outside = dict(self.output, complement=not self.output["complement"])
                kept = db.apply(c.name, temporary("kept"), "identity", **outside)
                merged = db.ewise_add(result.name, kept.name, temporary("merged"), op="first")
                info, result = result.info, merged  # the report is the operation's, not the merge's
                result.info = info
            db.delete_table(c.name)
            _jvm.call(db._bridge.store().rename, result.name, c.name)
            renamed = db.table(c.name)
            renamed.info = result.info
            return renamed


class Expression(MatrixMethods):
    """An operation on tables not run yet: ``expr.new(NAME)`` or ``C(...) << expr`` runs it.

    Used as a table (``.to_assoc()``, ``[rows, cols]``, ``.nnz()``, ``.name``, ``.info``, ``.S``,
    ``.V``) it runs once into a new table with a generated name, which later uses read.

    Parameters
    ----------
    db : DbServer
        The database of the operands.
    operation : str
        The operation's name, starting generated names.
    text : str
        How it reads (its repr).
    run : callable
        run(resolve, out, output) runs it into table `out` with the output options and returns the table;
        resolve(operand) is the name of an operand's table.
    others : DbTable or Expression, optional
        Operands besides the one the method was called on, checked to be of the same database.
    """

    def __init__(self, db: DbServer, operation: str, text: str,
                 run: Callable[[Callable[..., str], str, dict[str, Any]], DbTable], *others: Any) -> None:
        for other in others:
            if not isinstance(other, MatrixMethods):
                raise TypeError(f"other: expected a table or an expression, got {other!r}")
            _same_database(db, other.db, "other")
        self.db = db
        self.operation = operation
        self._text = text
        self._body = run
        self._result: Optional[DbTable] = None

    def __repr__(self) -> str:
        return f"Expression({self._text})"

    def new(self, name: Optional[str] = None, *, mask: Optional[Mask] = None) -> DbTable:
        """Runs the expression into a new table.

        Parameters
        ----------
        name : str, optional
            The new table's name (an error when it exists); by default a generated one
            (``{operation}_{12 hex digits}``).
        mask : Mask, optional
            M.S, M.V, ~M.S or ~M.V: keep only the entries it admits.

        Returns
        -------
        DbTable
            The new table; its .info holds what the run reported.
        """
        return self._run(name or generated_name(self.operation), mask_options(mask))

    def _run(self, out: str, output: dict[str, Any]) -> DbTable:
        with ExitStack() as stack:
            def resolve(operand: Any, parameter: str = "self") -> str:
                return _operand_name(self.db, operand, stack, parameter)
            return self._body(resolve, out, output)

    def _table(self) -> DbTable:
        if self._result is None:
            self._result = self.new()
        return self._result

    @property
    def name(self) -> str:
        """The name of the table the expression ran into (running it once, with a generated name)."""
        return self._table().name

    @property
    def info(self) -> Optional[Info]:
        """What the run reported (running it once into a table with a generated name)."""
        return self._table().info

    def to_assoc(self) -> Assoc:
        """The result as an Assoc (running the expression once into a table with a generated name)."""
        return self._table().to_assoc()

    def nnz(self) -> int:
        """The result's entries (running the expression once into a table with a generated name)."""
        return self._table().nnz()

    def __getitem__(self, key: Any) -> Assoc:
        """result[rows, cols] (running the expression once into a table with a generated name)."""
        return self._table()[key]


class Transposed(Expression):
    """``A.T``: A's transpose. As the left operand of mxm it is read transposed (nothing is written);
    elsewhere it is written to a table first (a temporary one inside another expression). Of a
    DbTablePair (db["T", "TT"]) it is the pair's transpose table, read as it is."""

    def __init__(self, source: MatrixMethods) -> None:
        def run(resolve: Callable[..., str], out: str, output: dict[str, Any]) -> DbTable:
            return self.db.transpose(resolve(source), out, **output)
        super().__init__(source.db, "transpose", f"{_text(source)}.T", run)
        self.source = source

    @property
    def T(self) -> Any:
        return self.source


def _text(operand: Any) -> str:
    return operand._text if isinstance(operand, Expression) else getattr(operand, "name", repr(operand))


def _same_database(db: DbServer, other: DbServer, parameter: str) -> None:
    if other is not db:
        raise _jvm.TabuloError(f"{parameter}: a table of another database (operands and results must share one)")


def _as_table(operand: MatrixMethods) -> DbTable:
    return operand._table() if isinstance(operand, Expression) else operand  # type: ignore[return-value]


def _operand_name(db: DbServer, operand: Any, stack: ExitStack, parameter: str) -> str:
    """The table holding `operand`: a table's own; an expression's result when it ran as a table already,
    the stored transpose of a DbTablePair, else a temporary table deleted when `stack` closes."""
    if isinstance(operand, TableTarget):
        _same_database(db, operand.db, parameter)
        return operand.name
    if not isinstance(operand, Expression):
        raise TypeError(f"{parameter}: expected a table or an expression, got {operand!r}")
    _same_database(db, operand.db, parameter)
    if operand._result is not None:
        return operand._result.name
    if isinstance(operand, Transposed) and getattr(operand.source, "_transpose", None) is not None:
        return operand.source._transpose
    name = generated_name("tmp_" + operand.operation)
    stack.callback(lambda: db.delete_table(name) if db.exists(name) else None)
    operand._run(name, {})
    return name
