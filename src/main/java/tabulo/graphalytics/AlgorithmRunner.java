package tabulo.graphalytics;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.Clustering;
import tabulo.algorithms.Components;
import tabulo.algorithms.LabelPropagation;
import tabulo.algorithms.PageRank;
import tabulo.algorithms.ShortestPaths;
import tabulo.algorithms.resident.VertexValues;
import tabulo.ops.Matrix;
import tabulo.ops.Session;
import tabulo.ops.Target;

/**
 * Runs one algorithm on a loaded graph with LDBC's definitions, through Tabulo's algorithms: over G held
 * in memory its values per vertex ({@link #inMemory}, for {@link HeldOutputWriter}), else into table
 * {@code out} ({@link #run}, for {@link OutputWriter}). Either holds the vertices of G's edges (and for
 * PageRank every vertex, given the vertex table); the writers give the vertices without edges their values.
 */
final class AlgorithmRunner {
  private AlgorithmRunner() {}

  /** The result per vertex computed over G held in memory, or null: G is not held, {@link #run} computes in tables. */
  static VertexValues inMemory(Session s, LoadedGraph g, boolean directed, Algorithm a, Algorithm.Parameters p) {
    Matrix graph = s.matrix(g.edges());
    return switch (a) {
      case BFS -> Bfs.levels(graph, bfs(p));
      case SSSP -> ShortestPaths.distances(graph, sssp(p));
      case CDLP -> LabelPropagation.labels(graph, cdlp(p, directed));
      case LCC -> Clustering.coefficients(graph, lcc(directed));
      case WCC -> Components.components(graph, Components.Options.defaults());
      case PR -> PageRank.ranks(graph, pr(g, p));
    };
  }

  static void run(Session s, LoadedGraph g, boolean directed, Algorithm a, Algorithm.Parameters p, String out) {
    Matrix graph = s.matrix(g.edges());
    Target t = Target.table(out);
    switch (a) {
      case BFS -> Bfs.run(graph, t, bfs(p));
      case SSSP -> ShortestPaths.run(graph, t, sssp(p));
      case CDLP -> LabelPropagation.run(graph, t, cdlp(p, directed));
      case LCC -> Clustering.run(graph, t, lcc(directed));
      case WCC -> Components.run(graph, t, Components.Options.defaults());
      case PR -> PageRank.run(graph, t, pr(g, p));
    }
  }

  private static Bfs.Options bfs(Algorithm.Parameters p) {
    return Bfs.Options.defaults().from(p.source() + ",");
  }

  private static ShortestPaths.Options sssp(Algorithm.Parameters p) {
    return ShortestPaths.Options.defaults().from(Long.toString(p.source()));
  }

  private static LabelPropagation.Options cdlp(Algorithm.Parameters p, boolean directed) {
    return LabelPropagation.Options.defaults().iterations(p.iterations()).directed(directed);
  }

  private static Clustering.Options lcc(boolean directed) {
    return Clustering.Options.defaults().directed(directed);
  }

  private static PageRank.Options pr(LoadedGraph g, Algorithm.Parameters p) {
    return PageRank.Options.defaults().tolerance(0).maxIterations(p.iterations()).damping(p.damping())
        .vertices(g.vertices());
  }
}
