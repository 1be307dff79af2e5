"""The examples run on small inputs, their printed numbers checked against pandas and scipy; the plots
produce PNG files."""
import importlib.util
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import sparse

import tabulo
from tabulo import Assoc

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PNG = b"\x89PNG\r\n\x1a\n"


def example(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lines(text, prefix):
    return [line[len(prefix):].split() for line in text.splitlines() if line.startswith(prefix)]


def is_png(path):
    return path.is_file() and path.read_bytes()[:8] == PNG


def test_proxy_logs_example_against_pandas(tmp_path, capsys):
    example("proxy_logs").main(["--db", str(tmp_path / "db"), "--out", str(tmp_path), "--records", "400"])
    out = capsys.readouterr().out
    df = pd.read_csv(tmp_path / "proxy-log.csv", dtype=str)
    assert lines(out, "status|404 records: ") == [[str(int((df.status == "404").sum()))]]
    counts = df.src_ip.value_counts()
    busiest = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    assert lines(out, "busiest source: ") == [[f"src_ip|{k}", str(v)] for k, v in busiest]
    dist = counts.value_counts().sort_index()
    assert lines(out, "degree distribution: ") == [[f"{d}:{n}" for d, n in dist.items()]]
    pairs = df.groupby(["src_ip", "domain"]).size()
    top = sorted(((f"src_ip|{s}", f"domain|{d}", n) for (s, d), n in pairs.items()),
                 key=lambda t: (-t[2], t[0], t[1]))[:5]
    assert lines(out, "source-domain pair: ") == [[s, d, str(n)] for s, d, n in top]
    assert is_png(tmp_path / "src_ip_degrees.png") and is_png(tmp_path / "src_ip_domain.png")


@pytest.mark.filterwarnings("ignore:pagerank")
def test_graph500_example_against_scipy(tmp_path, capsys):
    module = example("graph500")
    module.main(["--db", str(tmp_path / "db"), "--out", str(tmp_path), "--scale", "6", "--edge-factor", "8",
                 "--iterations", "5", "--tolerance", "0"])
    out = capsys.readouterr().out
    u, v = module.kronecker_edges(6, 8)
    keys = sorted({str(x) for x in np.r_[u, v]})
    at = {k: i for i, k in enumerate(keys)}
    adj = sparse.csr_matrix((np.ones(len(u)), ([at[str(x)] for x in u], [at[str(x)] for x in v])),
                            shape=(len(keys), len(keys)))
    adj.data[:] = 1.0  # repeated edges once
    assert lines(out, "edges: ") == [[str(adj.nnz)]]
    outdeg = np.diff(adj.indptr)
    want = sorted(((keys[i], int(d)) for i, d in enumerate(outdeg) if d), key=lambda kv: (-kv[1], kv[0]))[:10]
    assert lines(out, "out-degree: ") == [[k, str(d)] for k, d in want]
    # five of NetworkX's power iterations (dangling rank spread evenly), in scipy
    n, d = len(keys), 0.85
    inv = np.divide(1.0, outdeg, out=np.zeros(n), where=outdeg > 0)
    x = np.full(n, 1.0 / n)
    for _ in range(5):
        x = (1 - d) / n + d * x[outdeg == 0].sum() / n + d * (adj.T @ (x * inv))
    got = lines(out, "rank: ")
    want = sorted(((keys[i], x[i]) for i in range(n)), key=lambda kv: (-kv[1], kv[0]))[:10]
    assert [k for k, _ in got] == [k for k, _ in want]
    assert np.allclose([float(r) for _, r in got], [r for _, r in want], rtol=1e-9, atol=0)
    assert is_png(tmp_path / "adjacency.png") and is_png(tmp_path / "degrees.png")


def test_spy_and_degree_distribution_return_figures_and_write_pngs(tmp_path):
    a = Assoc("a,a,b,c,", "x,y,y,z,", [1, 2, 3, 4])
    fig = tabulo.plot.spy(a, path=tmp_path / "spy.png")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["x", "y", "z"]
    xs, ys = ax.lines[0].get_data()
    assert sorted(zip(ys.tolist(), xs.tolist())) == [(0, 0), (0, 1), (1, 1), (2, 2)]  # (row, col) positions
    assert is_png(tmp_path / "spy.png")
    assert len(tabulo.plot.spy(Assoc()).axes[0].lines) == 0
    d = Assoc("k1,k2,k3,k4,", "Degree,", [1, 3, 3, 7])
    fig = tabulo.plot.degree_distribution(degrees=d, path=tmp_path / "dd.png")
    x, y = fig.degree_counts
    assert x.tolist() == [1, 3, 7] and y.tolist() == [1, 2, 1]
    assert fig.axes[0].get_xscale() == "log" and is_png(tmp_path / "dd.png")
    with pytest.raises(TypeError, match="needs db and prefix"):
        tabulo.plot.degree_distribution()
