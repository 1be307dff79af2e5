"""Every table operation from Python against brute force over dicts (and scipy for mult), with the
command line's options: masks (value, structure, complement), accumulators, errors."""
import inspect

import numpy as np
import pytest
from scipy import sparse

from tabulo import Assoc, TabuloError
from oracles import assoc_dict, matches

KEYS = ["a", "b", "c", "d", "e", "é", "f1", "f2"]


def put_random(db, name, seed, n=40, low=-5, high=6):
    rng = np.random.default_rng(seed)
    d = {}
    for _ in range(n):
        v = float(rng.integers(low, high))
        if v != 0:
            d[(KEYS[rng.integers(len(KEYS))], KEYS[rng.integers(len(KEYS))])] = v
    rows, cols = zip(*d)
    db[name].put_triple(list(rows), list(cols), list(d.values()))
    return d


def union(x, y, op):
    return {k: op(x[k], y[k]) if k in x and k in y else x.get(k, y.get(k)) for k in set(x) | set(y)}


def nonzero(d):
    return {k: v for k, v in d.items() if v != 0}


@pytest.fixture
def ab(db):
    return db, put_random(db, "A", 1), put_random(db, "B", 2)


@pytest.mark.both_hosts
def test_ewise_add_and_mult_with_their_operators(ab):
    db, a, b = ab
    assert assoc_dict(db.ewise_add("A", "B", "C").to_assoc()) == nonzero(union(a, b, lambda x, y: x + y))
    assert assoc_dict(db.ewise_add("A", "B", "Cmax", op="max").to_assoc()) == nonzero(union(a, b, max))
    want = {k: a[k] * b[k] for k in set(a) & set(b)}
    assert assoc_dict(db.ewise_mult("A", "B", "D").to_assoc()) == nonzero(want)
    want = {k: a[k] - b[k] for k in set(a) & set(b)}
    assert assoc_dict(db.ewise_mult("A", "B", "E", op="minus").to_assoc()) == nonzero(want)


def test_masks_value_structure_complement_and_accum(ab):
    db, a, b = ab
    db["M"].put_triple(["a", "b", "c", "d"], ["a", "b", "c", "d"], [1, 0, 2, 1])  # b,b holds 0
    m_value = {("a", "a"), ("c", "c"), ("d", "d")}
    m_struct = m_value | {("b", "b")}
    full = nonzero(union(a, b, lambda x, y: x + y))
    got = assoc_dict(db.ewise_add("A", "B", "C1", mask="M").to_assoc())
    assert got == {k: v for k, v in full.items() if k in m_value}
    got = assoc_dict(db.ewise_add("A", "B", "C2", mask="M", structure=True).to_assoc())
    assert got == {k: v for k, v in full.items() if k in m_struct}
    got = assoc_dict(db.ewise_add("A", "B", "C3", mask="M", complement=True).to_assoc())
    assert got == {k: v for k, v in full.items() if k not in m_value}
    # accum: C = C plus T into the existing table
    db.transpose("A", "AT")
    at = {(c, r): v for (r, c), v in a.items()}
    got = assoc_dict(db.ewise_add("A", "B", "AT", accum="plus").to_assoc())
    assert got == nonzero(union(at, full, lambda x, y: x + y))


def test_apply_unary_and_bound_scalars(ab):
    db, a, _ = ab
    assert assoc_dict(db.apply("A", "C", "abs").to_assoc()) == {k: abs(v) for k, v in a.items()}
    assert assoc_dict(db.apply("A", "D", "minus", scalar=1).to_assoc()) == nonzero({k: v - 1 for k, v in a.items()})
    got = assoc_dict(db.apply("A", "E", "minus", scalar=1, bind="first").to_assoc())
    assert got == nonzero({k: 1 - v for k, v in a.items()})


def test_select_by_value_keys_and_selection(ab):
    db, a, _ = ab
    assert assoc_dict(db.select("A", "C", "gt", scalar=1).to_assoc()) == {k: v for k, v in a.items() if v > 1}
    utf8 = lambda s: s.encode("utf-8")
    assert assoc_dict(db.select("A", "D", "tril").to_assoc()) == {k: v for k, v in a.items()
                                                                  if utf8(k[1]) <= utf8(k[0])}
    got = assoc_dict(db.select("A", "E", rows="a,:,c,", cols="f*,").to_assoc())
    assert got == {k: v for k, v in a.items() if matches(k[0], "a,:,c,") and matches(k[1], "f*,")}


def test_reduce_rows_cols_and_scalar(ab):
    db, a, _ = ab
    rows = {}
    for (r, _c), v in a.items():
        rows[r] = rows.get(r, 0) + v
    assert assoc_dict(db.reduce("A", "R", dim="rows").to_assoc()) == nonzero({(r, "plus"): v for r, v in rows.items()})
    cols = {}
    for (_r, c), v in a.items():
        cols[c] = max(cols.get(c, -np.inf), v)
    got = assoc_dict(db.reduce("A", "K", dim="cols", monoid="max", column="m").to_assoc())
    assert got == nonzero({(c, "m"): v for c, v in cols.items()})
    assert db.reduce("A") == sum(a.values())
    assert db.reduce("A", monoid="min") == min(a.values())


def test_reduce_and_mult_keep_their_python_signatures(db):
    """Made from their declarations, as the hand-written methods were: the same names, order and defaults,
    the output options as keywords, none of the command line's own options (--scalar, --plan, ...)."""
    def params(f):
        return {n: p.default for n, p in inspect.signature(f).parameters.items()}
    output = {"auths": None, "codec": None, "kernels": None, "mask": None, "structure": False, "complement": False,
              "accum": None}
    empty = inspect.Parameter.empty
    assert params(db.reduce) == {"a": empty, "c": None, "dim": None, "monoid": "plus", "column": None, **output}
    assert list(params(db.reduce))[:5] == ["a", "c", "dim", "monoid", "column"]
    assert params(db.mult) == {"a": empty, "b": empty, "c": empty, "transpose_a": False, "semiring": "plus.times",
                               "algorithm": "auto", "rows": ":", "cols": ":", "inner": ":", "transpose_out": None,
                               "workers": 2, "batch": 200_000, "unit": None, **output}


def test_reduce_errors_name_the_python_parameters(ab):
    db, _, _ = ab
    for call, message in [
            (lambda: db.reduce("A", "D", dim="diag"), "dim: expected 'rows' or 'cols', got 'diag'"),
            (lambda: db.reduce("A", dim="rows"), "reduce to a scalar (no table C) takes no dim, column, mask or accum"),
            (lambda: db.reduce("A", "D", dim="rows", monoid="minus"), "monoid: unknown monoid 'minus'")]:
        with pytest.raises(TabuloError) as e:
            call()
        assert str(e.value).startswith(message), str(e.value)
    with pytest.raises(TypeError):
        db.reduce("A", scalar=True)  # the command line's --scalar: Python leaves out C instead
    assert "D" not in db.ls()


def test_transpose_extract_assign(ab):
    db, a, b = ab
    assert assoc_dict(db.transpose("A", "T").to_assoc()) == {(c, r): v for (r, c), v in a.items()}
    got = assoc_dict(db.extract("A", "X", rows="b,:,d,", cols="a,é,").to_assoc())
    assert got == {k: v for k, v in a.items() if matches(k[0], "b,:,d,") and k[1] in ("a", "é")}
    # C(rows, cols) = B: inside the block C becomes B's cells, outside C stays
    db.assign("A", "B", rows="a,:,c,")
    inside = lambda k: matches(k[0], "a,:,c,")
    want = {k: v for k, v in a.items() if not inside(k)}
    want.update({k: v for k, v in b.items() if inside(k)})
    assert assoc_dict(db.table("A").to_assoc()) == want


@pytest.mark.both_hosts
def test_mult_with_mask_and_accum_against_scipy(ab):
    db, a, b = ab
    A = Assoc([k[0] for k in a], [k[1] for k in a], list(a.values()))
    B = Assoc([k[0] for k in b], [k[1] for k in b], list(b.values()))
    sa, ra, ca = A.to_scipy()
    sb, rb, cb = B.to_scipy()
    keys = sorted(set(ca) | set(rb))
    pa = sparse.csr_matrix((sa.tocoo().data, (sa.tocoo().row, [keys.index(c) for c in ca[sa.tocoo().col]])),
                           shape=(len(ra), len(keys)))
    pb = sparse.csr_matrix((sb.tocoo().data, ([keys.index(r) for r in rb[sb.tocoo().row]], sb.tocoo().col)),
                           shape=(len(keys), len(cb)))
    prod = (pa @ pb).tocoo()
    want = {(ra[i], cb[j]): v for i, j, v in zip(prod.row, prod.col, prod.data) if v != 0}
    c = db.mult("A", "B", "C")
    assert assoc_dict(c.to_assoc()) == want
    assert c.info["entries"] >= len(want) and c.info["algorithm"] in ("outer", "rowwise")
    assert c.info["partial_products"] >= len(want) and c.info["reason"] and c.info["seconds"] >= 0
    outer = db.mult("A", "B", "CO", algorithm="outer", workers=1, unit=3)
    assert assoc_dict(outer.to_assoc()) == want and outer.info["algorithm"] == "outer"
    db["M"].put_triple(["a", "b", "c"], ["a", "b", "c"], 1)
    got = assoc_dict(db.mult("A", "B", "CM", mask="M").to_assoc())
    assert got == {k: v for k, v in want.items() if k in {("a", "a"), ("b", "b"), ("c", "c")}}
    got = assoc_dict(db.mult("A", "B", "C", accum="plus").to_assoc())
    assert got == nonzero({k: 2 * v for k, v in want.items()})


@pytest.mark.both_hosts
def test_errors_are_the_command_lines_one_line_messages(ab, monkeypatch):
    db, _, _ = ab
    with pytest.raises(TabuloError, match=r"^op: unknown binary operator 'nope'") as e:
        db.ewise_add("A", "B", "C", op="nope")
    assert "\n" not in str(e.value) and "at tabulo" not in str(e.value)
    with pytest.raises(TabuloError, match="^no such table: Z$"):
        db.ewise_add("A", "Z", "C")
    db.ewise_add("A", "B", "C")
    with pytest.raises(TabuloError, match="table C already exists"):
        db.ewise_add("A", "B", "C")
    with pytest.raises(TabuloError, match="^op: minus is a binary operator: give scalar=X"):
        db.apply("A", "D", "minus")
    with pytest.raises(TabuloError, match="^op: abs is a unary operator: it takes no scalar"):
        db.apply("A", "D", "abs", scalar=2)
    with pytest.raises(TabuloError, match="^structure needs mask"):
        db.transpose("A", "D", structure=True)
    with pytest.raises(TabuloError, match="^no such mask table: Q"):
        db.transpose("A", "D", mask="Q")
    with pytest.raises(TabuloError, match="^dim: expected 'rows' or 'cols'"):
        db.reduce("A", "D")
    with pytest.raises(TabuloError, match="^select needs op, rows or cols"):
        db.select("A", "D")
    with pytest.raises(TabuloError, match="^rows: "):
        db.extract("A", "D", rows="a,:,:,")
    with pytest.raises(TabuloError, match="^kernels: expected server or client"):
        db.transpose("A", "D", kernels="gpu")
    assert "D" not in db.ls()
    monkeypatch.setenv("TABULO_DEBUG", "1")
    with pytest.raises(TabuloError) as e:
        db.ewise_add("A", "Z", "C9")
    assert "\n" in str(e.value) and "tabulo." in str(e.value)
