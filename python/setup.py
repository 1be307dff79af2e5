"""Puts Tabulo's jars into the package, so that an installed tabulo needs no checkout.

Building the package (pip install ./python, pip wheel ./python) builds the jars with Maven first, through
the checkout's ./tabulo script (which builds them when missing or older than the sources), and copies
target/tabulo.jar, target/tabulo-server.jar and target/lib/*.jar into tabulo/jars/.
"""
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CHECKOUT = Path(__file__).resolve().parent.parent


class BuildPyWithJars(build_py):
    def run(self):
        super().run()
        jars = Path(self.build_lib) / "tabulo" / "jars"
        shutil.rmtree(jars, ignore_errors=True)  # no jar of an earlier build stays on the class path
        if not ((CHECKOUT / "pom.xml").is_file() and (CHECKOUT / "tabulo").is_file()):
            raise SystemExit(f"tabulo: building the package needs the Tabulo checkout around it ({CHECKOUT} "
                             "holds no pom.xml and tabulo script): run pip on the checkout's python folder")
        build = subprocess.run([str(CHECKOUT / "tabulo"), "--version"], capture_output=True, text=True)
        if build.returncode != 0:
            raise SystemExit(f"tabulo: building the jars failed (Java 17 and Maven are needed): "
                             f"{build.stderr.strip() or build.stdout.strip()}")
        target = CHECKOUT / "target"
        (jars / "lib").mkdir(parents=True)
        for name in ("tabulo.jar", "tabulo-server.jar"):
            shutil.copy2(target / name, jars / name)
        for jar in sorted((target / "lib").glob("*.jar")):
            shutil.copy2(jar, jars / "lib" / jar.name)


setup(cmdclass={"build_py": BuildPyWithJars})
