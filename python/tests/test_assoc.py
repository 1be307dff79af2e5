"""Assoc against independent oracles: pandas group-bys, plain dicts, brute-force products."""
import functools
import operator

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sp

from tabulo import Assoc
from oracles import assoc_dict, matches, triples_dict


def random_triples(seed, n=300, keys=12, values=5):
    rng = np.random.default_rng(seed)
    rows = [f"r{k}" for k in rng.integers(0, keys, n)]
    cols = [f"c{k}" for k in rng.integers(0, keys, n)]
    vals = [float(v) for v in rng.integers(-values, values + 1, n)]
    return rows, cols, vals


AGGREGATES = {"min": "min", "max": "max", "add": "sum", "times": "prod", "first": "first", "last": "last"}


@pytest.mark.parametrize("name", sorted(AGGREGATES))
def test_collisions_fold_as_pandas_groupby(name):
    rows, cols, vals = random_triples(1)
    df = pd.DataFrame({"row": rows, "col": cols, "val": vals})
    expected = df.groupby(["row", "col"], sort=False)["val"].agg(AGGREGATES[name])
    expected = {k: v for k, v in expected.items() if v != 0}
    assert assoc_dict(Assoc(rows, cols, vals, aggregate=name)) == expected


def test_default_collision_is_min_for_numbers_and_strings():
    a = Assoc("x,x,x,", "y,y,y,", [3, 1, 2])
    assert assoc_dict(a) == {("x", "y"): 1.0}
    s = Assoc("x,x,y,", "y,y,y,", "pear,apple,fig,")
    assert assoc_dict(s) == {("x", "y"): "apple", ("y", "y"): "fig"}
    assert list(s.val) == ["apple", "fig"]


def test_function_aggregate_applies_in_input_order():
    rows, cols, vals = random_triples(2)
    f = lambda a, b: a * 10 + b  # noqa: E731 - order matters
    assert assoc_dict(Assoc(rows, cols, vals, aggregate=f)) == triples_dict(rows, cols, vals, f)
    strings = [f"s{int(v)}" for v in vals]
    joined = lambda a, b: a + "+" + b  # noqa: E731
    assert assoc_dict(Assoc(rows, cols, strings, aggregate=joined)) == triples_dict(rows, cols, strings, joined)


def test_zeros_and_empty_strings_are_not_stored_nor_their_keys():
    a = Assoc("a,a,b,c,", "x,x,y,z,", [1, -1, 0, 4], aggregate="add")
    assert assoc_dict(a) == {("c", "z"): 4.0}
    assert list(a.row) == ["c"] and list(a.col) == ["z"] and a.size() == (1, 1)
    s = Assoc(["a", "b"], ["x", "y"], ["", "v"])
    assert assoc_dict(s) == {("b", "y"): "v"}
    assert Assoc("a,", "b,", [0]).nnz() == 0


def test_keys_sort_as_strings_or_as_numbers():
    assert list(Assoc("10,9,1,", "a,", 1).row) == ["1", "10", "9"]
    assert list(Assoc([10, 9, 1], "a,", 1).row) == [1, 9, 10]
    keys = ["z", "é", "\uffff", "\U0001F600", "A", "a b"]
    a = Assoc(keys, "c,", 1)
    assert list(a.row) == sorted(keys, key=lambda k: k.encode("utf-8"))


def test_d4m_strings_split_on_their_last_character_and_numbers_stay_strings():
    # D4M.py's sanitize keeps a D4M string's tokens as strings; convert_val=True parses them
    a = Assoc("a;b;", "x|y|", "1,2,")
    assert assoc_dict(a) == {("a", "x"): "1", ("b", "y"): "2"}
    assert not a.is_numeric()
    assert assoc_dict(Assoc("a;b;", "x|y|", "1,2,", convert_val=True)) == {("a", "x"): 1.0, ("b", "y"): 2.0}
    s = Assoc("a;b;", "x|y|", "pear,1,")
    assert assoc_dict(s) == {("a", "x"): "pear", ("b", "y"): "1"}
    with pytest.raises(ValueError, match="same length"):
        Assoc("a,b,", "x,y,z,", 1)


def test_find_nnz_size_and_pandas_round_trip():
    rows, cols, vals = random_triples(3)
    a = Assoc(rows, cols, vals)
    r, c, v = a.find()
    expected = triples_dict(rows, cols, vals)
    assert a.nnz() == len(expected) == len(r)
    assert a.size() == (len({k[0] for k in expected}), len({k[1] for k in expected}))
    assert list(zip(r, c)) == sorted(expected)  # row-major key order
    df = a.to_pandas()
    assert list(df.columns) == ["row", "col", "val"]
    assert assoc_dict(Assoc.from_pandas(df)) == expected
    m, rk, ck = a.to_scipy()
    assert isinstance(m, sp.csr_matrix)
    dense = {(rk[i], ck[j]): m[i, j] for i, j in zip(*m.nonzero())}
    assert dense == expected


def test_sums_match_pandas_and_strings_count_one():
    rows, cols, vals = random_triples(4)
    a = Assoc(rows, cols, vals)
    df = pd.DataFrame([(r, c, v) for (r, c), v in triples_dict(rows, cols, vals).items()],
                      columns=["row", "col", "val"])
    assert a.sum() == pytest.approx(df.val.sum())
    by_col = {(0, c): v for c, v in df.groupby("col").val.sum().items() if v != 0}
    by_row = {(r, 0): v for r, v in df.groupby("row").val.sum().items() if v != 0}
    assert assoc_dict(a.sum(0)) == by_col
    assert assoc_dict(a.sum(1)) == by_row
    s = Assoc("a,a,b,", "x,y,x,", "p,q,r,")
    assert s.sum() == 3.0
    assert assoc_dict(s.sum(1)) == {("a", 0): 2.0, ("b", 0): 1.0}


def test_transpose_and_logical():
    rows, cols, vals = random_triples(5)
    a = Assoc(rows, cols, vals)
    assert assoc_dict(a.transpose()) == {(c, r): v for (r, c), v in assoc_dict(a).items()}
    assert assoc_dict(a.logical()) == {k: 1.0 for k in assoc_dict(a)}
    s = Assoc("a,b,", "x,y,", "p,q,")
    assert assoc_dict(s.transpose()) == {("x", "a"): "p", ("y", "b"): "q"}


def two_arrays(seed):
    a = Assoc(*random_triples(seed))
    b = Assoc(*random_triples(seed + 100))
    return a, b, assoc_dict(a), assoc_dict(b)


@pytest.mark.parametrize("op,combine,union", [
    (operator.add, operator.add, True), (operator.sub, operator.sub, True), (operator.mul, operator.mul, False)])
def test_element_wise_against_dicts(op, combine, union):
    a, b, da, db = two_arrays(6)
    keys = (da.keys() | db.keys()) if union else (da.keys() & db.keys())
    expected = {k: combine(da.get(k, 0.0), db.get(k, 0.0)) for k in keys}
    assert assoc_dict(op(a, b)) == {k: v for k, v in expected.items() if v != 0}
    assert (a - a).nnz() == 0


def test_logical_and_or_and_strings_as_ones():
    a, b, da, db = two_arrays(7)
    assert assoc_dict(a & b) == {k: 1.0 for k in da.keys() & db.keys()}
    assert assoc_dict(a | b) == {k: 1.0 for k in da.keys() | db.keys()}
    s = Assoc("a,b,", "x,y,", "p,q,")
    assert assoc_dict(s + Assoc("a,", "x,", [2])) == {("a", "x"): 3.0, ("b", "y"): 1.0}


def brute_product(da, db):
    out = {}
    for (i, k), x in da.items():
        for (k2, j), y in db.items():
            if k == k2:
                out[(i, j)] = out.get((i, j), 0.0) + x * y
    return {k: v for k, v in out.items() if v != 0}


def test_matrix_product_against_brute_force_and_scipy():
    rows, cols, vals = random_triples(8)
    a = Assoc(rows, cols, vals)
    # a's columns are c*: multiply by an array whose rows are c*
    rc, cc, vc = Assoc(*random_triples(9)).find()
    right = Assoc([x.replace("r", "c") for x in rc], cc, vc)
    got = assoc_dict(a @ right)
    assert got == pytest.approx(brute_product(assoc_dict(a), assoc_dict(right)))
    # scipy on the same data, keys lined up by hand
    ma, ra, ca = a.to_scipy()
    mb, rb, cb = right.to_scipy()
    shared = sorted(set(ca) & set(rb))
    pa = ma[:, [list(ca).index(k) for k in shared]]
    pb = mb[[list(rb).index(k) for k in shared], :]
    prod = (pa @ pb).tocoo()
    assert got == pytest.approx({(ra[i], cb[j]): v for i, j, v in zip(prod.row, prod.col, prod.data) if v != 0})
    assert assoc_dict(a @ 3) == {k: 3 * v for k, v in assoc_dict(a).items()}
    assert assoc_dict(a.sqin()) == pytest.approx(brute_product(assoc_dict(a.transpose()), assoc_dict(a)))
    assert assoc_dict(a.sqout()) == pytest.approx(brute_product(assoc_dict(a), assoc_dict(a.transpose())))
    s = Assoc("a,a,b,", "x,y,x,", "p,q,r,")
    assert assoc_dict(s.sqin()) == {("x", "x"): 2.0, ("x", "y"): 1.0, ("y", "x"): 1.0, ("y", "y"): 1.0}


def test_comparisons_give_ones_where_true():
    rows, cols, vals = random_triples(10)
    a = Assoc(rows, cols, vals)
    d = assoc_dict(a)
    for op in (operator.gt, operator.ge, operator.lt, operator.le, operator.eq, operator.ne):
        assert assoc_dict(op(a, 2)) == {k: 1.0 for k, v in d.items() if op(v, 2)}, op
    s = Assoc("a,b,c,", "x,x,x,", "pear,apple,pear,")
    assert assoc_dict(s == "pear") == {("a", "x"): 1.0, ("c", "x"): 1.0}
    assert assoc_dict(s > "b") == {("a", "x"): 1.0, ("c", "x"): 1.0}
    assert (a == "pear").nnz() == 0
    assert (s > 2).nnz() == 0  # D4M.py: a string and a number are never ordered


SPECS = [":", "r1,r3,", "r2,:,r5,", ":,r3,", "r6,:,", "r0,r2,:,r4,r1,", ","]


@pytest.mark.parametrize("spec", SPECS)
def test_indexing_by_d4m_strings_against_brute_force(spec):
    rows, cols, vals = random_triples(11)
    a = Assoc(rows, cols, vals)
    expected = {k: v for k, v in assoc_dict(a).items() if matches(k[0], spec) and matches(k[1], "c1,c2,c10,")}
    assert assoc_dict(a[spec, "c1,c2,c10,"]) == expected
    assert assoc_dict(a[:, spec.replace("r", "c")]) == {
        k: v for k, v in assoc_dict(a).items() if matches(k[1], spec.replace("r", "c"))}


def test_indexing_by_position_and_list():
    a = Assoc("a,b,c,d,", "x,y,z,w,", [1, 2, 3, 4])
    assert list(a[1:3, :].row) == ["b", "c"]
    assert list(a[0, :].row) == ["a"]
    assert list(a[[0, 3], :].row) == ["a", "d"]
    assert list(a[["d", "b"], :].row) == ["b", "d"]
    n = Assoc([3.0, 1.0, 2.0], "x,", 1)
    assert list(n["1,:,2,", :].row) == [1.0, 2.0]


def test_indexing_with_keys_of_the_other_kind_is_a_type_error():
    a = Assoc("a,b,", "x,y,", [1, 2])
    with pytest.raises(TypeError) as e:
        a["a,:,", 5.5]
    assert str(e.value) == ("cols: the keys are strings, got the number 5.5; select string keys (a D4M string "
                            "such as 'a,:,b,', or a list of strings) or integer positions")
    with pytest.raises(TypeError, match=r"^rows: the keys are strings, got numbers \[1.5, 2.0\]; select string keys"):
        a[[1.5, 2.0], :]
    n = Assoc([3.0, 1.0], "x,", 1)
    with pytest.raises(TypeError, match=r"^rows: the keys are numbers, got strings \['a'\]; select numeric keys"):
        n[["a"], :]
    assert list(n[[1.0], :].row) == [1.0] and list(a[1, :].row) == ["b"]  # numeric keys and positions work


def test_results_leave_their_operands_unchanged():
    a = Assoc("a,b,c,", "x,y,z,", [1, -1, 2])
    before = assoc_dict(a)
    a[:, :]
    a > 0  # noqa: B015 - zeros dropped from the result only
    a @ 2  # noqa: B018
    assert assoc_dict(a) == before
    s = Assoc("a,b,", "x,y,", "p,q,")
    s == "p"  # noqa: B015
    assert assoc_dict(s) == {("a", "x"): "p", ("b", "y"): "q"}
