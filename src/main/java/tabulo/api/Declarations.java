package tabulo.api;

import java.util.List;

import tabulo.api.algorithms.BfsDeclaration;
import tabulo.api.algorithms.ClusteringDeclaration;
import tabulo.api.algorithms.ComponentsDeclaration;
import tabulo.api.algorithms.DegreesDeclaration;
import tabulo.api.algorithms.JaccardDeclaration;
import tabulo.api.algorithms.KTrussDeclaration;
import tabulo.api.algorithms.PageRankDeclaration;
import tabulo.api.algorithms.ShortestPathsDeclaration;
import tabulo.api.algorithms.TrianglesDeclaration;

/** Every declared call, in the order the command line's help lists them. */
public final class Declarations {
  public static final List<Declaration> ALL = List.of(DegreesDeclaration.DEGREES, BfsDeclaration.BFS,
      ComponentsDeclaration.COMPONENTS, ShortestPathsDeclaration.SSSP, PageRankDeclaration.PAGERANK,
      TrianglesDeclaration.TRIANGLES, ClusteringDeclaration.CLUSTERING, KTrussDeclaration.KTRUSS,
      JaccardDeclaration.JACCARD);

  private Declarations() {}

  /** The declaration named {@code name}, or null. */
  public static Declaration named(String name) {
    for (Declaration d : ALL) {
      if (d.name().equals(name)) {
        return d;
      }
    }
    return null;
  }
}
