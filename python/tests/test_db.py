"""Tables through the bridge against brute force: round trips, every query form, writes, errors, mult."""
import os

import numpy as np
import pytest

import tabulo
from tabulo import Assoc, TabuloError
from oracles import assoc_dict, matches, triples_dict

UNICODE_ROWS = ["alice", "bob", "carl", "é", "ü,comma", "tab\there", "new\nline", "colon:key", "\U0001F600",
                "\uffff", "日本", "a b", "x1", "x2", "x10", "y"]
COLS = ["src|10.0.0.1", "src|10.0.0.2", "dst|é", "n", "x*star", "k:v"]


def random_table(seed, n=400, strings=False):
    rng = np.random.default_rng(seed)
    rows = [UNICODE_ROWS[i] for i in rng.integers(0, len(UNICODE_ROWS), n)]
    cols = [COLS[i] for i in rng.integers(0, len(COLS), n)]
    if strings:
        vals = [f"v{i},ü" for i in rng.integers(0, 20, n)]
    else:
        vals = [float(v) for v in rng.integers(1, 50, n)]
    return rows, cols, vals


@pytest.mark.both_hosts
def test_round_trip_of_unicode_keys_numbers_and_strings(db):
    for strings in (False, True):
        rows, cols, vals = random_table(1, strings=strings)
        a = Assoc(rows, cols, vals)
        t = db["S" if strings else "N"]
        t.put(a)
        b = t[:, :]
        assert assoc_dict(b) == assoc_dict(a) == triples_dict(rows, cols, vals)
        assert b.is_numeric() != strings
        assert t.nnz() == a.nnz()
        assert list(b.row) == sorted(set(b.row), key=lambda k: k.encode("utf-8"))
    assert db.ls() == ["N", "S"]


def test_numbers_come_back_exactly(db):
    vals = [0.1, 1e-9, -3.0, 2.0 ** 53, 1.5e300, 123456.789]
    t = db["T"]
    t.put(Assoc([f"r{i}" for i in range(len(vals))], "c,", vals))
    assert sorted(t[:, :].find()[2].tolist()) == sorted(vals)


def test_nan_and_infinities_stay_numbers(db):
    # the engine's decimal codec holds them ("NaN", "Infinity") and operations make them (1 / 0)
    t = db["T"]
    t.put_triple("a,b,c,d,", "x,", [1.5, float("nan"), float("inf"), -np.inf])
    rows, _, vals = t[:, :].find()
    assert t[:, :].is_numeric() and rows.tolist() == ["a", "b", "c", "d"]
    assert vals[0] == 1.5 and np.isnan(vals[1]) and vals[2] == np.inf and vals[3] == -np.inf
    db["Z"].put_triple("a,", "x,", [0.0])
    assert db.apply("Z", "C", "minv").to_assoc().find()[2].tolist() == [np.inf]


def test_keys_holding_nul_take_the_slow_path(db):
    t = db["T"]
    t.put_triple(["a\0b", "c"], ["x", "y\0z"], ["v\0w", "u"])
    assert assoc_dict(t[:, :]) == {("a\0b", "x"): "v\0w", ("c", "y\0z"): "u"}


QUERIES = [":", "alice,bob,", "b,:,x1,", ":,carl,", "x,:,", "x*,", "alice,c,:,é,x*,", ",", "日*,",
           "\U0001F600,", "ü,comma;x2;"]


@pytest.mark.both_hosts
@pytest.mark.parametrize("spec", QUERIES)
def test_every_query_form_against_brute_force(db, spec):
    rows, cols, vals = random_table(2)
    t = db["T"]
    t.put_triple(rows, cols, vals)
    whole = triples_dict(rows, cols, vals, collide=lambda a, b: b)  # the last write wins
    assert assoc_dict(t[spec, :]) == {k: v for k, v in whole.items() if matches(k[0], spec)}
    col_spec = {":": ":", ",": ","}.get(spec, "src|*,n,dst|é,")
    assert assoc_dict(t[spec, col_spec]) == {
        k: v for k, v in whole.items() if matches(k[0], spec) and matches(k[1], col_spec)}
    assert assoc_dict(t[:, "k:v,"]) == {k: v for k, v in whole.items() if k[1] == "k:v"}
    assert assoc_dict(t[["alice", "x10"], ["n"]]) == {
        k: v for k, v in whole.items() if k[0] in ("alice", "x10") and k[1] == "n"}


def test_d4m_startswith_selects_prefixes_of_a_table(db):
    from tabulo.D4M.util import contains, startswith
    rows, cols, vals = random_table(2)
    t = db["T"]
    t.put_triple(rows, cols, vals)
    assert assoc_dict(t[startswith("x,al,"), startswith("src|,")]) == assoc_dict(t["x*,al*,", "src|*,"])
    assert t[startswith("x,"), :].row.tolist() == ["x1", "x10", "x2"]
    with pytest.raises(TypeError, match="a table is selected by keys, ranges or startswith"):
        t[contains("x,"), :]


@pytest.mark.both_hosts
def test_put_triple_takes_lists_arrays_and_d4m_strings_and_the_last_wins(db):
    t = db["T"]
    t.put_triple("a,b,a,", "x,y,x,", "1,2,3,")
    t.put_triple(np.array(["c", "d"]), ["x", "x"], np.array([4.0, 5.0]))
    t.put_triple(["e", "f"], "z,", 7)  # one column and one value repeat
    assert assoc_dict(t[:, :]) == {("a", "x"): 3.0, ("b", "y"): 2.0, ("c", "x"): 4.0, ("d", "x"): 5.0,
                                   ("e", "z"): 7.0, ("f", "z"): 7.0}
    t.put(Assoc("a,", "x,", [9]))  # a later put wins over an earlier one
    assert t["a,", :].find()[2].tolist() == [9.0]
    with pytest.raises(ValueError, match="same length"):
        t.put_triple("a,b,", "x,y,z,", 1)


@pytest.mark.both_hosts
def test_tables_are_listed_created_on_use_and_deleted(db):
    assert db.ls() == []
    db["B"].put_triple("r,", "c,", 1)
    db["A"]
    assert db.ls() == ["A", "B"]
    assert db["A"].nnz() == 0 and db["A"][:, :].nnz() == 0
    db.delete_table("A")
    assert db.ls() == ["B"]
    with pytest.raises(TabuloError, match="^no such table: A$"):
        db.delete_table("A")


@pytest.mark.both_hosts
def test_a_pair_writes_both_and_reads_columns_from_the_transpose(db):
    rows, cols, vals = random_table(3, strings=True)
    pair = db["E", "ET"]
    pair.put(Assoc(rows, cols, vals))
    whole = triples_dict(rows, cols, vals)
    assert assoc_dict(db["ET"][:, :]) == {(c, r): v for (r, c), v in whole.items()}
    for spec in ("src|*,", "n,k:v,", "dst|é,"):
        assert assoc_dict(pair[:, spec]) == {k: v for k, v in whole.items() if matches(k[1], spec)}
    # proof that the transpose is read: change only the transpose
    db["ET"].put_triple("n,", "alice,", "only-in-transpose,")
    assert pair[:, "n,"]["alice,", :].find()[2].tolist() == ["only-in-transpose"]
    assert "only-in-transpose" not in pair["alice,", :].find()[2].tolist()


@pytest.mark.both_hosts
def test_errors_are_one_line_python_exceptions(db, monkeypatch):
    t = db["T"]
    with pytest.raises(TabuloError) as e:
        t["b,:,a,", :]
    assert str(e.value) == ('rows: invalid key spec "b,:,a,": range \'b\' to \'a\' is backwards: '
                            'its start sorts after its end')
    with pytest.raises(TabuloError) as e:
        t[:, "a,,"]
    assert str(e.value).startswith('cols: invalid key spec "a,,": token 2 is empty')
    monkeypatch.setenv("TABULO_DEBUG", "1")
    with pytest.raises(TabuloError) as e:
        t["b,:,a,", :]
    assert "\n" in str(e.value) and "\tat tabulo.python.Bridge" in str(e.value)
    with pytest.raises(TypeError, match="not by positions"):
        t[0:2, :]


def test_a_table_selected_by_a_number_is_a_type_error(db):
    t = db["S"]
    t.put_triple("a,5,", "x,", [1, 2])
    with pytest.raises(TypeError) as e:
        t[5, :]
    assert str(e.value) == ("rows: a table is selected by keys (a D4M string such as 'a,:,b,', or a list of keys), "
                            "not by a number: got 5 (the key '5' is '5,' or [5])")
    with pytest.raises(TypeError, match=r"^cols: a table is selected by keys .* got 5\.5 \(the key '5\.5' is"):
        t["a,:,", 5.5]
    with pytest.raises(TypeError, match="^rows: a table is selected by keys"):
        db.extract("S", "X", rows=5)
    assert assoc_dict(t[[5], :]) == assoc_dict(t["5,", :]) == {("5", "x"): 2.0}  # a list holds keys


def test_connect_makes_only_the_last_folder_and_takes_no_other_folder_over(tmp_path):
    typo = tmp_path / "typo" / "db"
    with pytest.raises(TabuloError) as e:
        tabulo.connect(typo)
    assert str(e.value) == (f"cannot create database {typo}: folder {typo.parent} does not exist (a new database "
                            "is made only inside an existing folder)")
    assert not typo.parent.exists()
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "todo.txt").write_text("keep me")
    with pytest.raises(TabuloError) as e:
        tabulo.connect(notes)
    assert str(e.value) == (f"cannot open database {notes}: it is not a Tabulo database (it has no CATALOG) and "
                            "not empty; give the folder of a database, or a new or empty one")
    assert os.listdir(notes) == ["todo.txt"]
    typo.parent.mkdir()  # an empty folder becomes a database, as a new one does
    for folder in (tmp_path / "new", typo.parent):
        with tabulo.connect(folder) as db:
            db["T"].put_triple("a,", "b,", 1)
        with tabulo.connect(folder) as db:
            assert db.ls() == ["T"]


def test_a_database_in_use_is_refused(db):
    with pytest.raises(TabuloError, match="in use"):
        tabulo.connect(db.path)


def brute_product(da, db_, transpose_a=False, add=lambda x, y: x + y, mul=lambda x, y: x * y):
    if transpose_a:
        da = {(c, r): v for (r, c), v in da.items()}
    out = {}
    for (i, k), x in da.items():
        for (k2, j), y in db_.items():
            if k == k2:
                out[(i, j)] = add(out[(i, j)], mul(x, y)) if (i, j) in out else mul(x, y)
    return out


@pytest.mark.both_hosts
def test_mult_matches_brute_force_and_scipy(db):
    rng = np.random.default_rng(4)
    a = Assoc([f"k{i}" for i in rng.integers(0, 15, 200)], [f"m{i}" for i in rng.integers(0, 10, 200)],
              rng.integers(1, 9, 200).astype(float))
    b = Assoc([f"m{i}" for i in rng.integers(0, 10, 200)], [f"n{i}" for i in rng.integers(0, 12, 200)],
              rng.integers(1, 9, 200).astype(float))
    db["A"].put(a)
    db["B"].put(b)
    c = db.mult("A", "B", "C")
    assert isinstance(c, tabulo.DbTable) and c.name == "C"
    assert assoc_dict(c.to_assoc()) == brute_product(assoc_dict(a), assoc_dict(b))
    ma, _, _ = a.to_scipy()
    mb, _, _ = b.to_scipy()
    assert c.to_assoc().sum() == pytest.approx((ma @ mb).sum())
    db["A2"].put(a.transpose())
    ct = db.mult("A2", "B", "CT", transpose_a=True)
    assert assoc_dict(ct.to_assoc()) == assoc_dict(c.to_assoc())
    cm = db.mult("A", "B", "CM", semiring="min.plus")
    assert assoc_dict(cm.to_assoc()) == brute_product(assoc_dict(a), assoc_dict(b), add=min, mul=lambda x, y: x + y)


@pytest.mark.both_hosts
def test_mult_errors_name_the_table_or_parameter(db):
    db["A"].put_triple("a,", "b,", 1)
    db["C"]
    with pytest.raises(TabuloError, match="^table C already exists"):
        db.mult("A", "A", "C")
    with pytest.raises(TabuloError, match="^no such table: Z$"):
        db.mult("A", "Z", "D")
    with pytest.raises(TabuloError, match="^semiring: "):
        db.mult("A", "A", "D", semiring="nope")
    assert "D" not in db.ls()


def test_numeric_keys_are_stored_as_their_text(db):
    t = db["T"]
    t.put(Assoc([1, 2, 10], [3.5, 3.5, 3.5], [1, 2, 3]))
    assert assoc_dict(t[:, :]) == {("1", "3.5"): 1.0, ("10", "3.5"): 3.0, ("2", "3.5"): 2.0}
    assert assoc_dict(t[[10, 2], :]) == {("10", "3.5"): 3.0, ("2", "3.5"): 2.0}


def test_a_read_only_connection_reads_beside_the_writer(db):
    db["T"].put_triple("a,b,", "x,", [1, 2])
    with tabulo.connect(db.path, read_only=True) as reader:
        assert reader.ls() == ["T"]
        assert assoc_dict(reader["T"][:, :]) == {("a", "x"): 1.0, ("b", "x"): 2.0}


def test_mult_keeps_only_the_rows_and_columns_asked_for(db):
    rng = np.random.default_rng(6)
    a = Assoc([f"k{i}" for i in rng.integers(0, 15, 150)], [f"m{i}" for i in rng.integers(0, 10, 150)], 1)
    b = Assoc([f"m{i}" for i in rng.integers(0, 10, 150)], [f"n{i}" for i in rng.integers(0, 12, 150)], 2)
    db["A"].put(a)
    db["B"].put(b)
    c = db.mult("A", "B", "C", rows="k1*,k5,", cols=["n3", "n4"], transpose_out="CT")
    whole = brute_product(assoc_dict(a), assoc_dict(b))
    expected = {k: v for k, v in whole.items() if matches(k[0], "k1*,k5,") and k[1] in ("n3", "n4")}
    assert assoc_dict(c.to_assoc()) == expected
    assert assoc_dict(db["CT"].to_assoc()) == {(j, i): v for (i, j), v in expected.items()}


def test_a_wrong_tabulo_home_is_named(monkeypatch):
    monkeypatch.setenv("TABULO_HOME", "/nonexistent/tabulo")
    with pytest.raises(TabuloError, match="^TABULO_HOME=/nonexistent/tabulo is not a Tabulo checkout"):
        tabulo._jvm.home()
