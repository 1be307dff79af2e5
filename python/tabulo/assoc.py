"""D4M associative arrays in numpy and scipy, with D4M.py's semantics.

An Assoc holds sorted, distinct row and column keys (strings, or numbers) and a scipy CSR matrix of
its entries. Numeric arrays keep the values in the matrix (``val`` is 1.0, as in D4M.py); string
arrays keep their sorted distinct values in ``val`` and the matrix holds each entry's 1-based position
there. Zeros and empty strings are never stored, and keys without entries are dropped.
"""
import functools
import numbers
import operator

import numpy as np
from scipy import sparse

from . import _compare, _elementwise, d4m_util
from ._assoc_d4m import D4MMethods
from ._keys import as_list, is_string, select_positions

_NAMED = {"min": "min", "max": "max", "add": "add", "sum": "add", "plus": "add", "first": "first",
          "last": "last", "times": "times", "multiply": "times", "mul": "times", "addition": "add",
          "product": "times", "multiplication": "times", "prod": "times", "minimum": "min",
          "minimize": "min", "maximum": "max", "maximize": "max"}
_FUNCTIONS = {min: "min", max: "max", operator.add: "add", operator.mul: "times", sum: "add",
              d4m_util.first: "first", d4m_util.last: "last"}


def _empty_keys():
    return np.array([], dtype=str)


class Assoc(D4MMethods):
    """D4M's associative array, with D4M.py's constructor and semantics.

    Parameters
    ----------
    row, col, val : str, list, numpy array or scalar
        Keys and values. A D4M string ('a,b,c,') is split on its last character, its tokens staying
        strings ('5,7,' is two strings unless ``convert_val``); a one-character string is one key or
        value. A single row, column or value is repeated for every triple.
    adj : scipy sparse matrix, optional
        The adjacency array, as D4M.py takes it: entry (i, j) is at the i-th sorted distinct row and j-th
        sorted distinct column; its numbers are the values when ``val`` is 1.0, else 1-based positions in
        the sorted distinct ``val``. A string or function in this place is ``aggregate`` (older D4M.py).
    aggregate : str or callable, optional
        How triples with the same row and column collide: "min" (the default, as in D4M.py), "max",
        "add" (strings concatenate, in input order), "times", "first", "last", or a function of two
        values applied in input order; "unique" says there are none (a collision is then an error).
    prevent_upcasting : bool
        Accepted for D4M.py's signature; numeric values are float64 either way.
    convert_val : bool
        Parse string values as numbers (every one must be one).
    """

    __hash__ = None  # comparisons return arrays, as in D4M

    def __init__(self, row=(), col=(), val=(), adj=None, aggregate=None, prevent_upcasting=False,
                 convert_val=False):
        if adj is not None and (isinstance(adj, str) or callable(adj)):
            adj, aggregate = None, adj  # the older positional form Assoc(row, col, val, func)
        r = as_list(row, what="row")
        c = as_list(col, what="col")
        if adj is not None:
            r, c, v = _triples_of_adjacency(r, c, val, adj, convert_val,
                                            isinstance(aggregate, str) and aggregate == "unique")
        else:
            v = as_list(val, convert_numbers=convert_val, what="val")
        n = max(len(r), len(c), len(v))
        if min(len(r), len(c), len(v)) == 0:
            self._set(_empty_keys(), _empty_keys(), 1.0, sparse.csr_matrix((0, 0)))
            return
        r, c, v = (np.repeat(x, n) if len(x) == 1 else x for x in (r, c, v))
        if not len(r) == len(c) == len(v):
            raise ValueError(f"row, col and val must have the same length (or length 1), got "
                             f"{len(r)}, {len(c)} and {len(v)}")
        row_keys, ri = _factorize(r)
        col_keys, ci = _factorize(c)
        if is_string(v):
            val_, codes = _factorize(v)
            data = codes.astype(np.float64) + 1.0
        else:
            val_, data = 1.0, v.astype(np.float64)
        key = ri.astype(np.int64) * len(col_keys) + ci
        order = np.argsort(key, kind="stable")
        key = key[order]
        data = data[order]
        starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
        if len(starts) < n:
            data, val_ = _aggregate(data, starts, val_, aggregate)
            key = key[starts]
        ri, ci = np.divmod(key, len(col_keys))
        self._set_triples(row_keys, col_keys, ri, ci, data, val_)

    # ---- construction helpers ----

    def _set(self, row, col, val, adj):
        self.row = row
        self.col = col
        self.val = val
        self.adj = adj

    def _set_triples(self, row_keys, col_keys, ri, ci, data, val):
        adj = sparse.csr_matrix((data, (ri, ci)), shape=(len(row_keys), len(col_keys)))
        self._set(row_keys, col_keys, val, adj)
        self._condense()

    @classmethod
    def _from_parts(cls, row_keys, col_keys, adj, val):
        a = cls.__new__(cls)
        a._set(row_keys, col_keys, val, sparse.csr_matrix(adj, copy=True))  # _condense works in place
        a._condense()
        return a

    def _condense(self):
        """Drops zeros (and empty strings), then keys and string values that no entry uses."""
        adj = self.adj.tocsr()
        adj.sum_duplicates()
        if not isinstance(self.val, float) and len(self.val) and self.val[0] == "":
            adj.data[adj.data == 1.0] = 0.0
        adj.eliminate_zeros()
        rows_used = np.diff(adj.indptr) > 0
        cols_used = np.bincount(adj.indices, minlength=adj.shape[1]) > 0
        if not rows_used.all():
            adj = adj[rows_used]
            self.row = self.row[rows_used]
        if not cols_used.all():
            adj = adj[:, cols_used]
            self.col = self.col[cols_used]
        if not isinstance(self.val, float):
            codes = adj.data.astype(np.int64) - 1
            used, new = np.unique(codes, return_inverse=True)
            self.val = self.val[used]
            adj.data = new.astype(np.float64) + 1.0
        if adj.nnz == 0:
            self.row, self.col, self.val = self.row[:0], self.col[:0], 1.0
            adj = sparse.csr_matrix((0, 0))
        adj.sort_indices()
        self.adj = adj

    # ---- reading ----

    def find(self, ordering=None):
        """(rows, cols, vals) of every entry: column-major (by column, then row) where ``ordering == 1``,
        else row-major (D4M.py: 0 is by row, and None or any other value "no particular order", which
        here is by row too)."""
        coo = self.adj.tocoo() if ordering != 1 else self.adj.T.tocsr().tocoo()
        rows, cols = (coo.row, coo.col) if ordering != 1 else (coo.col, coo.row)
        return self.row[rows], self.col[cols], self._values(coo.data)

    def _values(self, data):
        if isinstance(self.val, float):
            return data.copy()
        return self.val[data.astype(np.int64) - 1]

    def is_numeric(self) -> bool:
        return isinstance(self.val, float)

    def nnz(self) -> int:
        return int(self.adj.nnz)

    def size(self):
        return len(self.row), len(self.col)

    def __repr__(self):
        kind = "numeric" if self.is_numeric() else "string"
        return f"Assoc({len(self.row)} rows x {len(self.col)} cols, {self.nnz()} {kind} entries)"

    def __bool__(self):
        raise TypeError("the truth value of an Assoc is ambiguous: use A.nnz() > 0")

    def __getitem__(self, key):
        """A[rows, cols]: D4M strings ('a,b,', 'a,:,b,', 'x*,', ':'), lists of keys, or integer positions
        and slices (by sorted position)."""
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError("index an Assoc with two selections: A[rows, cols]")
        rp = select_positions(self.row, key[0], "rows")
        cp = select_positions(self.col, key[1], "cols")
        return Assoc._from_parts(self.row[rp], self.col[cp], self.adj[rp][:, cp], self.val)

    # ---- conversions ----

    def logical(self, copy=True):
        """1 for every entry (in place where ``copy=False``)."""
        adj = self.adj.copy()
        adj.data[:] = 1.0
        result = Assoc._from_parts(self.row, self.col, adj, 1.0)
        return result if copy else self._become(result)

    def _numbers(self):
        return self if self.is_numeric() else self.logical()

    def str2num(self):
        """String values parsed as numbers (a value that is not one is an error naming it)."""
        if self.is_numeric():
            return self
        try:
            numbers_ = np.array([float(s) for s in self.val])
        except ValueError as e:
            raise ValueError(f"str2num: {e}") from None
        adj = self.adj.copy()
        adj.data = numbers_[adj.data.astype(np.int64) - 1]
        return Assoc._from_parts(self.row, self.col, adj, 1.0)

    def num2str(self, labels_only=False, values_only=False):
        """Numbers as strings, as Python writes them ('2.0'), in the keys and the values (D4M.py's
        num_to_str: ``labels_only`` leaves the values, ``values_only`` the keys)."""
        from .d4m_functions import num_to_str
        return num_to_str(self, labels_only=labels_only, values_only=values_only)

    num_to_str = num2str

    def to_pandas(self):
        """A DataFrame with columns row, col, val, one line per entry in row-major key order."""
        import pandas as pd
        r, c, v = self.find()
        return pd.DataFrame({"row": r, "col": c, "val": v})

    @classmethod
    def from_pandas(cls, df, row="row", col="col", val="val", aggregate=None):
        return cls(df[row].to_numpy(), df[col].to_numpy(), df[val].to_numpy(), aggregate=aggregate)

    def to_scipy(self):
        """(csr_matrix, row keys, col keys) of a numeric array (string values: use logical() first)."""
        if not self.is_numeric():
            raise ValueError("to_scipy needs numeric values: use A.logical() or A.str2num() first")
        return self.adj.copy(), self.row.copy(), self.col.copy()

    # ---- algebra ----

    def transpose(self, copy=True):
        """Rows and columns swapped (in place where ``copy=False``)."""
        result = Assoc._from_parts(self.col, self.row, self.adj.T.tocsr(), self.val)
        return result if copy else self._become(result)

    @property
    def T(self):
        return self.transpose()

    def sum(self, axis=None):
        """sum() is a number; sum(0) sums each column (one row keyed 0), sum(1) each row (one column
        keyed 0). String values count as 1."""
        adj = self._numbers().adj
        if axis is None:
            return float(adj.sum())
        sums = np.asarray(adj.sum(axis=axis)).reshape(-1)
        zero = np.array([0])
        if axis == 0:
            return Assoc._from_parts(zero, self.col, sparse.csr_matrix(sums.reshape(1, -1)), 1.0)
        if axis == 1:
            return Assoc._from_parts(self.row, zero, sparse.csr_matrix(sums.reshape(-1, 1)), 1.0)
        raise ValueError(f"axis must be None, 0 or 1, got {axis!r}")

    def _on_union(self, other):
        """Both arrays' numeric matrices over the union of their keys."""
        a, b = self._numbers(), other._numbers()
        rows, ar, br = _union(a.row, b.row)
        cols, ac, bc = _union(a.col, b.col)
        shape = (len(rows), len(cols))
        return rows, cols, _reindex(a.adj, ar, ac, shape), _reindex(b.adj, br, bc, shape)

    def _combine(self, other, op):
        if not isinstance(other, Assoc):
            return NotImplemented
        rows, cols, x, y = self._on_union(other)
        return Assoc._from_parts(rows, cols, op(x, y), 1.0)

    def __add__(self, other):
        """Element-wise sum over the union of keys; string values concatenate (D4M.py's ``+``)."""
        if not isinstance(other, Assoc):
            return NotImplemented
        if self.is_numeric() and other.is_numeric():
            return self._combine(other, operator.add)
        return _elementwise.plus(self, other)

    def __sub__(self, other):
        """Element-wise difference; with string values, the entries of A that B lacks (a set difference)."""
        if not isinstance(other, Assoc):
            return NotImplemented
        if self.is_numeric() and other.is_numeric():
            return self._combine(other, operator.sub)
        return _elementwise.minus(self, other)

    def __mul__(self, other):
        """Element-wise product over the shared keys; with string values, A's entries where B has one.
        ``A * 3`` scales (D4M.py refuses a number)."""
        if _is_scalar(other):
            return self._scaled(other)
        if not isinstance(other, Assoc):
            return NotImplemented
        if self.is_numeric() and other.is_numeric():
            return self._combine(other, lambda x, y: x.multiply(y))
        return _elementwise.pattern_filter(self, other)

    def __rmul__(self, other):
        return self.__mul__(other)

    def multiply(self, other):
        """``A * B``."""
        return self * other

    def divide(self, other):
        """Element-wise quotient where both store an entry (string values count as 1), or over a number."""
        return _elementwise.divide(self, other)

    def __truediv__(self, other):
        return _elementwise.divide(self, other)

    def __and__(self, other):
        return self._combine(other, lambda x, y: x.multiply(y)).logical()

    def __or__(self, other):
        return self._combine(other, lambda x, y: abs(x) + abs(y)).logical()

    def __matmul__(self, other):
        """Matrix product over the keys A's columns share with B's rows (A @ 3 scales)."""
        if _is_scalar(other):
            return self._scaled(other)
        if not isinstance(other, Assoc):
            return NotImplemented
        a, b = self._numbers(), other._numbers()
        _check_kinds(a.col, b.row)
        shared = np.intersect1d(a.col, b.row)
        # sorted and distinct: a shared list as long as a side's keys is all of them (no copy then)
        left = a.adj if len(shared) == len(a.col) else a.adj[:, np.searchsorted(a.col, shared)]
        right = b.adj if len(shared) == len(b.row) else b.adj[np.searchsorted(b.row, shared), :]
        product = left @ right
        return Assoc._from_parts(a.row, b.col, product, 1.0)

    def __rmatmul__(self, other):
        if _is_scalar(other):
            return self._scaled(other)
        return NotImplemented

    def _scaled(self, factor):
        a = self._numbers()
        return Assoc._from_parts(a.row, a.col, a.adj * float(factor), 1.0)

    def sqin(self):
        """A.T @ A."""
        return self.transpose() @ self

    def sqout(self):
        """A @ A.T."""
        return self @ self.transpose()

    # ---- comparisons: 1 where the comparison holds (see _compare.py) ----

    def __eq__(self, other):
        return _compare.relate(self, other, "==")

    def __ne__(self, other):
        return _compare.relate(self, other, "!=")

    def __lt__(self, other):
        return _compare.relate(self, other, "<")

    def __le__(self, other):
        return _compare.relate(self, other, "<=")

    def __gt__(self, other):
        return _compare.relate(self, other, ">")

    def __ge__(self, other):
        return _compare.relate(self, other, ">=")


def _factorize(keys):
    """(sorted distinct keys, each key's position among them): np.unique's result, by hashing (pandas),
    which is several times faster than sorting a million strings."""
    import pandas as pd
    codes, uniques = pd.factorize(keys, sort=True)
    uniques = np.asarray(uniques)
    return uniques.astype(keys.dtype if is_string(keys) else uniques.dtype), codes.astype(np.int64)


def _triples_of_adjacency(r, c, val, adj, convert_val, as_given=False):
    """D4M.py's Assoc(row, col, val, adj): the triples the adjacency array holds. Its rows and columns are
    the sorted distinct keys, and its numbers positions in the sorted distinct values; ``as_given``
    (aggregate='unique', D4M.py's "already sorted and unique") takes keys and values in the order given."""
    if not sparse.issparse(adj):
        adj = sparse.coo_matrix(np.asarray(adj))
    coo = sparse.coo_matrix(adj)
    coo.sum_duplicates()
    distinct = (lambda x: x) if as_given else np.unique
    row_keys, col_keys = distinct(r), distinct(c)
    numeric = isinstance(val, float) and val == 1.0
    values = None if numeric else distinct(as_list(val, convert_numbers=convert_val, what="val"))
    short = [what for what, have, need in (
        ("row indices", len(row_keys), coo.shape[0]), ("col indices", len(col_keys), coo.shape[1]),
        ("values", 0 if numeric else len(values), 0 if numeric else len(np.unique(coo.data))))
        if have < need]
    if short:
        raise ValueError("adj: not enough unique " + ", not enough unique ".join(short))
    keep = coo.data != 0
    rows, cols, data = coo.row[keep], coo.col[keep], coo.data[keep]
    if numeric:
        return row_keys[rows], col_keys[cols], data.astype(np.float64)
    positions = data.astype(np.int64) - 1
    if np.any((positions < 0) | (positions >= len(values))) or np.any(positions + 1 != data):
        raise ValueError(f"adj: entries must be 1-based positions among the {len(values)} distinct values")
    return row_keys[rows], col_keys[cols], values[positions]


def _is_scalar(x) -> bool:
    return isinstance(x, (numbers.Number, np.number)) and not isinstance(x, bool)


def _check_kinds(a, b):
    if len(a) and len(b) and is_string(a) != is_string(b):
        raise TypeError("cannot match string keys with numeric keys")


def _union(a, b):
    """The sorted union of two sorted key arrays, and where each one's keys land in it."""
    _check_kinds(a, b)
    if len(a) == 0:
        return b, np.zeros(0, dtype=np.int64), np.arange(len(b))
    if len(b) == 0:
        return a, np.arange(len(a)), np.zeros(0, dtype=np.int64)
    u = np.union1d(a, b)
    return u, np.searchsorted(u, a), np.searchsorted(u, b)


def _reindex(adj, rows, cols, shape):
    coo = adj.tocoo()
    return sparse.csr_matrix((coo.data, (rows[coo.row], cols[coo.col])), shape=shape)


def _aggregate(data, starts, val, aggregate):
    """One value per group of colliding triples (groups start at `starts`, in input order within)."""
    strings = not isinstance(val, float)
    name = _NAMED.get(aggregate) if isinstance(aggregate, str) else _FUNCTIONS.get(aggregate)
    if aggregate is None:
        name = "min"
    if isinstance(aggregate, str) and aggregate == "unique":  # D4M.py's promise of no collisions, broken
        raise ValueError(f"aggregate='unique', but {len(data) - len(starts)} triples repeat a row and column "
                         "of an earlier one")
    if name is None and isinstance(aggregate, str):
        raise ValueError(f"aggregate must be one of {sorted(set(_NAMED))} or a function, got {aggregate!r}")
    ends = np.r_[starts[1:], len(data)]
    if name in ("min", "max"):  # string codes are positions in sorted values: min/max carry over
        ufunc = np.minimum if name == "min" else np.maximum
        return ufunc.reduceat(data, starts), val
    if name == "first":
        return data[starts], val
    if name == "last":
        return data[ends - 1], val
    if name in ("add", "times") and not strings:
        ufunc = np.add if name == "add" else np.multiply
        return ufunc.reduceat(data, starts), val
    if name == "add":  # strings concatenate in input order, as D4M.py's add (a + b) does
        aggregate = operator.add
    elif name is not None:
        raise ValueError(f"aggregate {aggregate!r} does not apply to string values")
    # a function: applied pairwise in input order, group by group
    values = val[data.astype(np.int64) - 1] if strings else data
    out = [functools.reduce(aggregate, values[s:e].tolist()) for s, e in zip(starts, ends)]
    result = as_list(out)
    if is_string(result):
        new_val, codes = np.unique(result, return_inverse=True)
        return codes.astype(np.float64) + 1.0, new_val
    return result.astype(np.float64), 1.0
