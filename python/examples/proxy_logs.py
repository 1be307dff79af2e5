"""Proxy logs in the D4M 2.0 schema: ingest CSV files, query a column, plot a degree distribution and
correlate two column types with sqin.

    python proxy_logs.py --db logs-db --out plots [LOG.csv ...]

Without files it writes a small synthetic log (--records N) first. Each record becomes a row of
proxyTedge with a column 'name|value' per field; proxyTedgeT, proxyTedgeDeg hold its transpose and
the degrees. Prints what it finds and writes PNGs into --out.
"""
import argparse
import csv
import os

import numpy as np

import tabulo
from tabulo.D4M.util import startswith


def synthetic_log(path, records, seed=1):
    """A proxy log: source address, domain and status, skewed as real traffic is (a few busy sources)."""
    rng = np.random.default_rng(seed)
    domains = ["example.com", "news.example", "cdn.example", "mail.example", "video.example", "ads.example"]
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["id", "src_ip", "domain", "status"])
        for i in range(records):
            src = f"10.0.{int(rng.zipf(1.6)) % 50}.{int(rng.integers(1, 4))}"
            domain = domains[min(int(rng.zipf(1.8)) - 1, len(domains) - 1)]
            status = rng.choice([200, 200, 200, 304, 404, 500])
            w.writerow([f"r{i:06d}", src, domain, status])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="*", help="CSV files with a header row (default: a synthetic log)")
    p.add_argument("--db", default="proxy-db", help="the database directory (default proxy-db)")
    p.add_argument("--out", default=".", help="where the PNGs go (default .)")
    p.add_argument("--records", type=int, default=2000, help="records of the synthetic log (default 2000)")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    files = args.files
    if not files:
        files = [os.path.join(args.out, "proxy-log.csv")]
        synthetic_log(files[0], args.records)

    with tabulo.connect(args.db) as db:
        r = db.ingest("proxy", files, row_column="id")
        print(f"ingested: {r['files']} files, {r['entries']} entries")

        # a column query reads proxyTedgeT: the records whose status is 404
        e404 = db.query("proxy", cols="status|404,")
        print(f"status|404 records: {e404.nnz()}")

        # degrees: records per source address, and how many sources have each degree (log-log)
        deg = db.degree("proxy", cols="src_ip|*,")
        keys, _, counts = deg.find()
        for k, c in sorted(zip(keys, counts), key=lambda kc: (-kc[1], kc[0]))[:3]:
            print(f"busiest source: {k} {int(c)}")
        fig = tabulo.plot.degree_distribution(db, "proxy", cols="src_ip|*,",
                                              path=os.path.join(args.out, "src_ip_degrees.png"))
        x, y = fig.degree_counts
        print("degree distribution: " + " ".join(f"{int(d)}:{int(n)}" for d, n in zip(x, y)))

        # correlation of two column types: sqin (E^T E) of the source and domain columns, the block
        # source x domain counts the records each pair shares
        e = db.query("proxy", cols="src_ip|*,domain|*,")
        corr = e.sqin()[startswith("src_ip|,"), startswith("domain|,")]  # D4M.py's prefix selection
        rows, cols, vals = corr.find()
        for s, d, v in sorted(zip(rows, cols, vals), key=lambda t: (-t[2], t[0], t[1]))[:5]:
            print(f"source-domain pair: {s} {d} {int(v)}")
        tabulo.plot.spy(corr, path=os.path.join(args.out, "src_ip_domain.png"), title="sources x domains")


if __name__ == "__main__":
    main()
