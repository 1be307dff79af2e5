"""D4M's functions on associative arrays beyond the algebra: the schema's column explosion and its
inverse, and the product that lists which keys met."""
import numpy as np

from ._transfer import key_text
from .assoc import Assoc


def val2col(a: Assoc, sep: str = "|") -> Assoc:
    """A(r, c) = v becomes B(r, c + sep + v) = 1 (D4M's val2col: the D4M 2.0 schema's exploded columns)."""
    r, c, v = a.find()
    cols = np.char.add(np.char.add(np.array(key_text(c), dtype=str), sep), np.array(key_text(v), dtype=str))
    return Assoc(r, cols, 1.0)


def col2type(a: Assoc, sep: str = "|") -> Assoc:
    """The inverse of val2col: column c + sep + v becomes column c with string value v, split at the
    first sep; of two values for one row and column the smaller is kept. A column without sep is an
    error naming it."""
    r, c, _ = a.find()
    text = key_text(c)
    parts = [k.split(sep, 1) for k in text]
    for k, p in zip(text, parts):
        if len(p) != 2:
            raise ValueError(f"col2type: column {k!r} has no {sep!r}")
    return Assoc(r, np.array([p[0] for p in parts], dtype=str), np.array([p[1] for p in parts], dtype=str))


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


def catkeymul(a: Assoc, b: Assoc, sep: str = ";") -> Assoc:
    """The product's pattern with, as each value, the shared keys k where A(i, k) and B(k, j) are both
    stored, in key order, each followed by sep: 'k1;k2;' (D4M's CatKeyMul)."""
    return _listing(a, b, lambda i, j, keys: "".join(k + sep for k in key_text(keys)))


def catvalmul(a: Assoc, b: Assoc, pair_delimiter: str = ",", delimiter: str = ";") -> Assoc:
    """The product's pattern with, as each value, the pairs of values that met, in the order of the shared
    keys k: 'A(i,k),B(k,j),;' per k (D4M's CatValMul: '1,2,;3,4,;'). Numbers are written as keys are
    (integral ones without '.0')."""
    def value_text(x: Assoc, i, j) -> str:
        v = x.adj[i, j]
        return key_text([v])[0] if x.is_numeric() else str(x.val[int(v) - 1])

    def text(i, j, keys):
        pairs = []
        for k in keys:
            ka = int(np.searchsorted(a.col, k))
            kb = int(np.searchsorted(b.row, k))
            pairs.append(value_text(a, i, ka) + pair_delimiter + value_text(b, kb, j) + pair_delimiter)
        return "".join(p + delimiter for p in pairs)

    return _listing(a, b, text)
