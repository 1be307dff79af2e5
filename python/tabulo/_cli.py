"""The `tabulo` command an installed package puts on the PATH: Tabulo's command line on the jars it carries."""
import os
import sys

from . import _jvm


def main() -> None:
    try:
        argv = [*_jvm.command_line(), *sys.argv[1:]]
    except _jvm.TabuloError as e:
        sys.exit(f"tabulo: {e}")
    os.execvp(argv[0], argv)
