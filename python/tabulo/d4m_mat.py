"""D4M's .mat files: associative arrays saved as an object of class Assoc whose fields are row, col, val
and A (D4M's layout), read as D4M.py's ``read_mat`` reads them, and written in that layout."""
import numpy as np
from scipy import sparse

from . import d4m_util
from .assoc import Assoc

_SEPARATORS = ("\n", "\t", ",", ";", "|", "\x1f")


def read_mat(fname):
    """The Assoc objects of a .mat file: the one Assoc when the file holds one, else ``{name: Assoc}``.

    Parameters
    ----------
    fname : str or path
        A file holding objects of class Assoc (saved by D4M, or by ``save_mat``).

    Notes
    -----
    As D4M's layout has it: ``row`` and ``col`` are D4M strings of the keys (split on their last
    character); an empty ``val`` means the numbers in ``A`` are the values, else ``val`` is a D4M string
    of the distinct values and ``A`` holds each entry's 1-based position among them.
    """
    from scipy import io
    contents = io.loadmat(fname)
    arrays = {}
    for name, item in contents.items():
        if getattr(item, "classname", None) != "Assoc":
            continue
        fields = item[0][0]
        try:
            row = d4m_util.sanitize(str(fields[0][0]))
            col = d4m_util.sanitize(str(fields[1][0]))
            val, adj = fields[2], sparse.coo_matrix(fields[3])
        except (IndexError, TypeError, ValueError) as e:
            raise ValueError(f"read_mat: {fname}: {name} is not a D4M Assoc (row, col, val, A): {e}") from None
        if val.size == 0:
            arrays[name] = Assoc(row, col, 1.0, adj)
        else:
            values = d4m_util.sanitize(str(val[0]))
            r, c, v = sparse.find(adj)
            arrays[name] = Assoc(row[r], col[c], values[v.astype(np.int64) - 1])
    if len(arrays) == 1:
        return next(iter(arrays.values()))
    return arrays


def save_mat(fname, A: Assoc, name: str = "Aout", **spio_savemat_kwargs) -> None:
    """Writes ``A`` to a .mat file as an object of class Assoc named ``name``, in the layout ``read_mat``
    reads (D4M.py's own ``save_mat`` is unfinished). Numeric keys are written as text, as D4M keeps keys.

    Parameters
    ----------
    fname : str or path
    A : Assoc
    name : str
        The variable's name in the file.
    **spio_savemat_kwargs
        Passed to ``scipy.io.savemat``.
    """
    from scipy import io
    from scipy.io.matlab import MatlabObject
    fields = np.zeros((1, 1), dtype=[("row", "O"), ("col", "O"), ("val", "O"), ("A", "O")])
    fields[0, 0]["row"] = _d4m_string(A.row, "row")
    fields[0, 0]["col"] = _d4m_string(A.col, "col")
    fields[0, 0]["val"] = np.zeros((0, 0)) if A.is_numeric() else _d4m_string(A.val, "val")
    fields[0, 0]["A"] = sparse.csc_matrix(A.adj, dtype=np.float64)
    io.savemat(fname, {name: MatlabObject(fields, "Assoc")}, **spio_savemat_kwargs)


def _d4m_string(items, what: str) -> str:
    """Items as one D4M string, each followed by a separator none of them holds."""
    text = np.asarray(items).astype(str).tolist()
    for sep in _SEPARATORS:
        if not any(sep in t for t in text):
            return "".join(t + sep for t in text)
    raise ValueError(f"save_mat: no separator character is free of the {what} items")
