"""D4M schema ingest, query and degree against Python's csv module."""
import csv
import io

import pytest

from tabulo import TabuloError
from oracles import assoc_dict, matches

LOG = """id,src_ip,status,agent
r1,10.0.0.1,200,"Mozilla, 5.0"
r2,10.0.0.2,404,curl
r3,10.0.0.1,404,
r4,10.0.0.3,200,"multi
line ü"
"""


def exploded(text):
    """{(record, 'name|value'): 1} from the CSV: every non-empty field (the row key's column too)."""
    out = {}
    for rec in csv.DictReader(io.StringIO(text)):
        for name, value in rec.items():
            if value != "":
                out[(rec["id"], f"{name}|{value}")] = 1.0
    return out


@pytest.mark.both_hosts
def test_ingest_query_and_degree_against_the_csv_module(db, tmp_path):
    (tmp_path / "logs").mkdir()
    f = tmp_path / "logs" / "log.csv"
    f.write_text(LOG, encoding="utf-8")
    r = db.ingest("P", [str(f)], row_column="id")
    assert (r["files"], r["skipped"]) == (1, 0)
    whole = exploded(LOG)
    assert r["entries"] >= 2 * len(whole)
    assert assoc_dict(db.query("P")) == whole
    for cols in ("status|404,", "src_ip|*,", "agent|Mozilla, 5.0;"):
        assert assoc_dict(db.query("P", cols=cols)) == {k: v for k, v in whole.items() if matches(k[1], cols)}
    assert assoc_dict(db.query("P", rows="r2,r4,", cols="status|*,")) == {
        k: v for k, v in whole.items() if k[0] in ("r2", "r4") and k[1].startswith("status|")}
    counts = {}
    for (_, col) in whole:
        counts[(col, "Degree")] = counts.get((col, "Degree"), 0.0) + 1.0
    assert assoc_dict(db.degree("P")) == counts
    assert assoc_dict(db.degree("P", cols="status|*,")) == {k: v for k, v in counts.items()
                                                           if k[0].startswith("status|")}
    again = db.ingest("P", str(tmp_path / "logs"), row_column="id")  # a directory; the file is already in
    assert (again["files"], again["skipped"]) == (0, 1)
    assert assoc_dict(db.degree("P")) == counts


@pytest.mark.both_hosts
def test_ingest_mistakes_name_the_file_or_parameter(db, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2,3\n", encoding="utf-8")
    with pytest.raises(TabuloError, match="bad.csv:2"):
        db.ingest("P", [str(bad)])
    with pytest.raises(TabuloError, match="^format: expected csv or tsv, got 'xml'$"):
        db.ingest("P", [str(bad)], format="xml")
    with pytest.raises(TabuloError, match="^no such table: QTedge$"):
        db.query("Q")


@pytest.mark.both_hosts
def test_query_correlate_against_counting_the_csv_records(db, tmp_path):
    f = tmp_path / "log.csv"
    f.write_text(LOG, encoding="utf-8")
    db.ingest("P", [str(f)], row_column="id")
    tables = db.ls()
    whole = exploded(LOG)
    for first, second in (("src_ip|*,", "status|*,"), ("status|404,", "agent|*,"), ("status|*,", "status|*,")):
        expected = {}  # D4M's sqIn: records having both column keys
        for rec in {r for (r, _) in whole}:
            cols = [c for (r, c) in whole if r == rec]
            for x in cols:
                for y in cols:
                    if matches(x, first) and matches(y, second):
                        expected[(x, y)] = expected.get((x, y), 0.0) + 1.0
        assert assoc_dict(db.query("P", correlate=(first, second))) == expected
    assert assoc_dict(db.query("P", correlate=["status|*,", "src_ip|10.0.0.1,"], auths="")) == {
        ("status|200", "src_ip|10.0.0.1"): 1.0, ("status|404", "src_ip|10.0.0.1"): 1.0}
    assert db.ls() == tables  # the product was a temporary
    with pytest.raises(TabuloError, match="^correlate selects the columns of both sides itself"):
        db.query("P", rows="r1,", correlate=("status|*,", "agent|*,"))
    with pytest.raises(TabuloError, match="^correlate: expected two column selections"):
        db.query("P", correlate="status|*,")
    with pytest.raises(TabuloError, match="^auths: only with correlate"):
        db.query("P", auths="a")
    with pytest.raises(TabuloError, match="^no D4M schema Q: no such table QTedge"):
        db.query("Q", correlate=("status|*,", "agent|*,"))
