"""D4M.py's results, function by function. Every expected value is worked out by hand from D4M.py's
definitions (D4M/assoc.py and D4M/util.py: its docstrings, and its code where they are silent), never by
running Tabulo; the comment beside a case says which rule gives it. The tables marked "as D4M.py tests it"
take their cases and expected arrays from D4M.py's own tests (test/test_assoc.py, test/test_util.py)."""
import operator

import numpy as np
import pytest
import scipy.sparse as sp

import tabulo
from tabulo import D4M
from tabulo.D4M import util
from tabulo.D4M.assoc import (Assoc, assoc_equal, assoc_max, assoc_min, col2type, col_to_type, hadamard,
                              is_empty_assoc, num_to_str, readcsv, readcsvtotriples, val2col, writecsv)
from oracles import assoc_dict

A = Assoc("a,b,", "A,B,", "aA,bB,")  # string-valued
N = Assoc("a,", "A,", [2])  # numeric
P = Assoc("a,b,c,", "A,A,A,", [1, 2, 3])
Q = Assoc("a,b,d,", "A,A,A,", [1, 5, 3])
S = Assoc("a,b,", "A,A,", "x,y,")
T = Assoc("a,c,", "A,A,", "x,z,")


def d(*entries):
    """{(row, col): value} from (row, col, value) triples."""
    return {(r, c): v for r, c, v in entries}


# ---- constructor: sanitize, convert_val, aggregate, adj ----

@pytest.mark.parametrize("make,expected", [
    # sanitize keeps a D4M string's tokens as strings
    (lambda: Assoc("a,b,", "x,x,", "5,7,"), d(("a", "x", "5"), ("b", "x", "7"))),
    # convert_val applies str_to_num to the values
    (lambda: Assoc("a,b,", "x,x,", "5,7,", convert_val=True), d(("a", "x", 5.0), ("b", "x", 7.0))),
    # a one-character string is one value, repeated
    (lambda: Assoc("a,b,", "A,B,", "x"), d(("a", "A", "x"), ("b", "B", "x"))),
    # ... and one key
    (lambda: Assoc("a", "A,B,", [1, 2]), d(("a", "A", 1.0), ("a", "B", 2.0))),
    # add on strings is a + b in input order
    (lambda: Assoc("a,a,", "A,A,", "aA,bB,", aggregate="add"), d(("a", "A", "aAbB"))),
    (lambda: Assoc("a,a,", "A,A,", "bB,aA,", aggregate=util.add), d(("a", "A", "bBaA"))),
    (lambda: Assoc("a,a,", "A,A,", "y,x,", aggregate=util.first), d(("a", "A", "y"))),
    (lambda: Assoc("a,a,", "A,A,", "y,x,", aggregate=util.last), d(("a", "A", "x"))),
    (lambda: Assoc("a,a,", "A,A,", "y,x,"), d(("a", "A", "x"))),  # default min
    # the older positional form Assoc(row, col, val, func)
    (lambda: Assoc("a,b,a,", "A,B,A,", [1, 2, 3], util.add), d(("a", "A", 4.0), ("b", "B", 2.0))),
    # numpy makes a list of numbers and strings strings
    (lambda: Assoc("a,b,", "A,A,", [1, "x"]), d(("a", "A", "1"), ("b", "A", "x"))),
    # adj: numbers are the values when val is 1.0
    (lambda: Assoc("a,b,a,", "A,B,B,", 1.0, sp.coo_matrix(np.array([[1.0, 3.0], [0, 2.0]]))),
     d(("a", "A", 1.0), ("a", "B", 3.0), ("b", "B", 2.0))),
    # ... else 1-based positions in the sorted distinct values ['aA', 'aB', 'bA']
    (lambda: Assoc("a,b,a,", "A,B,B,", ["aA", "bA", "aB"], adj=sp.coo_matrix(np.array([[1, 3], [0, 2]]))),
     d(("a", "A", "aA"), ("a", "B", "bA"), ("b", "B", "aB"))),
    # null values ('' and 0) are not stored
    (lambda: Assoc("a,b,", "A,B,", ["", "v"]), d(("b", "B", "v"))),
])
def test_constructor(make, expected):
    assert assoc_dict(make()) == expected


def test_constructor_errors_name_the_parameter():
    with pytest.raises(ValueError, match="adj: not enough unique row indices"):
        Assoc("a,", "A,B,B,", ["aA", "bA", "aB"], sp.coo_matrix(np.array([[1, 3], [0, 2]])))
    with pytest.raises(ValueError, match="convert_val: 'x' cannot be converted to a number"):
        Assoc("a,b,", "A,A,", "1,x,", convert_val=True)
    with pytest.raises(ValueError, match="row, col and val must have the same length"):
        Assoc("a,b,c,", "A,B,", 1)


# ---- + - * / on string-valued arrays ----

@pytest.mark.parametrize("left,op,right,expected", [
    (A, operator.add, A, d(("a", "A", "aAaA"), ("b", "B", "bBbB"))),  # combine(add): A's value first
    (A, operator.add, Assoc("a,c,", "A,C,", "x,y,"), d(("a", "A", "aAx"), ("b", "B", "bB"), ("c", "C", "y"))),
    (A, operator.add, Assoc(), d(("a", "A", "aA"), ("b", "B", "bB"))),  # an empty operand: unchanged
    (Assoc(), operator.add, A, d(("a", "A", "aA"), ("b", "B", "bB"))),
    # string + non-empty numeric: the string array is taken as 1s
    (A, operator.add, N, d(("a", "A", 3.0), ("b", "B", 1.0))),
    # numeric + string: the right becomes 1s, which then makes the left 1s too
    (N, operator.add, A, d(("a", "A", 2.0), ("b", "B", 1.0))),
    # - : A's entries where B has none (set difference), with their values
    (A, operator.sub, Assoc("a,", "A,", "zz,"), d(("b", "B", "bB"))),
    (A, operator.sub, N, d(("b", "B", "bB"))),
    # numeric - string: np.append makes the values strings ('2.0')
    (Assoc("a,b,", "A,B,", [1.5, 2]), operator.sub, Assoc("a,", "A,", "x,"), d(("b", "B", "2.0"))),
    (Assoc(), operator.sub, A, {}),
    # * : A's entries where B has one, with A's values
    (A, operator.mul, Assoc("a,c,", "A,C,", [1, 1]), d(("a", "A", "aA"))),
    (A, operator.mul, Assoc("a,", "A,", "q,"), d(("a", "A", "aA"))),
    # numeric * string: A's values cast to int
    (Assoc("a,b,", "A,B,", [2.5, 3]), operator.mul, Assoc("a,", "A,", "q,"), d(("a", "A", 2.0))),
    (P, operator.mul, Q, d(("a", "A", 1.0), ("b", "A", 10.0))),
    (N, operator.mul, 3, d(("a", "A", 6.0))),  # Tabulo's extension (D4M.py raises)
    # divide: element-wise over the shared entries, string arrays taken as 1s
    (P, operator.truediv, Q, d(("a", "A", 1.0), ("b", "A", 0.4))),
    (P, operator.truediv, 2, d(("a", "A", 0.5), ("b", "A", 1.0), ("c", "A", 1.5))),
    (A, operator.truediv, Assoc("a,", "A,", [4]), d(("a", "A", 0.25))),
])
def test_element_wise(left, op, right, expected):
    got = assoc_dict(op(left, right))
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == (pytest.approx(value) if isinstance(value, float) else value), key


def test_divide_by_zero_and_divide_method():
    with pytest.raises(ZeroDivisionError):
        P.divide(0)
    assert assoc_dict(P.divide(Q)) == pytest.approx(d(("a", "A", 1.0), ("b", "A", 0.4)))
    assert assoc_dict(hadamard(P, Q)) == d(("a", "A", 1.0), ("b", "A", 10.0))


# ---- comparisons over the union of entries ----

@pytest.mark.parametrize("left,op,right,rows", [
    # P = a1 b2 c3, Q = a1 b5 d3: c is 3 vs 0, d is 0 vs 3
    (P, operator.lt, Q, "b,d,"), (P, operator.gt, Q, "c,"), (P, operator.eq, Q, "a,"),
    (P, operator.ne, Q, "b,c,d,"), (P, operator.le, Q, "a,b,d,"), (P, operator.ge, Q, "a,c,"),
    (Assoc("a,", "A,", [1.0]), operator.eq, Assoc("a,", "A,", [1.0 + 1e-9]), "a,"),  # np.isclose
    # S = a x, b y; T = a x, c z: a missing string is ''
    (S, operator.eq, T, "a,"), (S, operator.lt, T, "c,"), (S, operator.gt, T, "b,"), (S, operator.ne, T, "b,c,"),
    # a string and a number: never equal, never ordered
    (S, operator.gt, 0, ""), (S, operator.eq, 0, ""), (S, operator.ne, 0, "a,b,"), (S, operator.lt, "y", "a,"),
    (P, operator.eq, "x", ""), (P, operator.ne, "x", "a,b,c,"), (P, operator.ge, 2, "b,c,"),
    (P, operator.eq, S, ""), (P, operator.ne, S, "a,b,c,"),
])
def test_comparisons(left, op, right, rows):
    result = op(left, right)
    assert assoc_dict(result) == {(r, "A"): 1.0 for r in (rows.split(",")[:-1] if rows else [])}


def test_compare_with_sort_key_and_inverse():
    assert sorted(P.compare(2, lambda x, y: x >= y).row.tolist()) == ["b", "c"]
    forward, backward = P.compare(Q, lambda x, y: x < y, include_inverse=True)
    assert forward.row.tolist() == ["b", "d"] and backward.row.tolist() == ["c"]
    assert P.compare(Q, lambda x, y: x < y, inverse=True).row.tolist() == ["c"]


# ---- element-wise min and max, combine, semiring_prod ----

@pytest.mark.parametrize("result,expected", [
    (lambda: P.min(Q), d(("a", "A", 1.0), ("b", "A", 2.0))),  # c: min(3, 0), d: min(0, 3) are null
    (lambda: P.max(Q), d(("a", "A", 1.0), ("b", "A", 5.0), ("c", "A", 3.0), ("d", "A", 3.0))),
    (lambda: Assoc("a,", "A,", [-2]).min(Assoc("b,", "A,", [4])), d(("a", "A", -2.0))),
    (lambda: S.min(T), d(("a", "A", "x"))),  # min with '' is ''
    (lambda: S.max(T), d(("a", "A", "x"), ("b", "A", "y"), ("c", "A", "z"))),
    # comp_max returns y where sort_key(x, y): with x > y as the key it picks the smaller
    (lambda: P.max(Q, sort_key=lambda x, y: x > y), d(("a", "A", 1.0), ("b", "A", 2.0))),
    (lambda: assoc_min(P, Q), d(("a", "A", 1.0), ("b", "A", 2.0))),
    (lambda: assoc_max(P, Q), d(("a", "A", 1.0), ("b", "A", 5.0), ("c", "A", 3.0), ("d", "A", 3.0))),
    # against a value (Tabulo's extension: D4M.py needs an array) each entry is compared with it
    (lambda: P.min(2), d(("a", "A", 1.0), ("b", "A", 2.0), ("c", "A", 2.0))),
    (lambda: assoc_max(2, P), d(("a", "A", 2.0), ("b", "A", 2.0), ("c", "A", 3.0))),
    (lambda: P.combine(Q, util.add), d(("a", "A", 2.0), ("b", "A", 7.0), ("c", "A", 3.0), ("d", "A", 3.0))),
    (lambda: S.combine(T, util.add), d(("a", "A", "xx"), ("b", "A", "y"), ("c", "A", "z"))),
    # acc starts at 0: max(max(0, 1 + 3), 2 + 4)
    (lambda: Assoc("r,r,", "a,b,", [1, 2]).semiring_prod(Assoc("a,b,", "c,c,", [3, 4]), max, operator.add),
     d(("r", "c", 6.0))),
    (lambda: Assoc("r,r,", "a,b,", [1, 2]).semiring_prod(Assoc("a,b,", "c,c,", [3, 4]), operator.add,
                                                         operator.mul), d(("r", "c", 11.0))),
])
def test_min_max_combine_semiring(result, expected):
    assert assoc_dict(result()) == expected


# ---- indexing ----

K = Assoc("aa,bb,ab,", "x,x,x,", 1)


@pytest.mark.parametrize("select,rows", [
    ("b", []),  # one character is one key, and K has no key 'b'
    ("aa", []),  # two characters split on the last: the keys '' and '', which K lacks
    (util.startswith("a,"), ["aa", "ab"]), (util.contains("b,"), ["ab", "bb"]),
    ("a*,", []),  # no prefix syntax in D4M.py: the literal key 'a*'
    (["aa", ":", "ab"], ["aa", "ab"]),  # a list with ':' is a range, right end included
    ([True, False, True], ["aa", "bb"]),  # a mask over the sorted keys aa, ab, bb
    ("aa,:,ab,", ["aa", "ab"]),
])
def test_row_selections(select, rows):
    assert K[select, :].row.tolist() == rows


def test_one_character_key_and_literal_star():
    assert assoc_dict(A["b", :]) == d(("b", "B", "bB"))
    assert assoc_dict(Assoc("a*,b,", "x,", 1)["a*,", :]) == d(("a*", "x", 1.0))


# ---- D4M.util ----

@pytest.mark.parametrize("got,expected", [
    (lambda: util.sanitize("a,b,").tolist(), ["a", "b"]),
    (lambda: util.sanitize("1,1,").tolist(), ["1", "1"]),
    (lambda: util.sanitize([10, 3]).tolist(), [10, 3]),
    (lambda: util.sanitize(1).tolist(), [1]),
    (lambda: util.sanitize("a").tolist(), ["a"]),
    (lambda: util.sanitize("").tolist(), [""]),
    (lambda: util.sanitize([10, "a"], prevent_upcasting=True).dtype, np.dtype(object)),
    (lambda: util.str_to_num("1").tolist(), [1]),
    (lambda: util.str_to_num("1.2").tolist(), [1.2]),
    (lambda: util.str_to_num("-5").tolist(), [-5]),
    (lambda: util.str_to_num("1,2.5,").tolist(), [1, 2.5]),
    (lambda: util.str_to_num(["3", ""]).tolist(), [3, 0]),
    (lambda: util.str_to_num("x,1,", silent=True).tolist(), ["x", 1]),
    (lambda: util.num_to_str(np.array([0, 1])).tolist(), ["0", "1"]),
    (lambda: util.num_to_str(np.array([0, 1, 0.12, -1])).tolist(), ["0", "1", "0.12", "-1"]),
    (lambda: util.num_to_str(np.array([0, 1, 0.12, -1]), int_aware=False).tolist(), ["0.0", "1.0", "0.12", "-1.0"]),
    (lambda: util.catstr(np.array(["a", "b"]), np.array(["A", "B"])).tolist(), ["a|A", "b|B"]),
    (lambda: util.catstr(np.array(["a", "b"]), np.array(["A", "B"]), ":").tolist(), ["a:A", "b:B"]),
    (lambda: util.catstr(np.array([1, 1]), np.array(["A", "B"])).tolist(), ["1|A", "1|B"]),
    (lambda: [util.is_numeric(x) for x in (1.0, -1, "a", "1")], [True, True, False, False]),
    (lambda: [x.tolist() for x in util.sorted_union(np.array([0, 1, 4, 6]), np.array([0, 4, 7]), True)],
     [[0, 1, 4, 6, 7], [0, 1, 2, 3], [0, 2, 4]]),
    (lambda: util.sorted_union(np.array([0, 1, 4, 6]), np.array([0, 4, 7])).tolist(), [0, 1, 4, 6, 7]),
    (lambda: [x.tolist() for x in util.sorted_intersect(np.array([0, 1, 4]), np.array([0, 4, 7]), True)],
     [[0, 4], [0, 2], [0, 1]]),
    (lambda: util.startswith("a,")("aa,bb,ab,"), [0, 2]),
    (lambda: util.startswith(["b"])(["aa", "bb", "ab"]), [1]),
    (lambda: util.contains("b,")("aa,bb,ab,"), [1, 2]),
    (lambda: util.contains(["a", "b"])(["aa", "bb", "ab"]), [0, 1, 2]),
    (lambda: util.startswith("a,")(None), ("startswith", "a,")),
    (lambda: [x.tolist() for x in util.aggregate_triples(["a", "a", "b"], ["A", "A", "B"], [1, 2, 3], util.add)],
     [["a", "b"], ["A", "B"], [3, 3]]),
    (lambda: util.aggregate_triples(["a", "a", "b"], ["A", "A", "B"], [1, 2, 3], util.first)[2].tolist(), [1, 3]),
    (lambda: util.aggregate_triples(["a", "a", "b"], ["A", "A", "B"], [1, 2, 3], util.last)[2].tolist(), [2, 3]),
    (lambda: util.aggregate_triples(["a"] * 3 + ["b"], ["A"] * 3 + ["B"], [1, 2, 0, 3], min)[2].tolist(), [0, 3]),
    (lambda: util.update_indices(np.array([1, 3, 2, 5]), [1], 6, offset=1).tolist(), [1, 2, 4]),
    (lambda: util.update_indices(np.array([1, 3, 2, 5]), [1], 6, offset=1, mark=-1).tolist(), [1, 2, -1, 4]),
    (lambda: [x.tolist() for x in util.sorted_append("b", np.array(["a", "c"]), np.array([0, 1, 1]))],
     [["a", "b", "c"], [0, 2, 2, 1]]),
    (lambda: util.operation_dict()["plus"] is operator.add and util.operation_dict()["maximum"] is max, True),
    (lambda: util.to_db_string("a,b,"), "a\nb\n"),
    (lambda: util.to_db_string(["a", "b"]), "a\nb\n"),
    (lambda: util.to_db_string(util.startswith("a,")), "a,:,a\x7f,"),
    (lambda: util.from_db_string("a\nb\n").tolist(), ["a", "b"]),
    (lambda: [util.np_sorted(np.array([1, 2, 2])), util.np_sorted(np.array([2, 1]))], [True, False]),
    (lambda: util.replace_default_args(util.startswith("a,"), currying_parameter=None), "a,"),
    (lambda: util.select_items("a,:,b,", np.array(["a", "ab", "b", "c"])).tolist(), ["a", "ab", "b"]),
    (lambda: util.first(1, 2), 1), (lambda: util.last(1, 2), 2),
    (lambda: util.remove_suffix("x.0", ".0"), "x"),
])
def test_util(got, expected):
    assert got() == expected


def test_util_errors():
    with pytest.raises(ValueError, match="x cannot be converted to a valid number"):
        util.str_to_num("x,")


# ---- val2col, col_to_type, num_to_str ----

@pytest.mark.parametrize("got,expected", [
    (lambda: val2col(Assoc("a,b,a,", "A,B,B,", [1, 2, 3])), d(("a", "A|1", 1.0), ("b", "B|2", 1.0), ("a", "B|3", 1.0))),
    (lambda: val2col(Assoc("a,b,a,", "A,B,B,", [1, 2, 3]), ":"),
     d(("a", "A:1", 1.0), ("b", "B:2", 1.0), ("a", "B:3", 1.0))),
    (lambda: val2col(Assoc("a,", "A,", [1]), int_aware=False), d(("a", "A|1.0", 1.0))),
    (lambda: val2col(Assoc("a,b,", "A,B,", "aA,bB,")), d(("a", "A|aA", 1.0), ("b", "B|bB", 1.0))),
    (lambda: col_to_type(Assoc("a,b,a,", "A|1,B|2,B|3,", 1)), d(("a", "A", 1.0), ("b", "B", 2.0), ("a", "B", 3.0))),
    (lambda: col2type(Assoc("a,b,a,", "A|1,B|2,B|3,", 1), convert=False),
     d(("a", "A", "1"), ("b", "B", "2"), ("a", "B", "3"))),
    (lambda: col_to_type(Assoc("a,b,", "A|aA,B|2,", 1)), d(("a", "A", "aA"), ("b", "B", "2"))),
    (lambda: num_to_str(Assoc([1, 2], "A,", [2.0, 0.5])), d(("1", "A", "2.0"), ("2", "A", "0.5"))),
    (lambda: num_to_str(Assoc([1, 2], "A,", [2.0, 0.5]), labels_only=True), d(("1", "A", 2.0), ("2", "A", 0.5))),
    (lambda: Assoc([1, 2], "A,", [2.0, 0.5]).num2str(values_only=True), d((1, "A", "2.0"), (2, "A", "0.5"))),
])
def test_schema_functions(got, expected):
    assert assoc_dict(got()) == expected


# ---- methods ----

def test_reading_methods():
    a = Assoc("a,a,b,", "B,A,A,", [1, 2, 3])
    assert a.triples() == [("a", "A", 2.0), ("a", "B", 1.0), ("b", "A", 3.0)]
    assert a.triples(ordering=1) == [("a", "A", 2.0), ("b", "A", 3.0), ("a", "B", 1.0)]
    assert [x.tolist() for x in a.find(ordering=1)] == [["a", "b", "a"], ["A", "A", "B"], [2.0, 3.0, 1.0]]
    assert a.to_dict() == {"a": {"A": 2.0, "B": 1.0}, "b": {"A": 3.0}}
    assert a.to_dict2() == {("a", "A"): 2.0, ("a", "B"): 1.0, ("b", "A"): 3.0}
    assert a.get_row().tolist() == ["a", "b"] and a.get_col().tolist() == ["A", "B"]
    assert a.get_val().tolist() == [1.0, 2.0, 3.0] and A.get_val().tolist() == ["aA", "bB"]
    assert a.get_adj().shape == (2, 2)
    assert [a.get_value("a", "A"), a.get_value("b", "B"), a.get_value("z", "A"), a.get_value(1, 0, indices=True)] \
        == [2.0, 0, 0, 3.0]
    assert A.get_value("b", "B") == "bB"
    assert is_empty_assoc(Assoc()) and not is_empty_assoc(A)
    assert assoc_equal(P, P.copy()) and not assoc_equal(P, Q)


def test_item_assignment_adds_replaces_and_removes():
    m = Assoc("a,", "A,", [1])
    m["b", "B"] = 5
    assert assoc_dict(m) == d(("a", "A", 1.0), ("b", "B", 5.0))
    m["a", "A"] = 7
    assert assoc_dict(m) == d(("a", "A", 7.0), ("b", "B", 5.0))
    m["a", "A"] = 0
    assert assoc_dict(m) == d(("b", "B", 5.0))
    e = Assoc()
    e["r", "c"] = "v"
    assert assoc_dict(e) == d(("r", "c", "v"))


def test_setters():
    a = Assoc("a,b,", "A,B,", [1, 2])
    assert assoc_dict(a.copy().set_row("x,y,")) == d(("x", "A", 1.0), ("y", "B", 2.0))
    assert assoc_dict(a.copy().set_col("y,x,")) == d(("a", "x", 1.0), ("b", "y", 2.0))
    assert assoc_dict(a.copy().set_val("v")) == d(("a", "A", "v"), ("b", "B", "v"))
    assert assoc_dict(a.copy().putval("q,p,")) == d(("a", "A", "p"), ("b", "B", "q"))  # sorted: p, q
    # numerical=False: D4M.py casts the new adjacency array to int, so a numeric array's values are cut
    assert assoc_dict(a.copy().set_adj(sp.csr_matrix(np.array([[2.7, 0], [0, 1.5]])), numerical=False)) \
        == d(("a", "A", 2.0), ("b", "B", 1.0))
    assert assoc_dict(a.copy().set_adj(sp.csr_matrix(np.array([[0, 4.0]])))) == d(("a", "B", 4.0))
    with pytest.raises(ValueError, match="new_row: 1 distinct keys for 2 rows"):
        a.copy().set_row("x,")


def test_derived_arrays_and_copies():
    assert assoc_dict(Assoc("a,b,c,", "a,c,b,", [1, 2, 3]).diag()) == d(("a", "a", 1.0))
    assert assoc_dict(Assoc("a,b,", "A,B,", [5, 6]).nocol()) == d(("a", 0, 1.0), ("b", 0, 1.0))
    assert assoc_dict(Assoc("a,b,", "A,B,", [5, 6]).norow()) == d((0, "A", 1.0), (0, "B", 1.0))
    c = P.copy()
    c["z", "A"] = 1
    assert assoc_dict(P) == d(("a", "A", 1.0), ("b", "A", 2.0), ("c", "A", 3.0))


def test_printfull(capsys):
    Assoc("a,b,", "A,B,", [1, 2]).printfull()
    Assoc().printfull()
    # each column '  ' + right-aligned to its widest item; the row keys left-aligned to theirs
    assert capsys.readouterr().out == "     A    B\na  1.0     \nb       2.0\nEmpty associative array.\n"


def test_spy_draws_one_dot_per_entry():
    artist = Assoc("a,b,", "A,B,", [1, 2]).spy(rename_axes=True)
    x, y = artist.get_data()
    assert sorted(zip(x.tolist(), y.tolist())) == [(0, 0), (1, 1)]


def test_csv_round_trip(tmp_path):
    table = tmp_path / "a.csv"
    table.write_text(",A,B\na,1,\nb,,x\n")
    assert assoc_dict(readcsv(table)) == d(("a", "A", "1"), ("b", "B", "x"))  # values stay strings
    assert assoc_dict(readcsv(table, convert_values=True)) == d(("a", "A", "1"), ("b", "B", "x"))  # not all numbers
    numbers = tmp_path / "n.csv"
    numbers.write_text(",A,B\na,1,\nb,,2.5\n")
    assert assoc_dict(readcsv(numbers, convert_values=True)) == d(("a", "A", 1.0), ("b", "B", 2.5))
    triples = tmp_path / "t.csv"
    triples.write_text("a,A,1\nb,B,2\n")
    assert readcsvtotriples(triples, triples=True) == (["a", "b"], ["A", "B"], ["1", "2"])
    out = tmp_path / "out.csv"
    writecsv(Assoc("a,b,", "A,B,", "x,y,"), out)
    assert out.read_text() == ",A,B\na,x,\nb,,y\n"


def test_one_import_switches_a_d4m_script():
    import tabulo.D4M.assoc
    import tabulo.D4M.util
    assert tabulo.D4M.assoc.Assoc is tabulo.Assoc and D4M.assoc.Assoc is tabulo.Assoc
    assert D4M.util.sanitize is util.sanitize
    assert {"startswith", "contains", "sanitize", "str_to_num", "num_to_str", "is_numeric", "catstr"} \
        <= set(tabulo.D4M.util.__all__)
    star = {}
    exec("from tabulo.D4M.assoc import *", star)  # D4M.py's star import also gives util and np
    assert star["util"] is util and star["np"] is np and star["readcsv"] is readcsv


def test_keys_of_both_kinds_in_one_operation_are_a_type_error():
    numeric_keys = Assoc([1, 2], "A,", "x,y,")
    for op in (operator.add, operator.sub, operator.mul, operator.eq):
        with pytest.raises(TypeError, match="cannot match string keys with numeric keys"):
            op(S, numeric_keys)


# ---- the D4M.py-style example scripts, their output worked out by hand from the sample data ----

def run_example(name, capsys):
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "examples" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main([])
    return capsys.readouterr().out


def test_entities_example(capsys):
    # 4 documents; 11 names; boston in doc1, doc2, doc4 and alice in doc1, doc3, doc4 meet in doc1 and doc4,
    # which both also mention mit
    assert run_example("d4m_entities", capsys) == """\
size: 4 3 entries: 11
entity count: LOCATION|boston 3
entity count: LOCATION|new york 1
entity count: ORGANIZATION|mit 2
entity count: ORGANIZATION|nyu 1
entity count: PERSON|alice 3
entity count: PERSON|bob 1
type count: LOCATION 4
type count: ORGANIZATION 3
type count: PERSON 4
people: PERSON|alice PERSON|bob
documents with both: doc1 doc4
   LOCATION|boston  ORGANIZATION|mit  PERSON|alice
0              1.0               1.0           1.0
merged doc1 PERSON: alice smith
added: doc5 PERSON carol
unchanged entries: 10 changed: 2
string values > 0: 0
"""


def test_network_example(capsys):
    # edges a>b 3, b>a 3, b>c 1, c>a 2, a>c 5; two-hop paths fold max(acc, min(A(i,k), A(k,j))) from 0
    assert run_example("d4m_network", capsys) == """\
out-degree: a>0=2 b>0=2 c>0=1
out-weight: a>0=8 b>0=4 c>0=2
reciprocal with equal weights: a>b=1 b>a=1
weakest link both ways: a>b=3 a>c=2 b>a=3 c>a=2
strongest link either way: a>b=3 a>c=5 b>a=3 b>c=1 c>a=5 c>b=1
heavy edges: a>b=1 a>c=1 b>a=1
widest two-hop paths: a>a=3 a>c=1 b>a=1 b>b=3 b>c=3 c>b=2 c>c=2
two-hop via: a>a=b;c; a>c=b; b>a=c; b>b=a; b>c=a; c>b=a; c>c=a;
"""


@pytest.mark.parametrize("got,expected", [
    # sorted_intersect(...).astype(str): numpy's text of the keys
    (lambda: tabulo.catkeymul(Assoc(["r", "r"], [1.0, 2.0], 1), Assoc([1.0, 2.0], "c,", 1)), d(("r", "c", "1.0;2.0;"))),
    (lambda: Assoc(["r", "r"], [1, 2], 1).catkeymul(Assoc([1, 2], "c,", 1), "/"), d(("r", "c", "1/2/"))),
    # num_to_str of the pair [1e20, 'x.0']: numpy's text, then a trailing '.0' stripped from each
    (lambda: tabulo.catvalmul(Assoc("r,", "a,", [1e20]), Assoc("a,", "c,", "x.0,")), d(("r", "c", "1e+20,x,;"))),
    (lambda: Assoc("r,r,", "a,b,", [1, 2.5]).catvalmul(Assoc("a,b,", "c,c,", [3, 4])), d(("r", "c", "1,3,;2.5,4,;"))),
])
def test_catkeymul_catvalmul(got, expected):
    assert assoc_dict(got()) == expected


# ---- selections: positions and slices exclude the end, D4M ranges include it ----
# D4M.py's Assoc.__getitem__ docstring: "Regular slices are NOT right end-point inclusive; 'Slices' of the
# form "a,:,b," ARE right end-point inclusive"; util.select_items: a slice is keys[slice], ints and bools
# are positions (np.unique: sorted, distinct), 'lo,:,hi,' is keys[first key >= lo : first key > hi].

M = Assoc("r,", "c0,c1,c2,c3,c4,", [1, 2, 3, 4, 5])


@pytest.mark.parametrize("select,cols", [
    (slice(1, 3), ["c1", "c2"]),  # A[:, 1:3]: positions 1 and 2, not 3
    (slice(None, None, 2), ["c0", "c2", "c4"]),
    (slice(-2, None), ["c3", "c4"]),
    (1, ["c1"]), (-1, ["c4"]),  # an int is one position
    ([3, 1, 3], ["c1", "c3"]),
    (np.array([False, True, False, True, False]), ["c1", "c3"]),
    ("c1,:,c3,", ["c1", "c2", "c3"]),  # the range's end is in
    ("c1,:,c25,", ["c1", "c2"]),  # stops before the first key past 'c25'
    ("c05,:,c2,", ["c1", "c2"]),
    (":,c2,", ["c0", "c1", "c2"]), ("c3,:,", ["c3", "c4"]), (":", ["c0", "c1", "c2", "c3", "c4"]),
    ("c3,:,c1,", []),  # keys[3:2]
    (["c1", ":", "c2"], ["c1", "c2"]),
    ("c1,c3,c9,", ["c1", "c3"]),  # keys that are not there select nothing
    # every key before the range's start: D4M.py falls back to position 0 and so selects every key (a bug,
    # listed in docs/python.md); Tabulo selects none
    ("d,:,", []), ("d,:,e,", []),
])
def test_column_selections_by_position_and_range(select, cols):
    assert M[:, select].col.tolist() == cols


def test_integers_select_positions_also_among_numeric_keys():
    # select_items treats an int array as positions whatever the keys are; floats are keys
    n = Assoc("r,", [10, 20, 30], [1, 2, 3])
    assert n[:, 1].col.tolist() == [20] and n[:, 0:2].col.tolist() == [10, 20]
    assert n[:, [30.0]].col.tolist() == [30]


# ---- constructor options (D4M.py: Assoc.__init__, util.sanitize, util.str_to_num, util.aggregate_triples) ----

@pytest.mark.parametrize("make,expected", [
    # aggregate='unique' promises no collisions (D4M.py then skips aggregation)
    (lambda: Assoc("a,b,", "A,B,", [1, 2], aggregate="unique"), d(("a", "A", 1.0), ("b", "B", 2.0))),
    (lambda: Assoc("a,b,", "A,B,", 1.0, sp.coo_matrix(np.array([[3.0, 0], [0, 4.0]])), aggregate="unique"),
     d(("a", "A", 3.0), ("b", "B", 4.0))),
    # ... and with adj, keys and values in the order given (D4M.py's own test_assoc_constructor: col 'B,A,')
    (lambda: Assoc("a,b,", "B,A,", "aA,aB,bA,bB,", sp.coo_matrix(np.array([[1, 3], [4, 2]])), "unique"),
     d(("a", "B", "aA"), ("a", "A", "bA"), ("b", "B", "bB"), ("b", "A", "aB"))),
    (lambda: Assoc("a,b,", "A,B,", "aA,aB,bA,bB,", sp.coo_matrix(np.array([[1, 3], [4, 2]])), "unique"),
     d(("a", "A", "aA"), ("a", "B", "bA"), ("b", "A", "bB"), ("b", "B", "aB"))),
    # aggregate first, then drop nulls: min(1, 2, 0) is 0 (util.aggregate_triples's docstring), not stored
    (lambda: Assoc("a,a,a,b,", "A,A,A,B,", [1, 2, 0, 3]), d(("b", "B", 3.0))),
    (lambda: Assoc("a,a,", "A,A,", [2, -2], aggregate="add"), {}),
    # prevent_upcasting keeps D4M.py's values (its int/float types are not kept here: docs/python.md)
    (lambda: Assoc("a,b,", "A,A,", [1, 2.5], prevent_upcasting=True), d(("a", "A", 1.0), ("b", "A", 2.5))),
    # convert_val: str_to_num of each value; '' is 0, a null
    (lambda: Assoc("a,b,c,", "A,A,A,", ["1", "2.5", ""], convert_val=True), d(("a", "A", 1.0), ("b", "A", 2.5))),
    (lambda: Assoc("a,b,", "A,A,", "1e3,-4,", convert_val=True), d(("a", "A", 1000.0), ("b", "A", -4.0))),
    # adj with string values: 1-based positions in the sorted distinct val ['p', 'q']
    (lambda: Assoc("a,b,", "A,", "q,p,", adj=sp.coo_matrix(np.array([[2], [1]]))), d(("a", "A", "q"), ("b", "A", "p"))),
])
def test_constructor_options(make, expected):
    assert assoc_dict(make()) == expected


def test_constructor_option_errors():
    # D4M.py calls the string 'unique' on a collision (TypeError); here a ValueError says what happened
    with pytest.raises(ValueError, match="aggregate='unique', but 1 triples repeat a row and column"):
        Assoc("a,a,", "A,A,", [1, 2], aggregate="unique")
    # str_to_num takes int() of every float, which refuses nan (and inf)
    with pytest.raises(ValueError, match="convert_val: 'nan' cannot be converted"):
        Assoc("a,", "A,", ["nan"], convert_val=True)


# ---- find(ordering=) (D4M.py: Assoc.find, csr for 0, csc for 1, the COO matrix as it is otherwise) ----

F = Assoc("a,a,b,", "B,A,A,", [1, 2, 3])


@pytest.mark.parametrize("ordering,expected", [
    (0, [("a", "A", 2.0), ("a", "B", 1.0), ("b", "A", 3.0)]),  # csr: by row, then column
    (1, [("a", "A", 2.0), ("b", "A", 3.0), ("a", "B", 1.0)]),  # csc: by column, then row
    # None or any other value: D4M.py's "no particular order" (its COO order); here by row
    (None, [("a", "A", 2.0), ("a", "B", 1.0), ("b", "A", 3.0)]),
    (2, [("a", "A", 2.0), ("a", "B", 1.0), ("b", "A", 3.0)]),
])
def test_find_ordering(ordering, expected):
    assert F.triples(ordering=ordering) == expected
    assert list(zip(*[x.tolist() for x in F.find(ordering=ordering)])) == expected


# ---- val2col(int_aware=), col_to_type(convert=), num_to_str(labels_only=, values_only=), str_to_num ----
# (D4M.py: assoc.val2col, assoc.col_to_type, assoc.num_to_str; util.num_to_str, util.catstr, util.str_to_num)

@pytest.mark.parametrize("got,expected", [
    # val2col writes keys and values with num_to_str, then catstr writes them again: '.0' goes twice
    (lambda: val2col(Assoc("a,", "A,", "1.0.0,")), d(("a", "A|1", 1.0))),
    (lambda: val2col(Assoc("a,", "A,", "1.0.0,"), int_aware=False), d(("a", "A|1.0.0", 1.0))),
    (lambda: val2col(Assoc("a,", [1.0], [2.5])), d(("a", "1|2.5", 1.0))),
    (lambda: val2col(Assoc("a,", [1.0], [2.5]), "/", int_aware=False), d(("a", "1.0/2.5", 1.0))),
    # col_to_type converts only where every value is a number (str_to_num(silent=False) raises otherwise)
    (lambda: col_to_type(Assoc("a,b,", "x|nan,x|1,", 1)), d(("a", "x", "nan"), ("b", "x", "1"))),
    (lambda: col_to_type(Assoc("a,b,", "x|2.5,y|-1,", 1)), d(("a", "x", 2.5), ("b", "y", -1.0))),
    (lambda: col_to_type(Assoc("a,b,", "x|1|z,y|,", 1)), d(("a", "x", 1.0))),  # split[1]; '' is 0, a null
    (lambda: col_to_type(Assoc("a,a,", "x|10,x|9,", 1)), d(("a", "x", 9.0))),  # min of the numbers
    (lambda: col_to_type(Assoc("a,a,", "x|10,x|9,", 1), convert=False), d(("a", "x", "10"))),  # of the strings
    # num_to_str: astype(str), no '.0' stripped; keys unless values_only, values unless labels_only
    (lambda: num_to_str(Assoc([1.5], [2], [3])), d(("1.5", "2", "3.0"))),
    (lambda: num_to_str(Assoc([1.5], [2], [3]), values_only=True), d((1.5, 2, "3.0"))),
    (lambda: num_to_str(Assoc([1.5], [2], [3]), labels_only=True), d(("1.5", "2", 3.0))),
    (lambda: num_to_str(Assoc([1.5], [2], [3]), labels_only=True, values_only=True), d((1.5, 2, 3.0))),
])
def test_schema_function_options(got, expected):
    assert assoc_dict(got()) == expected


@pytest.mark.parametrize("text,message", [
    ("nan", "a cannot be converted"),  # not a number whole, so split on its last character 'n': '', 'a'
    ("inf", "in cannot be converted"),  # D4M.py: OverflowError from int(inf); split on 'f': 'in'
    ("1,x,", "x cannot be converted"),
])
def test_str_to_num_refuses(text, message):
    with pytest.raises(ValueError, match=message):
        util.str_to_num(text)


def test_diag_of_string_values_keeps_each_value():
    # D4M.py's diag gives the k-th diagonal entry the k-th smallest value (a bug listed in docs/python.md)
    assert assoc_dict(Assoc("a,b,c,", "a,b,a,", "y,x,z,").diag()) == d(("a", "a", "y"), ("b", "b", "x"))


# ---- readcsv / readcsvtotriples / writecsv options (D4M.py: assoc.readcsvtotriples, assoc.writecsv) ----

@pytest.mark.parametrize("text,options,expected", [
    # labels: row keys from the first item, column keys from the first line; empty items left out
    (",A,B\na,1,\n\nb,,x\n", {}, (["a", "b"], ["A", "B"], ["1", "x"])),
    # without labels: keys are (line, item) counted from 0; a blank line is skipped and not counted
    ("p,q\n\n,r\n", {"labels": False}, ([0, 0, 1], [0, 1, 1], ["p", "q", "r"])),
    # convert_keys: str_to_num of the row keys and of the column keys, each only where all are numbers
    (",1,2\n3,a,b\nx,c,\n", {"convert_keys": True}, (["3", "3", "x"], [1, 2, 1], ["a", "b", "c"])),
    # convert = convert_keys and convert_values
    (",1\n2,3.5\n", {"convert": True}, ([2], [1], [3.5])),
    (",A\nr,3\ns,nan\n", {"convert_values": True}, (["r", "s"], ["A", "A"], ["3", "nan"])),
    # triples: three items a line, never converted
    ("a;A;1\n\nb;B;2\n", {"triples": True, "convert": True, "delimiter": ";"},
     (["a", "b"], ["A", "B"], ["1", "2"])),
    # csv.reader's options
    ("\tA\na\t'x\ty'\n", {"delimiter": "\t", "quotechar": "'"}, (["a"], ["A"], ["x\ty"])),
])
def test_readcsvtotriples_options(tmp_path, text, options, expected):
    path = tmp_path / "t.csv"
    path.write_text(text)
    got = readcsvtotriples(path, **options)
    assert tuple(list(np.asarray(x).tolist()) for x in got) == expected


def test_csv_errors_and_writecsv_numbers(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(",A,B\na,1\n")
    with pytest.raises(ValueError, match="has 2 items, the column keys 3"):
        readcsv(bad)
    bad.write_text("a,b\n")
    with pytest.raises(ValueError, match="has 2 items; triples=True needs 3"):
        readcsv(bad, triples=True)
    out = tmp_path / "n.csv"
    writecsv(Assoc([1, 2], "A,B,", [0.5, 3]), out, delimiter=";")  # csv writes str(): '0.5', '3.0'
    assert out.read_text() == ";A;B\n1;0.5;\n2;;3.0\n"
    assert assoc_dict(readcsv(out, delimiter=";", convert=True)) == d((1, "A", 0.5), (2, "B", 3.0))


# ---- read_mat / save_mat: D4M's Assoc object (fields row, col, val, A; D4M.py: assoc.read_mat) ----

def _matlab_assoc(row, col, val, adj):
    from scipy.io.matlab import MatlabObject
    fields = np.zeros((1, 1), dtype=[("row", "O"), ("col", "O"), ("val", "O"), ("A", "O")])
    fields[0, 0]["row"], fields[0, 0]["col"], fields[0, 0]["val"], fields[0, 0]["A"] = row, col, val, adj
    return MatlabObject(fields, "Assoc")


def test_read_mat_reads_d4m_objects(tmp_path):
    from scipy import io
    from tabulo.D4M.assoc import read_mat
    path = tmp_path / "a.mat"
    # numeric: val empty, A holds the values; strings: val lists them, A holds 1-based positions
    numeric = _matlab_assoc("a\nb\n", "A\nB\n", np.zeros((0, 0)), sp.csc_matrix(np.array([[1.0, 0], [0, 2.0]])))
    strings = _matlab_assoc("r,s,", "C,", "p,q,", sp.csc_matrix(np.array([[2.0], [1.0]])))
    io.savemat(path, {"N": numeric})
    assert assoc_dict(read_mat(path)) == d(("a", "A", 1.0), ("b", "B", 2.0))  # one Assoc: itself
    io.savemat(path, {"N": numeric, "S": strings, "x": np.ones(2)})
    both = read_mat(path)  # several: a dict by name, other variables left out
    assert sorted(both) == ["N", "S"] and assoc_dict(both["S"]) == d(("r", "C", "q"), ("s", "C", "p"))


def test_save_mat_writes_what_read_mat_reads(tmp_path):
    from scipy import io
    from tabulo.D4M.assoc import read_mat, save_mat
    path = tmp_path / "s.mat"
    save_mat(path, Assoc("a,b,a,", "A,B,B,", "x,y,x,"), name="E")
    fields = io.loadmat(path)["E"][0][0]
    assert [str(fields[0][0]), str(fields[1][0]), str(fields[2][0])] == ["a\nb\n", "A\nB\n", "x\ny\n"]
    assert fields[3].toarray().tolist() == [[1.0, 1.0], [0.0, 2.0]]
    assert assoc_dict(read_mat(path)) == d(("a", "A", "x"), ("a", "B", "x"), ("b", "B", "y"))
    save_mat(path, Assoc([1, 2], "A,", [2.5, 3]))
    assert assoc_dict(read_mat(path)) == d(("1", "A", 2.5), ("2", "A", 3.0))  # D4M keys are text


# ---- the example scripts differ from D4M.py scripts in their imports only ----

@pytest.mark.parametrize("name", ["d4m_entities", "d4m_network"])
def test_examples_differ_from_d4m_py_only_in_their_imports(name):
    from pathlib import Path
    source = (Path(__file__).resolve().parent.parent / "examples" / f"{name}.py").read_text()
    code_lines = [line for line in source.splitlines() if "tabulo" in line and not line.startswith(" ")]
    assert code_lines, name
    for line in code_lines:
        # each such line is an import whose comment gives D4M.py's: tabulo.D4M -> D4M
        code, _, comment = line.partition("#")
        assert code.startswith(("from tabulo.D4M", "import tabulo.D4M")), line
        assert comment.split("D4M.py: ")[1].strip() == code.replace("tabulo.D4M", "D4M").strip(), line
    body = [line for line in source.splitlines() if "tabulo" in line and line.startswith(" ")]
    assert body == [], body


# ---- every public name of D4M.py's assoc and util modules, with its parameter names (keyword calls work) ----
# (D4M.py's D4M/assoc.py and D4M/util.py, their def lines; None: a name that is no function or an alias)

D4M_PY_ASSOC = {
    "nnz": "A", "hadamard": "A B", "combine": "A B binary_op right_zero left_zero", "assoc_min": "A B sort_key",
    "assoc_max": "A B sort_key", "transpose": "A copy", "sqin": "A", "sqout": "A", "catkeymul": "A B delimiter",
    "catvalmul": "A B pair_delimiter delimiter", "val2col": "A separator int_aware",
    "col_to_type": "A separator convert", "num_to_str": "A labels_only values_only", "is_empty_assoc": "A",
    "assoc_equal": "A B return_info",
    "readcsvtotriples": "filename labels convert_keys convert_values convert triples fmtoptions",
    "readcsv": "filename labels triples convert_keys convert_values convert fmtoptions",
    "writecsv": "A filename fmtparams", "read_mat": "fname", "save_mat": "fname A name spio_savemat_kwargs",
    "col2type": None, "num2str": None, "operation_dict": None, "util": None, "Assoc": None,
    "KeyVal": None, "StrList": None, "ArrayLike": None, "Selectable": None,
}
D4M_PY_UTIL = {
    "string_gen": "length_", "num_string_gen": "length_ upper_bound", "is_numeric": "object_",
    "sorted_union": "array_1 array_2 return_index",
    "sorted_intersect": "array_1 array_2 return_index return_index_1 return_index_2",
    "select_items": "selection keys return_indices", "contains": "substrings", "startswith": "prefixes",
    "str_to_num": "array silent", "remove_suffix": "word suffix", "num_to_str": "array int_aware",
    "can_sanitize": "object_", "sanitize": "object_ prevent_upcasting", "to_db_string": "object_",
    "from_db_string": "db_string", "np_sorted": "arr", "aggregate_triples": "row col val func",
    "sorted_append": "new_entry sorted_array array_of_indices new_entry_name sorted_array_name",
    "update_indices": "array_of_indices sorted_bad_indices size offset mark", "first": "object_1 _",
    "last": "_ object_2", "operation_dict": "", "catstr": "str_array_1 str_array_2 separator int_aware",
    "get_default_args": "func arg_names", "replace_default_args": "func arg_pairs",
    "add": None, "times": None, "mul": None, "KeyVal": None, "StrList": None, "ArrayLike": None, "Selectable": None,
}
D4M_PY_METHODS = {
    "__init__": "row col val adj aggregate prevent_upcasting convert_val", "is_canonical": "", "dropzeros": "copy",
    "condense": "", "deepcondense": "", "set_row": "new_row", "set_col": "new_col", "set_val": "new_val",
    "set_adj": "new_adj numerical", "find": "ordering", "triples": "ordering", "to_dict": "", "to_dict2": "",
    "get_row": "", "get_col": "", "get_val": "", "get_adj": "",
    "get_value": "row_key col_key indices row_index col_index", "size": "", "nnz": "",
    "printfull": "cutoff_rows cutoff_cols", "spy": "rename_axes pyplot_spy_kwargs", "copy": "", "deepcopy": "",
    "diag": "", "logical": "copy", "transpose": "copy", "nocol": "copy", "norow": "copy", "sum": "axis",
    "combine": "other binary_op right_zero left_zero zero", "semiring_prod": "other semi_add semi_mult",
    "multiply": "other", "divide": "other", "min": "other sort_key", "max": "other sort_key", "sqin": "", "sqout": "",
    "catkeymul": "other delimiter", "catvalmul": "other pair_delimiter delimiter",
    "compare": "other sort_key inverse include_inverse",
    "putrow": None, "putcol": None, "putval": None, "putadj": None, "put_row": None, "put_col": None,
    "put_val": None, "put_adj": None, "null_values": None, "__setitem__": None, "__getitem__": None,
    "__copy__": None, "__deepcopy__": None, "__str__": None, "__add__": None, "__sub__": None, "__mul__": None,
    "__rmul__": None, "__matmul__": None, "__rmatmul__": None, "__and__": None, "__or__": None, "__eq__": None,
    "__ne__": None, "__lt__": None, "__le__": None, "__gt__": None, "__ge__": None,
}


@pytest.mark.parametrize("owner,table", [(D4M.assoc, D4M_PY_ASSOC), (D4M.util, D4M_PY_UTIL),
                                         (Assoc, D4M_PY_METHODS)], ids=["assoc", "util", "Assoc"])
def test_every_d4m_py_name_with_its_parameters(owner, table):
    import inspect
    for name, parameters in table.items():
        assert hasattr(owner, name), name
        if parameters is not None:
            got = [p for p in inspect.signature(getattr(owner, name)).parameters if p != "self"]
            assert got == parameters.split(), name


# ---- cases from D4M.py's own tests (test/test_util.py), whose expected values are D4M.py's ----

@pytest.mark.parametrize("got,expected", [
    (lambda: util.update_indices(np.array([0, 1, 2, 3]), [2], 4, mark=-1).tolist(), [0, 1, -1, 2]),
    (lambda: util.update_indices(np.array([0, 2, 4, 6]), [1, 3], 7).tolist(), [0, 1, 2, 4]),
    (lambda: util.update_indices(np.array([1, 2, 3, 4]), [2], 4, offset=1, mark=0).tolist(), [1, 2, 0, 3]),
    (lambda: util.update_indices(np.array([-1, 1, 3, 5]), [1, 3], 7, offset=-1, mark=-2).tolist(), [-1, 0, 1, 3]),
    (lambda: util.update_indices(np.array([3, 2, 5, 1]), [1, 3], 5, offset=1, mark=0).tolist(), [2, 0, 3, 1]),
    (lambda: util.update_indices(np.array([]), [1, 3], 5, offset=1, mark=0).tolist(), []),
    (lambda: [x.tolist() for x in util.sorted_append("aaB", np.array(["aA", "aB", "bB"]), [0, 1, 1, 0, 2])],
     [["aA", "aB", "aaB", "bB"], [0, 1, 1, 0, 3, 2]]),
    (lambda: [x.tolist() for x in util.sorted_append("c", np.array(["aA", "aB", "bB"]), [0, 1, 1, 0, 2])],
     [["aA", "aB", "bB", "c"], [0, 1, 1, 0, 2, 3]]),
    (lambda: [util.can_sanitize(x) for x in ([0, 1, 2], 0, "ab", {0, 1, 2}, {0: "a"})],
     [True, True, True, False, False]),
    (lambda: util.str_to_num("1.0,2,").tolist(), [1, 2]), (lambda: util.str_to_num("").tolist(), [0]),
    (lambda: util.str_to_num("2.5,-1.4,").tolist(), [2.5, -1.4]),
    (lambda: util.str_to_num("a,1.0,", silent=True).tolist(), ["a", 1]),
    (lambda: util.sanitize([1, 2.5]).dtype, np.dtype(float)),
    (lambda: util.sanitize([1, 2.5], prevent_upcasting=True).dtype, np.dtype(object)),
    (lambda: util.contains(["a", "b"])("aa,bb,ab,"), [0, 1, 2]), (lambda: util.startswith("c,")(["aa", "bb"]), []),
    (lambda: [util.remove_suffix(w, x) for w, x in (("1.1", ".0"), ("abcd", "c"), ("abcd", "d"))],
     ["1.1", "abcd", "abc"]),
    (lambda: util.aggregate_triples(["a", "a", "b"], ["A", "A", "B"], [2, 2, 3], util.times)[2].tolist(), [4, 3]),
])
def test_util_as_d4m_py_tests_it(got, expected):
    assert got() == expected


# ---- cases from D4M.py's own tests (test/test_assoc.py: set_row, set_val, set_adj, to_dict) ----

ONES = Assoc("a,a,b,", "A,B,B,", 1)
STRS = Assoc("a,a,b,", "A,B,B,", "aA,aB,bB,")


@pytest.mark.parametrize("got,expected", [
    (lambda: ONES.copy().set_row("1,2,"), Assoc("1,1,2,", "A,B,B,", 1)),
    (lambda: ONES.copy().set_row("1,2,3,"), Assoc("1,1,2,", "A,B,B,", 1)),
    (lambda: ONES.copy().set_col("1,2,"), Assoc("a,a,b,", "1,2,2,", 1)),
    (lambda: ONES.copy().set_val("1,2,"), Assoc("a,a,b,", "A,B,B,", "1,")),  # every 1.0 points at '1'
    (lambda: ONES.copy().set_val("2,"), Assoc("a,a,b,", "A,B,B,", "2,")),
    (lambda: ONES.copy().set_val(2), Assoc("a,a,b,", "A,B,B,", 2)),
    (lambda: STRS.copy().set_val("Aa,Ba,Bb,"), Assoc("a,a,b,", "A,B,B,", "Aa,Ba,Bb,")),
    (lambda: STRS.copy().set_val(0), Assoc()),
    (lambda: ONES.copy().set_adj(sp.coo_matrix(([1, 2, 3], ([0, 0, 1], [0, 1, 1])))),
     Assoc("a,a,b,", "A,B,B,", [1, 2, 3])),
    (lambda: ONES.copy().set_adj(sp.coo_matrix(([1], ([0], [0])))), Assoc("a,", "A,", 1)),
    (lambda: STRS.copy().set_adj(sp.coo_matrix(([1, 2, 3], ([0, 0, 1], [0, 1, 1])))),
     Assoc("a,a,b,", "A,B,B,", [1, 2, 3])),
    (lambda: STRS.copy().set_adj(sp.coo_matrix(([1, 2, 3], ([0, 0, 1], [0, 1, 1]))), numerical=False), STRS),
])
def test_setters_as_d4m_py_tests_them(got, expected):
    assert assoc_equal(got(), expected, return_info=True)


def test_to_dict_with_numeric_keys_as_d4m_py_tests_it():
    assert Assoc([1, 3, 5, 3], [2, 4, 6, 2], [2, 12, 30, 6]).to_dict() == {1: {2: 2}, 3: {2: 6, 4: 12}, 5: {6: 30}}


# ---- D4M.py's own test/test_assoc.py cases, its expected arrays as it writes them ----

def _num_lex(x, y):  # D4M.py's test sort key num_lex_sort
    return str(x) < str(y)


def _shortlex(x, y):  # D4M.py's test sort key shortlex_sort
    return len(x) < len(y) if len(x) != len(y) else x < y


E0 = Assoc([], [], [])
X1, X2 = Assoc("a,a,b,b,", "A,B,A,B,", "aA1,,bA1,bB2,"), Assoc("a,a,b,b,", "A,B,A,B,", "aA2,aB2,,bB1,")
N1, N2 = Assoc("a,a,b,b,", "A,B,A,B,", [10, 0, 2, -2]), Assoc("a,a,b,b,", "A,B,A,B,", [2, -1, 0, -2])
S1 = Assoc("a,b,b,c,d,e,", "A,A,B,C,D,E,", "aAA,bAA,bZ,cC,,eE,")
S2 = Assoc("a,b,b,c,d,e,", "A,A,B,C,D,E,", "aZ,bZ,bBB,,dD,eE,")
N2m = Assoc("a,a,b,b,", "A,B,A,B,", [2, -1, 0, -1])  # test_min and test_max's second array
S1m, S2m = Assoc("a,b,b,c,d,", "A,A,B,C,D,", "aAA,bAA,bZ,cC,,"), Assoc("a,b,b,c,d,", "A,A,B,C,D,", "aZ,bZ,bBB,,dD,")
C1, C2 = Assoc("a,a,b,b,c,", "A,B,A,B,C,", [10, 0, 2, -1, 1]), Assoc("a,a,b,b,c,", "A,B,A,B,C,", [2, -1, 0, -2, 1])
M5 = Assoc("a,b,b,c,c,", "A,A,B,A,B,", [7, -1, 4.5, 3, -3])
I3 = Assoc([1, 1, 3], [2, 4, 6], [2, 4, 18])
ABB = Assoc("a,b,b,", "A,A,B,", 1)
AAB = Assoc("a,a,b,", "A,B,B,", 1)
SABB, SAAB = Assoc("a,b,b,", "A,A,B,", "aA,bA,bB,"), Assoc("a,a,b,", "A,B,B,", "aA,aB,bB,")
Q3 = Assoc("a,a,b,", "A,B,B,", [1, 2, 3])


@pytest.mark.parametrize("got,expected", [
    # test_sum
    (lambda: M5.sum(1), Assoc("a,b,", 0, [7, 3.5])), (lambda: M5.sum(0), Assoc(0, "A,B,", [9, 1.5])),
    (lambda: SABB.sum(1), Assoc("a,b,", 0, [1, 2])), (lambda: SABB.sum(0), Assoc(0, "A,B,", [2, 1])),
    # test_nocol, test_norow, test_transpose, test_logical, test_diag
    (lambda: Assoc("a,b,c,d,", "A,", 2).nocol(), Assoc("a,b,c,d,", 0, 1)),
    (lambda: Assoc("a,", "A,B,C,D,", 2).norow(), Assoc(0, "A,B,C,D,", 1)), (lambda: E0.nocol(), E0),
    (lambda: Assoc([1, 2, 2, 5], [1, 3, 2, 5], "1-1,2-3,2-2,5-5,").transpose(),
     Assoc([1, 3, 2, 5], [1, 2, 2, 5], "1-1,2-3,2-2,5-5,")),
    (lambda: Assoc([1, 2, 2, 5], [1, 3, 2, 5], "1-1,2-3,2-2,5-5,").logical(), Assoc([1, 2, 2, 5], [1, 3, 2, 5], 1)),
    (lambda: ABB.diag(), E0), (lambda: Assoc("a,b,b,", "a,a,b,", 1).diag(), Assoc("a,b,", "a,b,", 1)),
    (lambda: Assoc([1, 2, 2, 5], [1, 3, 2, 5], [2.4, 1, 9.7, -1]).diag(), Assoc([1, 2, 5], [1, 2, 5], [2.4, 9.7, -1])),
    (lambda: Assoc([1, 2, 3, 5], [1, 3, 2, 5], "1-1,2-3,3-2,5-5,").diag(), Assoc([1, 5], [1, 5], "1-1,5-5,")),
    # test_combine
    (lambda: Assoc("a,b,", "A,B,", 1).combine(Assoc("a,b,", "A,C,", 1), util.add),
     Assoc("a,b,b,", "A,B,C,", [2, 1, 1])),
    (lambda: SABB.combine(SAAB, util.add), Assoc("a,a,b,b,", "A,B,A,B,", "aAaA,aB,bA,bBbB,")),
    (lambda: Assoc("a,b,c,", "A,B,C,", 2).combine(Assoc("a,b,d,", "A,B,D,", 3), util.times, right_zero=True,
                                                  left_zero=True), Assoc("a,b,", "A,B,", 6)),
    # test_semiring_prod
    (lambda: I3.semiring_prod(Assoc([2, 3, 4, 4], "a,a,b,c,", 1), util.add, util.times),
     Assoc([1, 1, 1], "a,b,c,", [2, 4, 4])),
    (lambda: I3.semiring_prod(Assoc([2, 3, 4, 4], "a,a,b,c,", [-1, 4, 2, 7]), util.add, util.times),
     Assoc([1, 1, 1], "a,b,c,", [-2, 8, 28])),
    (lambda: Assoc("a,d,b,b,c,d,a,", [1, 3, 7, 1, 5, 2, 1], 1).semiring_prod(
        Assoc([1, 2, 3, 5, 7], "A,B,C,D,E,", 1), util.add, util.times), Assoc("a,d,b,b,c,d,a,", "A,C,E,A,D,B,A,", 1)),
    (lambda: Assoc("a,b,", "A,B,", 1).semiring_prod(Assoc("a,b,", "A,B,", 1), util.add, util.times), E0),
    # test_add, test_sub
    (lambda: Assoc("a,b,", "A,B,", 1) + Assoc("a,b,", "A,C,", 1), Assoc("a,b,b,", "A,B,C,", [2, 1, 1])),
    (lambda: SABB + SAAB, Assoc("a,a,b,b,", "A,B,A,B,", "aAaA,aB,bA,bBbB,")), (lambda: SABB + E0, SABB),
    (lambda: Assoc("a,b,", "A,B,", 1) - Assoc("a,b,", "A,B,", 1), E0),
    (lambda: Assoc("a,b,", "A,B,", 1) - Assoc("a,b,", "A,C,", 1), Assoc("b,b,", "B,C,", [1, -1])),
    (lambda: SABB - SAAB, Assoc("b,", "A,", "bA,")), (lambda: SABB - E0, SABB),
    # test_matmul
    (lambda: Assoc("a,b,", "A,B,", 1) @ Assoc("A,B,", "a,b,", 1), Assoc("a,b,", "a,b,", 1)),
    (lambda: AAB @ Assoc("A,A,B,", "a,b,b,", 1), Assoc("a,a,b,", "a,b,b,", [1, 2, 1])),
    (lambda: Assoc("a,b,c,", "A,B,C,", "aA,bB,cC,") @ Assoc("A,B,D,", "a,b,d,", "Aa,Bb,Dd,"), Assoc("a,b,", "a,b,", 1)),
    (lambda: Assoc("a,b,", "A,B,", 1) @ E0, E0),
    (lambda: I3 @ Assoc([2, 3, 4, 4], "a,a,b,c,", 1), Assoc([1, 1, 1], "a,b,c,", [2, 4, 4])),
    # test_elementwise_multiply
    (lambda: ABB * AAB, Assoc("a,b,", "A,B,", 1)), (lambda: ABB * E0, E0),
    (lambda: Assoc("a,b,", "A,B,", 1) * Assoc("b,a,", "A,B,", 1), E0),
    (lambda: Assoc("a,b,", "A,B,", 1) * Assoc("a,", "A,", "aA,"), Assoc("a,", "A,", 1)),
    (lambda: Assoc("a,b,", "A,B,", "aA,bB,") * Assoc("a,", "A,", 1), Assoc("a,", "A,", "aA,")),
    (lambda: Assoc("1,2,2,", "0,0,1,", [2, 3, 4]) * Assoc("1,1,2,", "0,1,1,", [2, 3, 4]),
     Assoc("1,2,", "0,1,", [4, 16])),
    (lambda: Assoc("a,b,c,", "A,B,C,", 2) * Assoc("a,c,", "A,C,", "aA,cC,"), Assoc("a,c,", "A,C,", 2)),
    (lambda: Assoc("a,b,c,", "A,B,C,", "Aa,Bb,Cc,") * Assoc("a,c,", "A,C,", "aA,cC,"), Assoc("a,c,", "A,C,", "Aa,Cc,")),
    (lambda: Assoc("a,b,c,", "A,B,C,", "Aa,Bb,Cc,") * Assoc("a,c,", "A,C,", 2), Assoc("a,c,", "A,C,", "Aa,Cc,")),
    # test_elementwise_divide, test_divide_scalar, test_mul_scalar (A @ number)
    (lambda: Assoc("a,b,", "A,B,", 2).divide(Assoc("a,b,", "A,B,", 3)), Assoc("a,b,", "A,B,", 2 / 3)),
    (lambda: Assoc("a,b,", "A,B,", "aA,bB,").divide(Assoc("a,", "A,", 1)), Assoc("a,", "A,", 1)),
    (lambda: Assoc("1,2,2,", "0,0,1,", [2, 3, 4]).divide(Assoc("1,1,2,", "0,1,1,", [2, 3, 4])),
     Assoc("1,2,", "0,1,", 1)),
    (lambda: Assoc("a,b,c,", "A,B,C,", "Aa,Bb,Cc,").divide(Assoc("a,c,", "A,C,", 2)), Assoc("a,c,", "A,C,", 1 / 2)),
    (lambda: Q3.divide(3.1), Assoc("a,a,b,", "A,B,B,", [1 / 3.1, 2 / 3.1, 3 / 3.1])),
    (lambda: Assoc("a,a,b,", "A,B,B,", "aA,aB,bB,").divide(3), Assoc("a,a,b,", "A,B,B,", 1 / 3)),
    (lambda: Q3 @ -2.3, Assoc("a,a,b,", "A,B,B,", [-2.3, -4.6, -6.9])),
    (lambda: 3 @ Q3, Assoc("a,a,b,", "A,B,B,", [3, 6, 9])), (lambda: Q3 @ 0, E0),
    (lambda: Assoc("a,a,b,", "A,B,B,", "aA,aB,bB,") @ 3, Assoc("a,a,b,", "A,B,B,", 3)),
    # test_min, test_max
    (lambda: Assoc("a,b,b,", "A,A,B,", [-1, 1, 2]).min(E0), Assoc("a,", "A,", [-1])),
    (lambda: Assoc("a,b,b,", "A,A,B,", "aA1,bA1,bB2,").min(Assoc("a,a,b,", "A,B,B,", "aA2,aB2,bB1,")),
     Assoc("a,b,", "A,B,", "aA1,bB1,")),
    (lambda: X1.min(X2, sort_key=str.__lt__), Assoc("a,b,", "A,B,", "aA1,bB1,")),
    (lambda: N1.min(N2m, sort_key=_num_lex), Assoc("a,a,b,", "A,B,B,", [10, -1, -1])),
    (lambda: S1m.min(S2m, sort_key=_shortlex), Assoc("a,b,b,", "A,A,B,", "aZ,bZ,bZ,")),
    (lambda: Assoc("a,b,b,", "A,A,B,", [-1, 1, 2]).max(E0), Assoc("b,b,", "A,B,", [1, 2])),
    (lambda: Assoc("a,b,b,", "A,A,B,", "aA1,bA1,bB2,").max(Assoc("a,a,b,", "A,B,B,", "aA2,aB2,bB1,"), str.__lt__),
     Assoc("a,a,b,b,", "A,B,A,B,", "aA2,aB2,bA1,bB2,")),
    (lambda: N1.max(N2m, sort_key=_num_lex), Assoc("a,a,b,b,", "A,B,A,B,", [2, 0, 2, -2])),
    (lambda: S1m.max(S2m, sort_key=_shortlex), Assoc("a,b,b,c,d,", "A,A,B,C,D,", "aAA,bAA,bBB,cC,dD,")),
    # test_and, test_or, test_sqin, test_sqout
    (lambda: SABB & SAAB, Assoc("a,b,", "A,B,", 1)), (lambda: Assoc("a,", "A,", 1) & Assoc("b,", "B,", 1), E0),
    (lambda: SABB | SAAB, Assoc("a,a,b,b,", "A,B,A,B,", 1)),
    (lambda: ABB.sqin(), Assoc("A,B,B,A,", "A,A,B,B,", [2, 1, 1, 1])),
    (lambda: Assoc([2, 2, 4, 6], [1, 3, 3, 1], 1).sqin(), Assoc([1, 1, 3, 3], [1, 3, 1, 3], [2, 1, 1, 2])),
    (lambda: Assoc("a,b,b,", "A,A,B,", [2, 3, 1]).sqout(), Assoc("a,a,b,b,", "a,b,a,b,", [4, 6, 6, 10])),
    (lambda: Assoc([2, 2, 4, 6], [1, 3, 3, 1], 1).sqout(),
     Assoc([2, 2, 2, 4, 4, 6, 6], [2, 4, 6, 2, 4, 2, 6], [2, 1, 1, 1, 1, 1, 1])),
    # test_catkeymul, test_catvalmul
    (lambda: Assoc("a,a,b,", "A,B,A,", "aA,aB,bA,").catkeymul(Assoc("A,A,B,", "a,b,b,", 2)),
     Assoc("a,a,b,b,", "a,b,a,b,", "A;,A;B;,A;,A;,")),
    (lambda: Assoc("a,a,b,c,", "A,B,A,C,", 1).catkeymul(Assoc("A,A,B,D,", "a,b,b,d,", 1), "+"),
     Assoc("a,a,b,b,", "a,b,a,b,", "A+,A+B+,A+,A+,")),
    (lambda: Assoc([1, 1, 3, 3], [2, 4, 2, 10], [1, 1, 2, 1]).catkeymul(
        Assoc([2, 2, 4, 10, 10], [1, 3, 1, 1, 3], [-10, 2, 10, 10, 1])),
     Assoc([1, 1, 3, 3], [1, 3, 1, 3], "2;4;,2;,2;10;,2;10;,")),
    (lambda: Assoc("a,a,b,", "A,B,A,", [1, 2, 3]).catvalmul(Assoc("A,A,B,", "a,b,b,", [3, 2, 1])),
     Assoc("a,a,b,b,", "a,b,a,b,", ["1,3,;", "1,2,;2,1,;", "3,3,;", "3,2,;"])),
    (lambda: Assoc("a,a,b,c,", "A,B,A,C,", "aA,aB,bA,cC,").catvalmul(Assoc("A,A,B,D,", "a,b,b,d,", "Aa,Ab,Bb,Dd,"),
                                                                     "*", "+"),
     Assoc("a,a,b,b,", "a,b,a,b,", ["aA*Aa*+", "aA*Ab*+aB*Bb*+", "bA*Aa*+", "bA*Ab*+"])),
    (lambda: Assoc([1, 1, 3, 3], [2, 4, 2, 10], [1, 1, 2, 1]).catvalmul(
        Assoc([2, 2, 4, 10, 10], [1, 3, 1, 1, 3], [-10.5, 2, 10, 10, 1]), delimiter="&"),
     Assoc([1, 1, 3, 3], [1, 3, 1, 3], ["1,-10.5,&1,10,&", "1,2,&", "2,-10.5,&1,10,&", "2,2,&1,1,&"])),
    # test_compare, test_compare_inverse
    (lambda: C1.compare(C2, _num_lex), Assoc("a,b,", "A,B,", 1)),
    (lambda: C2.compare(C1, _num_lex), Assoc("a,b,", "B,A,", 1)),
    (lambda: S1.compare(S2, _shortlex), Assoc("b,d,", "B,D,", 1)),
    (lambda: C1.compare(C2, _num_lex, inverse=True), Assoc("a,b,", "B,A,", 1)),
    (lambda: S1.compare(S2, _shortlex, inverse=True), Assoc("a,b,c,", "A,A,C,", 1)),
    # test_eq, test_ne, test_lt, test_gt, test_le, test_ge
    (lambda: Assoc("a,b,", "A,B,", 1) == Assoc("a,b,", "A,B,", [1, 2]), Assoc("a,", "A,", 1)),
    (lambda: Assoc("a,b,", "A,B,", 1) == Assoc("a,b,", "A,B,", "aA,bB,"), E0),
    (lambda: SABB == Assoc("a,b,c,", "A,B,C,", "aA,bB,cC,"), Assoc("a,b,", "A,B,", 1)),
    (lambda: Assoc("a,b,", "A,B,", [1, 2]) == 1, Assoc("a,", "A,", 1)),
    (lambda: Assoc("a,b,", "A,B,", 1) != Assoc("a,b,", "A,B,", "aA,bB,"), Assoc("a,b,", "A,B,", 1)),
    (lambda: SABB != Assoc("a,b,c,", "A,B,C,", "aA,bB,cC,"), Assoc("b,c,", "A,C,", 1)),
    (lambda: Assoc("a,b,", "A,B,", [1, 2]) != 1, Assoc("b,", "B,", 1)),
    (lambda: X1 < X2, Assoc("a,a,", "A,B,", 1)), (lambda: N1 < N2, E0), (lambda: S1 < S2, Assoc("a,b,d,", "A,A,D,", 1)),
    (lambda: X1 > X2, Assoc("b,b,", "A,B,", 1)), (lambda: N1 > N2, Assoc("a,a,b,", "A,B,A,", 1)),
    (lambda: S1 > S2, Assoc("b,c,", "B,C,", 1)),
    (lambda: X1 <= X2, Assoc("a,a,", "A,B,", 1)), (lambda: N1 <= N2, Assoc("b,", "B,", 1)),
    (lambda: S1 <= S2, Assoc("a,b,d,e,", "A,A,D,E,", 1)),
    (lambda: X1 >= X2, Assoc("b,b,", "A,B,", 1)), (lambda: N1 >= N2, Assoc("a,a,b,b,", "A,B,A,B,", 1)),
    (lambda: S1 >= S2, Assoc("b,c,e,", "B,C,E,", 1)),
    (lambda: Assoc("a,b,b,", "A,A,B,", [-1, 1, 2]) < Assoc("a,b,b,", "A,A,B,", [0, 0, 0]), Assoc("a,", "A,", 1)),
    # test_val2col, test_col_to_type
    (lambda: val2col(Assoc("a,b,a,", "A,B,B,", "1,2,3,"), int_aware=False), Assoc("a,b,a,", "A|1,B|2,B|3,", 1)),
    (lambda: val2col(Assoc("a,b,a,", "A,B,B,", [1, 2, 3]), ":", False), Assoc("a,b,a,", "A:1.0,B:2.0,B:3.0,", 1)),
    (lambda: val2col(Assoc("a,b,a,", "A,B,B,", "1,2,3,"), "/"), Assoc("a,b,a,", "A/1,B/2,B/3,", 1)),
    (lambda: col_to_type(Assoc("a,b,a,", "A:1,B:2,B:3,", 1), ":"), Assoc("a,b,a,", "A,B,B,", [1, 2, 3])),
    (lambda: col_to_type(Assoc("a,b,a,", "A:1,B:2,B:3,", 1), ":", False), Assoc("a,b,a,", "A,B,B,", "1,2,3,")),
    (lambda: col_to_type(Assoc("a,b,a,", "A|aA,B|bB,B|aB,", 1)), Assoc("a,b,a,", "A,B,B,", "aA,bB,aB,")),
    (lambda: col_to_type(E0), E0),
])
def test_assoc_as_d4m_py_tests_it(got, expected):
    result, wanted = assoc_dict(got()), assoc_dict(expected)
    assert result.keys() == wanted.keys()
    for key, value in wanted.items():
        assert result[key] == (pytest.approx(value) if isinstance(value, float) else value), key


TREES = Assoc("amber,ash,birch,", "color,color,color,", "amber,auburn,white,")


@pytest.mark.parametrize("got,expected", [
    # test_getitem: a slice leaves out its end (slice(0, 2, 1) is amber and ash), positions are sorted keys
    (lambda: TREES[slice(0, 2, 1), slice(None, None, None)], Assoc("amber,ash,", "color,color,", "amber,auburn,")),
    (lambda: TREES[[0, 1], ":"], Assoc("amber,ash,", "color,color,", "amber,auburn,")),
    (lambda: TREES[np.array([0, 1]), ":"], Assoc("amber,ash,", "color,color,", "amber,auburn,")),
    (lambda: TREES[0, ":"], Assoc("amber,", "color,", "amber,")),
    (lambda: TREES[util.startswith("a,"), ":"], Assoc("amber,ash,", "color,color,", "amber,auburn,")),
    (lambda: TREES[util.startswith("c,"), ":"], E0),
    (lambda: Assoc("amber,ash,birch,", "color,height,leaf_color,", ["amber", 1.7, "green"])[
        ":", util.contains("color,")], Assoc("amber,birch,", "color,leaf_color,", ["amber", "green"])),
    (lambda: Assoc("amber,ash,birch,", "color,size,beauty,", "amber,big,ugly,")[":", np.array([0, 2])],
     Assoc("ash,birch,", "size,beauty,", "big,ugly,")),
    (lambda: Assoc("a,b,a,b,", "A,B,B,A,", "aA,bB,aB,bA,")["a,b,", "A,"], Assoc("a,b,", "A,A,", "aA,bA,")),
    (lambda: Assoc("a,b,", "A,B,", [2, 3])["a,", "A,B,"], Assoc("a,", "A,", [2])),
])
def test_getitem_as_d4m_py_tests_it(got, expected):
    assert assoc_dict(got()) == assoc_dict(expected)


def test_reading_as_d4m_py_tests_it():
    # test_get_value, test_nnz, test_size, test_get_val
    two = Assoc("a,b,", "A,B,", [2, 3])
    assert two.get_value("b", "B") == 3 and two.get_value("c", "B") == 0
    assert Assoc("a,b,a,b,", "A,B,B,A,", "aA,bB,aB,bA,").get_value("a", "B") == "aB"
    assert [Assoc("a,b,", "A,B,", [2, 0]).nnz(), Assoc("amber,ash,birch,", "color,color,color,", "amber,,white,").nnz(),
            Assoc("a,", "A,", [""]).nnz(), E0.nnz()] == [1, 2, 0, 0]
    assert [TREES.size(), Assoc("amber,ash,birch,", "color,height,leaf_color,", ["amber", 1.7, "green"]).size(),
            E0.size()] == [(3, 1), (3, 3), (0, 0)]
    assert Assoc("a,b,a,", "A,B,A,", [3, 2, 3], None, util.times).get_val().tolist() == [2.0, 9.0]
    assert Assoc("a,b,", "A,B,", ["aA", "bA", "aB"], sp.coo_matrix(np.array([[1, 3], [0, 2]]))).get_val().tolist() \
        == ["aA", "aB", "bA"]


def test_assoc_equal_as_d4m_py_tests_it():
    assert assoc_equal(Assoc("a,b,", "A,B,", 1), Assoc("a,b,", "A,B,", [1.0, 1.0]))
    assert assoc_equal(Assoc(["a", "b"], ["A", "B"], 1), Assoc("a,b,", "A,B,", 1))
    assert not assoc_equal(Assoc("a,b,", "A,B,", 1), Assoc("a,b,a,", "A,B,B,", [1, 1, 1]))
    assert assoc_equal(Assoc("a,b,", "A,B,", [1, 2]), Assoc("a,b,c,", "A,B,C,", [1, 2, 0]))
    assert assoc_equal(Assoc("b,a,", "B,A,", 1), Assoc("a,b,", "A,B,", 1))
