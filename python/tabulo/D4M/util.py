"""``D4M.util``: see tabulo.d4m_util."""
from ..d4m_util import *  # noqa: F401,F403 - the module is its re-export
from ..d4m_util import __all__  # noqa: F401
