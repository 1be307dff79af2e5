import pytest

import tabulo


@pytest.fixture
def db(tmp_path):
    """A fresh embedded database, closed after the test."""
    d = tabulo.connect(str(tmp_path / "db"))
    yield d
    d.close()
