import pytest

import tabulo


@pytest.fixture
def db(tmp_path):
    """A fresh embedded database, closed after the test."""
    d = tabulo.connect(str(tmp_path / "db"))
    yield d
    d.close()


# JPype can crash in its own JVM teardown at interpreter exit, rarely, after every test has run (seen once
# in CI: "79 passed", then SIGSEGV in the exit handlers; JPype issues #842, #1144). The suite's verdict is
# pytest's, so the run ends with pytest's status without that teardown.
_EXIT_STATUS = {"status": None}


def pytest_sessionfinish(session, exitstatus):
    _EXIT_STATUS["status"] = int(exitstatus)


def pytest_unconfigure(config):
    import os
    import sys

    if _EXIT_STATUS["status"] is not None and os.environ.get("TABULO_PYTEST_HARD_EXIT", "1") == "1":
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_EXIT_STATUS["status"])
