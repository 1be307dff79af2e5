"""``D4M.util``: see tabulo.d4m_util. D4M.py's module lists no names to export, so its star import also
gives a script ``np``: so does this one."""
import numpy as np  # noqa: F401 - for D4M.py's star import

from ..d4m_util import *  # noqa: F401,F403 - the module is its re-export
from ..d4m_util import __all__ as _names

__all__ = _names + ["np"]
