package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.EdgeBfs;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "bfs", description = {"Breadth-first search levels on an adjacency table G.",
    "OUT(v, level) = hops from the nearest source (sources 0), reached vertices only.",
    "Each round is A^T frontier masked by the vertices already reached; with --min-degree/" +
    "--max-degree (Graphulo's AdjBFS) vertices whose out-degree lies outside the range are " +
    "reached but not expanded. --parents adds OUT(v, parent): the smallest key of a vertex one " +
    "level up with an edge to v (sources: themselves). --incidence reads G as a D4M incidence " +
    "table (Tedge: row = record, column = name|value) as Graphulo's EdgeBFS: one hop goes from " +
    "the frontier vertices to the records holding them (read from GT, D4M's TedgeT, when it " +
    "exists) to those records' vertices; degree = records holding the vertex (GDeg, D4M's " +
    "TedgeDeg, when it exists). Rounds print on a terminal. OUT appears only when the search " +
    "ends (an error or a kill leaves none)."})
final class BfsCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G")
  String g;

  @Parameters(index = "1", paramLabel = "OUT")
  String out;

  @Option(names = "--from", required = true, paramLabel = "SPEC", description = "The sources, a D4M selection of "
      + "vertex keys (e.g. 'alice,bob,' or 'a*,'); selecting no vertex is an error.")
  String from;

  @Option(names = "--hops", paramLabel = "K", description = "Stop after K levels (default: until no new vertex).")
  Integer hops;

  @Option(names = "--min-degree", paramLabel = "D", description = "Expand only vertices of out-degree at least D.")
  Double minDegree;

  @Option(names = "--max-degree", paramLabel = "D", description = "Expand only vertices of out-degree at most D.")
  Double maxDegree;

  @Option(names = "--undirected", description = "Follow edges both ways (G ∪ G^T); not with --incidence.")
  boolean undirected;

  @Option(names = "--parents", description = "Also OUT(v, parent) = the smallest key of a vertex one level up "
      + "with an edge to v (a source is its own parent).")
  boolean parents;

  @Option(names = "--incidence", description = "G is a D4M incidence table (row = record, column = name|value): "
      + "Graphulo's EdgeBFS, vertices linked by the records holding them; --from selects column keys.")
  boolean incidence;

  @Mixin
  AlgorithmOptions options;

  @Override
  public void run() {
    Bfs.Options o = Bfs.Options.from(ScanCommand.parseSpec("--from", from) == null ? from : from).undirected(undirected)
        .parents(parents).listener(AlgorithmOptions.rounds("bfs", "new vertices"));
    if (hops != null) {
      o.hops(hops);
    }
    if (minDegree != null) {
      o.minDegree(minDegree);
    }
    if (maxDegree != null) {
      o.maxDegree(maxDegree);
    }
    Progress progress = Progress.onTerminal("bfs cells", 0);
    int levels;
    try (Store store = main.openStore(); Session s = options.session(store, g, progress)) {
      levels = incidence ? EdgeBfs.run(s.matrix(g), out, o) : Bfs.run(s.matrix(g), out, o);
    } finally {
      progress.done();
    }
    main.out().printf("bfs: %d levels from %s written to %s, column %s%n", levels, from, out,
        parents ? Bfs.COLUMN + " and " + Bfs.PARENT : Bfs.COLUMN);
  }
}
