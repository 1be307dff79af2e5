package tabulo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import tabulo.algorithms.Triangles;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.util.Progress;

@Command(name = "triangles", description = {
    "Count the triangles of G's undirected graph (G ∪ G^T, self-loops ignored).",
    "Sandia method: C<L> = L (plus.pair) L, L = tril(A), count = sum(C); " +
    "embedded, the count over G read once into arrays (--in-tables: the method).",
    "--per-vertex OUT also writes OUT(v, triangles) for every vertex in one."})
final class TrianglesCommand implements Runnable {
  @ParentCommand
  Main main;

  @Parameters(index = "0", paramLabel = "G", description = "The graph: row = source, column = target (weights ignored).")
  String g;

  @Option(names = "--per-vertex", paramLabel = "OUT", description = "Write OUT(v, triangles) (vertices in no "
      + "triangle have no cell); OUT must not exist unless --accum.")
  String perVertex;

  @Mixin
  OutputOptions output;

  @Option(names = "--in-tables", description = "Count in tables even where the kernels run next to the data in this "
      + "process (by default there an unlabelled G is read once into arrays).")
  boolean inTables;

  @Override
  public void run() {
    Progress progress = Progress.onTerminal("triangles cells", 0);
    try (Store store = main.openStore(); Session s = output.session(store, progress).inMemory(!inTables)) {
      long count = Triangles.count(s.matrix(g));
      if (perVertex != null) {
        Triangles.perVertex(s.matrix(g), output.target(s, perVertex));
      }
      progress.done();
      main.out().println(count);
    }
  }
}
