import os
import subprocess

import pytest

import tabulo
from tabulo import _jvm

# A test marked `both_hosts` runs twice: on the embedded engine and on a mini-accumulo that this session
# starts once, on first use (`tabulo mini-accumulo start`), and always stops. TABULO_SKIP_ACCUMULO=1
# skips the Accumulo runs.
HOSTS = ("embedded", "accumulo")


def pytest_configure(config):
    config.addinivalue_line("markers", "both_hosts: run on the embedded engine and on a mini-accumulo")


def pytest_generate_tests(metafunc):
    if "host" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_hosts"):
        metafunc.parametrize("host", HOSTS, indirect=True)


def _cli(args):
    """Runs the command line in this process (tabulo.cli.Main): (exit code, standard output, standard error)."""
    import jpype
    writer, printer = _jvm.java("java.io.StringWriter"), _jvm.java("java.io.PrintWriter")
    out, err = writer(), writer()
    code = _jvm.java("tabulo.cli.Main").run(jpype.JArray(jpype.JString)([str(a) for a in args]),
                                            printer(out), printer(err))
    return int(code), str(out.toString()), str(err.toString())


class Host:
    """Where a test's database lives: connect() opens it, cli(...) runs `tabulo` on it (embedded: while no
    connection is open, the database being one writer's at a time)."""

    def __init__(self, name, path=None, props=None):
        self.name, self.path, self.props = name, path, props

    def connect(self):
        return tabulo.connect(self.path) if self.props is None else tabulo.connect(accumulo=self.props)

    def cli(self, *args):
        where = ["--db", self.path] if self.props is None else ["--accumulo", self.props]
        code, out, err = _cli([*where, *args])
        assert code == 0, err
        return out


@pytest.fixture(scope="session")
def mini_accumulo(tmp_path_factory):
    """The client properties file of a mini-accumulo (one tablet server) started for this session."""
    if os.environ.get("TABULO_SKIP_ACCUMULO"):
        pytest.skip("TABULO_SKIP_ACCUMULO is set")
    _jvm.start()  # builds stale jars first: the cluster's servers load Tabulo's classes from them
    command = _jvm.command_line()
    folder = tmp_path_factory.mktemp("mini-accumulo")
    try:
        run = subprocess.run([*command, "mini-accumulo", "start", str(folder)], capture_output=True, text=True)
        if run.returncode != 0:
            log = folder / "mini-accumulo.log"
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            pytest.fail(f"mini-accumulo did not start: {run.stderr.strip()}\n{tail}", pytrace=False)
        yield str(folder / "accumulo-client.properties")
    finally:
        # always, waiting for every server process to end (the pid file exists once the cluster started)
        stop = subprocess.run([*command, "mini-accumulo", "stop", str(folder)], capture_output=True, text=True)
        if stop.returncode != 0 and (folder / "mini-accumulo.pid").exists():
            pytest.fail(f"mini-accumulo in {folder} did not stop: {stop.stderr.strip()}", pytrace=False)


@pytest.fixture
def host(request, tmp_path):
    """The embedded engine in a fresh directory, or (parametrized by `both_hosts`) the session's
    mini-accumulo with its tables dropped."""
    if getattr(request, "param", "embedded") == "embedded":
        return Host("embedded", path=str(tmp_path / "db"))
    h = Host("accumulo", props=request.getfixturevalue("mini_accumulo"))
    with h.connect() as d:
        for table in d.ls():
            d.delete_table(table)
    return h


@pytest.fixture
def db(host):
    """A fresh database, closed after the test."""
    d = host.connect()
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
