package tabulo.graphalytics;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.Clustering;
import tabulo.algorithms.Components;
import tabulo.algorithms.LabelPropagation;
import tabulo.algorithms.PageRank;
import tabulo.algorithms.ShortestPaths;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;

/**
 * Runs one algorithm on a loaded graph with LDBC's definitions, through Tabulo's algorithms: the result,
 * in table {@code out}, holds the vertices of G's edges (and for PageRank every vertex, given the vertex
 * table); {@link OutputWriter} gives the vertices without edges their values.
 */
final class AlgorithmRunner {
  private AlgorithmRunner() {}

  static void run(Session s, LoadedGraph g, boolean directed, Algorithm a, Algorithm.Parameters p, String out) {
    Matrix graph = s.matrix(g.edges());
    Target t = Target.table(out);
    switch (a) {
      case BFS -> Bfs.run(graph, t, Bfs.Options.defaults().from(p.source() + ","));
      case SSSP -> ShortestPaths.run(graph, t, ShortestPaths.Options.defaults().from(Long.toString(p.source())));
      case CDLP -> LabelPropagation.run(graph, t, LabelPropagation.Options.defaults().iterations(p.iterations())
          .directed(directed));
      case LCC -> Clustering.run(graph, t, Clustering.Options.defaults().directed(directed));
      case WCC -> Components.run(graph, t, Components.Options.defaults());
      case PR -> PageRank.run(graph, t, PageRank.Options.defaults().tolerance(0).maxIterations(p.iterations())
          .damping(p.damping()).vertices(g.vertices()));
    }
  }
}
