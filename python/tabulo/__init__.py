"""Tabulo from Python: D4M associative arrays (numpy/scipy/pandas) and Tabulo tables through an
in-process JVM. See docs/python.md in the repository."""
from ._jvm import TabuloError
from .assoc import Assoc
from .d4m_functions import catkeymul, catvalmul, col2type, val2col
from .db import DbServer, DbTable, DbTablePair, connect
from .expressions import Expression, Mask
from .info import Info
from . import D4M, algorithms, plot

__all__ = ["Assoc", "D4M", "DbServer", "DbTable", "DbTablePair", "Expression", "Info", "Mask", "TabuloError",
           "algorithms", "catkeymul", "catvalmul", "col2type", "connect", "plot", "val2col"]
