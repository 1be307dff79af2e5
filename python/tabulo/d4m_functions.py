"""D4M's functions on associative arrays beyond the algebra: the schema's column explosion and its
inverse, numbers written as strings, and the products that list which keys and values met."""
import numpy as np

from . import d4m_util
from .assoc import Assoc


def val2col(A: Assoc, separator: str = "|", int_aware: bool = True) -> Assoc:
    """A(r, c) = v becomes B(r, c + separator + v) = 1 (D4M's val2col: the D4M 2.0 schema's exploded
    columns). Numbers are written as numpy writes them, a trailing '.0' stripped where ``int_aware``
    (from every key and value, as D4M.py does: twice, as its val2col writes them with num_to_str and
    catstr writes them again, so '1.0.0' becomes '1')."""
    r, c, v = A.find()
    c = d4m_util.num_to_str(c, int_aware=int_aware)
    v = d4m_util.num_to_str(v, int_aware=int_aware)
    return Assoc(r, d4m_util.catstr(c, v, separator, int_aware=int_aware), 1)


def col_to_type(A: Assoc, separator: str = "|", convert: bool = True) -> Assoc:
    """The inverse of val2col: column c + separator + v becomes column c with value v (the part between
    the first and any second separator, as D4M.py splits). With ``convert`` the values become numbers
    where every one of them is a number. Of two values for one row and column the smaller is kept; a
    column key without the separator is an error naming it."""
    r, c, _ = A.find()
    if c.dtype.kind != "U":
        raise ValueError(f"col_to_type: the column keys must be strings, got {c.dtype}")
    parts = [k.split(separator) for k in c.tolist()]
    for k, p in zip(c.tolist(), parts):
        if len(p) < 2:
            raise ValueError(f"col_to_type: column {k!r} has no {separator!r}")
    values = np.array([p[1] for p in parts], dtype=str)
    if convert:
        try:
            values = d4m_util.str_to_num(values).astype(np.float64)
        except ValueError:
            pass  # not every value is a number: they stay strings
    return Assoc(r, np.array([p[0] for p in parts], dtype=str), values)


col2type = col_to_type


def num_to_str(A: Assoc, labels_only: bool = False, values_only: bool = False) -> Assoc:
    """Numbers as strings as numpy writes them ('2.0', '1'): in the keys unless ``values_only``, in the
    values unless ``labels_only``."""
    r, c, v = A.find()
    if not values_only:
        r, c = r.astype(str), c.astype(str)
    if not labels_only:
        v = v.astype(str)
    return Assoc(r, c, v)


num2str = num_to_str


def meetings(a: Assoc, b: Assoc):
    """For each entry (i, j) of the product's pattern: (i, j, the positions in `shared` of the keys k
    where A(i, k) and B(k, j) are both stored), and `shared`, the sorted keys of A's columns and B's rows."""
    return _meetings(a, b)


def _meetings(a: Assoc, b: Assoc):
    """For each entry (i, j) of the product's pattern: (i, j, the positions in `shared` of the keys k
    where A(i, k) and B(k, j) are both stored), and `shared`, the sorted keys of A's columns and B's rows."""
    shared = np.intersect1d(a.col, b.row)
    if len(shared) == 0:
        return shared, []
    left = a.logical().adj[:, np.searchsorted(a.col, shared)].tocsr()
    right = b.logical().adj[np.searchsorted(b.row, shared), :].tocsc()
    left.sort_indices()
    right.sort_indices()
    pattern = (left @ right).tocoo()
    return shared, [(i, j, np.intersect1d(left.indices[left.indptr[i]:left.indptr[i + 1]],
                                          right.indices[right.indptr[j]:right.indptr[j + 1]], assume_unique=True))
                    for i, j in zip(pattern.row, pattern.col)]


def _listing(a: Assoc, b: Assoc, text) -> Assoc:
    """The product's pattern with, as each value, text(i, j, shared keys that met) (a string)."""
    shared, meetings = _meetings(a, b)
    if not meetings:
        return Assoc()
    rows = np.array([m[0] for m in meetings], dtype=np.int64)
    cols = np.array([m[1] for m in meetings], dtype=np.int64)
    vals = np.array([text(i, j, shared[ks]) for i, j, ks in meetings], dtype=str)
    return Assoc(a.row[rows], b.col[cols], vals)


def catkeymul(A: Assoc, B: Assoc, delimiter: str = ";") -> Assoc:
    """The product's pattern with, as each value, the shared keys k where A(i, k) and B(k, j) are both
    stored, in key order, each followed by the delimiter: 'k1;k2;' (D4M's CatKeyMul; numeric keys written
    as numpy writes them, '1.0' for a float)."""
    return _listing(A, B, lambda i, j, keys: "".join(k + delimiter for k in np.asarray(keys).astype(str)))


def catvalmul(A: Assoc, B: Assoc, pair_delimiter: str = ",", delimiter: str = ";") -> Assoc:
    """The product's pattern with, as each value, the pairs of values that met, in the order of the shared
    keys k: 'A(i,k),B(k,j),;' per k (D4M's CatValMul: '1,2,;3,4,;'). Each pair is written by D4M.py's
    num_to_str: numbers as numpy writes them, a trailing '.0' stripped."""
    def value(x: Assoc, i, j):
        v = x.adj[i, j]
        return float(v) if x.is_numeric() else str(x.val[int(v) - 1])

    def text(i, j, keys):
        pairs = []
        for k in keys:
            ka = int(np.searchsorted(A.col, k))
            kb = int(np.searchsorted(B.row, k))
            pair = d4m_util.num_to_str([value(A, i, ka), value(B, kb, j)])
            pairs.append(pair[0] + pair_delimiter + pair[1] + pair_delimiter)
        return "".join(p + delimiter for p in pairs)

    return _listing(A, B, text)


# ---- D4M.py's module-level forms of Assoc's methods, and array equality ----

def nnz(A: Assoc) -> int:
    return A.nnz()


def hadamard(A: Assoc, B: Assoc) -> Assoc:
    """The element-wise product ``A * B``."""
    return A * B


def combine(A: Assoc, B: Assoc, binary_op, right_zero: bool = False, left_zero: bool = False) -> Assoc:
    return A.combine(B, binary_op, right_zero=right_zero, left_zero=left_zero)


def assoc_min(A, B, sort_key=None) -> Assoc:
    """The element-wise minimum of two arrays, or of an array and a value (either side)."""
    return A.min(B, sort_key=sort_key) if isinstance(A, Assoc) else _assoc_only(B, "assoc_min").min(A, sort_key)


def assoc_max(A, B, sort_key=None) -> Assoc:
    """The element-wise maximum of two arrays, or of an array and a value (either side)."""
    return A.max(B, sort_key=sort_key) if isinstance(A, Assoc) else _assoc_only(B, "assoc_max").max(A, sort_key)


def _assoc_only(x, name):
    if not isinstance(x, Assoc):
        raise TypeError(f"{name}: one of the two arguments must be an Assoc")
    return x


def transpose(A: Assoc, copy: bool = True) -> Assoc:
    return A.transpose(copy=copy)


def sqin(A: Assoc) -> Assoc:
    return A.sqin()


def sqout(A: Assoc) -> Assoc:
    return A.sqout()


def is_empty_assoc(A: Assoc) -> bool:
    """True where the array stores no entry."""
    return A.nnz() == 0


def assoc_equal(A: Assoc, B: Assoc, return_info: bool = False) -> bool:
    """True where both arrays have the same keys, values and entries (with ``return_info``, each part
    that differs is printed)."""
    differences = []
    if not np.array_equal(A.row, B.row):
        differences.append(f"Rows unequal:{A.row} (dtype={A.row.dtype}) vs. {B.row} (dtype={B.row.dtype})")
    if not np.array_equal(A.col, B.col):
        differences.append(f"Cols unequal:{A.col} (dtype={A.col.dtype}) vs. {B.col} (dtype={B.col.dtype})")
    if A.is_numeric() != B.is_numeric() or (not A.is_numeric() and not np.array_equal(A.val, B.val)):
        differences.append(f"Vals unequal:{A.val} vs. {B.val}")
    if A.adj.shape != B.adj.shape or (A.adj != B.adj).nnz:
        differences.append(f"Adjs unequal:{A.adj} vs. {B.adj}")
    if return_info:
        for line in differences:
            print(line)
    return not differences
