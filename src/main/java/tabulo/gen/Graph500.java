package tabulo.gen;

/**
 * The Graph500 Kronecker (R-MAT) graph generator: {@code edgeFactor * 2^scale} directed edges on
 * {@code 2^scale} vertices, numbered from 0. Each edge picks the {@code scale} bits of (u, v) one level
 * at a time, most significant first, choosing a quadrant of the adjacency matrix with probabilities
 * A = 0.57, B = 0.19, C = 0.19, D = 0.05 (A: u and v both take bit 0, B: v takes 1, C: u takes 1,
 * D: both take 1). That is the plain recursive-matrix form, without the reference's optional
 * per-level noise.
 *
 * <p>Self-loops and duplicate edges are kept, as the generator emits them: the Graph500 kernels and
 * Graphulo's experiments merge duplicates afterwards ({@link EdgeCounts}).
 *
 * <p>Options:
 * <ul>
 *   <li>{@code permute}: relabel vertices by a seeded bijection ({@link VertexPermutation}), as the
 *       reference does. Off by default, as in D4M's and Graphulo's {@code KronGraph500NoPerm}, which
 *       keeps vertex 0 the hub. The reference's shuffle of the edge order is not done: edge order
 *       carries no information once edges are stored in a sorted table.</li>
 *   <li>{@code upper}: store each edge as (min(u,v), max(u,v)), the reference's "clip-and-flip" for
 *       undirected graphs (it flips the first level where u and v part, which with B = C gives the
 *       same distribution). Applied to the final labels, so the result is upper triangular even with
 *       {@code permute}; the reference clips before relabelling, which gives the same distinct edges
 *       but leaves them on either side of the diagonal.</li>
 * </ul>
 *
 * <p>Randomness is counter-based ({@link SplitMix}): edge e uses words {@code 32e .. 32e+31} of the
 * seed's stream, two levels per word (32 bits each). So a seed fixes the graph, and any range of edge
 * numbers can be generated independently (in parallel ingest processes) with the same result.
 *
 * <p>Checked against the papers ({@code Graph500PublishedCountsTest}). Graphulo's Table I (no
 * permutation, no clipping, duplicates merged, C = A^T B of graphs from two seeds): SCALE 10 gives
 * about 805,000 partial products and 266,000 entries of C (published 804,989 and 269,404); SCALE 16
 * 401,362,117 and 164,085,505 (published 400,380,031 and 163,481,262). Demirci and Aykanat's Table 1
 * ({@code upper}, duplicates merged, self-loops kept): SCALE 15 has 441,630 distinct edges (published
 * 441,173) and SCALE 18 3,805,110 (published 3,806,212).
 */
public final class Graph500 {
  /** Quadrant thresholds on a uniform 32-bit word: below A, below A+B, below A+B+C. */
  private static final long TO_A = Math.round(0.57 * 0x1p32);
  private static final long TO_B = Math.round(0.76 * 0x1p32);
  private static final long TO_C = Math.round(0.95 * 0x1p32);
  /** Random words reserved per edge: 2 levels each, so scale up to 62. */
  private static final int WORDS_PER_EDGE = 32;
  private static final long PERMUTATION_SALT = 0x5EED_0F_9E12_7A7EL;

  /**
   * What to generate; start from {@link #ofScale} and adjust with the {@code with} methods.
   *
   * @param scale      log2 of the number of vertices, 1..62
   * @param edgeFactor edges per vertex (Graph500's default, 16)
   * @param seed       fixes the graph
   * @param permute    relabel vertices randomly (reference behaviour; default off, as Graphulo)
   * @param upper      store (min(u,v), max(u,v)) (reference clip-and-flip; default off)
   */
  public record Options(int scale, int edgeFactor, long seed, boolean permute, boolean upper) {
    public Options {
      if (scale < 1 || scale > 62) {
        throw new IllegalArgumentException("scale must be in 1..62: " + scale);
      }
      if (edgeFactor < 1) {
        throw new IllegalArgumentException("edge factor must be positive: " + edgeFactor);
      }
      if (64 - Long.numberOfLeadingZeros(edgeFactor) + scale > 62) {
        throw new IllegalArgumentException("edgeFactor * 2^scale does not fit a long: " + edgeFactor
            + " * 2^" + scale);
      }
    }

    /** Edge factor 16, seed 1, no permutation, not clipped. */
    public static Options ofScale(int scale) {
      return new Options(scale, 16, 1, false, false);
    }

    public Options withEdgeFactor(int edgeFactor) {
      return new Options(scale, edgeFactor, seed, permute, upper);
    }

    public Options withSeed(long seed) {
      return new Options(scale, edgeFactor, seed, permute, upper);
    }

    public Options withPermute(boolean permute) {
      return new Options(scale, edgeFactor, seed, permute, upper);
    }

    public Options withUpper(boolean upper) {
      return new Options(scale, edgeFactor, seed, permute, upper);
    }
  }

  private final Options options;
  private final long key;
  private final VertexPermutation permutation;

  public Graph500(Options options) {
    this.options = options;
    this.key = SplitMix.mix(options.seed());
    this.permutation = options.permute()
        ? new VertexPermutation(options.scale(), SplitMix.mix(options.seed() ^ PERMUTATION_SALT))
        : null;
  }

  public Options options() {
    return options;
  }

  public long vertexCount() {
    return 1L << options.scale();
  }

  public long edgeCount() {
    return (long) options.edgeFactor() << options.scale();
  }

  /** Every edge, in edge-number order. */
  public void forEachEdge(EdgeConsumer consumer) {
    forEachEdge(0, edgeCount(), consumer);
  }

  /** Edges number {@code from} (inclusive) to {@code to} (exclusive): the same edges as in a full run. */
  public void forEachEdge(long from, long to, EdgeConsumer consumer) {
    Edges e = edges(from, to);
    while (e.next()) {
      consumer.accept(e.u(), e.v());
    }
  }

  /** A cursor over every edge. */
  public Edges edges() {
    return edges(0, edgeCount());
  }

  /** A cursor over edges number {@code from} (inclusive) to {@code to} (exclusive). */
  public Edges edges(long from, long to) {
    if (from < 0 || to > edgeCount() || from > to) {
      throw new IllegalArgumentException("edge range [" + from + ", " + to + ") is outside [0, "
          + edgeCount() + ")");
    }
    return new Edges(from, to);
  }

  /** A primitive cursor: {@code while (e.next()) use(e.u(), e.v());} */
  public final class Edges {
    private long next;
    private final long end;
    private long u;
    private long v;

    private Edges(long from, long to) {
      this.next = from;
      this.end = to;
    }

    /** Advances to the next edge; false when there is none. */
    public boolean next() {
      if (next >= end) {
        return false;
      }
      generate(next++);
      return true;
    }

    public long u() {
      return u;
    }

    public long v() {
      return v;
    }

    private void generate(long edge) {
      int scale = options.scale();
      long counter = edge * WORDS_PER_EDGE;
      long uu = 0;
      long vv = 0;
      long word = 0;
      for (int level = 0; level < scale; level++) {
        if ((level & 1) == 0) {
          word = SplitMix.word(key, counter++);
        }
        long r = (level & 1) == 0 ? word & 0xFFFF_FFFFL : word >>> 32;
        // branch-free (the quadrant is random, so branches would mispredict): (t - 1 - r) >>> 63 is r >= t
        long pastA = (TO_A - 1 - r) >>> 63;
        long pastB = (TO_B - 1 - r) >>> 63;
        long pastC = (TO_C - 1 - r) >>> 63;
        long uBit = pastB; // quadrants C and D
        long vBit = pastA ^ pastB ^ pastC; // quadrants B and D
        uu = (uu << 1) | uBit;
        vv = (vv << 1) | vBit;
      }
      if (permutation != null) {
        uu = permutation.apply(uu);
        vv = permutation.apply(vv);
      }
      if (options.upper() && uu > vv) {
        long t = uu;
        uu = vv;
        vv = t;
      }
      u = uu;
      v = vv;
    }
  }
}
