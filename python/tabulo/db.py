"""Tabulo databases and tables (D4M.py's DbServer, DbTable, DbTablePair), on the embedded engine or
Accumulo."""
import os

import numpy as np
from scipy import sparse

from . import _declared, _job, _jvm, _transfer
from ._keys import as_list, is_string, selection_to_spec
from .assoc import Assoc
from .expressions import TableTarget


def connect(path=None, *, user=None, read_only=False, accumulo=None):
    """A Tabulo database: the embedded engine in directory `path` (default $TABULO_DB, else
    ./tabulo-data; a new database is made in a new folder inside an existing one or in an empty folder,
    and a folder holding anything else is refused), opened for writing unless read_only (then beside a
    writer); or,
    with accumulo=PROPS, the Apache Accumulo 2.1 instance of that accumulo-client.properties file, as
    `tabulo --accumulo PROPS` opens it: as the file's auth.principal (`user`, when given, must name it)."""
    if accumulo is None:
        path = path or os.environ.get("TABULO_DB") or "tabulo-data"
        user = user or os.environ.get("TABULO_USER") or "root"
        bridge = _jvm.call(_jvm.java("tabulo.python.Bridge").open, str(path), user, read_only)
        return DbServer(bridge, str(path))
    if path is not None:
        raise _jvm.TabuloError("connect takes a database directory or accumulo=PROPS, not both")
    if read_only:
        raise _jvm.TabuloError("read_only: applies to the embedded engine (reading beside its writer); "
                               "on Accumulo the user's permissions decide what it may change")
    props = os.fspath(accumulo)
    bridge = _jvm.call(_jvm.java("tabulo.python.Bridge").openAccumulo, props, user)
    return DbServer(bridge, None, accumulo=props)


class DbServer:
    """An open database: db.ls(), db['T'] (a DbTable, created if absent), db['T', 'TT'] (a DbTablePair),
    db.table('T') (a handle on an existing table); the operations and algorithms (db.ewise_add, db.mult,
    db.pagerank, ...) run next to the data and return their result tables."""

    def __init__(self, bridge, path, accumulo=None):
        _declared.install(DbServer)  # the operations and algorithms (db.mult, db.pagerank, ...), declared in Java
        self._bridge = bridge
        self.path = path  # the embedded database's directory (None on Accumulo)
        self.accumulo = accumulo  # the client properties file (None embedded)

    def _declared_calls(self):
        return _jvm.java("tabulo.python.Declared")(self._bridge)

    def ls(self):
        """Table names, sorted."""
        return [str(t) for t in _jvm.call(self._bridge.tables)]

    def exists(self, table) -> bool:
        return bool(_jvm.call(self._bridge.exists, table))

    def __getitem__(self, name):
        if isinstance(name, tuple):
            if len(name) != 2:
                raise TypeError("db[T] is a table, db[T, TT] a table with its transpose")
            return DbTablePair(self, self._table(name[0]), self._table(name[1]))
        return DbTable(self, self._table(name))

    def _table(self, name):
        if not isinstance(name, str):
            raise TypeError(f"a table name is a string, got {name!r}")
        if not self.exists(name):
            _jvm.call(self._bridge.create, name)
        return name

    def table(self, name):
        """A handle on the existing table `name` (an error when there is none); nothing is read until asked."""
        if not self.exists(name):
            raise _jvm.TabuloError(f"no such table: {name}")
        return DbTable(self, name)

    def delete_table(self, name):
        _jvm.call(self._bridge.delete, name)

    def ingest(self, prefix, files, *, format="csv", row_column=None, np=1, splits=(), force=False):
        """CSV or TSV files with a header row (or directories of them) into the D4M 2.0 schema tables
        PREFIXTedge, PREFIXTedgeT, PREFIXTedgeDeg and PREFIXTedgeTxt, as `tabulo ingest`: each non-empty
        field name=value of record R becomes Tedge(R, 'name|value') = 1; files already ingested are
        skipped unless force. Returns {'files', 'skipped', 'entries', 'seconds'}."""
        import jpype
        files = [files] if isinstance(files, (str, os.PathLike)) else list(files)
        r = _jvm.call(self._bridge.ingest, prefix, jpype.JArray(jpype.JString)([str(f) for f in files]),
                      str(format), row_column, int(np), jpype.JArray(jpype.JString)(list(splits)), bool(force))
        return {"files": int(r.files().size()), "skipped": int(r.skipped()), "entries": int(r.entries()),
                "seconds": float(r.seconds())}

    def query(self, prefix, rows=":", cols=":", *, correlate=None, auths=None):
        """The D4M schema `prefix` as one Assoc (records x 'name|value'), as `tabulo query`: a query
        constrained only on columns reads PREFIXTedgeT. With correlate=(SPEC1, SPEC2), D4M's sqIn of two
        column types instead, as `tabulo query --correlate`: the Assoc C = Tedge(:, SPEC1)^T (+.x)
        Tedge(:, SPEC2) (e.g. correlate=('origin|*,', 'dest|*,'): records per origin and destination),
        computed next to the data, reading only those columns' cells (from PREFIXTedgeT), with `auths`
        ("a,b" or a list; default all of the user's)."""
        rows = ":" if rows is None else rows
        cols = ":" if cols is None else cols
        if correlate is None:
            if auths is not None:
                raise _jvm.TabuloError("auths: only with correlate (the other query forms read with all of "
                                       "the user's authorizations)")
            return DbTablePair(self, prefix + "Tedge", prefix + "TedgeT")[rows, cols]
        if isinstance(correlate, str) or not isinstance(correlate, (tuple, list)) or len(correlate) != 2:
            raise _jvm.TabuloError(f"correlate: expected two column selections (SPEC1, SPEC2), got {correlate!r}")
        if any(not (isinstance(sel, str) and sel == ":") for sel in (rows, cols)):
            raise _jvm.TabuloError("correlate selects the columns of both sides itself: not with rows or cols")
        first, second = (selection_to_spec(c, "correlate") for c in correlate)
        if auths is not None and not isinstance(auths, str):
            auths = ",".join(auths)
        operations = _jvm.java("tabulo.python.Operations")(self._bridge)
        r = _job.run(operations.correlate, "query", prefix, first, second, auths)
        return _to_assoc(r)

    def degree(self, prefix, cols=":"):
        """Records per exploded column ('name|value' x 'Degree'), from PREFIXTedgeDeg, as `tabulo degree`."""
        spec = selection_to_spec(":" if cols is None else cols, "cols")
        return _to_assoc(_jvm.call(self._bridge.degree, prefix, spec))

    def close(self):
        """Closes the database (its lock is released)."""
        if self._bridge is not None:
            _jvm.call(self._bridge.close)
            self._bridge = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        if self.accumulo is not None:  # the file's name only: the credentials stay inside it
            return f"DbServer(accumulo={self.accumulo!r})"
        return f"DbServer({self.path!r})"


class DbTable(TableTarget):
    """A table seen as an associative array: T[rows, cols] reads, T.put(A) writes; T.mxm(B), T.T,
    C << expr, ... as python-graphblas (see tabulo.expressions)."""

    _transpose = None
    info = None  # what the operation that wrote the table reported (mult, bfs, pagerank, ...): an Info

    def __init__(self, db, name):
        self.db = db
        self.name = name

    def __repr__(self):
        return f"DbTable({self.name!r})"

    def __getitem__(self, key):
        """T[rows, cols] with D4M selections ('a,b,', 'a,:,b,', 'x*,', ':', a list of keys, or D4M.py's
        startswith(...)) -> Assoc."""
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError("query a table with two selections: T[rows, cols]")
        rows = selection_to_spec(key[0], "rows")
        cols = selection_to_spec(key[1], "cols")
        r = _jvm.call(self.db._bridge.query, self.name, self._transpose, rows, cols)
        return _to_assoc(r)

    def to_assoc(self) -> Assoc:
        """The whole table as an Assoc."""
        return self[:, :]

    def nnz(self) -> int:
        """Entries stored (a full scan, as D4M's nnz)."""
        return int(_jvm.call(self.db._bridge.nnz, self.name))

    def put(self, a: Assoc):
        """Writes every entry of the Assoc: all of them, or on a failure none."""
        if not isinstance(a, Assoc):
            raise TypeError(f"put takes an Assoc, got {type(a).__name__}: use put_triple for lists")
        coo = a.adj.tocoo()
        self._send(a.row, coo.row, a.col, coo.col, a.val, coo.data)

    def put_triple(self, rows, cols, vals):
        """Writes triples (lists, numpy arrays or D4M strings; one value repeats); of triples with the
        same row and column the last wins. All of them, or on a failure none."""
        r, c, v = as_list(rows), as_list(cols), as_list(vals)  # stored as given, as D4M.py puts them
        n = max(len(r), len(c), len(v))
        r, c, v = (np.repeat(x, n) if len(x) == 1 else x for x in (r, c, v))
        if not len(r) == len(c) == len(v):
            raise ValueError(f"rows, cols and vals must have the same length (or length 1), got "
                             f"{len(r)}, {len(c)} and {len(v)}")
        index = np.arange(n)
        if is_string(v):
            val, codes = np.unique(v, return_inverse=True)
            self._send(r, index, c, index, val, codes + 1.0)
        else:
            self._send(r, index, c, index, 1.0, v)

    def _send(self, row_keys, ri, col_keys, ci, val, data):
        triples = _jvm.java("tabulo.python.KeyedTriples")()
        _transfer.send_keys(triples, "rows", row_keys, ri)
        _transfer.send_keys(triples, "cols", col_keys, ci)
        if isinstance(val, float):
            triples.numbers(_transfer.send_numbers(data))
        else:
            _transfer.send_keys(triples, "strings", val, np.asarray(data, dtype=np.int64) - 1)
        for table, transposed in self._targets():
            _jvm.call(self.db._bridge.put, table, triples, transposed)

    def _targets(self):
        return [(self.name, False)]


class DbTablePair(DbTable):
    """A table and its transpose (D4M's DB('Tedge','TedgeT')): put writes both; a query constrained only
    on columns reads the transpose, where those columns are rows."""

    def __init__(self, db, name, transpose):
        super().__init__(db, name)
        self._transpose = transpose

    def __repr__(self):
        return f"DbTablePair({self.name!r}, {self._transpose!r})"

    def _targets(self):
        return [(self.name, False), (self._transpose, True)]


def _to_assoc(r) -> Assoc:
    n = int(r.size())
    if n == 0:
        return Assoc()
    rows = _transfer.receive_keys(r.rowsJoined(), r.rowsArray(), int(r.rowCount()))
    cols = _transfer.receive_keys(r.colsJoined(), r.colsArray(), int(r.colCount()))
    ri = _transfer.receive_ints(r.rowIndex())
    ci = _transfer.receive_ints(r.colIndex())
    numbers = r.numbers()
    if numbers is not None:
        data, val = _transfer.receive_doubles(numbers), 1.0
    else:
        val = _transfer.receive_keys(r.stringsJoined(), r.stringsArray(), int(r.stringCount()))
        data = _transfer.receive_ints(r.stringIndex()) + 1.0
    adj = sparse.csr_matrix((data, (ri, ci)), shape=(len(rows), len(cols)))
    return Assoc._from_parts(rows, cols, adj, val)
