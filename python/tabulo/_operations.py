"""The table operations of DbServer, with the command line's names and options.
Each runs next to the data as a Java job (progress line, Ctrl-C cancels: see _job) and returns the
result table as a lazy DbTable (nothing comes to Python until .to_assoc()); reduce to a scalar and
triangles return a number."""

import numpy as np

from . import _job, _jvm
from ._keys import selection_to_spec
from .info import Info


def _output(mask=None, structure=False, complement=False, accum=None, auths=None, codec="decimal",
            kernels="server"):
    """The output options every operation takes (the command line's --mask --structure --complement
    --accum --auths --codec --kernels) as a tabulo.python.OutputSpec."""
    spec = _jvm.java("tabulo.python.OutputSpec")()
    _jvm.call(spec.mask, mask, bool(structure), bool(complement))
    _jvm.call(spec.accum, accum)
    _jvm.call(spec.auths, None if auths is None else (auths if isinstance(auths, str) else ",".join(auths)))
    _jvm.call(spec.codec, str(codec))
    _jvm.call(spec.kernels, str(kernels))
    return spec


def _double(x):
    import jpype
    return None if x is None else jpype.JObject(float(x), jpype.JDouble)


def _int(x):
    import jpype
    return None if x is None else jpype.JObject(int(x), jpype.JInt)


class Operations:
    """Mixed into DbServer: C = op(A, B) into new tables (or, with accum, into C), computed next to the data.

    Every method takes the output options of the command line: ``mask=M`` (C<M>: write only where M holds
    a non-zero value), ``structure=True`` (where M holds any entry), ``complement=True`` (where M does
    not admit), ``accum=OP`` (combine into the existing C: C = C OP T), ``auths="a,b"`` (read the inputs
    with these authorizations), ``codec="decimal"|"long"|"double"``, ``kernels="server"|"client"``.
    """

    def _ops(self):
        return _jvm.java("tabulo.python.Operations")(self._bridge)

    def _table_result(self, c, start, name, *args):
        _job.run(start, name, *args)
        return self.table(c)

    def reduce(self, a, c=None, dim=None, monoid="plus", column=None, **output):
        """Folds each row (dim="rows") or column (dim="cols") of A with the monoid into the vector table C
        (column named column, default the monoid's name); without C, returns the fold of every cell you
        may read as a number: `reduce` (`--scalar`)."""
        result = _job.run(self._ops().reduce, "reduce", a, c, dim, monoid, column, _output(**output))
        return float(result) if c is None else self.table(c)

    def mult(self, a, b, c, *, transpose_a=False, semiring="plus.times", algorithm="auto", rows=":", cols=":",
             inner=":", transpose_out=None, workers=2, batch=200_000, unit=None, **output):
        """C = A (+.x) B (or A^T (+.x) B) over the semiring into the new table C (with accum: into C; with
        mask: C<M>), computed next to the data: `mult`. Returns C; C.info holds the algorithm run and its
        counts."""
        j = _jvm.java
        spec = j("tabulo.python.Bridge").spec
        out = _output(**output)
        options = j("tabulo.ops.mxm.MxmOptions").defaults().transposeA(bool(transpose_a))
        options.semiring(_jvm.call(j("tabulo.math.Semirings").named, semiring, parameter="semiring"))
        options.rows(_jvm.call(spec, "rows", selection_to_spec(rows, "rows")))
        options.cols(_jvm.call(spec, "cols", selection_to_spec(cols, "cols")))
        options.inner(_jvm.call(spec, "inner", selection_to_spec(inner, "inner")))
        algorithms = {"auto": "AUTO", "outer": "OUTER", "rowwise": "ROWWISE"}
        if algorithm not in algorithms:
            raise _jvm.TabuloError(f"algorithm: must be one of {', '.join(algorithms)}, got {algorithm!r}")
        options.algorithm(getattr(j("tabulo.ops.mxm.MxmOptions$Algorithm"), algorithms[algorithm]))
        if transpose_out is not None:
            options.transposeOut(transpose_out)
        r = _job.run(self._ops().mult, "mult", a, b, c, options, int(workers), int(batch), _int(unit), out)
        table = self.table(c)
        table.info = Info({"algorithm": str(r.algorithm().name()).lower(), "reason": str(r.reason()),
                      "partial_products": int(r.partialProducts()), "entries": int(r.entriesWritten()),
                      "seconds": float(r.seconds())})
        return table
