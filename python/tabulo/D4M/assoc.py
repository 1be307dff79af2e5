"""``D4M.assoc``: the Assoc class and D4M.py's module-level functions on it."""
from ..assoc import Assoc
from ..d4m_csv import readcsv, readcsvtotriples, writecsv
from ..d4m_functions import (assoc_equal, assoc_max, assoc_min, catkeymul, catvalmul, col2type, col_to_type,
                             combine, hadamard, is_empty_assoc, nnz, num2str, num_to_str, sqin, sqout, transpose,
                             val2col)

__all__ = ["Assoc", "assoc_equal", "assoc_max", "assoc_min", "catkeymul", "catvalmul", "col2type", "col_to_type",
           "combine", "hadamard", "is_empty_assoc", "nnz", "num2str", "num_to_str", "readcsv", "readcsvtotriples",
           "sqin", "sqout", "transpose", "val2col", "writecsv"]
