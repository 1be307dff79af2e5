"""D4M.py's module layout over Tabulo: a D4M.py script switches by changing its imports only.

    from D4M.assoc import Assoc     ->  from tabulo.D4M.assoc import Assoc
    import D4M.util as util         ->  import tabulo.D4M.util as util
    import D4M.assoc                ->  from tabulo import D4M    (then D4M.assoc.Assoc, D4M.util.sanitize)

See docs/python.md, "D4M.py compatibility", for the differences that remain.
"""
from . import assoc, util

__all__ = ["assoc", "util"]
