"""A Graph500 graph on Tabulo: vertex degrees, the PageRank top 10 and a spy plot of the adjacency.

    python graph500.py --db graph-db --out plots --scale 10 --edge-factor 16

Edges come from the Graph500 Kronecker (R-MAT) generator (A, B, C = 0.57, 0.19, 0.19), written into
table G (row = source vertex, column = target, value 1; repeated edges once). Degrees and PageRank run
next to the data; only the top 10 and the plotted arrays come to Python. Writes PNGs into --out.
"""
import argparse
import os

import numpy as np

import tabulo


def kronecker_edges(scale, edge_factor, seed=2):
    """Graph500's generator: each edge picks a quadrant per bit of the vertex ids, then ids are permuted."""
    rng = np.random.default_rng(seed)
    m = edge_factor << scale
    a, b, c = 0.57, 0.19, 0.19
    u = np.zeros(m, dtype=np.int64)
    v = np.zeros(m, dtype=np.int64)
    for bit in range(scale):
        r = rng.random(m)
        down = r >= a + b            # quadrants C and D: the source's bit is 1
        right = ((r >= a) & (r < a + b)) | (r >= a + b + c)   # quadrants B and D: the target's bit is 1
        u |= down.astype(np.int64) << bit
        v |= right.astype(np.int64) << bit
    perm = rng.permutation(1 << scale)
    return perm[u], perm[v]


def top(table, column, n=10):
    """The n largest values of a one-column result table, as (key, value), largest first."""
    rows, cols, vals = table.to_assoc().find()
    pairs = [(r, v) for r, c, v in zip(rows, cols, vals) if c == column]
    return sorted(pairs, key=lambda kv: (-kv[1], kv[0]))[:n]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--db", default="graph-db", help="the database directory (default graph-db)")
    p.add_argument("--out", default=".", help="where the PNGs go (default .)")
    p.add_argument("--scale", type=int, default=10, help="2^SCALE vertices (default 10)")
    p.add_argument("--edge-factor", type=int, default=16, help="edges per vertex (default 16)")
    p.add_argument("--iterations", type=int, default=100, help="PageRank's iteration bound (default 100)")
    p.add_argument("--tolerance", type=float, default=1e-9, help="PageRank's tolerance (default 1e-9)")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)

    u, v = kronecker_edges(args.scale, args.edge_factor)
    with tabulo.connect(args.db) as db:
        for t in ("G", "Gdeg", "Grank"):
            if db.exists(t):
                db.delete_table(t)
        db["G"].put_triple(u, v, 1)  # numeric ids are stored as their text; repeated edges once
        print(f"edges: {db.table('G').nnz()}")

        degrees = db.degrees("G", "Gdeg")
        for k, d in top(degrees, "degree"):
            print(f"out-degree: {k} {int(d)}")
        tabulo.plot.degree_distribution(degrees=degrees.to_assoc(), path=os.path.join(args.out, "degrees.png"),
                                        title="Graph500 out-degrees")

        ranks = db.pagerank("G", "Grank", max_iterations=args.iterations, tolerance=args.tolerance)
        print(f"pagerank: {ranks.info['iterations']} iterations, converged {ranks.info['converged']}")
        for k, r in top(ranks, "rank"):
            print(f"rank: {k} {r:.12g}")

        tabulo.plot.spy(db.table("G").to_assoc(), path=os.path.join(args.out, "adjacency.png"),
                        title=f"Graph500 SCALE {args.scale}")


if __name__ == "__main__":
    main()
