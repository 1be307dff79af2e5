"""D4M.py's CSV files: a table with row keys in the first column and column keys in the first line, or
one (row, col, val) triple per line."""
import csv

from . import d4m_util
from .assoc import Assoc


def readcsvtotriples(filename, labels=True, convert_keys=False, convert_values=False, convert=False,
                     triples=False, **fmtoptions):
    """(rows, cols, vals) of a CSV file.

    Parameters
    ----------
    filename : str or path
    labels : bool
        The first line holds the column keys and the first column the row keys; without labels, keys are
        the line and item numbers counted from 0.
    convert_keys, convert_values, convert : bool
        Parse keys, values, or both as numbers (where every one of them is a number).
    triples : bool
        Each line is one triple 'row,col,val'.
    **fmtoptions
        ``csv.reader`` options, such as ``delimiter='\\t'``.

    Returns
    -------
    tuple of three lists
        Empty items are left out.
    """
    if convert:
        convert_keys = convert_values = True
    with open(filename, newline="") as f:
        lines = [line for line in csv.reader(f, **fmtoptions)]
    if triples:
        rows, cols, vals = [], [], []
        for line in lines:
            if not line:
                continue
            if len(line) != 3:
                raise ValueError(f"readcsv: line {line!r} has {len(line)} items; triples=True needs 3")
            rows.append(line[0])
            cols.append(line[1])
            vals.append(line[2])
        return rows, cols, vals
    entries = {}
    if labels and lines:
        headings, lines = lines[0], lines[1:]
    number = 0
    for line in lines:
        if not line:
            continue
        if labels and len(line) != len(headings):
            raise ValueError(f"readcsv: line {line!r} has {len(line)} items, the column keys {len(headings)}")
        for i in range(1 if labels else 0, len(line)):
            if line[i] != "":
                entries[(line[0], headings[i]) if labels else (number, i)] = line[i]
        number += 1
    rows = [k[0] for k in entries]
    cols = [k[1] for k in entries]
    vals = list(entries.values())
    if convert_keys:
        rows, cols = _numbers_if_all(rows), _numbers_if_all(cols)
    if convert_values:
        vals = _numbers_if_all(vals)
    return rows, cols, vals


def _numbers_if_all(items):
    try:
        return d4m_util.str_to_num(items).tolist()
    except ValueError:
        return items


def readcsv(filename, labels=True, triples=False, convert_keys=False, convert_values=False, convert=False,
            **fmtoptions) -> Assoc:
    """An Assoc of a CSV file (see ``readcsvtotriples``): its values stay strings unless converted."""
    rows, cols, vals = readcsvtotriples(filename, labels=labels, triples=triples, convert_keys=convert_keys,
                                        convert_values=convert_values, convert=convert, **fmtoptions)
    return Assoc(rows, cols, vals)


def writecsv(A: Assoc, filename, **fmtparams) -> None:
    """Writes the array as a CSV table: an empty first item then the column keys, and per row its key and
    its values (empty where there is none). ``fmtparams`` are ``csv.writer`` options."""
    entries = A.to_dict2()
    cols = A.col.tolist()
    with open(filename, "w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n", **fmtparams)
        writer.writerow([None] + cols)
        for r in A.row.tolist():
            writer.writerow([r] + [entries.get((r, c)) for c in cols])
