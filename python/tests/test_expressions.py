"""The python-graphblas forms (A.T.mxm(B), C(mask=M.S, accum="plus") << expr, A.ewise_add(B, "min"), ...) and
tabulo.algorithms, each against dict arithmetic on the triples the test puts."""
import re

import numpy as np
import pytest

import tabulo
from tabulo import Info, TabuloError
from tabulo import algorithms
from oracles import assoc_dict

KEYS = ["a", "b", "c", "d", "é", "f1"]


def put_random(table, seed, n=25):
    rng = np.random.default_rng(seed)
    d = {}
    for _ in range(n):
        v = float(rng.integers(-4, 5))
        if v != 0:
            d[(KEYS[rng.integers(len(KEYS))], KEYS[rng.integers(len(KEYS))])] = v
    rows, cols = zip(*d)
    table.put_triple(list(rows), list(cols), list(d.values()))
    return d


def nonzero(d):
    return {k: v for k, v in d.items() if v != 0}


def transposed(d):
    return {(c, r): v for (r, c), v in d.items()}


def product(a, b):
    out = {}
    for (i, k), x in a.items():
        for (k2, j), y in b.items():
            if k == k2:
                out[(i, j)] = out.get((i, j), 0) + x * y
    return nonzero(out)


def union(x, y, op):
    return nonzero({k: op(x[k], y[k]) if k in x and k in y else x.get(k, y.get(k)) for k in set(x) | set(y)})


def fold(d, key, op):
    out = {}
    for k, v in d.items():
        out[key(k)] = op(out[key(k)], v) if key(k) in out else v
    return out


def entries(table):
    return assoc_dict(table.to_assoc())


def utf8(s):
    return s.encode("utf-8")


@pytest.fixture
def ab(db):
    return db, db["A"], db["B"], put_random(db["A"], 1), put_random(db["B"], 2)


@pytest.mark.both_hosts
def test_the_forms_against_dict_arithmetic(ab):
    db, A, B, a, b = ab
    c = A.T.mxm(B, "plus.times").new("C")
    assert c.name == "C" and entries(c) == product(transposed(a), b)
    assert entries(A.ewise_add(B, "min").new("EA")) == union(a, b, min)
    assert entries(A.ewise_mult(B, "times").new("EM")) == nonzero({k: a[k] * b[k] for k in set(a) & set(b)})
    assert entries(A.apply("abs").new("AA")) == {k: abs(v) for k, v in a.items()}
    assert entries(A.select("triu").new("ST")) == {k: v for k, v in a.items() if utf8(k[1]) >= utf8(k[0])}
    assert entries(A.reduce_rowwise("plus").new("RR")) == nonzero(
        {(r, "plus"): v for r, v in fold(a, lambda k: k[0], lambda x, y: x + y).items()})
    assert A.reduce_scalar("plus") == sum(a.values())


def test_more_forms_against_dict_arithmetic(ab):
    db, A, B, a, b = ab
    assert entries(A.mxm(B).new("AB")) == product(a, b)
    assert entries(A.mxm(B, "min.plus").new("MP")) == nonzero(
        fold({(i, j, k): x + y for (i, k), x in a.items() for (k2, j), y in b.items() if k == k2},
             lambda k: k[:2], min))
    assert entries(A.apply("minus", 1, bind="first").new("AM")) == nonzero({k: 1 - v for k, v in a.items()})
    assert entries(A.select("gt", 1).new("SG")) == {k: v for k, v in a.items() if v > 1}
    assert entries(A.reduce_columnwise("max").new("RC")) == nonzero(
        {(c, "max"): v for c, v in fold(a, lambda k: k[1], max).items()})
    assert A.reduce_scalar("min") == min(a.values())
    assert entries(A.T.new("AT")) == transposed(a)
    C = db["C"]
    C << A  # a copy
    assert entries(C) == a


@pytest.mark.both_hosts
def test_mask_accum_complement_and_replacing_a_table(ab):
    db, A, B, a, b = ab
    M = db["M"]
    M.put_triple(["a", "b", "c", "d"], ["a", "b", "c", "d"], [1, 0, 2, 1])  # (b, b) holds 0
    valued = {("a", "a"), ("c", "c"), ("d", "d")}
    structure = valued | {("b", "b")}
    t = product(a, transposed(a))
    C = db["C"]  # an empty table: << makes the result C
    C(mask=M.S) << A.mxm(A.T)
    assert entries(C) == {k: v for k, v in t.items() if k in structure}
    assert C.info.entries >= 0 and C.info["algorithm"] in ("outer", "rowwise")
    # C<M> accum: C = C plus T where the mask admits; C stays elsewhere
    before = entries(C)
    C(M.V, accum="plus") << A.mxm(A.T)
    assert entries(C) == union(before, {k: v for k, v in t.items() if k in valued}, lambda x, y: x + y)
    # a complemented mask into a table that does not exist yet
    D = db["D"]
    D(~M.V) << A.ewise_add(B)
    assert entries(D) == {k: v for k, v in union(a, b, lambda x, y: x + y).items() if k not in valued}
    # without accum, C's entries where the mask admits become T's (deleted where T has none), others stay
    before = entries(D)
    D(M.S) << A.ewise_mult(A)
    square = nonzero({k: v * v for k, v in a.items()})
    want = {k: v for k, v in before.items() if k not in structure}
    want.update({k: v for k, v in square.items() if k in structure})
    assert entries(D) == want
    # no mask: C becomes T, even when C is an operand
    D << D.ewise_add(A, "plus")
    assert entries(D) == union(want, a, lambda x, y: x + y)
    assert sorted(db.ls()) == ["A", "B", "C", "D", "M"]  # no temporaries left


def test_transpose_on_either_side_and_of_a_pair(ab):
    db, A, B, a, b = ab
    assert A.T.T is A
    assert entries(A.T.mxm(B.T).new("C")) == product(transposed(a), transposed(b))
    assert entries(A.mxm(B.T).new("D")) == product(a, transposed(b))
    assert entries(A.T.ewise_add(B).new("E")) == union(transposed(a), b, lambda x, y: x + y)
    assert sorted(db.ls()) == ["A", "B", "C", "D", "E"]  # B.T and A.T went to temporaries, deleted
    pair = db["P", "PT"]
    pair.put_triple(["x", "y"], ["y", "z"], [2, 3])
    assert entries(pair.T.mxm(A.T.T).new("F")) == {}  # no shared keys; A.T.T reads A itself
    assert entries(pair.T.ewise_add(pair).new("G")) == {("y", "x"): 2, ("z", "y"): 3, ("x", "y"): 2, ("y", "z"): 3}
    assert "F" in db.ls() and not any(t.startswith("tmp_") for t in db.ls())  # the pair's stored transpose read


def test_generated_names_and_an_expression_used_as_a_table(ab):
    db, A, B, a, b = ab
    t = A.mxm(B).new()
    assert re.fullmatch(r"mxm_[0-9a-f]{12}", t.name) and entries(t) == product(a, b)
    expr = A.ewise_add(B, "max")
    assert repr(expr) == "Expression(A.ewise_add(B, 'max'))"
    before = set(db.ls())
    assert expr.nnz() == len(union(a, b, max))
    assert re.fullmatch(r"ewise_add_[0-9a-f]{12}", expr.name)
    assert assoc_dict(expr.to_assoc()) == union(a, b, max)
    assert assoc_dict(expr["a,", :]) == {k: v for k, v in union(a, b, max).items() if k[0] == "a"}
    assert set(db.ls()) == before | {expr.name}  # ran once
    assert expr.info is None or isinstance(expr.info, Info)
    # an expression as the operand of another: a temporary, deleted; as a mask: its table
    c = A.mxm(B.ewise_mult(B, "times")).new("C")
    assert entries(c) == product(a, nonzero({k: v * v for k, v in b.items()}))
    assert set(db.ls()) == before | {expr.name, "C"}
    D = db["D"]
    D(expr.S) << A.apply("abs")
    assert entries(D) == {k: abs(v) for k, v in a.items() if k in union(a, b, max)}


def test_info_reads_by_attribute_and_by_key_and_equals_a_dict():
    info = Info({"iterations": 4, "converged": True})
    assert info.iterations == 4 and info["converged"] is True and info == {"iterations": 4, "converged": True}
    assert dict(info) == {"iterations": 4, "converged": True} and len(info) == 2 and "iterations" in info
    assert info != {"iterations": 5, "converged": True}
    with pytest.raises(AttributeError, match="read-only"):
        info.iterations = 5
    with pytest.raises(TypeError):
        info["iterations"] = 5
    with pytest.raises(AttributeError, match="reported no 'change'"):
        info.change
    assert repr(info) == "Info(iterations=4, converged=True)"


def power_iteration(edges, iterations, d=0.85):
    """PageRank as NetworkX iterates it (unweighted, dangling rank spread evenly), a fixed number of times."""
    nodes = sorted({v for e in edges for v in e})
    n = len(nodes)
    out = {v: sum(1 for u, _ in edges if u == v) for v in nodes}
    x = {v: 1 / n for v in nodes}
    for _ in range(iterations):
        dangling = sum(x[v] for v in nodes if out[v] == 0)
        nxt = {v: (1 - d) / n + d * dangling / n for v in nodes}
        for u, v in edges:
            nxt[v] += d * x[u] / out[u]
        x = nxt
    return x


def test_algorithms_module_pagerank_against_power_iteration(db):
    rng = np.random.default_rng(4)
    edges = {(f"v{u:02d}", f"v{v:02d}") for u, v in rng.integers(0, 12, (30, 2)) if u != v}
    G = db["G"]
    G.put_triple([u for u, _ in edges], [v for _, v in edges], 1)
    ranks = algorithms.pagerank(G, iterations=5)
    assert re.fullmatch(r"pagerank_[0-9a-f]{12}", ranks.name)
    assert ranks.info.iterations == 5 and ranks.info["iterations"] == 5
    got = {r: v for (r, c), v in entries(ranks).items() if c == "rank"}
    want = power_iteration(edges, 5)
    assert got.keys() == want.keys() and max(abs(got[v] - want[v]) for v in want) < 1e-12
    levels = algorithms.bfs(G, "v00,", "B", hops=1)
    assert levels.name == "B"
    assert {r for (r, c) in entries(levels)} == {v for u, v in edges if u == "v00"}


def test_algorithms_signatures_docstrings_and_numbers(db):
    import inspect
    assert set(algorithms.__all__) >= {"bfs", "components", "sssp", "pagerank", "triangles", "clustering", "ktruss",
                                       "jaccard", "cdlp", "degrees"}
    sig = inspect.signature(algorithms.pagerank)
    assert list(sig.parameters)[:3] == ["g", "out", "damping"] and sig.parameters["damping"].default == 0.85
    assert "Parameters\n----------" in algorithms.pagerank.__doc__ and "Returns" in algorithms.pagerank.__doc__
    G = db["G"]
    G.put_triple(["a", "b", "c", "a"], ["b", "c", "a", "c"], 1)
    assert algorithms.triangles(G) == 1
    assert entries(algorithms.degrees(G.T, "D")) == {("a", "degree"): 1, ("b", "degree"): 1, ("c", "degree"): 2}
    assert sorted(db.ls()) == ["D", "G"]  # G.T: a temporary, deleted
    with pytest.raises(AttributeError, match="no algorithm 'pagernk'"):
        algorithms.pagernk
    with pytest.raises(TypeError, match="^g: expected a table"):
        algorithms.pagerank("G")


def test_bad_input_names_the_parameter(ab, tmp_path):
    db, A, B, _, _ = ab
    with pytest.raises(TabuloError, match="^semiring: unknown semiring 'plus.nope'"):
        A.mxm(B, "plus.nope")
    with pytest.raises(TabuloError, match="^op: unknown binary operator 'nope'"):
        A.ewise_add(B, "nope")
    with pytest.raises(TabuloError, match="^monoid: "):
        A.reduce_rowwise("nope")
    with pytest.raises(TabuloError, match="^accum: "):
        db["C"](accum="nope")
    with pytest.raises(TypeError, match="^mask: give M.S"):
        db["C"](db["A"]) << A.T
    with pytest.raises(TypeError, match="^other: expected a table or an expression"):
        A.mxm("B")
    with pytest.raises(TabuloError, match="^op: minus is a binary operator"):
        A.apply("minus").new("X")
    with pytest.raises(TabuloError, match="table A already exists"):
        A.T.new("A")
    with tabulo.connect(str(tmp_path / "other")) as other:
        with pytest.raises(TabuloError, match="^other: a table of another database"):
            A.mxm(other["Z"])
    # the command-line style stays
    assert entries(db.mult("A", "B", "AB", semiring="plus.times")) == entries(A.mxm(B).new("AB2"))
