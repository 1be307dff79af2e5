"""The graph algorithms from Python against NetworkX on small random graphs; progress lines; Ctrl-C
leaving no temporaries."""
import subprocess
import sys
import textwrap
import warnings

import networkx as nx
import numpy as np
import pytest

from tabulo import TabuloError, _job, _jvm
from oracles import assoc_dict


def vertex(i):
    return f"v{i:02d}"  # string order is numeric order


def random_graph(db, name="G", n=24, m=60, seed=3, weights=False):
    rng = np.random.default_rng(seed)
    edges = {}
    while len(edges) < m:
        u, v = rng.integers(0, n, 2)
        if u != v:
            edges[(vertex(u), vertex(v))] = float(rng.integers(1, 9)) if weights else 1.0
    rows, cols = zip(*edges)
    db[name].put_triple(list(rows), list(cols), list(edges.values()))
    g = nx.DiGraph()
    g.add_weighted_edges_from((u, v, w) for (u, v), w in edges.items())
    return g


def column(table, col):
    return {r: v for (r, c), v in assoc_dict(table.to_assoc()).items() if c == col}


def nonzero(d):
    """An Assoc drops zeros (D4M): a source's level 0 and distance 0 are in the table, not in to_assoc()."""
    return {k: v for k, v in d.items() if v != 0}


def test_degrees_bfs_components_sssp(db):
    g = random_graph(db, n=16, m=36, weights=True)
    assert column(db.degrees("G", "D"), "degree") == {v: float(d) for v, d in g.out_degree() if d}
    assert column(db.degrees("G", "DI", in_=True), "degree") == {v: float(d) for v, d in g.in_degree() if d}
    levels = db.bfs("G", "B", "v00,v01,")
    want = nx.multi_source_dijkstra_path_length(nx.DiGraph(g.edges()), {"v00", "v01"}, weight=lambda u, v, d: 1)
    assert column(levels, "level") == nonzero({v: float(d) for v, d in want.items()})
    assert levels["v00,v01,", :].nnz() == 0 and db.table("B").nnz() == len(want)  # level 0 is stored
    assert levels.info["levels"] == max(want.values())
    one = nx.single_source_shortest_path_length(nx.DiGraph(g.edges()), "v00", cutoff=1)
    assert column(db.bfs("G", "B1", "v00,", hops=1), "level") == nonzero({v: float(d) for v, d in one.items()})
    comps = column(db.components("G", "C"), "component")
    want = {v: min(c) for c in nx.weakly_connected_components(g) for v in c}
    assert comps == want
    dist = column(db.sssp("G", "S", "v00"), "distance")
    assert dist == nonzero({v: float(d) for v, d in nx.single_source_bellman_ford_path_length(g, "v00").items()})


def test_a_numeric_vertex_is_its_key_as_a_source(db):
    db["N"].put_triple([1, 2], [2, 3], 1)  # numeric keys are stored as their text
    assert column(db.bfs("N", "B", 1), "level") == {"2": 1.0, "3": 2.0}
    assert column(db.sssp("N", "S", 1), "distance") == {"2": 1.0, "3": 2.0}


def power_iteration(g, iterations, d=0.85):
    """NetworkX's PageRank iteration (unweighted, dangling rank spread evenly), a fixed number of times."""
    nodes = sorted(g)
    n = len(nodes)
    x = {v: 1 / n for v in nodes}
    for _ in range(iterations):
        dangling = sum(x[v] for v in nodes if g.out_degree(v) == 0)
        nxt = {v: (1 - d) / n + d * dangling / n for v in nodes}
        for u, v in g.edges():
            nxt[v] += d * x[u] / g.out_degree(u)
        x = nxt
    return x


@pytest.mark.both_hosts
def test_triangles_against_networkx(db):
    u = nx.Graph(random_graph(db, n=20, m=70, seed=5).edges())
    assert db.triangles("G", per_vertex="TV") == sum(nx.triangles(u).values()) // 3
    assert column(db.table("TV"), "triangles") == {v: float(t) for v, t in nx.triangles(u).items() if t}


def test_pagerank_clustering_ktruss_jaccard(db):
    g = random_graph(db, n=20, m=70, seed=5)
    with pytest.warns(RuntimeWarning, match="not converged after 6 iterations"):
        ranks = column(db.pagerank("G", "PR", tolerance=0, max_iterations=6), "rank")
    want = power_iteration(g, 6)
    assert ranks.keys() == want.keys()
    assert max(abs(ranks[v] - want[v]) for v in want) < 1e-12
    u = nx.Graph(g.edges())
    lcc = column(db.clustering("G", "LCC"), "lcc")
    assert lcc.keys() == set(u.nodes) and max(abs(lcc[v] - c) for v, c in nx.clustering(u).items()) < 1e-12
    truss = assoc_dict(db.ktruss("G", "K4", k=4).to_assoc())
    want = nx.k_truss(u, 4)
    assert set(truss) == {(a, b) for a, b in want.edges()} | {(b, a) for a, b in want.edges()}
    jac = assoc_dict(db.jaccard("G", "J").to_assoc())
    pairs = [(a, b) for a in u for b in u if a < b and set(u[a]) & set(u[b])]
    want = {(a, b): j for a, b, j in nx.jaccard_coefficient(u, pairs)}
    assert jac.keys() == want.keys() and max(abs(jac[k] - want[k]) for k in want) < 1e-12


def test_in_memory_and_in_tables_agree_with_networkx(db):
    g = random_graph(db, n=20, m=70, seed=6)
    u = nx.Graph(g.edges())
    want = power_iteration(g, 5)
    truss = {(a, b) for a, b in nx.k_truss(u, 4).edges()}
    for in_tables in (False, True):
        with pytest.warns(RuntimeWarning, match="not converged after 5 iterations"):
            ranks = column(db.pagerank("G", f"PR{in_tables}", tolerance=0, max_iterations=5, in_tables=in_tables),
                           "rank")
        assert ranks.keys() == want.keys() and max(abs(ranks[v] - want[v]) for v in want) < 1e-12
        comps = column(db.components("G", f"C{in_tables}", in_tables=in_tables), "component")
        assert comps == {v: min(c) for c in nx.connected_components(u) for v in c}
        got = set(assoc_dict(db.ktruss("G", f"K{in_tables}", k=4, in_tables=in_tables).to_assoc()))
        assert got == truss | {(b, a) for a, b in truss}
        assert db.triangles("G", in_tables=in_tables) == sum(nx.triangles(u).values()) // 3
        jac = assoc_dict(db.jaccard("G", f"J{in_tables}", in_tables=in_tables).to_assoc())
        pairs = [(a, b) for a in u for b in u if a < b and set(u[a]) & set(u[b])]
        want_j = {(a, b): j for a, b, j in nx.jaccard_coefficient(u, pairs)}
        assert jac.keys() == want_j.keys() and max(abs(jac[k] - want_j[k]) for k in want_j) < 1e-12


def test_pagerank_exactly_n_iterations_as_ldbc(db):
    g = random_graph(db, n=20, m=70, seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a fixed count is the definition: no warning
        t = db.pagerank("G", "PR", iterations=4)
    assert t.info["iterations"] == 4
    want = power_iteration(g, 4)
    ranks = column(t, "rank")
    assert ranks.keys() == want.keys() and max(abs(ranks[v] - want[v]) for v in want) < 1e-12
    with pytest.raises(TabuloError, match="^iterations runs exactly N iterations: give it without tolerance"):
        db.pagerank("G", "PR2", iterations=4, max_iterations=9)


def cdlp(edges, directed, rounds):
    """LDBC's CDLP literally: synchronous rounds, the most frequent neighbour label, ties to the smallest id."""
    neighbours = {v: [] for e in edges for v in e}
    for u, v in edges:
        if u != v and (directed or (v, u) not in edges or u < v):
            neighbours[u].append(v)
            neighbours[v].append(u)
    label = {v: int(v) for v in neighbours}
    for _ in range(rounds):
        counts = {v: {} for v in neighbours}
        for v, ns in neighbours.items():
            for u in ns:
                counts[v][label[u]] = counts[v].get(label[u], 0) + 1
        label = {v: min(c, key=lambda x: (-c[x], x)) if c else label[v] for v, c in counts.items()}
    return {v: float(x) for v, x in label.items()}  # an Assoc reads a numeric label as a number


def test_cdlp_and_directed_clustering_as_ldbc(db):
    rng = np.random.default_rng(11)
    edges = {(str(u * 3), str(v * 3)) for u, v in rng.integers(1, 15, (40, 2))}  # "9" and "12": not string order
    rows, cols = zip(*sorted(edges))
    db["G"].put_triple(list(rows), list(cols), [1.0] * len(edges))
    for directed in (False, True):
        for in_tables in (False, True):
            t = db.cdlp("G", f"L{directed}{in_tables}", iterations=3, directed=directed, in_tables=in_tables)
            assert column(t, "label") == cdlp(edges, directed, 3)
    g = nx.DiGraph([(u, v) for u, v in edges if u != v])
    lcc = column(db.clustering("G", "LCC", directed=True), "lcc")
    for v in g:
        n = (set(g.successors(v)) | set(g.predecessors(v))) - {v}
        links = sum(1 for a in n for b in n if g.has_edge(a, b))
        assert abs(lcc.get(v, 0) - (links / (len(n) * (len(n) - 1)) if links else 0)) < 1e-12
    with pytest.raises(TabuloError, match="iterations must be at least 0"):
        db.cdlp("G", "L", iterations=-1)


def test_pagerank_not_converged_warns_and_errors_are_clear(db):
    random_graph(db)
    with pytest.warns(RuntimeWarning, match="not converged after 2 iterations"):
        t = db.pagerank("G", "PR", max_iterations=2)
    assert t.info["iterations"] == 2 and not t.info["converged"]
    with pytest.raises(TabuloError, match="^no such table: Q$"):
        db.bfs("Q", "B", "v00,")
    with pytest.raises(TabuloError, match="^k must be at least 3, got 2$"):
        db.ktruss("G", "K", k=2)
    with pytest.raises(TabuloError, match="^bfs writes a new table: it takes no mask or accum$"):
        db.bfs("G", "B", "v00,", accum="plus")


def test_errors_name_the_python_parameters_not_the_command_line_options(db):
    random_graph(db)
    for call, message in [
            (lambda: db.pagerank("G", "P", damping=2), "damping must be in [0, 1], not 2.0"),
            (lambda: db.pagerank("G", "P", tolerance=-1), "tolerance must be 0 or more, not -1.0"),
            (lambda: db.pagerank("G", "P", max_iterations=0), "max_iterations must be 1 or more, not 0"),
            (lambda: db.bfs("G", "B", "v00,", hops=-1), "hops must be at least 0, got -1"),
            (lambda: db.bfs("G", "B", "nobody,"), "from_=nobody, selects no vertex of G"),
            (lambda: db.sssp("G", "S", "nobody"), "from_=nobody is no vertex of G"),
            (lambda: db.ktruss("G", "K", k=2), "k must be at least 3, got 2"),
            (lambda: db.mult("G", "G", "G", accum="plus", transpose_out="GT"),
             "transpose_out makes a new table beside a new C: not with accum"),
            (lambda: db.transpose("G", "G"), "table G already exists: delete it, choose another name, or give an "
             "accumulator (accum) to combine the result into it")]:
        with pytest.raises(TabuloError) as e:
            call()
        assert str(e.value) == message
    with pytest.raises(TabuloError, match=r"the long codec reads 8-byte binary values; read them with "
                                          r"codec=decimal \(the default\)$"):
        db.transpose("G", "T", codec="long")
    assert db.ls() == ["G"]


def test_options_python_has_no_parameter_for_stay_as_they_are():
    assert _jvm.python_names("--in-tables and --per-vertex, not --plan; key '--rows'") == (
        "in_tables and per_vertex, not --plan; key '--rows'")


@pytest.mark.filterwarnings("ignore:pagerank")
def test_a_progress_line_on_request_and_none_otherwise(db, capsys, monkeypatch):
    random_graph(db)
    monkeypatch.setenv("TABULO_PROGRESS", "1")
    db.pagerank("G", "PR", max_iterations=1)
    err = capsys.readouterr().err
    assert "\rpagerank: " in err and "cells" in err
    monkeypatch.setenv("TABULO_PROGRESS", "0")
    db.pagerank("G", "PR2", max_iterations=1)
    assert capsys.readouterr().err == ""


def test_ctrl_c_cancels_and_leaves_no_temporaries(db, monkeypatch):
    random_graph(db)
    polls = []

    def interrupted(job, line):
        polls.append(job)
        if len(polls) == 2:
            raise KeyboardInterrupt
        return bool(job.waitFor(50))

    monkeypatch.setattr(_job, "poll", interrupted)
    with pytest.raises(KeyboardInterrupt):
        db.pagerank("G", "PR", tolerance=0, max_iterations=2_000_000_000)
    assert bool(polls[0].cancelled())
    assert db.ls() == ["G"]  # neither OUT nor a temporary of the session
    monkeypatch.undo()
    assert db.triangles("G") >= 0  # the database goes on working


def test_a_real_sigint_reaches_python_and_cleans_up(tmp_path):
    script = textwrap.dedent(f"""
        import sys, tabulo
        db = tabulo.connect({str(tmp_path / 'db')!r})
        db["G"].put_triple(["a", "b", "c"], ["b", "c", "a"], 1)
        print("ready", flush=True)
        try:
            db.pagerank("G", "PR", tolerance=0, max_iterations=2_000_000_000)
        except KeyboardInterrupt:
            print("interrupted", db.ls(), flush=True)
        db.close()
    """)
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    import time
    time.sleep(1.0)  # into the iterations (the outcome does not depend on how far)
    p.send_signal(2)
    out, err = p.communicate(timeout=120)
    assert out.strip() == "interrupted ['G']", err


@pytest.mark.both_hosts
def test_ctrl_c_stops_an_operation_before_it_publishes(db, monkeypatch):
    random_graph(db)

    def interrupted(job, line):
        raise KeyboardInterrupt  # at once: the operation's kernel run ends cancelled

    monkeypatch.setattr(_job, "poll", interrupted)
    with pytest.raises(KeyboardInterrupt):
        db.ewise_add("G", "G", "C")
    assert db.ls() == ["G"]  # no C, no temporary
