"""Tabulo from Python: D4M associative arrays (numpy/scipy/pandas) and Tabulo tables through an
in-process JVM. See docs/python.md in the repository."""
from ._jvm import TabuloError
from .assoc import Assoc
from .d4m_functions import catkeymul, catvalmul, col2type, val2col
from .db import DbServer, DbTable, DbTablePair, connect
from . import D4M, plot

__all__ = ["Assoc", "D4M", "DbServer", "DbTable", "DbTablePair", "TabuloError", "catkeymul", "catvalmul", "col2type",
           "connect", "plot", "val2col"]
