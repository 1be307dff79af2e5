"""The in-process JVM: found, built and started on first use, with Tabulo's jars on its class path."""
import functools
import inspect
import os
import re
import shlex
import shutil
import subprocess
import threading
from pathlib import Path

_lock = threading.Lock()
_started = False


class TabuloError(Exception):
    """An error Tabulo reports: the message the command line would print (one line)."""


def _packaged() -> Path | None:
    """The jars an installed package carries (tabulo/jars, put there when the package was built), or None."""
    jars = Path(__file__).resolve().parent / "jars"
    return jars if (jars / "tabulo.jar").is_file() else None


def classpath() -> list[str]:
    """Tabulo's jars: the checkout named by $TABULO_HOME (a developer's override), else the jars the package
    carries, else a checkout above this package (an editable install) or above the working directory. A
    checkout's missing or stale jars are built first."""
    packaged = None if os.environ.get("TABULO_HOME") else _packaged()
    if packaged is not None:
        return [str(packaged / "tabulo.jar"), str(packaged / "lib" / "*")]
    root = home()
    if _stale(root):
        _build(root)
    return [str(root / "target" / "tabulo.jar"), str(root / "target" / "lib" / "*")]


def command_line() -> list[str]:
    """The words that run Tabulo's command line in another process (then its arguments): the checkout's
    ./tabulo script, or java on the jars the package carries."""
    packaged = None if os.environ.get("TABULO_HOME") else _packaged()
    if packaged is None:
        return [str(home() / "tabulo")]
    java_home = os.environ.get("JAVA_HOME")
    java_bin = str(Path(java_home) / "bin" / "java") if java_home else (shutil.which("java") or "java")
    logging = ["-Dlog4j2.loggerContextFactory=org.apache.logging.log4j.simple.SimpleLoggerContextFactory",
               "-Dorg.apache.logging.log4j.simplelog.defaultlevel=ERROR",
               "-Dorg.apache.logging.log4j.simplelog.logFile=system.err"]  # as ./tabulo: errors only
    return [java_bin, *logging, *shlex.split(os.environ.get("TABULO_JAVA_OPTS", "-Xmx6g -XX:+UseParallelGC")),
            "-cp", os.pathsep.join(classpath()), "tabulo.cli.Main"]


def home() -> Path:
    """The Tabulo checkout: $TABULO_HOME, else the first folder holding the `tabulo` script and pom.xml
    above this package (an editable install) or above the working directory."""
    env = os.environ.get("TABULO_HOME")
    if env:
        root = Path(env).expanduser().resolve()
        if not _is_home(root):
            raise TabuloError(f"TABULO_HOME={env} is not a Tabulo checkout (no 'tabulo' script and pom.xml there)")
        return root
    for start in (Path(__file__).resolve().parent, Path.cwd().resolve()):
        for folder in (start, *start.parents):
            if _is_home(folder):
                return folder
    raise TabuloError("cannot find Tabulo's jars: install the package from the checkout (pip install "
                      "./python) or set TABULO_HOME to the Tabulo checkout (the folder holding the 'tabulo' script)")


def _is_home(folder: Path) -> bool:
    return (folder / "tabulo").is_file() and (folder / "pom.xml").is_file()


def _stale(root: Path) -> bool:
    jar = root / "target" / "tabulo.jar"
    if not jar.is_file() or not (root / "target" / "lib").is_dir():
        return True
    built = jar.stat().st_mtime
    if (root / "pom.xml").stat().st_mtime > built:
        return True
    for dirpath, _, files in os.walk(root / "src" / "main"):
        for f in files:
            if os.stat(os.path.join(dirpath, f)).st_mtime > built:
                return True
    return False


def _build(root: Path) -> None:
    """Builds the jars as ./tabulo does (the script builds them when missing or older than the sources)."""
    run = subprocess.run([str(root / "tabulo"), "--version"], capture_output=True, text=True)
    if run.returncode != 0:
        raise TabuloError(run.stderr.strip().splitlines()[-1] if run.stderr.strip() else
                          f"building Tabulo in {root} failed")


def start() -> None:
    """Starts the JVM once per process (a JVM cannot be restarted in the same process)."""
    global _started
    with _lock:
        if _started:
            return
        import jpype
        if not jpype.isJVMStarted():
            jars = classpath()
            options = shlex.split(os.environ.get("TABULO_JAVA_OPTS", "-XX:+UseParallelGC"))
            # interrupt=False: Ctrl-C reaches Python (a KeyboardInterrupt that cancels the running job) instead
            # of stopping the JVM and the process
            jpype.startJVM(*options, classpath=jars, convertStrings=False, interrupt=False)
        _started = True


def java(name: str):
    """A Java class by name, the JVM started first."""
    start()
    import jpype
    return jpype.JClass(name)


def call(function, *args, parameter=None):
    """Calls into Java, turning Java exceptions into TabuloError with Tabulo's one-line message (and the
    Java stack trace when TABULO_DEBUG is set)."""
    import jpype
    try:
        return function(*args)
    except jpype.JException as e:
        raise _translate(e, parameter) from None


def _translate(e, parameter):
    name = e.getClass().getName()
    message = e.getMessage()
    message = None if message is None else str(message)
    if name == "tabulo.storage.TabuloException" or name == "java.lang.IllegalArgumentException":
        text = python_names(message or name)
        if parameter and name == "java.lang.IllegalArgumentException":
            text = f"{parameter}: {text}"
    elif name == "java.io.UncheckedIOException":
        cause = e.getCause()
        text = python_names(f"{message}: {cause.getMessage() if cause is not None else ''}")
    else:
        text = f"internal error: {name}: {message} (set TABULO_DEBUG=1 for the Java stack trace)"
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    if os.environ.get("TABULO_DEBUG"):
        text += "\n" + str(e.stacktrace())
    # as the command line: no credential read from an Accumulo client properties file is ever shown
    import jpype
    return TabuloError(str(jpype.JClass("tabulo.python.Bridge").redact(text)))


# A command-line option in a message (--max-iterations, --from=X): at the start, after a space or "(", so
# that a key quoted in a message ('--x') stays as it is.
# An option followed by its placeholder (--scalar X) reads as Python writes it: scalar=X.
_OPTION = re.compile(r"(?<![^\s(])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])(?: ([A-Z][A-Z0-9]*)(?![\w-]))?")


def python_names(text: str) -> str:
    """Tabulo's messages name options as the command line spells them (--max-iterations must be 1 or
    more); from Python each becomes the parameter it is there (max_iterations must be 1 or more,
    from_=v1): one message for both, whichever operation raised it. Options Python has no parameter for
    stay as they are."""
    def python(m):
        name = _parameters().get(m.group(1))
        if name is None:
            return m.group(0)
        return name + ("=" + m.group(2) if m.group(2) else "")
    return _OPTION.sub(python, text)


@functools.lru_cache(maxsize=None)
def _parameters() -> dict:
    """Option name -> Python parameter, from the signatures of every public call of the package: the
    parameters are the options' names with '_' for '-' (and a trailing '_' where the name is a Python
    keyword: from_, in_)."""
    from . import db
    calls = [db.connect]
    for cls in (db.DbServer, db.DbTable):
        calls += [f for name, f in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")]
    names = {p.name for f in calls for p in inspect.signature(f).parameters.values()
             if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name != "self"}
    return {n.rstrip("_").replace("_", "-"): n for n in names}


def python_names_changed():
    """Methods were added to the package's classes (the declared calls): their parameters are read anew."""
    _parameters.cache_clear()
