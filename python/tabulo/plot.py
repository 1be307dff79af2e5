"""Plots of associative arrays and tables with matplotlib: spy (the sparsity pattern) and the degree
distribution (log-log). Each returns the matplotlib Figure and, given path=, saves it as a PNG. Without
a display (no $DISPLAY, not in a notebook, no $MPLBACKEND) matplotlib draws with Agg, off screen."""
import os
import sys

import numpy as np

from .assoc import Assoc

LABELLED_KEYS = 40  # up to this many row or column keys are written on the axes


def _pyplot():
    import matplotlib
    headless = not os.environ.get("DISPLAY") and not os.environ.get("MPLBACKEND") and "ipykernel" not in sys.modules
    if headless and sys.platform.startswith("linux"):
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _finish(fig, path):
    if path is not None:
        fig.savefig(path, format="png", dpi=100)
    return fig


def spy(a: Assoc, *, path=None, markersize=None, title=None):
    """The pattern of A's entries: a dot per entry, rows down and columns across in key order (keys on the
    axes when there are at most 40). Returns the Figure; saves it as a PNG at path when given."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 6))
    n_rows, n_cols = a.size()
    if a.nnz():
        coo = a.adj.tocoo()
        size = markersize if markersize is not None else max(1.0, 200.0 / max(n_rows, n_cols, 1))
        ax.plot(coo.col, coo.row, "s", markersize=size, color="tab:blue", linestyle="none")
    ax.set_xlim(-0.5, max(n_cols, 1) - 0.5)
    ax.set_ylim(max(n_rows, 1) - 0.5, -0.5)
    if 0 < n_cols <= LABELLED_KEYS:
        ax.set_xticks(range(n_cols), [str(k) for k in a.col], rotation=90, fontsize=7)
    if 0 < n_rows <= LABELLED_KEYS:
        ax.set_yticks(range(n_rows), [str(k) for k in a.row], fontsize=7)
    ax.set_title(title or f"{n_rows} x {n_cols}, {a.nnz()} entries")
    fig.tight_layout()
    return _finish(fig, path)


def degree_counts(degrees: Assoc):
    """(degree, count) arrays: how many keys have each degree, from a one-column degree array such as
    db.degree(PREFIX) or a degrees table's to_assoc(); degrees ascending."""
    _, _, vals = degrees.find()
    if len(vals) == 0:
        return np.zeros(0), np.zeros(0, dtype=np.int64)
    if not degrees.is_numeric():
        raise ValueError("degree_counts: the degrees must be numbers")
    values, counts = np.unique(np.asarray(vals, dtype=np.float64), return_counts=True)
    return values, counts


def degree_distribution(db=None, prefix=None, cols=":", *, degrees: Assoc = None, path=None, title=None):
    """Log-log plot of how many columns have each degree: for the D4M schema PREFIX (db.degree(PREFIX,
    cols), e.g. cols='src_ip|*,'), or for an array of degrees given as degrees=. Returns the Figure
    (fig.degree_counts holds the (degree, count) arrays plotted); saves a PNG at path when given."""
    if degrees is None:
        if db is None or prefix is None:
            raise TypeError("degree_distribution needs db and prefix, or degrees=")
        degrees = db.degree(prefix, cols=cols)
    x, y = degree_counts(degrees)
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4.5))
    keep = x > 0  # a log axis has no place for 0
    ax.loglog(x[keep], y[keep], "o", color="tab:blue")
    ax.set_xlabel("degree")
    ax.set_ylabel("count")
    ax.set_title(title or (f"degree distribution of {prefix} {cols}" if prefix else "degree distribution"))
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.degree_counts = (x, y)
    return _finish(fig, path)
