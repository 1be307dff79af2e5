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


def catkeymul(a: Assoc, b: Assoc, sep: str = ";") -> Assoc:
    """The product's pattern with, as each value, the shared keys k where A(i, k) and B(k, j) are both
    stored, in key order, each followed by sep: 'k1;k2;' (D4M's CatKeyMul)."""
    shared = np.intersect1d(a.col, b.row)
    if len(shared) == 0:
        return Assoc()
    left = a.logical().adj[:, np.searchsorted(a.col, shared)].tocsr()
    right = b.logical().adj[np.searchsorted(b.row, shared), :].tocsc()
    left.sort_indices()
    right.sort_indices()
    pattern = (left @ right).tocoo()
    names = np.array(key_text(shared), dtype=object)
    rows, cols, vals = [], [], []
    for i, j in zip(pattern.row, pattern.col):
        ks = np.intersect1d(left.indices[left.indptr[i]:left.indptr[i + 1]],
                            right.indices[right.indptr[j]:right.indptr[j + 1]], assume_unique=True)
        rows.append(i)
        cols.append(j)
        vals.append("".join(k + sep for k in names[ks]))
    return Assoc(a.row[np.array(rows, dtype=np.int64)], b.col[np.array(cols, dtype=np.int64)],
                 np.array(vals, dtype=str))
