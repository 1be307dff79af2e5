"""D4M.py's comparisons: ``A < B``, ``A == 3`` and the generic ``A.compare(B, sort_key)``.

Against an array they run over the union of both arrays' entries, a missing entry taken as 0 next to a
number and '' next to a string; against a value, over the array's entries. Numbers compare within
numpy's isclose tolerance, as D4M.py's do; a number and a string are never equal, and never ordered
(so a string-valued array compared with a number by ``>`` is empty).
"""
import numbers
import operator
import warnings

import numpy as np

from ._keys import is_string

_ORDERS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}


def union_entries(a, b):
    """Every entry of A or B over the union of their keys: (row keys, col keys, for each entry the
    position of A's value among A's values or -1, the same for B, A's values, B's values)."""
    from .assoc import _union
    rows, ar, br = _union(a.row, b.row)
    cols, ac, bc = _union(a.col, b.col)
    ca, cb = a.adj.tocoo(), b.adj.tocoo()
    ka = ar[ca.row].astype(np.int64) * len(cols) + ac[ca.col]
    kb = br[cb.row].astype(np.int64) * len(cols) + bc[cb.col]
    keys = np.union1d(ka, kb)
    in_a = np.full(len(keys), -1)
    in_a[np.searchsorted(keys, ka)] = np.arange(len(ka))
    in_b = np.full(len(keys), -1)
    in_b[np.searchsorted(keys, kb)] = np.arange(len(kb))
    ri, ci = np.divmod(keys, max(len(cols), 1))
    return rows[ri], cols[ci], in_a, in_b, a._values(ca.data), b._values(cb.data)


def _zeros_like(values: np.ndarray) -> np.ndarray:
    return np.full(len(values), "") if is_string(values) else np.zeros(len(values))


def _relation(x: np.ndarray, y: np.ndarray, name: str) -> np.ndarray:
    """D4M.py's KeyVal comparisons, element by element."""
    if is_string(x) != is_string(y):  # a number and a string: unequal, and neither orders before the other
        return np.full(len(x), name == "!=")
    if is_string(x):
        return _ORDERS[name](x, y)
    close = np.isclose(x, y)
    return {"==": close, "!=": ~close, "<": ~close & (x < y), ">": ~close & (x > y),
            "<=": close | (x <= y), ">=": close | (x >= y)}[name]


def _value_array(value, n: int) -> np.ndarray:
    if isinstance(value, str):
        return np.full(n, value)
    return np.full(n, float(value))


def relate(a, other, name: str):
    """``A <op> other`` as D4M.py's comparison operators: 1 where the comparison holds."""
    from .assoc import Assoc
    if isinstance(other, Assoc):
        rows, cols, in_a, in_b, va, vb = union_entries(a, other)
        keep = np.zeros(len(rows), dtype=bool)
        both, only_a, only_b = (in_a >= 0) & (in_b >= 0), in_b < 0, in_a < 0
        keep[both] = _relation(va[in_a[both]], vb[in_b[both]], name)
        x = va[in_a[only_a]]
        keep[only_a] = _relation(x, _zeros_like(x), name)
        y = vb[in_b[only_b]]
        keep[only_b] = _relation(_zeros_like(y), y, name)
        return Assoc(rows[keep], cols[keep], 1.0)
    values = a._values(a.adj.data)
    if isinstance(other, (str, numbers.Number, np.generic)):
        keep = _relation(values, _value_array(other, len(values)), name)
    else:  # neither a number nor a string: related to no value (D4M.py's unrelated types)
        keep = np.full(len(values), name == "!=")
    adj = a.adj.copy()
    adj.data = keep.astype(np.float64)  # zeros (false) are dropped with their keys
    return Assoc._from_parts(a.row, a.col, adj, 1.0)


def compare(a, other, sort_key, inverse=False, include_inverse=False):
    """D4M.py's ``A.compare(other, sort_key)``: 1 where ``sort_key(A value, other value)`` holds.

    Parameters
    ----------
    a : Assoc
    other : Assoc, number or str
        Against an array, every entry of either is compared (a missing one is 0 next to a number, ''
        next to a string); against a value, every entry of ``a``.
    sort_key : callable
        A function of two values returning a truth value. A pair it cannot compare (``TypeError``) is
        skipped with a warning.
    inverse : bool
        Compare ``sort_key(other value, A value)`` instead.
    include_inverse : bool
        Return the pair (comparison, inverse comparison); ``inverse`` is then ignored.

    Returns
    -------
    Assoc or tuple of two Assoc
    """
    from .assoc import Assoc
    if include_inverse:
        inverse = False
    if isinstance(other, Assoc):
        rows, cols, in_a, in_b, va, vb = union_entries(a, other)
        pairs = []
        for i, j in zip(in_a.tolist(), in_b.tolist()):
            x = va[i] if i >= 0 else None
            y = vb[j] if j >= 0 else None
            if x is None:
                x = "" if isinstance(y, str) else 0
            if y is None:
                y = "" if isinstance(x, str) else 0
            pairs.append((x, y))
    else:
        rows, cols, values = a.find()
        pairs = [(x, other) for x in values]
    forward, backward = [], []
    for x, y in pairs:
        forward.append(_holds(sort_key, y, x) if inverse else _holds(sort_key, x, y))
        if include_inverse:
            backward.append(_holds(sort_key, y, x))
    result = Assoc(rows[np.array(forward, dtype=bool)], cols[np.array(forward, dtype=bool)], 1.0) \
        if forward else Assoc()
    if not include_inverse:
        return result
    picked = np.array(backward, dtype=bool)
    return result, (Assoc(rows[picked], cols[picked], 1.0) if backward else Assoc())


def _holds(sort_key, x, y) -> bool:
    try:
        return bool(sort_key(x, y))
    except TypeError:
        warnings.warn(f"sort_key does not support comparison between {x!r} and {y!r}", stacklevel=3)
        return False
