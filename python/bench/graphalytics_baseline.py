"""The baseline of `tabulo bench graphalytics`: LDBC Graphalytics' six algorithms in python-graphblas
(SuiteSparse:GraphBLAS) on an undirected graph given as numpy arrays, with LDBC's semantics.

    python graphalytics_baseline.py DATASET --out-dir DIR [--algorithms bfs,pr] [--threads 2]

DATASET is the dataset's path without extension; it reads DATASET.properties (the parameters) and the
binary arrays DATASET.vertices.npy (sorted ids), .src.npy, .dst.npy (each undirected edge once) and
.weight.npy. Writes DIR/ALGORITHM in LDBC's output format and prints one JSON line: load_seconds (the
arrays read and the matrix built) and per algorithm processing_seconds (computing, in memory) and
write_seconds (the output file). Exits 3 with a message when numpy or python-graphblas is not installed.
"""
import argparse
import json
import sys
import time

try:
    import numpy as np
    import graphblas as gb
except ImportError as e:
    print(f"{e.name} is not installed for {sys.executable}", file=sys.stderr)
    sys.exit(3)

gb.init("suitesparse", blocking=True)
from graphblas import Matrix, Vector, binary, dtypes, monoid, semiring, unary  # noqa: E402

UNREACHED = 9223372036854775807


def properties(base):
    name = base.replace("\\", "/").rsplit("/", 1)[-1]
    keys = {}
    with open(base + ".properties") as f:
        for line in f:
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                keys[k.strip()] = v.strip()
    return lambda key: keys["graph." + name + "." + key]


def load(base):
    """The ids and the symmetric weighted adjacency matrix over positions 0..n-1 (ids sorted: order kept)."""
    ids = np.load(base + ".vertices.npy")
    src = np.searchsorted(ids, np.load(base + ".src.npy"))
    dst = np.searchsorted(ids, np.load(base + ".dst.npy"))
    w = np.load(base + ".weight.npy")
    n = len(ids)
    a = Matrix.from_coo(np.concatenate([src, dst]), np.concatenate([dst, src]), np.concatenate([w, w]),
                        nrows=n, ncols=n, dtype=dtypes.FP64)
    return ids, a


def degrees(a):
    """Each vertex's number of edges (a row's entries), 0 for none."""
    return a.apply(unary.one["INT64"]).new().reduce_rowwise(monoid.plus).new().to_dense(fill_value=0)


def bfs(a, source):
    """Levels by frontier: unvisited vertices reached from the frontier get the next level."""
    n = a.nrows
    level = Vector(dtypes.INT64, n)
    frontier = Vector(dtypes.BOOL, n)
    frontier[source] = True
    depth = 0
    while frontier.nvals:
        level(frontier.S) << depth
        frontier(~level.S, replace=True) << semiring.any_pair(frontier @ a)
        depth += 1
    return level.to_dense(fill_value=UNREACHED)


def pagerank(a, damping, iterations):
    """Exactly `iterations` rounds from 1/n; the ranks of vertices without out-edges spread evenly."""
    n = a.nrows
    outdeg = degrees(a)
    dangling = outdeg == 0
    scale = np.where(dangling, 0.0, 1.0 / np.maximum(outdeg, 1))
    rank = np.full(n, 1.0 / n)
    for _ in range(iterations):
        spread = Vector.from_dense(rank * scale)
        incoming = semiring.plus_first(spread @ a).new().to_dense(fill_value=0.0)
        rank = (1 - damping) / n + damping * incoming + damping / n * rank[dangling].sum()
    return rank


def wcc(a):
    """Minimum-label propagation until stable: each component ends labelled by its smallest position."""
    n = a.nrows
    label = Vector.from_dense(np.arange(n, dtype=np.int64))
    while True:
        before = label.dup()
        label(binary.min) << semiring.min_first(label @ a)
        if label.isequal(before):
            return label.to_dense()


def cdlp(a, iterations):
    """Synchronous rounds: counts of each neighbour label as one multiply (a @ one-hot labels, plus_pair),
    then per row the most frequent label, the smallest among equals (numpy: GraphBLAS has no argmax)."""
    n = a.nrows
    positions = np.arange(n, dtype=np.int64)
    label = positions.copy()
    for _ in range(iterations):
        onehot = Matrix.from_coo(positions, label, True, nrows=n, ncols=n, dtype=dtypes.BOOL)
        counts = semiring.plus_pair["INT64"](a @ onehot).new()
        rows, labels, c = counts.to_coo()
        if len(rows) == 0:
            break
        score = c * n + (n - 1 - labels)  # more neighbours first, then the smaller label
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        best = np.maximum.reduceat(score, starts)
        new = label.copy()  # a vertex without neighbours keeps its label
        new[rows[starts]] = n - 1 - best % n
        label = new
    return label


def lcc(a):
    """Undirected: edges among the neighbours (each counted both ways, as the wedges closed through v)
    over |N(v)|(|N(v)|-1)."""
    p = a.apply(unary.one["INT64"]).new()
    closed = semiring.plus_pair["INT64"](p @ p).new(mask=p.S)
    wedges = closed.reduce_rowwise(monoid.plus).new().to_dense(fill_value=0).astype(np.float64)
    degree = degrees(a).astype(np.float64)
    pairs = degree * (degree - 1)
    return np.divide(wedges, pairs, out=np.zeros_like(wedges), where=pairs > 0)


def sssp(a, source):
    """Bellman-Ford over min.plus, relaxing only from the vertices whose distance fell in the last round."""
    n = a.nrows
    dist = Vector(dtypes.FP64, n)
    dist[source] = 0.0
    changed = dist.dup()
    while changed.nvals:
        reach = semiring.min_plus(changed @ a).new()
        changed = Vector(dtypes.FP64, n)
        changed(~dist.S) << reach  # reached for the first time
        lower = reach.ewise_mult(dist, binary.lt).new()
        changed(lower.V) << reach  # reached by a shorter path
        dist(binary.min) << changed
    return dist.to_dense(fill_value=np.inf)


def write(path, ids, values, integer):
    with open(path, "w") as f:
        if integer:
            f.write("".join(f"{i} {int(v)}\n" for i, v in zip(ids.tolist(), values.tolist())))
        else:
            f.write("".join(f"{i} {'Infinity' if v == float('inf') else repr(v)}\n"
                            for i, v in zip(ids.tolist(), values.tolist())))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dataset")
    parser.add_argument("--out-dir", required=True)
    parser.add_argument("--algorithms", default="bfs,cdlp,lcc,pr,sssp,wcc")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    gb.ss.config["nthreads"] = args.threads
    param = properties(args.dataset)
    start = time.perf_counter()
    ids, a = load(args.dataset)
    report = {"load_seconds": time.perf_counter() - start, "threads": args.threads, "algorithms": {}}

    def position(key):
        return int(np.searchsorted(ids, int(param(key))))

    runs = {
        "bfs": (lambda: bfs(a, position("bfs.source-vertex")), True),
        "cdlp": (lambda: ids[cdlp(a, int(param("cdlp.max-iterations")))], True),
        "lcc": (lambda: lcc(a), False),
        "pr": (lambda: pagerank(a, float(param("pr.damping-factor")), int(param("pr.num-iterations"))), False),
        "sssp": (lambda: sssp(a, position("sssp.source-vertex")), False),
        "wcc": (lambda: ids[wcc(a)], True),
    }
    for name in args.algorithms.split(","):
        compute, integer = runs[name]
        t0 = time.perf_counter()
        values = compute()
        t1 = time.perf_counter()
        write(f"{args.out_dir}/{name}", ids, values, integer)
        report["algorithms"][name] = {"processing_seconds": t1 - t0, "write_seconds": time.perf_counter() - t1}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
