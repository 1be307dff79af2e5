"""Transfer rates between Tabulo tables and Assoc, and A @ B beside scipy on the same data.

    python bench.py [--entries 1000000] [--db DIR]

Prints one line per step with its wall-clock time, after an untimed warm-up on a twentieth of the
entries (the first calls of a session load classes and compile: about 3 s once). Not a test: timings
vary with the machine and its load.
"""
import argparse
import shutil
import tempfile
import time

import numpy as np

import tabulo


def timed(label, f):
    t = time.perf_counter()
    out = f()
    print(f"{label:<44} {time.perf_counter() - t:7.3f} s", flush=True)
    return out


def triples(n, seed):
    """n random triples over about 4 sqrt(n) row and column keys, integer values 1..99."""
    rng = np.random.default_rng(seed)
    side = max(int(np.sqrt(n)) * 4, 1)
    rows = np.char.add("r", rng.integers(0, side, n).astype(str))
    cols = np.char.add("c", rng.integers(0, side, n).astype(str))
    return rows, cols, rng.integers(1, 100, n).astype(np.float64)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--entries", type=int, default=1_000_000)
    p.add_argument("--db", help="database directory (default: a temporary one, removed at the end)")
    args = p.parse_args()
    n = args.entries
    rows, cols, vals = triples(n, 1)
    folder = args.db or tempfile.mkdtemp(prefix="tabulo-bench")
    try:
        timed("start the JVM", lambda: tabulo.connect(folder).close())
        db = tabulo.connect(folder)
        warm = tabulo.Assoc(*triples(max(n // 20, 1), 2))
        db["warmup"].put(warm)
        db["warmup"][:, :]
        db["warmup_strings"].put(warm.num2str())
        db["warmup_strings"][:, :]
        a = timed(f"Assoc from {n:,} triples (numpy)", lambda: tabulo.Assoc(rows, cols, vals))
        t = db["bench"]
        timed(f"T.put(A): {a.nnz():,} entries into a table", lambda: t.put(a))
        b = timed(f"T[:, :]: {a.nnz():,} entries into an Assoc", lambda: t[:, :])
        assert b.nnz() == a.nnz()
        s = timed("T['r1*,', :] (a row prefix)", lambda: t["r1*,", :])
        print(f"{'':<44} {s.nnz():,} entries")
        words = np.char.add("w", (vals % 1000).astype(int).astype(str))
        w = tabulo.Assoc(rows, cols, words)
        t2 = db["bench_strings"]
        timed(f"T.put(A) string values, {w.nnz():,} entries", lambda: t2.put(w))
        timed("T[:, :] string values", lambda: t2[:, :])
        m, rk, ck = a.to_scipy()
        timed("A @ A.T (Assoc)", lambda: a @ a.transpose())
        timed("same product in scipy (csr @ csr.T)", lambda: m @ m.T.tocsr())
        db.close()
    finally:
        if not args.db:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
