"""``D4M.assoc``: the Assoc class and D4M.py's module-level functions on it. D4M.py's module lists no
names to export, so its star import also gives a script ``np``, ``sparse`` and ``util``: so does this one."""
import numpy as np
from scipy import sparse

from . import util
from .util import ArrayLike, KeyVal, Selectable, StrList  # noqa: F401 - D4M.py's assoc defines them too
from ..assoc import Assoc
from ..d4m_csv import readcsv, readcsvtotriples, writecsv
from ..d4m_functions import (assoc_equal, assoc_max, assoc_min, catkeymul, catvalmul, col2type, col_to_type,
                             combine, hadamard, is_empty_assoc, nnz, num2str, num_to_str, sqin, sqout, transpose,
                             val2col)
from ..d4m_mat import read_mat, save_mat

operation_dict = util.operation_dict()

__all__ = ["ArrayLike", "Assoc", "KeyVal", "Selectable", "StrList", "assoc_equal", "assoc_max", "assoc_min",
           "catkeymul", "catvalmul", "col2type", "col_to_type", "combine", "hadamard", "is_empty_assoc", "nnz", "np",
           "num2str", "num_to_str", "operation_dict", "readcsv", "read_mat", "readcsvtotriples", "save_mat", "sparse",
           "sqin", "sqout", "transpose", "util", "val2col", "writecsv"]
