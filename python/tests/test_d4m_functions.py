"""val2col, col2type and catkeymul against brute force."""
import numpy as np
import pytest

import tabulo
from tabulo import Assoc
from oracles import assoc_dict


def test_val2col_explodes_values_into_columns_and_col2type_undoes_it():
    a = Assoc("r1,r1,r2,", "src,dst,src,", "10.0.0.1,é,10.0.0.2,")
    e = tabulo.val2col(a, "|")
    assert assoc_dict(e) == {("r1", "src|10.0.0.1"): 1.0, ("r1", "dst|é"): 1.0, ("r2", "src|10.0.0.2"): 1.0}
    assert assoc_dict(tabulo.col2type(e, "|")) == assoc_dict(a)
    n = Assoc("r,", "x,", [3])
    assert assoc_dict(tabulo.val2col(n, "|")) == {("r", "x|3"): 1.0}
    assert assoc_dict(tabulo.col2type(tabulo.val2col(n, "|"), "|")) == {("r", "x"): 3.0}  # convert=True
    with pytest.raises(ValueError, match="column 'x' has no '/'"):
        tabulo.col2type(n, "/")


def test_col2type_takes_the_part_after_the_first_separator_and_keeps_the_smaller_value():
    # D4M.py splits on every separator and keeps the second part: 'a|x|y' is column a, value x
    e = Assoc("r,r,", "a|x|y,a|b,", 1)
    assert assoc_dict(tabulo.col2type(e, "|")) == {("r", "a"): "b"}
    assert assoc_dict(tabulo.col2type(Assoc("r,", "a|x|y,", 1), "|")) == {("r", "a"): "x"}


def test_catkeymul_lists_the_shared_keys_in_order():
    rng = np.random.default_rng(5)
    a = Assoc([f"i{k}" for k in rng.integers(0, 6, 60)], [f"k{k}" for k in rng.integers(0, 8, 60)], 1)
    b = Assoc([f"k{k}" for k in rng.integers(0, 8, 60)], [f"j{k}" for k in rng.integers(0, 6, 60)], "v,")
    da, db = assoc_dict(a), assoc_dict(b)
    expected = {}
    for (i, k) in sorted(da, key=lambda x: x[1]):
        for (k2, j) in db:
            if k == k2:
                expected[(i, j)] = expected.get((i, j), "") + k + ";"
    assert assoc_dict(tabulo.catkeymul(a, b)) == expected
    assert tabulo.catkeymul(a, Assoc("zz,", "j,", 1)).nnz() == 0


def test_catvalmul_lists_the_value_pairs_that_met_in_key_order():
    rng = np.random.default_rng(6)
    rows = [f"i{k}" for k in rng.integers(0, 5, 50)]
    inner = [f"k{k}" for k in rng.integers(0, 7, 50)]
    a = Assoc(rows, inner, [float(v) for v in rng.integers(1, 9, 50)], aggregate="last")
    b = Assoc([f"k{k}" for k in rng.integers(0, 7, 50)], [f"j{k}" for k in rng.integers(0, 5, 50)],
              [f"s{v}" for v in rng.integers(0, 9, 50)], aggregate="last")
    da, db = assoc_dict(a), assoc_dict(b)
    expected = {}
    for (i, k), va in sorted(da.items(), key=lambda x: x[0][1]):
        for (k2, j), vb in db.items():
            if k == k2:
                expected[(i, j)] = expected.get((i, j), "") + f"{int(va)},{vb},;"
    assert assoc_dict(tabulo.catvalmul(a, b)) == expected
    # D4M.py's example shape, and its delimiters
    x = Assoc("r,r,", "a,b,", [1, 2.5])
    y = Assoc("a,b,", "c,c,", [3, 4])
    assert assoc_dict(tabulo.catvalmul(x, y)) == {("r", "c"): "1,3,;2.5,4,;"}
    assert assoc_dict(tabulo.catvalmul(x, y, pair_delimiter="|", delimiter="/")) == {("r", "c"): "1|3|/2.5|4|/"}
    assert tabulo.catvalmul(x, Assoc("zz,", "c,", 1)).nnz() == 0
