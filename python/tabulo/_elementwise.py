"""D4M.py's element-wise algebra where values may be strings: ``+ - *``, division, element-wise min and
max, and the generic ``combine`` they share (numeric arrays take scipy's vectorized paths in assoc.py)."""
import numbers
import operator

import numpy as np

def is_null(value) -> bool:
    """D4M.py's null values, which an array never stores: '', 0 and None."""
    if value is None:
        return True
    if isinstance(value, str):
        return value == ""
    return isinstance(value, numbers.Number) and value == 0


def _joined(parts) -> np.ndarray:
    """The parts end to end; empty ones are left out so that an empty array's (string) dtype does not turn
    numeric keys or values into strings."""
    kept = [p for p in parts if len(p)]
    return np.concatenate(kept) if kept else np.array([])


def combine(a, b, binary_op, right_zero=False, left_zero=False, zero=None):
    """D4M.py's ``A.combine(B, binary_op)``: the triples of both arrays, A's first, folded with binary_op
    where A and B share a row and column (null results are dropped).

    Parameters
    ----------
    a, b : Assoc
    binary_op : callable or str
        A function of two values, or an aggregate name ("add", "min", ...).
    right_zero : bool
        Also apply ``binary_op(value, zero)`` to A's entries that B lacks.
    left_zero : bool
        Also apply ``binary_op(zero, value)`` to B's entries that A lacks.
    zero : str or number, optional
        The missing value: by default 0 when the values of both are numbers, else ''.

    Returns
    -------
    Assoc
    """
    from .assoc import Assoc, _check_kinds
    if not isinstance(b, Assoc):
        raise TypeError(f"combine: other must be an Assoc, got {type(b).__name__}")
    _check_kinds(a.row, b.row)
    _check_kinds(a.col, b.col)
    ra, ca, va = a.find()
    rb, cb, vb = b.find()
    rows, cols, vals = [ra, rb], [ca, cb], [va, vb]
    if zero is None:
        zero = 0 if _joined(vals).dtype.kind in "iuf" else ""
    if right_zero or left_zero:
        keys_a = list(zip(ra.tolist(), ca.tolist()))
        keys_b = list(zip(rb.tolist(), cb.tolist()))
        if right_zero:
            in_b = set(keys_b)
            only_a = np.array([k not in in_b for k in keys_a], dtype=bool)
            rows.append(ra[only_a])
            cols.append(ca[only_a])
            vals.append(np.full(int(only_a.sum()), zero))
        if left_zero:
            in_a = set(keys_a)
            only_b = np.array([k not in in_a for k in keys_b], dtype=bool)
            rows.insert(0, rb[only_b])
            cols.insert(0, cb[only_b])
            vals.insert(0, np.full(int(only_b.sum()), zero))
    return Assoc(_joined(rows), _joined(cols), _joined(vals), aggregate=binary_op)


def plus(a, b):
    """A + B when either holds strings, as D4M.py: two string arrays concatenate where they meet (A's
    value first); against a non-empty numeric array a string array counts its entries as 1, and a numeric
    left operand is then taken as 1s too; an empty operand leaves the other as it is."""
    left, right = a, b
    if a.is_numeric() and a.nnz():
        right = b.logical()
    if right.is_numeric() and right.nnz():
        left = a.logical()
    if left.is_numeric() and right.is_numeric():
        return left + right
    return combine(left, right, operator.add)


def _set_difference(x, y):
    if not is_null(x) and is_null(y):
        return x
    return 0 if isinstance(x, numbers.Number) else ""


def minus(a, b):
    """A - B when either holds strings, as D4M.py: A's entries where B stores nothing (a set difference),
    with their values."""
    return combine(a, b, _set_difference, right_zero=True, left_zero=True)


def pattern_filter(a, b):
    """A * B when either holds strings, as D4M.py: A's entries where B stores one, with A's values
    (numeric values cut to integers toward zero, as D4M.py's integer cast does)."""
    from .assoc import Assoc, _union, _reindex
    rows, ar, br = _union(a.row, b.row)
    cols, ac, bc = _union(a.col, b.col)
    shape = (len(rows), len(cols))
    kept = _reindex(a.adj, ar, ac, shape).multiply(_reindex(b.logical().adj, br, bc, shape)).tocsr()
    if a.is_numeric():
        kept.data = np.trunc(kept.data)
    return Assoc._from_parts(rows, cols, kept, a.val)


def divide(a, other):
    """D4M.py's ``A.divide(B)``: A's values over B's where both store one (string arrays count as 1), or
    over a number."""
    from .assoc import Assoc, _is_scalar
    numerator = a if a.is_numeric() else a.logical()
    if isinstance(other, Assoc):
        inverse = (other if other.is_numeric() else other.logical()).copy()
        inverse.adj.data = 1.0 / inverse.adj.data
        return numerator * inverse
    if _is_scalar(other):
        if other == 0:
            raise ZeroDivisionError("divide: division of an Assoc by zero")
        return numerator._scaled(1.0 / other)
    raise TypeError(f"divide: other must be an Assoc or a number, got {type(other).__name__}")


def _ordered_pick(sort_key, pick_smaller: bool, name: str):
    """D4M.py's min/max under a comparison function sort_key(x, y) -> x sorts before y."""
    def pick(x, y):
        try:
            if sort_key(x, y):
                return x if pick_smaller else y
            if sort_key(y, x):
                return y if pick_smaller else x
            if x == y:
                return y
        except TypeError:
            raise TypeError(f"sort_key does not support comparison between {x!r} and {y!r}") from None
        raise ValueError(f"{x!r} and {y!r} are incomparable with respect to sort_key; the {name} cannot be "
                         "resolved")
    return pick


def extreme(a, other, pick_smaller: bool, sort_key=None):
    """D4M.py's element-wise ``A.min(B)`` / ``A.max(B)``: over the union of keys, a missing entry taken as
    0 (numbers) or '' (strings), null results dropped. Against a number or string (which D4M.py
    refuses), each stored entry is compared with it."""
    from .assoc import Assoc
    name = "minimum" if pick_smaller else "maximum"
    pick = (min if pick_smaller else max) if sort_key is None else _ordered_pick(sort_key, pick_smaller, name)
    if not isinstance(other, Assoc):
        if not isinstance(other, (str, numbers.Number)):
            raise TypeError(f"{name}: other must be an Assoc, a number or a string, got {type(other).__name__}")
        r, c, v = a.find()
        return Assoc(r, c, np.array([pick(x, other) for x in v.tolist()]) if len(v) else v,
                     aggregate="first")
    if sort_key is None and a.is_numeric() and other.is_numeric():
        rows, cols, x, y = a._on_union(other)
        picked = x.minimum(y) if pick_smaller else x.maximum(y)
        return Assoc._from_parts(rows, cols, picked, 1.0)
    return combine(a, other, pick, right_zero=True, left_zero=True)
