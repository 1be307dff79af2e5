"""The installed package carries Tabulo's jars and its command line: no checkout needed (./test sets
TABULO_TEST_INSTALLED=1, running these tests on the package pip installed, from outside the checkout)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabulo
from tabulo import _jvm

installed = pytest.mark.skipif(not os.environ.get("TABULO_TEST_INSTALLED"),
                               reason="runs on the package ./test installs (TABULO_TEST_INSTALLED=1)")


@installed
def test_the_jvm_runs_on_the_jars_the_package_carries():
    package = Path(tabulo.__file__).resolve().parent
    assert _jvm.classpath() == [str(package / "jars" / "tabulo.jar"), str(package / "jars" / "lib" / "*")]
    assert (package / "jars" / "tabulo-server.jar").is_file()


@installed
def test_the_tabulo_command_runs_from_anywhere(tmp_path):
    command = Path(sys.executable).parent / "tabulo"
    assert command.is_file(), "pip installs the tabulo command beside the interpreter"
    env = {k: v for k, v in os.environ.items() if k != "TABULO_HOME"}

    def tabulo_cli(*args, stdin=None):
        run = subprocess.run([str(command), "--db", str(tmp_path / "db"), *args], input=stdin,
                             capture_output=True, text=True, cwd=tmp_path, env=env)
        assert run.returncode == 0, run.stderr
        return run.stdout

    tabulo_cli("create", "T")
    tabulo_cli("put", "T", "-", stdin="r\tc\t5\n")
    assert tabulo_cli("scan", "T").split() == ["r", "c", "5"]
