"""Entity analysis written as a D4M.py user writes it (string-valued data from a CSV file).

    python d4m_entities.py [entities.csv]

It runs on D4M.py unchanged but for the two imports marked below. Without a file it writes and reads
a small sample: documents x entity types (LOCATION, ORGANIZATION, PERSON), names as values.
"""
import os
import sys
import tempfile

from tabulo.D4M.assoc import *  # noqa: F401,F403 - D4M.py: from D4M.assoc import *
from tabulo.D4M.util import startswith  # D4M.py: from D4M.util import startswith

SAMPLE = """,LOCATION,PERSON,ORGANIZATION
doc1,boston,alice,mit
doc2,boston,bob,
doc3,new york,alice,nyu
doc4,boston,alice,mit
"""


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        path = argv[0]
    else:
        path = os.path.join(tempfile.mkdtemp(), "entities.csv")
        with open(path, "w") as f:
            f.write(SAMPLE)

    E = readcsv(path)  # noqa: F405 - documents x types, the names as string values
    print("size:", *E.size(), "entries:", E.nnz())

    Ev = val2col(E, "|")  # noqa: F405 - one column per entity: 'PERSON|alice'
    for _, entity, count in Ev.sum(0).triples(ordering=0):
        print("entity count:", entity, int(count))
    for _, entity_type, count in col2type(Ev, "|").logical().sum(0).triples(ordering=0):  # noqa: F405
        print("type count:", entity_type, int(count))
    print("people:", *Ev[:, startswith("PERSON|,")].col)

    # facets: what else the documents that mention both x and p mention
    x, p = "LOCATION|boston,", "PERSON|alice,"
    docs = Ev[:, x].nocol() & Ev[:, p].nocol()
    print("documents with both:", *docs.row)
    F = docs.transpose() @ Ev
    (F > 1).printfull()

    # a second source: string values concatenate where both have an entry, and the set difference
    # shows what the second source added
    update = Assoc(["doc1", "doc5"], ["PERSON", "PERSON"], [" smith", "carol"])  # noqa: F405
    merged = E + update
    print("merged doc1 PERSON:", merged.get_value("doc1", "PERSON"))
    for r, c, v in (merged - E).triples(ordering=0):  # ordering=0: by row, then column, in both
        print("added:", r, c, v)
    print("unchanged entries:", (merged == E).nnz(), "changed:", (merged != E).nnz())
    print("string values > 0:", (E > 0).nnz())


if __name__ == "__main__":
    main()
