"""Long calls into Java: run as a Java job that Python polls, drawing a progress line in a terminal or a
notebook (nothing when neither), and cancelling on Ctrl-C so that the job's session closes and deletes
its temporaries before the KeyboardInterrupt goes on."""
import os
import sys
import time

from . import _jvm

POLL_MILLIS = 200


def _progress_shown() -> bool:
    forced = os.environ.get("TABULO_PROGRESS")
    if forced is not None:
        return forced not in ("", "0", "no", "false")
    if "ipykernel" in sys.modules:  # a notebook renders '\r' on stderr as a redrawn line
        return True
    return sys.stderr.isatty()


class _Line:
    """One progress line redrawn in place: what runs, cells so far, its rate, the last round."""

    def __init__(self, name):
        self.name = name
        self.shown = _progress_shown()
        self.start = time.monotonic()
        self.drawn = False

    def update(self, cells: int, round_text: str):
        if not self.shown:
            return
        secs = time.monotonic() - self.start
        text = f"\r{self.name}: {cells:,} cells, {secs:.0f} s"
        if round_text:
            text += f", {round_text}"
        sys.stderr.write(text + "\x1b[K" if sys.stderr.isatty() else text + "   ")
        sys.stderr.flush()
        self.drawn = True

    def close(self):
        if self.shown and self.drawn:
            sys.stderr.write("\r\x1b[K" if sys.stderr.isatty() else "\r")
            sys.stderr.flush()


def poll(job, line):
    """One wait of the poll loop (a hook for tests): whether the job has ended."""
    done = bool(job.waitFor(POLL_MILLIS))
    line.update(int(job.cells()), str(job.round()))
    return done


def run(start, name, *args, parameter=None):
    """Starts a Java job (start(*args) returns a tabulo.python.Job) and waits for its result, showing
    progress; Ctrl-C cancels it, waits for it to clean up, and raises KeyboardInterrupt."""
    job = _jvm.call(start, *args, parameter=parameter)
    line = _Line(name)
    try:
        while not poll(job, line):
            pass
    except KeyboardInterrupt:
        job.cancel()
        while True:  # the job stops at its next kernel run and closes its session (deleting temporaries)
            try:
                if job.waitFor(POLL_MILLIS):
                    break
            except KeyboardInterrupt:
                pass
        raise
    finally:
        line.close()
    return _jvm.call(job.result, parameter=parameter)
