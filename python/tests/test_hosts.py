"""What depends on the host: connecting to Accumulo, its credentials kept out of what Python shows, and
visibility labels read with the user's or the asked-for authorizations on both hosts."""
import pytest

import tabulo
from tabulo import TabuloError
from oracles import assoc_dict

# row, column, value, visibility label
LABELLED = [("r1", "c", 1, ""), ("r2", "c", 2, "a"), ("r3", "c", 4, "b"), ("r4", "c", 8, "a&b"),
            ("r5", "c", 16, "c"), ("r6", "c", 32, "a|c"), ("r7", "d", 64, "(a|b)&c")]
# the labels each set of authorizations satisfies, worked out by hand
SATISFIED = {"a,b": {"", "a", "b", "a&b", "a|c"}, "a": {"", "a", "a|c"}}


def visible(auths):
    return {(r, c): float(v) for r, c, v, label in LABELLED if label in SATISFIED[auths]}


@pytest.mark.both_hosts
def test_labels_are_read_with_the_users_or_the_asked_for_authorizations(host, tmp_path):
    tsv = tmp_path / "labelled.tsv"
    tsv.write_text("".join(f"{r}\t{c}\t{v}\t{label}\n" for r, c, v, label in LABELLED), encoding="utf-8")
    host.cli("create", "V")
    host.cli("put", "V", tsv)
    host.cli("setauths", "root", "a,b")
    with host.connect() as db:
        assert assoc_dict(db["V"][:, :]) == visible("a,b")  # a query reads with all the user's
        assert db.reduce("V") == sum(visible("a,b").values())
        assert db.reduce("V", auths="a") == sum(visible("a").values())  # a kernel with those asked for
        assert assoc_dict(db.extract("V", "X", auths="a").to_assoc()) == visible("a")
        with pytest.raises(TabuloError, match="^user root is not granted authorization 'c'"):
            db.reduce("V", auths="c")


def secret(props):
    return next(line.split("=", 1)[1].strip() for line in open(props, encoding="utf-8")
                if line.startswith("auth.token="))


def test_connect_to_accumulo_shows_no_credential(mini_accumulo, tmp_path, capfd, monkeypatch):
    password = secret(mini_accumulo)
    with tabulo.connect(accumulo=mini_accumulo, user="root") as db:
        assert repr(db) == f"DbServer(accumulo={mini_accumulo!r})"
        assert password not in repr(db) and password not in repr(vars(db))
        with pytest.raises(TabuloError) as e:
            db.delete_table(password)  # Java's message quotes the name: shown with it replaced
        assert "****" in str(e.value) and password not in str(e.value)
    wrong = tmp_path / "wrong.properties"
    wrong.write_text(open(mini_accumulo, encoding="utf-8").read().replace(password, "Wr0ng-" + password),
                     encoding="utf-8")
    monkeypatch.setenv("TABULO_DEBUG", "1")  # the Java stack trace too
    with pytest.raises(TabuloError) as e:
        tabulo.connect(accumulo=wrong)
    message = str(e.value)
    assert message.startswith(f"Accumulo refused the credentials of user root from {wrong}")
    assert "\tat " in message and password not in message
    with pytest.raises(TabuloError) as e:
        tabulo.connect(accumulo=mini_accumulo, user="alice")
    assert str(e.value).startswith(f"user alice does not match auth.principal root of {mini_accumulo}")
    out, err = capfd.readouterr()
    assert password not in out and password not in err


def test_connect_mistakes_are_named(mini_accumulo, tmp_path):
    with pytest.raises(TabuloError, match="^connect takes a database directory or accumulo=PROPS, not both$"):
        tabulo.connect(str(tmp_path / "db"), accumulo=mini_accumulo)
    with pytest.raises(TabuloError, match="^read_only: applies to the embedded engine"):
        tabulo.connect(accumulo=mini_accumulo, read_only=True)
    with pytest.raises(TabuloError, match="^cannot read Accumulo client properties file: /no/such.properties$"):
        tabulo.connect(accumulo="/no/such.properties")
