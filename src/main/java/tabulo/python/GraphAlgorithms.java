package tabulo.python;

import tabulo.algorithms.Bfs;
import tabulo.algorithms.Clustering;
import tabulo.algorithms.Components;
import tabulo.algorithms.Degrees;
import tabulo.algorithms.IterationListener;
import tabulo.algorithms.Jaccard;
import tabulo.algorithms.KTruss;
import tabulo.algorithms.PageRank;
import tabulo.algorithms.ShortestPaths;
import tabulo.algorithms.Triangles;
import tabulo.ops.Session;
import tabulo.storage.Store;
import tabulo.storage.TabuloException;

/**
 * The graph algorithms from Python, with the command line's names and options, each run as a {@link Job}
 * whose rounds show in Python's progress line; the session (and its temporaries) is closed however the
 * job ends. Degrees, bfs, components, sssp and pagerank write a new table (no mask or accumulator, as on
 * the command line); triangles, clustering, ktruss and jaccard take the output options.
 */
public final class GraphAlgorithms {
  private final Store store;

  public GraphAlgorithms(Bridge bridge) {
    this.store = bridge.store();
  }

  public Job degrees(String g, String out, boolean in, OutputSpec spec) {
    noMaskOrAccum("degrees", spec);
    return run("degrees", g, spec, (s, job) -> {
      Degrees.into(s.matrix(g), in, out);
      return 0L;
    });
  }

  /** Returns the levels reached past the sources. */
  public Job bfs(String g, String out, String from, Integer hops, Double minDegree, Double maxDegree,
      boolean undirected, OutputSpec spec) {
    noMaskOrAccum("bfs", spec);
    Bfs.Options o;
    try {
      o = Bfs.Options.from(from).undirected(undirected);
    } catch (IllegalArgumentException e) {
      throw new TabuloException("from: " + e.getMessage());
    }
    if (hops != null) {
      o.hops(hops);
    }
    if (minDegree != null) {
      o.minDegree(minDegree);
    }
    if (maxDegree != null) {
      o.maxDegree(maxDegree);
    }
    return run("bfs", g, spec, (s, job) -> Bfs.run(s.matrix(g), out, o.listener(rounds(job, "new vertices"))));
  }

  /** Returns the rounds run. */
  public Job components(String g, String out, OutputSpec spec) {
    noMaskOrAccum("components", spec);
    return run("components", g, spec, (s, job) -> Components.run(s.matrix(g), out, rounds(job, "labels changed")));
  }

  /** Returns the rounds run. */
  public Job sssp(String g, String out, String from, OutputSpec spec) {
    noMaskOrAccum("sssp", spec);
    return run("sssp", g, spec, (s, job) -> ShortestPaths.run(s.matrix(g), from, out,
        rounds(job, "distances changed")));
  }

  /** Returns the {@link PageRank.Result}. */
  public Job pagerank(String g, String out, double damping, double tolerance, int maxIterations, OutputSpec spec) {
    noMaskOrAccum("pagerank", spec);
    return run("pagerank", g, spec, (s, job) -> PageRank.run(s.matrix(g), out, PageRank.Options.defaults()
        .damping(damping).tolerance(tolerance).maxIterations(maxIterations)
        .listener((i, change) -> job.round("iteration " + i + ", change " + change))
        .cancelled(job::cancelled)));
  }

  /** Returns the triangle count; with {@code perVertex}, also writes OUT(v, triangles). */
  public Job triangles(String g, String perVertex, OutputSpec spec) {
    if (perVertex == null && spec.hasMaskOrAccum()) {
      throw new TabuloException("triangles: mask and accum apply to per_vertex: give per_vertex=OUT");
    }
    return run("triangles", g, spec, (s, job) -> {
      long count = Triangles.count(s.matrix(g));
      if (perVertex != null) {
        Triangles.perVertex(s.matrix(g), spec.target(s, perVertex));
      }
      return count;
    });
  }

  public Job clustering(String g, String out, OutputSpec spec) {
    return run("clustering", g, spec, (s, job) -> {
      Clustering.run(s.matrix(g), spec.target(s, out));
      return 0L;
    });
  }

  public Job ktruss(String g, String out, int k, OutputSpec spec) {
    if (k < 3) {
      throw new TabuloException("k must be at least 3, got " + k);
    }
    return run("ktruss", g, spec, (s, job) -> {
      KTruss.run(s.matrix(g), k, spec.target(s, out), (iteration, edges, removed) -> job.round("iteration "
          + iteration + ", " + edges / 2 + " edges left, " + removed / 2 + " removed"));
      return 0L;
    });
  }

  public Job jaccard(String g, String out, OutputSpec spec) {
    return run("jaccard", g, spec, (s, job) -> {
      Jaccard.run(s.matrix(g), spec.target(s, out));
      return 0L;
    });
  }

  private interface Work {
    Object run(Session s, Job job);
  }

  private Job run(String name, String g, OutputSpec spec, Work work) {
    if (!store.exists(g)) {
      throw new TabuloException("no such table: " + g);
    }
    return Job.start(name, job -> {
      try (Session s = spec.session(store, job)) {
        return work.run(s, job);
      }
    });
  }

  private static IterationListener rounds(Job job, String what) {
    return (iteration, change) -> job.round("round " + iteration + ", " + change + " " + what);
  }

  private static void noMaskOrAccum(String name, OutputSpec spec) {
    if (spec.hasMaskOrAccum()) {
      throw new TabuloException(name + " writes a new table: it takes no mask or accum");
    }
  }
}
