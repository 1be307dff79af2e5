package tabulo.api;

import java.util.List;

import tabulo.api.algorithms.BfsDeclaration;
import tabulo.api.algorithms.ClusteringDeclaration;
import tabulo.api.algorithms.ComponentsDeclaration;
import tabulo.api.algorithms.DegreesDeclaration;
import tabulo.api.algorithms.JaccardDeclaration;
import tabulo.api.algorithms.KTrussDeclaration;
import tabulo.api.algorithms.LabelPropagationDeclaration;
import tabulo.api.algorithms.PageRankDeclaration;
import tabulo.api.algorithms.ShortestPathsDeclaration;
import tabulo.api.algorithms.TrianglesDeclaration;
import tabulo.api.operations.ApplyDeclaration;
import tabulo.api.operations.AssignDeclaration;
import tabulo.api.operations.EwiseAddDeclaration;
import tabulo.api.operations.EwiseMultDeclaration;
import tabulo.api.operations.ExtractDeclaration;
import tabulo.api.operations.MultDeclaration;
import tabulo.api.operations.ReduceDeclaration;
import tabulo.api.operations.SelectDeclaration;
import tabulo.api.operations.TransposeDeclaration;

/** Every declared call, in the order the command line's help lists them. */
public final class Declarations {
  /** The operations declared, in the order the help lists them (the command line puts others among them). */
  public static final List<Declaration> OPERATIONS = List.of(MultDeclaration.MULT, EwiseAddDeclaration.EWISE_ADD,
      EwiseMultDeclaration.EWISE_MULT, ApplyDeclaration.APPLY, SelectDeclaration.SELECT,
      TransposeDeclaration.TRANSPOSE, ExtractDeclaration.EXTRACT, AssignDeclaration.ASSIGN, ReduceDeclaration.REDUCE);

  /** The graph algorithms, in the order the help lists them. */
  public static final List<Declaration> ALGORITHMS = List.of(DegreesDeclaration.DEGREES, BfsDeclaration.BFS,
      ComponentsDeclaration.COMPONENTS, LabelPropagationDeclaration.CDLP, ShortestPathsDeclaration.SSSP, PageRankDeclaration.PAGERANK,
      TrianglesDeclaration.TRIANGLES, ClusteringDeclaration.CLUSTERING, KTrussDeclaration.KTRUSS,
      JaccardDeclaration.JACCARD);

  public static final List<Declaration> ALL = java.util.stream.Stream.concat(OPERATIONS.stream(),
      ALGORITHMS.stream()).toList();

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
