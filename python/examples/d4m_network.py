"""A weighted network analysed as a D4M.py user writes it (edge triples from a CSV file).

    python d4m_network.py [edges.csv]

It runs on D4M.py unchanged but for the import marked below. Without a file it writes and reads a small
sample of 'source,target,weight' lines.
"""
import os
import sys
import tempfile

import tabulo.D4M.assoc as D4M_assoc  # D4M.py: import D4M.assoc as D4M_assoc

SAMPLE = """a,b,3
b,a,3
b,c,1
c,a,2
a,c,5
"""


def show(name, A):
    # ordering=0: by row, then column (D4M.py's find() has "no particular order" without it)
    print(name + ":", " ".join(f"{r}>{c}={v:g}" if not isinstance(v, str) else f"{r}>{c}={v}"
                               for r, c, v in A.triples(ordering=0)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        path = argv[0]
    else:
        path = os.path.join(tempfile.mkdtemp(), "edges.csv")
        with open(path, "w") as f:
            f.write(SAMPLE)

    # readcsv(triples=True) keeps the weights as strings (D4M.py converts only tables): convert_val parses them
    row, col, weight = D4M_assoc.readcsvtotriples(path, triples=True)
    A = D4M_assoc.Assoc(row, col, weight, convert_val=True)
    show("out-degree", A.logical().sum(1))
    show("out-weight", A.sum(1))
    show("reciprocal with equal weights", A == A.transpose())
    show("weakest link both ways", A.min(A.transpose()))
    show("strongest link either way", A.max(A.transpose()))
    show("heavy edges", A > 2)
    show("widest two-hop paths", A.semiring_prod(A, max, min))
    show("two-hop via", D4M_assoc.catkeymul(A, A))


if __name__ == "__main__":
    main()
