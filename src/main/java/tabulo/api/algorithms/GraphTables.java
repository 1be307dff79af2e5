package tabulo.api.algorithms;

import tabulo.api.Parameter;

/** The tables the graph algorithms' declarations share: the graph G and the new table OUT. */
final class GraphTables {
  static final Parameter G = Parameter.table("G", "The graph: row = source, column = target.");
  static final Parameter G_UNWEIGHTED = Parameter.table("G",
      "The graph: row = source, column = target (weights ignored).");
  static final Parameter OUT = Parameter.table("OUT", "The table to write (must not exist).");
  static final Parameter OUT_OR_ACCUM = Parameter.table("OUT", "The table to write (must not exist unless --accum).");

  private GraphTables() {}
}
