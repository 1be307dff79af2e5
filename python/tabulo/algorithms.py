"""The graph algorithms as functions on tables, as graphblas-algorithms reads:
``ranks = tabulo.algorithms.pagerank(G)``, ``levels = tabulo.algorithms.bfs(G, "v1,", hops=2)``.

Each function is made from the algorithm's declaration in Java (tabulo.api.Declarations.ALGORITHMS), as
DbServer's methods are: its parameters, defaults and help are the command line's. It takes the graph as a
table handle (or an expression), runs the DbServer method next to the data and returns the result table
(its ``.info`` holds what the run reported) or, for an algorithm that computes a number (triangles), the
number. The result table's name is `out`, or when omitted a generated one (``pagerank_3f9a0c27d1e4``).

The functions are made on first use, which starts the JVM.
"""
from __future__ import annotations

import functools
import inspect
from contextlib import ExitStack
from typing import Any, Callable

from . import _declared, _jvm
from .expressions import Mask, _operand_name, generated_name

_TYPES = {"TABLE": "str", "TEXT": "str", "REAL": "float", "INTEGER": "int", "FLAG": "bool", "SCALAR": "float",
          "SELECTION": "str or list", "VERTICES": "str, number or list"}
_ANNOTATIONS = {"TABLE": "str", "TEXT": "str", "REAL": "float", "INTEGER": "int", "FLAG": "bool",
                "SCALAR": "float", "SELECTION": "str | list", "VERTICES": "str | float | list"}
_OUT = "out"


@functools.lru_cache(maxsize=None)
def _functions() -> dict[str, Callable[..., Any]]:
    """One function per declared algorithm, by its Python name."""
    algorithms = {str(d.name()) for d in _jvm.java("tabulo.api.Declarations").ALGORITHMS}
    out = {}
    for d in _jvm.java("tabulo.python.Declared").describe():
        d = _declared._plain(d)
        if d["name"] in algorithms:
            f = _function(d)
            out[f.__name__] = f
    return out


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return sorted(_functions())
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        return _functions()[name]
    except KeyError:
        raise AttributeError(f"tabulo.algorithms has no algorithm {name!r}: it has "
                             f"{', '.join(sorted(_functions()))}") from None


def __dir__() -> list[str]:
    return sorted([*globals(), *_functions()])


def _function(d: dict[str, Any]) -> Callable[..., Any]:
    name = d["name"].replace("-", "_")
    params = d["parameters"]
    graph, *outputs = [p for p in params if p["positional"]]
    writes_table = any(p["python"] == _OUT for p in outputs)
    required = [p for p in params if not p["positional"] and p["required"]]
    optional = [p for p in params if not p["positional"] and not p["required"]]
    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    keyword = inspect.Parameter.KEYWORD_ONLY
    signature = inspect.Signature(
        [inspect.Parameter(graph["python"], positional, annotation="DbTable | Expression")]
        + [inspect.Parameter(p["python"], positional, annotation=_ANNOTATIONS[p["type"]]) for p in required]
        + ([inspect.Parameter(_OUT, positional, default=None, annotation="str | None")] if writes_table else [])
        + [inspect.Parameter(p["python"], keyword, annotation=_ANNOTATIONS[p["type"]],
                             default=False if p["type"] == "FLAG" else p["default"]) for p in optional],
        return_annotation="DbTable" if writes_table else "float")

    def algorithm(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        values = dict(bound.arguments)
        g = values.pop(graph["python"])
        mask = values.get("mask")
        if isinstance(mask, Mask):
            values.update(mask.options())
        elif mask is not None and not isinstance(mask, str):
            raise TypeError(f"mask: expected M.S, M.V, ~M.S, ~M.V or a table's name, got {mask!r}")
        if not hasattr(g, "db"):
            raise TypeError(f"{graph['python']}: expected a table (db['G']) or an expression, got {g!r}")
        if writes_table:
            values[_OUT] = values.get(_OUT) or generated_name(name)
        with ExitStack() as stack:
            values[graph["python"]] = _operand_name(g.db, g, stack, graph["python"])
            return getattr(g.db, name)(**values)

    algorithm.__name__ = algorithm.__qualname__ = name
    algorithm.__module__ = __name__
    algorithm.__signature__ = signature  # type: ignore[attr-defined]
    algorithm.__doc__ = _docstring(d, graph, required, optional, writes_table)
    return algorithm


def _docstring(d: dict[str, Any], graph: dict[str, Any], required: list[dict[str, Any]],
               optional: list[dict[str, Any]], writes_table: bool) -> str:
    """A numpydoc docstring from the declaration."""
    summary, _, more = d["description"].partition("\n")
    lines = [summary, *(["", more] if more else []), "", "Parameters", "----------",
             f"{graph['python']} : DbTable or Expression", f"    {graph['help']}"]
    for p in required:
        lines += [f"{p['python']} : {_TYPES[p['type']]}", f"    {p['help']}"]
    if writes_table:
        lines += [f"{_OUT} : str, optional", "    The result table's name (an error when it exists); by default a "
                  "generated one, the algorithm's name, an underscore and 12 hex digits."]
    for p in optional:
        lines += [f"{p['python']} : {_TYPES[p['type']]}, optional", f"    {p['help']}"]
    lines += ["", "Returns", "-------"]
    lines += (["DbTable", "    The result table; its .info holds what the run reported."] if writes_table
              else ["float", "    The number computed."])
    return "\n".join(lines)
