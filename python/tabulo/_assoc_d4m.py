"""D4M.py's Assoc methods beyond the algebra: reading and replacing the parts, single entries, copies,
the diagonal, row and column patterns, generic combinations and printing. Mixed into Assoc."""
import copy as _copy
import shutil

import numpy as np
from scipy import sparse

from . import _compare, _elementwise
from ._keys import as_list


_DENSE_PRINT_LIMIT = 10_000  # cells: a dense print of more helps no one and may not fit in memory


class D4MMethods:
    """The part of Assoc's interface that D4M.py has and the algebra does not need."""

    null_values = {"", 0, None}  # D4M.py's: never stored

    # ---- reading ----

    def triples(self, ordering=None):
        """[(row, col, value), ...] in ``find(ordering)``'s order, as Python values."""
        r, c, v = self.find(ordering=ordering)
        return list(zip(r.tolist(), c.tolist(), v.tolist()))

    def to_dict(self):
        """{row: {col: value}} of every entry."""
        out = {}
        for r, c, v in self.triples():
            out.setdefault(r, {})[c] = v
        return out

    def to_dict2(self):
        """{(row, col): value} of every entry."""
        return {(r, c): v for r, c, v in self.triples()}

    def get_row(self):
        return self.row

    def get_col(self):
        return self.col

    def get_val(self):
        """The sorted distinct values (of a numeric array too)."""
        return np.unique(self.adj.data) if self.is_numeric() else self.val

    def get_adj(self):
        """The adjacency array (scipy CSR: D4M.py keeps COO; ``.tocoo()`` converts)."""
        return self.adj

    def get_value(self, row_key, col_key, indices=False, row_index=False, col_index=False):
        """The value at (row_key, col_key), or 0 where there is none.

        Parameters
        ----------
        row_key, col_key : key or int
            Keys, or positions among the sorted keys where ``indices`` (both) or ``row_index`` /
            ``col_index`` (one) say so.
        """
        i = _position(self.row, row_key, indices or row_index, "row_key")
        j = _position(self.col, col_key, indices or col_index, "col_key")
        if i is None or j is None:
            return 0
        stored = self.adj[i, j]
        if stored == 0:
            return 0
        return float(stored) if self.is_numeric() else str(self.val[int(stored) - 1])

    def is_canonical(self) -> bool:
        """Always True: an Assoc is kept sorted, distinct and without nulls (D4M.py checks this)."""
        return True

    def dropzeros(self, copy=False):
        """The array itself (or a copy): an Assoc never stores nulls."""
        return self.copy() if copy else self

    def condense(self):
        """The array itself: keys without entries are dropped as arrays are made."""
        return self

    def deepcondense(self):
        """The array itself: values without entries are dropped as arrays are made."""
        return self

    # ---- replacing parts ----

    def _become(self, other):
        self._set(other.row, other.col, other.val, other.adj)
        return self

    def set_row(self, new_row):
        """Replaces the row keys (in place) by the sorted distinct ``new_row``, the first as many as there
        are rows."""
        keys = np.unique(as_list(new_row, what="new_row"))
        if len(keys) < len(self.row):
            raise ValueError(f"new_row: {len(keys)} distinct keys for {len(self.row)} rows")
        return self._become(type(self)._from_parts(keys[:len(self.row)], self.col, self.adj, self.val))

    def set_col(self, new_col):
        """Replaces the column keys (in place), as ``set_row`` the rows."""
        keys = np.unique(as_list(new_col, what="new_col"))
        if len(keys) < len(self.col):
            raise ValueError(f"new_col: {len(keys)} distinct keys for {len(self.col)} columns")
        return self._become(type(self)._from_parts(self.row, keys[:len(self.col)], self.adj, self.val))

    def set_val(self, new_val):
        """Replaces the values (in place): one value goes to every entry; several are the sorted distinct
        values the entries' positions (the adjacency array's numbers, taken as integers) point into."""
        cls = type(self)
        values = as_list(new_val, what="new_val")
        values = values[[not _elementwise.is_null(v) for v in values.tolist()]]
        if len(values) == 0:
            return self._become(cls())
        coo = self.adj.tocoo()
        if len(values) == 1:
            picked = np.repeat(values, coo.nnz)
        else:
            values = np.unique(values)
            positions = coo.data.astype(np.int64) - 1
            if coo.nnz and (positions.min() < 0 or positions.max() >= len(values)):
                raise ValueError(f"new_val: the entries point to positions 1 to {positions.max() + 1}, "
                                 f"but {len(values)} distinct values were given")
            picked = values[positions]
        return self._become(cls(self.row[coo.row], self.col[coo.col], picked))

    def set_adj(self, new_adj, numerical=True):
        """Replaces the adjacency array (in place): its shape may be smaller than the keys (the first keys
        are kept); its numbers are the values, or with ``numerical=False`` 1-based positions among the
        current string values (D4M.py casts them to integers: on a numeric array, the values then are
        the numbers cut to integers)."""
        adj = sparse.csr_matrix(new_adj, dtype=np.float64)  # numeric values are float64 here
        m, n = adj.shape
        if m > len(self.row) or n > len(self.col):
            raise ValueError(f"new_adj: shape {adj.shape} is larger than the {len(self.row)} rows x "
                             f"{len(self.col)} columns")
        if numerical:
            return self._become(type(self)._from_parts(self.row[:m], self.col[:n], adj, 1.0))
        adj.data = np.trunc(adj.data)
        if self.is_numeric():
            return self._become(type(self)._from_parts(self.row[:m], self.col[:n], adj, 1.0))
        if adj.nnz and (adj.data.min() < 0 or adj.data.max() > len(self.val)):
            raise ValueError(f"new_adj: positions must be 1 to {len(self.val)}")
        return self._become(type(self)._from_parts(self.row[:m], self.col[:n], adj, self.val))

    putrow, putcol, putval, putadj = set_row, set_col, set_val, set_adj
    put_row, put_col, put_val, put_adj = set_row, set_col, set_val, set_adj

    def __setitem__(self, key, value):
        """``A[row_key, col_key] = value`` stores one entry, replacing the one there (a null value, '' or
        0, removes it). A string put into a numeric array makes its values strings, as numpy does."""
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError("assign one entry as A[row_key, col_key] = value")
        r, c, v = self.find()
        joined = [_elementwise._joined([x, np.array([k])]) for x, k in ((r, key[0]), (c, key[1]), (v, value))]
        self._become(type(self)(*joined, aggregate="last"))

    # ---- copies ----

    def copy(self):
        """A copy sharing nothing with this array."""
        return self._become_copy()

    def deepcopy(self):
        return self._become_copy()

    def __copy__(self):
        return self._become_copy()

    def __deepcopy__(self, memo=None):
        return self._become_copy()

    def _become_copy(self):
        out = type(self).__new__(type(self))
        out._set(self.row.copy(), self.col.copy(), _copy.copy(self.val) if self.is_numeric() else self.val.copy(),
                 self.adj.copy())
        return out

    # ---- derived arrays ----

    def diag(self):
        """The entries whose row key equals their column key."""
        if len(self.row) == 0 or (self.row.dtype.kind == "U") != (self.col.dtype.kind == "U"):
            return type(self)()  # string keys never equal numeric ones
        r, c, v = self.find()
        on = r == c
        return type(self)(r[on], c[on], v[on])

    def nocol(self, copy=True):
        """One column keyed 0 holding 1 in every row that has an entry."""
        result = type(self)(self.row, 0, 1.0) if len(self.row) else type(self)()
        return result if copy else self._become(result)

    def norow(self, copy=True):
        """One row keyed 0 holding 1 in every column that has an entry."""
        result = type(self)(0, self.col, 1.0) if len(self.col) else type(self)()
        return result if copy else self._become(result)

    def combine(self, other, binary_op, right_zero=False, left_zero=False, zero=None):
        """D4M.py's generic element-wise combination: see ``tabulo._elementwise.combine``."""
        return _elementwise.combine(self, other, binary_op, right_zero, left_zero, zero)

    def min(self, other, sort_key=None):
        """Element-wise minimum over the union of keys (a missing entry is 0 or ''), optionally by
        ``sort_key(x, y)`` (x sorts before y)."""
        return _elementwise.extreme(self, other, True, sort_key)

    def max(self, other, sort_key=None):
        """Element-wise maximum over the union of keys (a missing entry is 0 or '')."""
        return _elementwise.extreme(self, other, False, sort_key)

    def compare(self, other, sort_key, inverse=False, include_inverse=False):
        """1 where ``sort_key(A value, other value)`` holds: see ``tabulo._compare.compare``."""
        return _compare.compare(self, other, sort_key, inverse, include_inverse)

    def semiring_prod(self, other, semi_add, semi_mult):
        """The matrix product under other operations: entry (i, j) folds, over the shared keys k where
        A(i, k) and B(k, j) are stored, in key order, ``acc = semi_add(acc, semi_mult(A(i,k), B(k,j)))``
        from ``acc = 0`` (as D4M.py starts it)."""
        from .d4m_functions import meetings
        shared, met = meetings(self, other)
        a_col = np.searchsorted(self.col, shared)
        b_row = np.searchsorted(other.row, shared)
        rows, cols, vals = [], [], []
        for i, j, ks in met:
            acc = 0
            for k in ks:
                acc = semi_add(acc, semi_mult(self.get_value(i, int(a_col[k]), indices=True),
                                              other.get_value(int(b_row[k]), j, indices=True)))
            rows.append(self.row[i])
            cols.append(other.col[j])
            vals.append(acc)
        return type(self)(np.array(rows), np.array(cols), np.array(vals)) if vals else type(self)()

    def catkeymul(self, other, delimiter=";"):
        from .d4m_functions import catkeymul
        return catkeymul(self, other, delimiter)

    def catvalmul(self, other, pair_delimiter=",", delimiter=";"):
        from .d4m_functions import catvalmul
        return catvalmul(self, other, pair_delimiter, delimiter)

    # ---- printing and plotting ----

    def spy(self, rename_axes=False, **pyplot_spy_kwargs):
        """D4M.py's spy: ``pyplot.spy`` of the pattern, dots smaller as the array grows, shown.

        Parameters
        ----------
        rename_axes : bool
            Label the axes with the keys (columns across, rows down).
        **pyplot_spy_kwargs
            Passed to ``matplotlib.pyplot.spy``.

        Returns
        -------
        The artist ``pyplot.spy`` returns. ``tabulo.plot.spy`` gives a Figure and saves PNGs.
        """
        from .plot import _pyplot
        plt = _pyplot()

        def between(x, at_most, at_least):  # linear from at_least (x = 1) to at_most (x = 1000), clamped
            (x0, y0), (x1, y1) = at_most, at_least
            return min(max((y1 - y0) / (x1 - x0) * (x - x0) + y0, y0), y1)

        marker = between(max(len(self.row), len(self.col)), (1000, 0.1), (1, 3))
        artist = plt.spy(self.adj, markersize=marker, aspect="auto", **pyplot_spy_kwargs)
        if rename_axes:
            plt.xticks(range(len(self.col)), self.col, fontsize=between(len(self.col), (1000, 0.1), (1, 10)),
                       rotation=45)
            plt.yticks(range(len(self.row)), self.row, fontsize=between(len(self.row), (1000, 0.1), (1, 10)))
        plt.show()
        return artist


    def __str__(self):
        """D4M.py's print form; the adjacency array dense only while small (a large one as its entries)."""
        small = len(self.row) * len(self.col) <= _DENSE_PRINT_LIMIT
        return (f"Row indices: {self.row}\nColumn indices: {self.col}\nValues: {self.val}\n"
                f"Adjacency array: \n{self.adj.toarray() if small else self.adj}")

    def printfull(self, cutoff_rows=False, cutoff_cols=False):
        """Prints the array as a table: column keys on top, row keys on the left, values right-aligned.

        Parameters
        ----------
        cutoff_rows : bool
            Show only as many rows as fit the terminal (and the last row, after ':').
        cutoff_cols : bool
            Show only as many columns as fit the terminal (and the last column, after '...').
        """
        if self.nnz() == 0:
            print("Empty associative array.")
            return
        width, height = shutil.get_terminal_size()
        entries = self.to_dict()
        row_keys = self.row.tolist()
        shown_rows = list(range(len(row_keys)))
        if cutoff_rows and len(row_keys) > height - 3:
            shown_rows = list(range(max(height - 5, 0))) + [None, len(row_keys) - 1]
        col_keys = self.col.tolist()
        col_widths = [max([len(str(col_key))] + [len(str(entries[row_keys[i]][col_key])) for i in shown_rows
                                                  if i is not None and col_key in entries[row_keys[i]]])
                      for col_key in col_keys]
        row_width = max(len(str(row_keys[i])) for i in shown_rows if i is not None)
        shown_cols = list(range(len(col_keys)))
        if cutoff_cols and row_width + sum(w + 2 for w in col_widths) > width:
            used, fit = row_width + col_widths[-1] + 9, []
            for j, w in enumerate(col_widths[:-1]):
                if used + w + 2 > width:
                    break
                used += w + 2
                fit.append(j)
            shown_cols = fit + [None, len(col_keys) - 1]

        def cell(text, j):
            return "  ..." if j is None else ("  {:>" + str(col_widths[j]) + "}").format(text)

        print(" " * row_width + "".join(cell(col_keys[j] if j is not None else "", j) for j in shown_cols))
        for i in shown_rows:
            if i is None:
                print(("{:<" + str(row_width) + "}").format(":")
                      + "".join(cell(":", j) for j in shown_cols))
                continue
            values = entries.get(row_keys[i], {})
            print(("{:<" + str(row_width) + "}").format(str(row_keys[i]))
                  + "".join(cell(str(values[col_keys[j]]) if j is not None and col_keys[j] in values else "", j)
                            for j in shown_cols))
        if shown_rows != list(range(len(row_keys))) or shown_cols != list(range(len(col_keys))):
            print(f"\n[{len(row_keys)} rows x {len(col_keys)} columns]")


def _position(keys, key, is_position, what):
    """The position of a key among the sorted keys (or the position given), None where absent."""
    if is_position:
        if not isinstance(key, (int, np.integer)):
            raise TypeError(f"{what}: a position must be an int, got {key!r}")
        return int(key) if 0 <= key < len(keys) else None
    if len(keys) == 0 or (keys.dtype.kind == "U") != isinstance(key, str):
        return None
    at = int(np.searchsorted(keys, key))
    return at if at < len(keys) and keys[at] == key else None
